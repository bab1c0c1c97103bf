#!/usr/bin/env bash
# The host matrix (issue "Every host", items 4 and 5), after build.sh has built dist/:
#   1. the Vitest suites (test/js/) in headless Chromium (the "browser" project of vitest.config.js),
#      in headless Firefox ESR and in WebKitGTK's MiniBrowser under Xvfb (the "firefox" and "webkit"
#      projects: test/hosts/browser/provider.mjs)
#   2. the same files in Deno (Vitest's Node project run by deno) and in Bun (`bun test`), and the
#      package under each runtime's own resolver (runtime-smoke.mjs); the TextDecoder suites also on
#      encoding-wasm/lite (ENCODING_WASM_ENTRY=lite) in the three browsers and Deno
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
for f in dist/encoding.wasm dist/tables/{chinese-simplified,chinese-traditional,japanese,korean,all}.wasm; do
  [ -f "$f" ] || { echo "test/hosts/run.sh: $f is missing; run build.sh first" >&2; exit 1; }
done
rm -rf "$LOGS" && mkdir -p "$LOGS"
# Alone (not under test/run-all.sh), the host matrix keeps its own times.
if [ -z "${STEP_TIMES:-}" ]; then
  export STEP_TIMES=$LOGS/step-times.tsv
  own_times=1
fi

failed=()
summary=()
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
    failed+=("$name")
    sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | tail -n 60
  fi
  local counts
  counts=$(sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | grep -E '^ +Tests +[0-9]|^bun: [0-9]+ pass|test passed|checks passed|FAILED' | tr -s ' ' | paste -sd';' -)
  summary+=("$(printf '%-28s %-6s %4ss  %s' "$name" "$status" $((SECONDS - start)) "$counts")")
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
step chromium-vitest env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=1 npx vitest run --project browser
step chromium-vitest-wasm-only env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=0 npx vitest run --project browser
step firefox-vitest env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=1 npx vitest run --project firefox
step firefox-vitest-wasm-only env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=0 npx vitest run --project firefox
step webkit-vitest env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=1 npx vitest run --project webkit
step webkit-vitest-wasm-only env ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=0 npx vitest run --project webkit
step deno-vitest env ENCODING_WASM_NATIVE=1 "$TOOLS/deno" run -A "$VITEST" run --project node
step deno-vitest-wasm-only env ENCODING_WASM_NATIVE=0 "$TOOLS/deno" run -A "$VITEST" run --project node
# The TextDecoder suites again on encoding-wasm/lite's TextDecoder (vitest.config.js), in the same hosts.
for entry in lite; do
  for engine in chromium firefox webkit; do
    project=$engine
    [ "$engine" = chromium ] && project=browser
    step "$engine-vitest-$entry" env ENCODING_WASM_ENTRY=$entry ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=1 npx vitest run --project "$project"
    step "$engine-vitest-$entry-wasm-only" env ENCODING_WASM_ENTRY=$entry ENCODING_WASM_BROWSER=1 ENCODING_WASM_NATIVE=0 npx vitest run --project "$project"
  done
  step deno-vitest-$entry env ENCODING_WASM_ENTRY=$entry ENCODING_WASM_NATIVE=1 "$TOOLS/deno" run -A "$VITEST" run --project node
  step deno-vitest-$entry-wasm-only env ENCODING_WASM_ENTRY=$entry ENCODING_WASM_NATIVE=0 "$TOOLS/deno" run -A "$VITEST" run --project node
done
# With the permissions docs/runtimes.md asks for: none (the "deno" condition's host needs no file reads).
step deno-smoke env DENO_NO_PROMPT=1 "$TOOLS/deno" run test/hosts/runtime-smoke.mjs
step bun-test bun_files ENCODING_WASM_NATIVE=1
step bun-test-wasm-only bun_files ENCODING_WASM_NATIVE=0
step bun-smoke "$TOOLS/bun" test/hosts/runtime-smoke.mjs
step workerd node test/hosts/workerd/run.mjs
step bundle-and-csp node test/hosts/bundle/run.mjs
# Where a Content Security Policy refuses wasm (script-src 'self'), and the control that allows it.
step csp-webkit-no-wasm node test/hosts/csp/run.mjs webkit no-wasm
step csp-webkit-wasm node test/hosts/csp/run.mjs webkit wasm
step csp-chromium-no-wasm node test/hosts/csp/run.mjs chromium no-wasm
step csp-chromium-wasm node test/hosts/csp/run.mjs chromium wasm
step csp-firefox-no-wasm node test/hosts/csp/run.mjs firefox no-wasm
step csp-firefox-wasm node test/hosts/csp/run.mjs firefox wasm
step csp-extension node test/hosts/csp/extension.mjs
step readme-runtimes node test/hosts/readme/run.mjs
step browsers-bench-quick node bench/browsers/run.mjs --quick
step converter-page node test/page/run.mjs
step converter-screenshots node test/page/screenshots.mjs

echo
echo "==== host matrix (logs in build/hosts/logs/)"
printf '%s\n' "${summary[@]}"
[ -z "${own_times:-}" ] || { echo; slowest_steps 10; }
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all hosts passed"
