#!/usr/bin/env bash
# Builds encoding-wasm: installs what a fresh Debian machine lacks, regenerates the tables, builds
# the wasm core (dist/encoding.wasm), the family table modules (dist/tables/*.wasm), the entry
# points bundled for Node, Bun and Deno (dist/runtime/), the CLI (dist/cli.js) and the native test
# build, each only when stale, and ends by printing what a user ships.
set -euo pipefail
cd "$(dirname "$0")"

# ---- defaults ---------------------------------------------------------------------------------
NATIVE=1        # --no-native: skip the native (GoogleTest, ASan+UBSan) build
WASM=1          # --no-wasm: skip the wasm modules and the bundles (npm run test:cpp needs only native)
QUIET=0         # --quiet: print only the size report and errors
SIZES=1         # --no-sizes: skip the size report
BUILD_DIR=build # --build-dir DIR: where CMake builds (dist/ always receives the artifacts)
# -----------------------------------------------------------------------------------------------

while [ $# -gt 0 ]; do
  case "$1" in
    --no-native) NATIVE=0 ;;
    --no-wasm) WASM=0 ;;
    --quiet) QUIET=1 ;;
    --no-sizes) SIZES=0 ;;
    --build-dir) BUILD_DIR="$2"; shift ;;
    *) echo "build.sh: unknown option '$1' (see the defaults at the top of build.sh)" >&2; exit 2 ;;
  esac
  shift
done

log() { if [ "$QUIET" = 0 ]; then echo "build.sh: $*"; fi; }
run() { if [ "$QUIET" = 0 ]; then "$@"; else "$@" > "$BUILD_DIR/last-step.log" 2>&1 || { cat "$BUILD_DIR/last-step.log" >&2; return 1; }; fi; }
mkdir -p "$BUILD_DIR" dist
# Each phase below is timed into $STEP_TIMES when test/run-all.sh sets it.
source tools/step_times.sh

# ---- system packages (Debian) -----------------------------------------------------------------
need_apt=()
command -v em++ > /dev/null || need_apt+=(emscripten)
command -v wasm-opt > /dev/null || need_apt+=(binaryen)
command -v wasm-objdump > /dev/null || need_apt+=(wabt)
command -v cmake > /dev/null || need_apt+=(cmake)
command -v ninja > /dev/null || need_apt+=(ninja-build)
command -v clang++ > /dev/null || need_apt+=(clang)
command -v clang-format > /dev/null || need_apt+=(clang-format)
[ -f /usr/include/gtest/gtest.h ] || need_apt+=(libgtest-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    log "installing ${need_apt[*]}"
    # (test/run-all.sh may be installing the host matrix's browsers beside it: wait for apt's lock)
    apt=(apt-get -o DPkg::Lock::Timeout=300)
    timed "build: apt-get update" run "${apt[@]}" update -qq
    timed "build: apt-get install ${need_apt[*]}" run env DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "${need_apt[@]}"
  else
    echo "build.sh: missing ${need_apt[*]}; run as root or: sudo apt-get install ${need_apt[*]}" >&2
    exit 1
  fi
fi

# ---- npm packages -----------------------------------------------------------------------------
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  timed "build: npm ci" run npm ci --no-audit --no-fund
fi

# ---- generated tables -------------------------------------------------------------------------
# Checked-in C++/JS tables are rewritten only if the vendored data or the generator changed (npm
# test checks them before this runs, so a stale or hand-edited one fails CI instead); the
# family blobs (build outputs) go to $BUILD_DIR/tables/.
timed "build: generated tables" run node tools/generator/generate_tables.mjs --out "$BUILD_DIR"

# ---- the wasm modules: the core and one per table family --------------------------------------
export NODE_PATH=/usr/share/nodejs  # Debian's emscripten needs Debian's acorn (docs/toolchain.md)
build_wasm() {
  if [ ! -f "$BUILD_DIR/wasm/build.ninja" ]; then
    run emcmake cmake -S . -B "$BUILD_DIR/wasm" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DEW_TABLES_DIR="$PWD/$BUILD_DIR/tables"
  fi
  run cmake --build "$BUILD_DIR/wasm"
  mkdir -p dist/tables "$BUILD_DIR/opt"
  features=(--enable-simd --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int)
  for built in "$BUILD_DIR"/wasm/encoding*.wasm "$BUILD_DIR"/wasm/tables/*.wasm; do
    shipped=dist/${built#"$BUILD_DIR"/wasm/}
    base=$BUILD_DIR/opt/$(basename "$built" .wasm)
    # First, only the exports the JS calls stay (docs/design.md section 2: tools/wasm_roots.mjs
    # names them, wasm-metadce drops the others and what only they reached, listed in
    # $base.unused.txt); a module is redone when its roots change too.
    node tools/wasm_roots.mjs "$built" > "$base.roots.new"
    if [ -f "$shipped" ] && [ "$shipped" -nt "$built" ] && cmp -s "$base.roots.new" "$base.roots.json"; then
      continue
    fi
    mv "$base.roots.new" "$base.roots.json"
    wasm-metadce "${features[@]}" "$built" --graph-file "$base.roots.json" -o "$base.trimmed.wasm" > "$base.unused.txt"
    # wasm-opt on every release build; -O3 is sometimes smaller than -Oz, so keep the smaller.
    # (the two at once: one per core)
    wasm-opt -O3 "${features[@]}" "$base.trimmed.wasm" -o "$base.O3.wasm" &
    local o3=$!
    wasm-opt -Oz "${features[@]}" "$base.trimmed.wasm" -o "$base.Oz.wasm"
    wait "$o3"
    if [ "$(stat -c %s "$base.O3.wasm")" -le "$(stat -c %s "$base.Oz.wasm")" ]; then
      cp "$base.O3.wasm" "$shipped"
    else
      cp "$base.Oz.wasm" "$shipped"
    fi
    log "$shipped updated"
  done

  # The parts' modules (their tables only, no code: tools/generator/boundary.mjs FAMILIES `host`), which the
  # generator writes.
  for part in "$BUILD_DIR"/tables/parts/*.wasm; do
    shipped=dist/tables/$(basename "$part")
    if ! cmp -s "$part" "$shipped"; then cp "$part" "$shipped"; log "$shipped updated"; fi
  done
}

bundle() {
  node tools/bundle_entries.mjs --if-stale
}

# ---- the entry points pre-bundled for Node, Bun and Deno (dist/runtime/), the CLI (dist/cli.js) --
if [ "$WASM" = 1 ]; then
  timed "build: wasm modules (emcc, wasm-opt)" build_wasm
  timed "build: bundles of the entry points and the CLI (dist/runtime/, dist/cli.js)" run bundle
fi

# ---- the native build (GoogleTest with ASan+UBSan) --------------------------------------------
if [ "$NATIVE" = 1 ]; then
  if [ ! -f "$BUILD_DIR/native/build.ninja" ]; then
    run cmake -S . -B "$BUILD_DIR/native" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
      -DEW_TABLES_DIR="$PWD/$BUILD_DIR/tables"
  fi
  timed "build: native tests (clang, ASan+UBSan)" run cmake --build "$BUILD_DIR/native"
fi

# ---- what a user ships ------------------------------------------------------------------------
if [ "$SIZES" = 1 ]; then
  timed "build: size report (bench/sizes.mjs)" node bench/sizes.mjs
fi
