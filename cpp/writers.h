// Output cursors the codecs write through: UTF-16 code units for decoders, bytes for encoders.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ew {

// https://infra.spec.whatwg.org/#surrogate
constexpr bool is_surrogate(uint32_t c) { return c >= 0xD800 && c <= 0xDFFF; }
constexpr bool is_leading_surrogate(uint32_t c) { return c >= 0xD800 && c <= 0xDBFF; }
constexpr bool is_trailing_surrogate(uint32_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

struct Utf16Writer {
  char16_t* p;

  // Appends a scalar value, as a surrogate pair above U+FFFF.
  void push(uint32_t cp) {
    if (cp >= 0x10000) {
      cp -= 0x10000;
      p[0] = static_cast<char16_t>(0xD800 | (cp >> 10));
      p[1] = static_cast<char16_t>(0xDC00 | (cp & 0x3FF));
      p += 2;
    } else {
      *p++ = static_cast<char16_t>(cp);
    }
  }
};

struct ByteWriter {
  uint8_t* p;
  void push(uint8_t b) { *p++ = b; }
};

}  // namespace ew
