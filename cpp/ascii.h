// The ASCII fast path every decoder runs while it has no pending state (STYLE: ASCII first).
#pragma once
#include <cstddef>
#include <cstdint>

namespace ew {

// Widens the leading ASCII bytes of in[0..length) into out and returns how many there were.
// Stops at the first byte >= 0x80. Uses 16-byte wasm SIMD when built with -msimd128, eight bytes at
// a time otherwise. May also write out[run..length) (widened bytes past the run): the caller's
// output must have room for `length` units, and the units past the run are not part of it.
size_t ascii_to_utf16(const uint8_t* in, size_t length, char16_t* out);

// If every unit of units[0..length) is below U+0100 (and, with `exclude_c1`, none is a C1 control,
// U+0080-U+009F: then windows-1252 reads every byte as itself), rewrites them in place as bytes
// (Latin-1) at the start of the same memory, reinterpret_cast<uint8_t*>(units)[0..length), and
// returns true; otherwise returns false and leaves the units as they are. For the JS string path
// (exports.cpp).
bool utf16_to_latin1_in_place(char16_t* units, size_t length, bool exclude_c1);

// Returns the length of the leading run of code units below 0x80 in in[0..length).
size_t ascii_prefix_utf16(const char16_t* in, size_t length);

}  // namespace ew
