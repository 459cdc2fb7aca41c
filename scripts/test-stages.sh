#!/usr/bin/env bash
# `npm test`: each stage is an npm script, run in order; stops at the first that fails, and prints every stage's
# time as it ends and all of them at the end.
set -uo pipefail
times=()
total_start=$SECONDS
summary() {
  echo
  echo "Stage times:"
  for t in "${times[@]}"; do echo "  $t"; done
  echo "  total: $((SECONDS - total_start)) s"
}
for stage in "$@"; do
  start=$SECONDS
  echo "=== $stage"
  npm run "$stage"
  rc=$?
  took=$((SECONDS - start))
  if [ $rc -ne 0 ]; then
    times+=("$stage: ${took} s (failed, exit $rc)")
    echo "=== $stage failed after ${took} s"
    summary
    exit $rc
  fi
  times+=("$stage: ${took} s")
  echo "=== $stage: ${took} s"
done
summary
