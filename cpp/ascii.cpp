#include "ascii.h"

#include "widen_run.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace ew {

namespace {

// The ASCII run stops at the first byte >= 0x80. It often runs to the end of the input (ASCII text,
// markup), so the last partial block is one more SIMD block.
struct NonAscii {
  static bool byte(uint8_t b) { return b >= 0x80; }
#ifdef __wasm_simd128__
  static v128_t block(v128_t v) { return v; }
  static constexpr bool kOverlapLastBlock = true;
#endif
  static uint64_t word(uint64_t w) { return w & 0x8080808080808080ull; }
};

}  // namespace

size_t ascii_to_utf16(const uint8_t* in, size_t length, char16_t* out) {
  return widen_run<NonAscii>(in, length, out);
}

size_t ascii_prefix_utf16(const char16_t* in, size_t length) {
  size_t i = 0;
#ifdef __wasm_simd128__
  for (; i + 8 <= length; i += 8) {
    v128_t v = wasm_v128_load(in + i);
    if (wasm_v128_any_true(wasm_v128_and(v, wasm_i16x8_splat(static_cast<int16_t>(0xFF80))))) break;
  }
#endif
  while (i < length && in[i] < 0x80) ++i;
  return i;
}

namespace {

// Whether every unit of units[0..length) is below U+0100, and with kExcludeC1 not in U+0080-U+009F.
template <bool kExcludeC1>
bool all_latin1(const char16_t* units, size_t length) {
  size_t i = 0;
#ifdef __wasm_simd128__
  const v128_t high = wasm_i16x8_splat(static_cast<int16_t>(0xFF00));
  // u - 0x80 below 0x20 (unsigned) exactly for u in 0x80-0x9F.
  const v128_t c1_start = wasm_i16x8_splat(0x80);
  const v128_t c1_size = wasm_i16x8_splat(0x20);
  for (; i + 32 <= length; i += 32) {
    v128_t a = wasm_v128_load(units + i), b = wasm_v128_load(units + i + 8);
    v128_t c = wasm_v128_load(units + i + 16), d = wasm_v128_load(units + i + 24);
    v128_t bad = wasm_v128_and(wasm_v128_or(wasm_v128_or(a, b), wasm_v128_or(c, d)), high);
    if constexpr (kExcludeC1) {
      auto c1 = [&](v128_t v) { return wasm_u16x8_lt(wasm_i16x8_sub(v, c1_start), c1_size); };
      bad = wasm_v128_or(bad, wasm_v128_or(wasm_v128_or(c1(a), c1(b)), wasm_v128_or(c1(c), c1(d))));
    }
    if (wasm_v128_any_true(bad)) return false;
  }
#endif
  for (; i < length; ++i) {
    if (units[i] > 0xFF || (kExcludeC1 && units[i] >= 0x80 && units[i] < 0xA0)) return false;
  }
  return true;
}

}  // namespace

bool utf16_to_latin1_in_place(char16_t* units, size_t length, bool exclude_c1) {
  if (!(exclude_c1 ? all_latin1<true>(units, length) : all_latin1<false>(units, length))) return false;
  // Forward, so each byte lands at or before the units it comes from, which are already read.
  uint8_t* bytes = reinterpret_cast<uint8_t*>(units);
  size_t i = 0;
#ifdef __wasm_simd128__
  for (; i + 16 <= length; i += 16) {
    v128_t a = wasm_v128_load(units + i), b = wasm_v128_load(units + i + 8);
    wasm_v128_store(bytes + i, wasm_u8x16_narrow_i16x8(a, b));
  }
#endif
  for (; i < length; ++i) {
    uint8_t b = static_cast<uint8_t>(units[i]);
    bytes[i] = b;
  }
  return true;
}

}  // namespace ew
