#include "ascii.h"

#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace ew {

size_t ascii_to_utf16(const uint8_t* in, size_t length, char16_t* out) {
  size_t i = 0;
#ifdef __wasm_simd128__
  for (; i + 16 <= length; i += 16) {
    v128_t v = wasm_v128_load(in + i);
    if (wasm_i8x16_bitmask(v)) break;
    wasm_v128_store(out + i, wasm_u16x8_extend_low_u8x16(v));
    wasm_v128_store(out + i + 8, wasm_u16x8_extend_high_u8x16(v));
  }
#else
  for (; i + 8 <= length; i += 8) {
    uint64_t w;
    std::memcpy(&w, in + i, 8);
    if (w & 0x8080808080808080ull) break;
    for (int k = 0; k < 8; ++k) out[i + k] = in[i + k];
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

}  // namespace ew
