# Sourced by .ci/run and scripts/test-stages.sh: a stage's figures as "N s, CPU M s, load L".
# CPU is user + system time of the shell's finished children and their reaped descendants (/proc/<pid>/stat
# cutime + cstime), so it counts what a stage ran, whatever else shares the machine; load is the 1-minute average
# as the stage ends.
cpu_ticks() {
  local stat
  read -r stat </proc/$$/stat
  stat="${stat##*) }"
  # shellcheck disable=SC2086
  set -- $stat
  echo $((${14} + ${15}))
}
stage_figures() {
  local start="$1" cpu="$2" hz load
  hz="$(getconf CLK_TCK)"
  read -r load _ </proc/loadavg
  echo "$((SECONDS - start)) s, CPU $((($(cpu_ticks) - cpu) / hz)) s, load $load"
}
