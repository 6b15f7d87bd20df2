#!/usr/bin/env bash
# Runs the slicegrep MCP server (stdio) from this checkout; named .sh because slicegrep-mcp/ is the
# module's directory. Builds the runnable jar first when it is missing or older than the sources.
# Stdout is the protocol: the build writes only to stderr and never reads the client's stdin.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$root/slicegrep-mcp/target/slicegrep-mcp.jar"
stale=""
if [ -f "$jar" ]; then
  stale="$(find "$root" -maxdepth 1 -name pom.xml -newer "$jar" -print -quit)"
  if [ -z "$stale" ]; then
    stale="$(find "$root/slicegrep-core/src/main" "$root/slicegrep-mcp/src/main" \
      "$root/slicegrep-core/pom.xml" "$root/slicegrep-mcp/pom.xml" -newer "$jar" -print -quit)"
  fi
fi
if [ ! -f "$jar" ] || [ -n "$stale" ]; then
  echo "slicegrep-mcp: building the jar (first run or sources changed)..." >&2
  # Maven 3.8 writes colour resets (ESC[0m) even in batch mode with colour off: where stderr is
  # not a terminal (an MCP client's log), its escape sequences are stripped.
  if [ -t 2 ]; then
    (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests -pl slicegrep-mcp -am package) >&2 </dev/null
  else
    (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests -pl slicegrep-mcp -am package 2>&1 </dev/null) \
      | sed -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' >&2
  fi
fi
exec java -jar "$jar" "$@"
