#!/usr/bin/env bash
# The host matrix (issue "Every host", items 4 and 5), after build.sh has built dist/:
#   1. the Vitest suites (test/js/) in headless Chromium (the "browser" project of vitest.config.js),
#      in headless Firefox ESR and in WebKitGTK's MiniBrowser under Xvfb (the "firefox" and "webkit"
#      projects: test/hosts/browser/provider.mjs)
#   2. the same files in Deno (Vitest's Node project run by deno) and in Bun (`bun test`), and the
#      package under each runtime's own resolver (runtime-smoke.mjs); the TextDecoder suites also on
#      encoding-wasm/lite (ENCODING_WASM_ENTRY=lite) in the three browsers and Deno
#   3. a plain workerd worker (workerd/run.mjs)
#   4-5. esbuild and Vite bundles of a page in Chromium, with no CSP, with a strict CSP, and with a
#      CSP that blocks wasm (bundle/run.mjs)
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
for f in dist/encoding.wasm dist/tables/{chinese-simplified,chinese-traditional,japanese,korean,all}.wasm; do
  [ -f "$f" ] || { echo "test/hosts/run.sh: $f is missing; run build.sh first" >&2; exit 1; }
done
rm -rf "$LOGS" && mkdir -p "$LOGS"
# Alone (not under test/run-all.sh), the host matrix keeps its own times.
if [ -z "${STEP_TIMES:-}" ]; then
  export STEP_TIMES=$LOGS/step-times.tsv
  own_times=1
fi

# The steps run in two lanes at once (below): each step's summary line goes to $LOGS/summary and
# the name of each failed step to $LOGS/failed, which both lanes append to.
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
  counts=$(sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | grep -E '^ +Tests +[0-9]|^bun: [0-9]+ pass|test passed|checks passed|FAILED' | tr -s ' ' | paste -sd';' -)
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
    out=$(env "$@" "$TOOLS/bun" test "./$f" 2>&1) || status=1
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
# vitest_in ENGINE ENTRY NATIVE: the Vitest suites in a browser engine (its project of vitest.config.js)
# or in Deno (Vitest's Node project run by deno), on the main entry or ENTRY=lite's TextDecoder.
vitest_in() {
  local engine=$1 entry=$2 native=$3 project=$1
  [ "$engine" = chromium ] && project=browser
  if [ "$engine" = deno ]; then
    env ENCODING_WASM_ENTRY="$entry" ENCODING_WASM_NATIVE="$native" "$TOOLS/deno" run -A "$VITEST" run --project node
  else
    env ENCODING_WASM_ENTRY="$entry" ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE="$native" npx vitest run --project "$project"
  fi
}
# vitest_steps ENGINE...: for each, the suites on the main entry, then the TextDecoder suites again on
# encoding-wasm/lite's TextDecoder; each with the host's exact decoders used and with all in wasm.
vitest_steps() {
  local engine
  for engine; do
    step "$engine-vitest" vitest_in "$engine" main 1
    step "$engine-vitest-wasm-only" vitest_in "$engine" main 0
    step "$engine-vitest-lite" vitest_in "$engine" lite 1
    step "$engine-vitest-lite-wasm-only" vitest_in "$engine" lite 0
  done
}

# Two lanes at once: a step mostly waits on a browser or a runtime starting and on its page, so two
# of them share the machine's cores with the rest of `npm test` (test/run-all.sh runs the host matrix
# beside its other groups). Every step that starts WebKit (xvfb-run picks its display by looking for
# a free one, which two starting at once can both pick) is in the first lane.
lane_one() {
  vitest_steps chromium webkit
  step browsers-bench-quick node bench/browsers/run.mjs --quick
  step converter-page node test/page/run.mjs
  step converter-screenshots node test/page/screenshots.mjs
}
lane_two() {
  vitest_steps firefox deno
  # With the permissions docs/runtimes.md asks for: none (the "deno" condition's host needs no file reads).
  step deno-smoke env DENO_NO_PROMPT=1 "$TOOLS/deno" run test/hosts/runtime-smoke.mjs
  step bun-test bun_files ENCODING_WASM_NATIVE=1
  step bun-test-wasm-only bun_files ENCODING_WASM_NATIVE=0
  step bun-smoke "$TOOLS/bun" test/hosts/runtime-smoke.mjs
  step workerd node test/hosts/workerd/run.mjs
  step bundle-and-csp node test/hosts/bundle/run.mjs
  # encoding-wasm/iconv-lite in place of iconv-lite: an esbuild alias, in Chromium (bundle/iconv_lite.mjs).
  step bundle-iconv-lite node test/hosts/bundle/iconv_lite.mjs
  step readme-runtimes node test/hosts/readme/run.mjs
}
lane_one &
lane_pids=($!)
lane_two &
lane_pids+=($!)
trap 'kill "${lane_pids[@]}" 2>/dev/null' EXIT
wait "${lane_pids[@]}"
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
