// Expands the compact index form written by cpp/tools/delta_stream.mjs: one LEB128 varint per
// pointer, 0 for null, otherwise zigzag(codePoint - (previous + 1)) + 1.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ew {

// Writes `count` code points to `out` (0 for null, which no index maps to) and returns the number of
// stream bytes read. `previous` is the code point the stream's deltas start from.
template <class T>
constexpr size_t expand_delta_stream(const uint8_t* stream, size_t count, uint32_t previous, T* out) {
  const uint8_t* p = stream;
  for (size_t i = 0; i < count; ++i) {
    uint32_t v = 0;
    for (int shift = 0;; shift += 7) {
      uint8_t b = *p++;
      v |= static_cast<uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
    if (v == 0) {
      out[i] = 0;
      previous += 1;
      continue;
    }
    v -= 1;
    int32_t delta = (v & 1) ? -static_cast<int32_t>((v + 1) >> 1) : static_cast<int32_t>(v >> 1);
    previous = previous + 1 + delta;
    out[i] = static_cast<T>(previous);
  }
  return static_cast<size_t>(p - stream);
}

}  // namespace ew
