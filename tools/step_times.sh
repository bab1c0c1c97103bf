# Per-step timing for build.sh, test/run-all.sh and test/hosts/run.sh (sourced, not run).
# Each timed step appends "<seconds><TAB><name>" to $STEP_TIMES when it is set (test/run-all.sh sets it
# to build/step-times.tsv for a whole run, so the build's and the host matrix's steps land in one file).

# timed NAME COMMAND...: runs the command, records how long it took, returns its status. Under
# `set -e` a failure exits as it would without timed (a shell function's own commands keep -e).
timed() {
  local name=$1 start=$SECONDS status=0
  shift
  if [[ $- == *e* ]]; then "$@"; else "$@"; status=$?; fi
  if [ -n "${STEP_TIMES:-}" ]; then printf '%s\t%s\n' $((SECONDS - start)) "$name" >> "$STEP_TIMES"; fi
  return $status
}

# slowest_steps [N]: the N (default 10) slowest steps recorded in $STEP_TIMES, slowest first.
slowest_steps() {
  [ -s "${STEP_TIMES:-}" ] || return 0
  echo "==== the ${1:-10} slowest steps (seconds; all $(wc -l < "$STEP_TIMES") steps in $STEP_TIMES)"
  sort -t $'\t' -k1,1nr "$STEP_TIMES" | head -n "${1:-10}" | awk -F '\t' '{ printf "%6d  %s\n", $1, $2 }'
}
