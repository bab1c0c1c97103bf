#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it after build.sh: the generated tables are current (npm
# test has also checked them before build.sh ran), the code is formatted, the
# native GoogleTest suite (ASan+UBSan), the JS reference implementation's own tests, and the Vitest
# suites twice: with UTF-8/UTF-16 handed to the host's decoder where it is exact, and all in wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

step() { echo; echo "==== $*"; }

step "generated files are up to date, and a hand edit of one fails that check"
node cpp/tools/generate_tables.mjs --check
node tools/detect/train.mjs --check
node --test test/tools/

step "formatting (clang-format, Prettier; npm run format fixes it)"
bash format.sh --check

step "native core tests (GoogleTest, ASan+UBSan)"
ctest --test-dir "$BUILD_DIR/native" --output-on-failure -j2

step "TypeScript declarations (tsc --noEmit on test/types/usage.ts)"
npx tsc -p test/types

step "reference implementation tests"
node --test test/reference/

step "the command line (bin/encoding-wasm.js run as a process)"
node --test test/cli/

step "the converter page's modules, policy and server (the page itself runs in test/hosts/run.sh)"
node --test test/page/

step "JS API tests, UTF-8/UTF-16 handed to the host's decoder (ENCODING_WASM_NATIVE=1)"
ENCODING_WASM_NATIVE=1 npx vitest run

step "JS API tests, everything in wasm (ENCODING_WASM_NATIVE=0)"
ENCODING_WASM_NATIVE=0 npx vitest run

step "the TextDecoder suites on encoding-wasm/lite's TextDecoder (ENCODING_WASM_ENTRY=lite): host decoders where exact, and all in its core"
ENCODING_WASM_ENTRY=lite ENCODING_WASM_NATIVE=1 npx vitest run
ENCODING_WASM_ENTRY=lite ENCODING_WASM_NATIVE=0 npx vitest run

step "libFuzzer targets, ${FUZZ_SECONDS:-10} s each (npm run fuzz runs them for longer)"
bash test/fuzz/run.sh "${FUZZ_SECONDS:-10}"

step "differential test against Deno's TextDecoder (encoding_rs) and the reference, quick mode"
node test/differential/run.mjs --quick

step "bounded resources (1 GiB streamed, a million decoders, 256 MiB in one call; 1 GiB through the CLI)"
node --expose-gc bench/resources.mjs
node bench/cli.mjs --memory

step "every host: the suites in Chromium, Deno and Bun, plain workerd, esbuild and Vite bundles, strict CSP"
bash test/hosts/run.sh
