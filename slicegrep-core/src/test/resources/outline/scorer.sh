#!/usr/bin/env bash
# Scoring helpers used by the ranking stage.
set -euo pipefail

# Scores one query.
score() {
  local query="$1"
  normalise() {
    echo $(( $1 / 2 ))
  }
  normalise "${#query}"
}

function usage {
  echo "usage: scorer.sh QUERY" >&2
  exit 2
}

main() {
  if [[ $# -eq 0 ]]; then
    usage
  fi
  score "$1"
}

main "$@"
