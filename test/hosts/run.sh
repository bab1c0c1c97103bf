#!/usr/bin/env bash
# The host matrix (issue "Every host", items 4 and 5), after build.sh has built dist/:
#   1. the Vitest suites (test/js/) in headless Chromium (the "browser" project of vitest.config.js),
#      in headless Firefox ESR and in WebKitGTK's MiniBrowser under Xvfb (the "firefox" and "webkit"
#      projects: test/hosts/browser/provider.mjs)
#   2. the same files in Deno (Vitest's Node project run by deno) and in Bun (`bun test`), and the
#      package under each runtime's own resolver (runtime-smoke.mjs)
#   3. a plain workerd worker (workerd/run.mjs)
#   4-5. esbuild and Vite bundles of a page in Chromium, with no CSP and with a strict CSP
#      (bundle/run.mjs); an esbuild page under a CSP that refuses wasm, and its control, in
#      Chromium, Firefox and WebKit, and as a Chromium extension page (csp/run.mjs, csp/extension.mjs)
#   6. the project files of docs/runtimes.md, extracted and run in Node, Deno, Bun, `wrangler dev` (with
#      Node 22 from build/tools) and Chromium (esbuild, Vite and the plain import-map page)
#      (readme/run.mjs)
#   7. the browser benchmark's quick run in Chromium, Firefox and WebKit (bench/browsers/run.mjs
#      --quick, about 25 s): the package's page runs in all three engines and decodes one corpus
#      file per family as Node's TextDecoder does (without ../shared/corpus, on the generated
#      corpus, whose manifest says nothing of Node's decoder: nothing is compared with it)
#   8. the converter page (examples/converter/) driven in Chromium, Firefox and WebKit: files
#      through the file input, detection, preview, malformed bytes, UTF-8 and lossy Shift_JIS
#      output, a 200 MB conversion, CSP and the offline cache (test/page/run.mjs, about 60 s), then
#      its screenshots in each engine to build/page/<engine>.png (test/page/screenshots.mjs)
# Each suite runs with the host's exact UTF-8/UTF-16 decoders used (ENCODING_WASM_NATIVE=1) and, if
# it decodes, with everything in wasm (=0; test/js/suites.js).
# Every step runs even when one fails; the exit status is 1 if any failed. Logs: build/hosts/logs/.
# Each step is timed; the end prints the ten slowest (test/run-all.sh prints them with its own steps).
#   bash test/hosts/run.sh [STEP...]     just those steps (the names the summary prints)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TOOLS=$ROOT/build/tools/node_modules/.bin
LOGS=$ROOT/build/hosts/logs
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
source tools/step_times.sh
ONLY=" $* "

bash test/hosts/install-tools.sh || exit 1
# The sources of the generated corpus, which the converter-page step reads without ../shared/corpus.
bash tools/detect/install.sh || exit 1
for f in dist/encoding.wasm dist/tables/{chinese-simplified,chinese-traditional,japanese,korean,all}.wasm; do
  [ -f "$f" ] || { echo "test/hosts/run.sh: $f is missing; run build.sh first" >&2; exit 1; }
done
rm -rf "$LOGS" && mkdir -p "$LOGS"
# Alone (not under test/run-all.sh), the host matrix keeps its own times.
if [ -z "${STEP_TIMES:-}" ]; then
  export STEP_TIMES=$LOGS/step-times.tsv
  own_times=1
fi

# The steps run in several workers at once (below): each step's summary line goes to $LOGS/summary and
# the name of each failed step to $LOGS/failed, which all of them append to.
: >"$LOGS/summary"
: >"$LOGS/failed"
# step NAME COMMAND...: runs it with its output in $LOGS/NAME.log; shows the end of the log if it fails.
step() {
  local name=$1
  shift
  [ "$ONLY" = "  " ] || [[ $ONLY == *" $name "* ]] || return 0
  local start=$SECONDS began
  step_began began
  echo "==== $name"
  if "$@" >"$LOGS/$name.log" 2>&1; then
    status=ok
  else
    status=FAILED
    echo "$name" >>"$LOGS/failed"
    sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | tail -n 60
  fi
  local counts
  counts=$(sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | grep -E '^ +Tests +[0-9]|^bun: [0-9]+ pass|test passed|checks passed|FAILED|^RETRIED' | tr -s ' ' | paste -sd';' -)
  printf '%-28s %-6s %4ss  %s\n' "$name" "$status" $((SECONDS - start)) "$counts" >>"$LOGS/summary"
  step_took "hosts: $name" "$began"
}

