// The widen-and-test loop of the runs of bytes that decode as themselves (U+0000..U+007F): the
// ASCII run every decoder takes (ascii_to_utf16) and ISO-2022-JP's ASCII state, which also stops at
// 0x0E, 0x0F and 0x1B.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace ew {

// Widens the leading bytes of in[0..length) up to the first one that `Stop` stops at into out and
// returns how many. May also write out[run..length) (widened bytes past the run): the caller's
// output must have room for `length` units, and the units past the run are not part of it.
// `Stop` says which bytes end the run (every byte >= 0x80 must be one of them):
//   static bool byte(uint8_t b)
//   static v128_t block(v128_t v)          wasm SIMD: the high bit of a lane set where v's byte stops
//   static constexpr bool kOverlapLastBlock
//                                          wasm SIMD: the bytes after the last whole block as one
//                                          block overlapping it, rather than one by one
//   static uint64_t word(uint64_t w)       optional, other builds: likewise for eight bytes
template <class Stop>
[[gnu::always_inline]] inline size_t widen_run(const uint8_t* in, size_t length, char16_t* out) {
  size_t i = 0;
#ifdef __wasm_simd128__
  // Each block is widened and stored before it is tested, so the block that ends the run costs no
  // more than a block inside it (the units past the run are scratch, overwritten by the caller).
  for (; i + 16 <= length; i += 16) {
    v128_t v = wasm_v128_load(in + i);
    wasm_v128_store(out + i, wasm_u16x8_extend_low_u8x16(v));
    wasm_v128_store(out + i + 8, wasm_u16x8_extend_high_u8x16(v));
    if (uint32_t mask = wasm_i8x16_bitmask(Stop::block(v))) return i + __builtin_ctz(mask);
  }
  // The last partial block: the final sixteen bytes again, overlapping what is already done.
  if (Stop::kOverlapLastBlock && i < length && length >= 16) {
    size_t last = length - 16;
    v128_t v = wasm_v128_load(in + last);
    wasm_v128_store(out + last, wasm_u16x8_extend_low_u8x16(v));
    wasm_v128_store(out + last + 8, wasm_u16x8_extend_high_u8x16(v));
    uint32_t mask = wasm_i8x16_bitmask(Stop::block(v)) >> (i - last);
    return mask ? i + __builtin_ctz(mask) : length;
  }
#else
  if constexpr (requires(uint64_t w) { Stop::word(w); }) {
    for (; i + 8 <= length; i += 8) {
      uint64_t w;
      std::memcpy(&w, in + i, 8);
      for (int k = 0; k < 8; ++k) out[i + k] = in[i + k];
      if (uint64_t stop = Stop::word(w)) return i + __builtin_ctzll(stop) / 8;
    }
  }
#endif
  for (; i < length && !Stop::byte(in[i]); ++i) out[i] = in[i];
  return i;
}

}  // namespace ew
