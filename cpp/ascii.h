// The ASCII fast path every decoder runs while it has no pending state (STYLE: ASCII first).
#pragma once
#include <cstddef>
#include <cstdint>

namespace ew {

// Widens the leading ASCII bytes of in[0..length) into out and returns how many there were.
// Stops at the first byte >= 0x80. Uses 16-byte wasm SIMD when built with -msimd128, eight bytes at
// a time otherwise.
size_t ascii_to_utf16(const uint8_t* in, size_t length, char16_t* out);

// Returns the length of the leading run of code units below 0x80 in in[0..length).
size_t ascii_prefix_utf16(const char16_t* in, size_t length);

}  // namespace ew
