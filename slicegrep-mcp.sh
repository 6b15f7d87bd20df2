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
  (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests -pl slicegrep-mcp -am package) >&2 </dev/null
fi
exec java -jar "$jar" "$@"
