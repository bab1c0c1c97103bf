# Per-step timing for build.sh, test/run-all.sh and test/hosts/run.sh (sourced, not run).
# Each timed step appends "<wall seconds><TAB><CPU seconds><TAB><name>" to $STEP_TIMES when it is set
# (test/run-all.sh sets it to build/step-times.tsv for a whole run, so the build's and the host
# matrix's steps land in one file). CPU is the user + system time of the step's processes: on a
# machine that others share, it says what the step costs where its wall time says what it waited.

# cpu_ms VAR: sets VAR to the user + system milliseconds of this shell's finished children so far
# (bash's `times`, second line; read from a file, since a subshell has children of its own).
cpu_ms() {
  local file=${TMPDIR:-/tmp}/step_times.$BASHPID user sys
  times > "$file"
  { read -r _ && read -r user sys; } < "$file"
  rm -f "$file"
  printf -v "$1" '%s' $(($(seconds_ms "$user") + $(seconds_ms "$sys")))
}
# seconds_ms 1m2.345s: 62345
seconds_ms() {
  local m=${1%%m*} s=${1#*m}
  s=${s%s}
  echo $((10#$m * 60000 + 10#${s%.*} * 1000 + 10#${s#*.}))
}

# step_began VAR: sets VAR to what step_took needs, at the start of a step.
step_began() {
  local cpu
  cpu_ms cpu
  printf -v "$1" '%s %s' "$SECONDS" "$cpu"
}

# step_took NAME BEGAN: records the step begun at BEGAN (step_began's value).
step_took() {
  local began=($2) cpu
  [ -n "${STEP_TIMES:-}" ] || return 0
  cpu_ms cpu
  printf '%s\t%s\t%s\n' $((SECONDS - began[0])) $(((cpu - began[1] + 500) / 1000)) "$1" >> "$STEP_TIMES"
}

# timed NAME COMMAND...: runs the command, records how long it took, returns its status. Under
# `set -e` a failure exits as it would without timed (a shell function's own commands keep -e).
timed() {
  local name=$1 began status=0
  step_began began
  shift
  if [[ $- == *e* ]]; then "$@"; else "$@"; status=$?; fi
  step_took "$name" "$began"
  return $status
}

# slowest_steps [N]: the N (default 10) slowest steps recorded in $STEP_TIMES, slowest first.
slowest_steps() {
  [ -s "${STEP_TIMES:-}" ] || return 0
  echo "==== the ${1:-10} slowest steps (of $(wc -l < "$STEP_TIMES") in $STEP_TIMES; seconds)"
  echo "  wall     CPU  step"
  sort -t $'\t' -k1,1nr "$STEP_TIMES" | head -n "${1:-10}" | awk -F '\t' '{ printf "%6d  %6d  %s\n", $1, $2, $3 }'
}
