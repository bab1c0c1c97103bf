#!/usr/bin/env bash
# Builds the libFuzzer targets (test/fuzz/CMakeLists.txt) into build/fuzz and runs each one for
# the given number of seconds on a fresh copy of its seed corpus (build/fuzz/work/<target>; the
# checked-in test/fuzz/corpus is never written). Prints the executions per target and exits
# non-zero if any target found something (reproducers: build/fuzz/artifacts/<target>/).
#
#   bash test/fuzz/run.sh [seconds_per_target]     (default 60; npm run fuzz)
#
# Environment: FUZZ_TARGETS="encode_fuzzer decode_utf_fuzzer" runs only those; FUZZ_JOBS=N runs N targets at
# a time (default: one per core).
set -euo pipefail
cd "$(dirname "$0")/../.."

SECONDS_PER_TARGET=${1:-60}
case "$SECONDS_PER_TARGET" in
  '' | *[!0-9]*) echo "usage: bash test/fuzz/run.sh [seconds_per_target]" >&2; exit 2 ;;
esac
BUILD=build/fuzz
ALL_TARGETS="decode_utf_fuzzer decode_single_byte_fuzzer decode_chinese_fuzzer decode_japanese_fuzzer
             decode_korean_fuzzer encode_fuzzer encode_stream_fuzzer"
TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}

# ---- system packages (Debian) -----------------------------------------------------------------
# libFuzzer's runtime (libclang_rt.fuzzer) ships in libclang-rt-<version>-dev.
libfuzzer_works() {
  local dir
  dir=$(mktemp -d)
  echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' > "$dir/t.cpp"
  clang++ -fsanitize=fuzzer,address,undefined "$dir/t.cpp" -o "$dir/t" > /dev/null 2>&1
  local ok=$?
  rm -rf "$dir"
  return $ok
}
need_apt=()
command -v clang++ > /dev/null || need_apt+=(clang)
command -v cmake > /dev/null || need_apt+=(cmake)
command -v ninja > /dev/null || need_apt+=(ninja-build)
command -v node > /dev/null || need_apt+=(nodejs)
install() {
  if [ "$(id -u)" = 0 ]; then
    echo "fuzz: installing $*"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
  else
    echo "fuzz: missing $*; run as root or: sudo apt-get install $*" >&2
    exit 1
  fi
}
if [ ${#need_apt[@]} -gt 0 ]; then install "${need_apt[@]}"; fi
if ! libfuzzer_works; then
  version=$(clang++ -dumpversion | cut -d. -f1)
  install "libclang-rt-$version-dev"
  libfuzzer_works || { echo "fuzz: clang++ -fsanitize=fuzzer still fails" >&2; exit 1; }
fi

# ---- tables, build ----------------------------------------------------------------------------
node tools/generator/generate_tables.mjs --out build
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S test/fuzz -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER=clang++
fi
cmake --build "$BUILD"

# ---- run --------------------------------------------------------------------------------------
mkdir -p "$BUILD/logs"
rm -f "$BUILD"/logs/*.summary
# run_target TARGET: runs it on a fresh copy of its seeds; writes its summary line to
# $BUILD/logs/TARGET.summary and returns non-zero on a finding.
run_target() {
  local target=$1 work=$BUILD/work/$1 artifacts=$BUILD/artifacts/$1 log=$BUILD/logs/$1.log status execs corpus
  rm -rf "$work"
  mkdir -p "$work" "$artifacts"
  cp test/fuzz/corpus/"$target"/* "$work"/
  echo "fuzz: $target for ${SECONDS_PER_TARGET}s"
  set +e
  "$BUILD/$target" -max_total_time="$SECONDS_PER_TARGET" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$work" > "$log" 2>&1
  status=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  if [ -z "$execs" ]; then execs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1); fi
  corpus=$(find "$work" -type f | wc -l)
  if [ "$status" = 0 ]; then
    printf '%-28s %12s execs  %6s corpus files  ok\n' "$target" "${execs:-?}" "$corpus" > "$BUILD/logs/$target.summary"
    return 0
  fi
  printf '%-28s %12s execs  %6s corpus files  FINDING (exit %s, %s)\n' "$target" "${execs:-?}" "$corpus" "$status" \
    "$log" > "$BUILD/logs/$target.summary"
  # The property message (or sanitizer report) and the reproducer libFuzzer wrote.
  grep -A12 -E '^==== PROPERTY VIOLATED|ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error' "$log" \
    | head -40 >&2 || true
  grep -E 'Test unit written to' "$log" >&2 || true
  return 1
}

# FUZZ_JOBS targets at a time (default: one per core; each target is one process).
jobs=${FUZZ_JOBS:-$(nproc)}
failed=()
summary=()
running=()
for target in $TARGETS; do
  run_target "$target" &
  running+=("$!:$target")
  if [ ${#running[@]} -ge "$jobs" ]; then
    wait "${running[0]%%:*}" || failed+=("${running[0]#*:}")
    running=("${running[@]:1}")
  fi
done
for job in "${running[@]}"; do wait "${job%%:*}" || failed+=("${job#*:}"); done
for target in $TARGETS; do summary+=("$(cat "$BUILD/logs/$target.summary")"); done

echo
echo "fuzz: ${SECONDS_PER_TARGET}s per target"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}; reproduce with $BUILD/<target> <artifact>" >&2
  exit 1
fi
