#include "ascii.h"

#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace ew {

size_t ascii_to_utf16(const uint8_t* in, size_t length, char16_t* out) {
  size_t i = 0;
#ifdef __wasm_simd128__
  // Each block is widened and stored before it is tested, so the block that ends the run costs no
  // more than an ASCII one (the units past the run are scratch, overwritten by the caller).
  for (; i + 16 <= length; i += 16) {
    v128_t v = wasm_v128_load(in + i);
    wasm_v128_store(out + i, wasm_u16x8_extend_low_u8x16(v));
    wasm_v128_store(out + i + 8, wasm_u16x8_extend_high_u8x16(v));
    if (uint32_t mask = wasm_i8x16_bitmask(v)) return i + __builtin_ctz(mask);
  }
  // The last partial block: the final sixteen bytes again, overlapping what is already done.
  if (i < length && length >= 16) {
    size_t last = length - 16;
    v128_t v = wasm_v128_load(in + last);
    wasm_v128_store(out + last, wasm_u16x8_extend_low_u8x16(v));
    wasm_v128_store(out + last + 8, wasm_u16x8_extend_high_u8x16(v));
    uint32_t mask = wasm_i8x16_bitmask(v) >> (i - last);
    return mask ? i + __builtin_ctz(mask) : length;
  }
#else
  for (; i + 8 <= length; i += 8) {
    uint64_t w;
    std::memcpy(&w, in + i, 8);
    for (int k = 0; k < 8; ++k) out[i + k] = in[i + k];
    if (uint64_t high = w & 0x8080808080808080ull) return i + __builtin_ctzll(high) / 8;
  }
#endif
  for (; i < length && in[i] < 0x80; ++i) out[i] = in[i];
  return i;
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

bool utf16_to_latin1_in_place(char16_t* units, size_t length) {
  size_t i = 0;
#ifdef __wasm_simd128__
  const v128_t high = wasm_i16x8_splat(static_cast<int16_t>(0xFF00));
  for (; i + 32 <= length; i += 32) {
    v128_t any = wasm_v128_or(wasm_v128_or(wasm_v128_load(units + i), wasm_v128_load(units + i + 8)),
                              wasm_v128_or(wasm_v128_load(units + i + 16), wasm_v128_load(units + i + 24)));
    if (wasm_v128_any_true(wasm_v128_and(any, high))) return false;
  }
#endif
  for (; i < length; ++i) {
    if (units[i] > 0xFF) return false;
  }
  // Forward, so each byte lands at or before the units it comes from, which are already read.
  uint8_t* bytes = reinterpret_cast<uint8_t*>(units);
  i = 0;
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