# Bun's runner shares one module registry across the files of a run, and robustness.test.js must
# load the package itself (it watches WebAssembly.Instance to find the core's memory): one process
# per file. Arguments: environment assignments for bun. The suites that run in Node only are left
# out, and with everything in wasm the suites whose code does not decode, as in Vitest's runs
# (test/js/suites.js NODE_ONLY, MODE_FREE).
bun_files() {
  local status=0 files=0 pass=0 fail=0 skip=0 out n left_out
  left_out=" $(node --input-type=module -e "
    const { MODE_FREE, NODE_ONLY } = await import('./test/js/suites.js');
    console.log([...NODE_ONLY, ...(process.argv[1] === '0' ? MODE_FREE : [])].join(' '));
  " "$([[ " $* " == *" ENCODING_WASM_NATIVE=0 "* ]] && echo 0)") "
  for f in test/js/*.test.js; do
    [[ $left_out != *" $(basename "$f" .test.js) "* ]] || continue
    echo "---- bun test $f"
    # Vitest's per-test timeout (vitest.config.js), not bun's 5 s: a loaded machine is no failure.
    out=$(env "$@" "$TOOLS/bun" test --timeout 60000 "./$f" 2>&1) || status=1
    grep -vE '^\(pass\)' <<<"$out"
    files=$((files + 1))
    n=$(grep -oE '^ *[0-9]+ pass$' <<<"$out" | tr -dc 0-9) && pass=$((pass + ${n:-0}))
    n=$(grep -oE '^ *[0-9]+ fail$' <<<"$out" | tr -dc 0-9) && fail=$((fail + ${n:-0}))
    n=$(grep -oE '^ *[0-9]+ skip$' <<<"$out" | tr -dc 0-9) && skip=$((skip + ${n:-0}))
  done
  echo "bun: $pass pass, $fail fail, $skip skip in $files files"
  return $status
}

VITEST=node_modules/vitest/vitest.mjs
# vitest_in ENGINE NATIVE: the Vitest suites in a browser engine (its project of vitest.config.js)
# or in Deno (Vitest's Node project run by deno).
vitest_in() {
  local engine=$1 native=$2 project=$1
  [ "$engine" = chromium ] && project=browser
  if [ "$engine" = deno ]; then
    env ENCODING_WASM_NATIVE="$native" "$TOOLS/deno" run -A "$VITEST" run --project node
  else
    env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE="$native" npx vitest run --project "$project"
  fi
}
# vitest_step NAME: the step ENGINE-vitest[-wasm-only]: the suites with the host's exact decoders
# used, or with all in wasm (-wasm-only).
# A browser that dies under the run ("Browser connection was closed": WebKitGTK's MiniBrowser did,
# once, in a fresh clone's npm test on a loaded machine, and in none of five runs of the step since)
# is given one more run of the whole step, which must pass in full; the log keeps both runs and the
# summary says so. A test that fails is no such case: the step fails.
vitest_step() {
  local name=$1 native=1 out
  [[ $name != *-wasm-only ]] || native=0
  out=$(mktemp)
  if vitest_in "${name%%-*}" "$native" 2>&1 | tee "$out"; [ "${PIPESTATUS[0]}" = 0 ]; then
    rm -f "$out"
    return 0
  fi
  if [ "${name%%-*}" = deno ] || ! grep -q 'Browser connection was closed' "$out"; then
    rm -f "$out"
    return 1
  fi
  rm -f "$out"
  echo "RETRIED: the browser closed during the run above; the step runs once more"
  vitest_in "${name%%-*}" "$native"
}

# run_step NAME: the command of each step of STEPS.
run_step() {
  local engine
  case $1 in
    *-vitest*) vitest_step "$1" ;;
    # With the permissions docs/runtimes.md asks for: none (the "deno" condition's host needs no file reads).
    deno-smoke) env DENO_NO_PROMPT=1 "$TOOLS/deno" run test/hosts/runtime-smoke.mjs ;;
    bun-test) bun_files ENCODING_WASM_NATIVE=1 ;;
    bun-test-wasm-only) bun_files ENCODING_WASM_NATIVE=0 ;;
    bun-smoke) "$TOOLS/bun" test/hosts/runtime-smoke.mjs ;;
    workerd) node test/hosts/workerd/run.mjs ;;
    bundle-and-csp) node test/hosts/bundle/run.mjs ;;
    # Where a Content Security Policy refuses wasm (script-src 'self'), and the control that allows it
    # (csp-ENGINE-no-wasm, csp-ENGINE-wasm); a Manifest V3 extension page with its default policy.
    csp-extension) node test/hosts/csp/extension.mjs ;;
    csp-*-no-wasm) engine=${1#csp-} && node test/hosts/csp/run.mjs "${engine%-no-wasm}" no-wasm ;;
    csp-*-wasm) engine=${1#csp-} && node test/hosts/csp/run.mjs "${engine%-wasm}" wasm ;;
    # encoding-wasm/iconv-lite in place of iconv-lite: an esbuild alias, in Chromium (bundle/iconv_lite.mjs).
    bundle-iconv-lite) node test/hosts/bundle/iconv_lite.mjs ;;
    readme-runtimes) node test/hosts/readme/run.mjs ;;
    browsers-bench-quick) node bench/browsers/run.mjs --quick ;;
    converter-page) node test/page/run.mjs ;;
    converter-screenshots) node test/page/screenshots.mjs ;;
    *) echo "test/hosts/run.sh: no step '$1'" >&2 && return 2 ;;
  esac
}

# The steps, in the order the workers take them: longest first (as a fresh run on 2 cores took
# them), so that the last to start are the short ones and the workers finish together.
STEPS=(
  chromium-vitest
  webkit-vitest
  deno-vitest
  firefox-vitest
  converter-page
  webkit-vitest-wasm-only
  chromium-vitest-wasm-only
  firefox-vitest-wasm-only
  deno-vitest-wasm-only
  bun-test
  bun-test-wasm-only
  browsers-bench-quick
  readme-runtimes
  converter-screenshots
  bundle-and-csp
  csp-webkit-no-wasm
  csp-webkit-wasm
  csp-chromium-no-wasm
  csp-chromium-wasm
  csp-firefox-no-wasm
  csp-firefox-wasm
  csp-extension
  bundle-iconv-lite
  bun-smoke
  deno-smoke
  workerd
)
for name in $ONLY; do
  [[ " ${STEPS[*]} " == *" $name "* ]] || { echo "test/hosts/run.sh: no step '$name' (${STEPS[*]})" >&2; exit 2; }
done

# The workers: each takes the next step of STEPS until none is left ($LOGS/next, under a lock). A
# step mostly waits on a browser or a runtime starting and on its page, so two workers share the
# machine's cores with the rest of `npm test`, and HOST_WORKERS_LATER=FILE adds one more when FILE
# appears (test/run-all.sh creates it when its other groups are done), if steps are left. Each
# worker has ten X displays of its own for WebKit (ENCODING_WASM_DISPLAYS, test/hosts/engines.mjs
# xvfbArgs), so any worker can run a WebKit step beside another.
echo 0 >"$LOGS/next"
next_step() {
  local fd n
  exec {fd}>>"$LOGS/next.lock"
  flock "$fd"
  n=$(<"$LOGS/next")
  echo $((n + 1)) >"$LOGS/next"
  exec {fd}>&-
  [ "$n" -lt "${#STEPS[@]}" ] && echo "$n"
}
worker() {
  local i
  export ENCODING_WASM_DISPLAYS=$((DISPLAYS + 10 * $1))
  while i=$(next_step); do
    step "${STEPS[i]}" run_step "${STEPS[i]}"
  done
}
# The displays: from a number that no X server on the machine uses (no lock file) for any worker.
DISPLAYS=200
while compgen -G "/tmp/.X$((DISPLAYS / 10))[0-9]-lock" >/dev/null ||
  compgen -G "/tmp/.X$((DISPLAYS / 10 + 1))[0-9]-lock" >/dev/null ||
  compgen -G "/tmp/.X$((DISPLAYS / 10 + 2))[0-9]-lock" >/dev/null; do
  DISPLAYS=$((DISPLAYS + 30))
done
workers=()
for ((w = 0; w < ${HOST_WORKERS:-2}; w++)); do
  worker "$w" &
  workers+=($!)
done
if [ -n "${HOST_WORKERS_LATER:-}" ]; then
  (
    # ($LOGS/next is read without the lock: empty while a worker rewrites it, which is "not yet".)
    while [ ! -e "$HOST_WORKERS_LATER" ]; do
      n=$(<"$LOGS/next")
      [ "${n:-0}" -lt "${#STEPS[@]}" ] || break
      sleep 2
    done
    worker "$w"
  ) &
  workers+=($!)
fi
trap 'kill "${workers[@]}" 2>/dev/null' EXIT
wait "${workers[@]}"
trap - EXIT

echo
echo "==== host matrix (logs in build/hosts/logs/)"
cat "$LOGS/summary"
[ -z "${own_times:-}" ] || { echo; slowest_steps 10; }
if [ -s "$LOGS/failed" ]; then
  echo "FAILED: $(paste -sd' ' "$LOGS/failed")"
  exit 1
fi
echo "all hosts passed"
