#!/usr/bin/env bash
# `npm test`: each stage is an npm script, run in order; stops at the first that fails, and prints every stage's
# time as it ends and all of them at the end. "a+b" runs a and b at once (each mostly one core: tsc, eslint), their
# output printed whole, one after the other, when both end.
set -uo pipefail
. "$(dirname "$0")/stage-clock.sh"
times=()
total_start=$SECONDS
total_cpu=$(cpu_ticks)
summary() {
  echo
  echo "Stage times:"
  for t in "${times[@]}"; do echo "  $t"; done
  echo "  total: $(stage_figures "$total_start" "$total_cpu")"
}

# Node 24 and its better-sqlite3 (minutes of download and compile on a fresh machine) are made ready in the
# background, at low priority, while the earlier stages leave a core idle; test:node24 waits for it.
node24_prep=""
if [[ " $* " == *" test:node24 "* ]] && [ "${NODE24_PREPARE:-on}" != off ]; then
  node24_log="$(mktemp)"
  setsid nice -n 10 .ci/node24 --prepare >"$node24_log" 2>&1 &
  node24_prep=$!
fi
node24_ready() {
  [ -n "$node24_prep" ] || return 0
  local start=$SECONDS
  wait "$node24_prep" || echo "(Node 24's preparation failed; the stage tries again and says why.)"
  echo "Node 24 prepared in the background (waited $((SECONDS - start)) s):"
  sed 's/^/  | /' "$node24_log"
  rm -f "$node24_log"
  node24_prep=""
}

run_stage() {
  local stage="$1"
  if [[ "$stage" != *+* ]]; then
    [ "$stage" != test:node24 ] || node24_ready
    npm run "$stage"
    return
  fi
  local parts pids=() logs=() rc=0 i
  IFS=+ read -ra parts <<<"$stage"
  for i in "${!parts[@]}"; do
    logs[i]="$(mktemp)"
    npm run "${parts[i]}" >"${logs[i]}" 2>&1 &
    pids[i]=$!
  done
  for i in "${!parts[@]}"; do
    local part_rc=0
    wait "${pids[i]}" || part_rc=$?
    echo "--- ${parts[i]} (exit $part_rc)"
    cat "${logs[i]}"
    rm -f "${logs[i]}"
    [ $part_rc -eq 0 ] || rc=$part_rc
  done
  return $rc
}

for stage in "$@"; do
  start=$SECONDS
  cpu=$(cpu_ticks)
  echo "=== $stage"
  run_stage "$stage"
  rc=$?
  took="$(stage_figures "$start" "$cpu")"
  if [ $rc -ne 0 ]; then
    times+=("$stage: ${took} (failed, exit $rc)")
    echo "=== $stage failed after ${took}"
    summary
    [ -z "$node24_prep" ] || kill -- -"$node24_prep" 2>/dev/null
    exit $rc
  fi
  times+=("$stage: ${took}")
  echo "=== $stage: ${took}"
done
summary
