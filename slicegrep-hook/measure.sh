#!/usr/bin/env bash
# Measures the Read hook on real files: tokens of the whole file (what a whole-file Read would
# bring in, chars/4) against the tokens of the hook's output (chars/4), and the whole-process latency
# of the launcher that hooks.json runs (median of RUNS runs, each with fresh session state so
# every run does the full replacement).
#
# usage: slicegrep-hook/measure.sh [RUNS]        (builds the hook jar first when it is stale)
# Files and questions come from CASES below; a file that is absent on this machine is skipped.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-7}"
# Each run a process of its own, as before the resident server (docs/server.md); run with
# SLICEGREP_SERVER=on to time the hook through its server (slicegrep-bench/speed server does,
# side by side with in-process).
export SLICEGREP_SERVER="${SLICEGREP_SERVER:-off}"
# The hook fails open while its jar is stale (it rebuilds in the background and lets the Read
# through), which would time pass-throughs: build it here first, in the foreground.
(cd "$root" && mvn -q -B -DskipTests -pl slicegrep-hook -am package >/dev/null)
py=/root/.pyenv/versions/3.11.7/lib/python3.11
corp="${SLICEGREP_CORPORA:-/work/wt-bench/bench-corpora/src}"
CASES=(
  "$py/argparse.py|Why does parse_known_args leave intermixed optionals unparsed? Check consume_optional."
  "$py/typing.py|How does get_type_hints resolve ForwardRef strings when include_extras is set?"
  "$py/email/_header_value_parser.py|get_address_list fails on a quoted display name; look at get_display_name."
  "$py/http/client.py|HTTPResponse.read hangs on chunked encoding; check _read_chunked and _safe_read."
  "$py/tarfile.py|extractall with filter='data' rejects a symlink: where is data_filter applied?"
  "$corp/commons-lang3/src/main/java/org/apache/commons/lang3/StringUtils.java|abbreviate with abbrevMarker gives a wrong result when maxWidth is small."
  "$corp/django/django/db/models/query.py|bulk_create with update_conflicts seems to ignore unique_fields."
  "$corp/rich/rich/console.py|Console.print with soft_wrap cuts lines; how does render_lines handle it?"
)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
json_string() { # a JSON string literal of $1 (the questions hold no backslashes or control chars)
  local s="${1//\"/\\\"}"
  printf '"%s"' "$s"
}
printf '| file | lines | whole-file Read (tok) | hook output (tok) | ratio | median latency (ms) |\n'
printf '|---|---:|---:|---:|---:|---:|\n'
n=0
for c in "${CASES[@]}"; do
  file="${c%%|*}"
  question="${c#*|}"
  [ -f "$file" ] || continue
  n=$((n + 1))
  t="$work/t$n.jsonl"
  printf '{"type":"user","message":{"role":"user","content":%s},"uuid":"u%d","sessionId":"m%d"}\n' \
    "$(json_string "$question")" "$n" "$n" > "$t"
  event="$(printf '{"session_id":"m%d","transcript_path":"%s","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"%s"}}' \
    "$n" "$t" "$(dirname "$file")" "$file")"
  times=()
  out=""
  for ((i = 0; i < runs; i++)); do
    state="$work/state-$n-$i"
    start=$(date +%s%N)
    out="$(printf '%s' "$event" | SLICEGREP_HOOK_STATE_DIR="$state" bash "$root/hooks/slicegrep-hook")"
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
  done
  median="$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")"
  whole=$(( ($(wc -m < "$file") + 3) / 4 ))
  lines=$(wc -l < "$file")
  if [ -z "$out" ]; then
    printf '| %s | %d | %d | (passed through) | - | %s |\n' "${file#"$(dirname "$(dirname "$file")")"/}" "$lines" "$whole" "$median"
    continue
  fi
  # everything the hook prints, JSON escaping included: a slight overcount of what the model sees
  hook=$(( ($(printf '%s' "$out" | wc -m) + 3) / 4 ))
  printf '| %s | %d | %d | %d | %s | %s |\n' "${file#"$(dirname "$(dirname "$file")")"/}" "$lines" \
    "$whole" "$hook" "$(awk -v a="$whole" -v b="$hook" 'BEGIN { printf "%.1fx", a / b }')" "$median"
done
# the common case: a small file the hook lets through
small="$py/bisect.py"
if [ -f "$small" ]; then
  event="$(printf '{"session_id":"p","transcript_path":"","cwd":"/","tool_name":"Read","tool_input":{"file_path":"%s"}}' "$small")"
  times=()
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    out="$(printf '%s' "$event" | SLICEGREP_HOOK_STATE_DIR="$work/p$i" bash "$root/hooks/slicegrep-hook")"
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
  done
  median="$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")"
  printf '\npassthrough of a small file (%s, %d lines): median %s ms over %d runs\n' \
    "${small##*/}" "$(wc -l < "$small")" "$median" "$runs"
fi
