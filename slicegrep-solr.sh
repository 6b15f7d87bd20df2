#!/usr/bin/env bash
# Runs slicegrep-solr (index repositories into a SolrCloud collection, search it) from this
# checkout; named .sh because slicegrep-solr/ is the module's directory. Builds the runnable jar
# first when it is missing or older than the sources (docs/cluster.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$root/slicegrep-solr/target/slicegrep-solr.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/pom.xml" "$root/slicegrep-core/src/main" \
    "$root/slicegrep-core/pom.xml" "$root/slicegrep-solr/src/main" "$root/slicegrep-solr/pom.xml" \
    -newer "$jar" -type f -print -quit)" ]; then
  echo "slicegrep-solr: building the jar (first run or sources changed)..." >&2
  (cd "$root" && mvn -B -q -pl slicegrep-solr -am package -DskipTests >&2)
fi
exec java ${SLICEGREP_SOLR_JAVA_OPTS:-} -jar "$jar" "$@"
