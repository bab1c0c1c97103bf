// Helpers for the native GoogleTest suites: read the official index files, load family blobs, and
// run decoders and encoders through the same C++ API the wasm exports use.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "encoding.h"
#include "tables.h"

namespace ew::test {

using Bytes = std::vector<uint8_t>;

// cpp/whatwg/index-<name>.txt as pointer -> code point, read at test time.
std::map<uint32_t, uint32_t> read_index(const std::string& name);

// Loads a family from the generator's dist/tables/<family>.bin; fails the test if it cannot.
void load_family_or_fail(int family);

// UTF-16 from code points (surrogate pairs above U+FFFF).
std::u16string utf16(const std::vector<uint32_t>& code_points);
std::u16string utf16(const char* ascii);

struct Decoded {
  std::u16string text;  // output up to the error in fatal mode
  bool error = false;
  bool operator==(const Decoded&) const = default;
};

// Decodes `input` split into chunks at `splits` (ascending byte offsets) through one decoder, with
// kFlush on the last call. `options` may hold kFatal and kIgnoreBom. A small output capacity
// (`capacity`, at least 32) forces the kOutputFull path.
Decoded decode(int encoding, const Bytes& input, uint32_t options = 0,
               const std::vector<size_t>& splits = {}, size_t capacity = 0);

// Checks that `input` decodes to `expected` (or fails, in fatal mode, when `expected.error`) in one
// call, split at every byte position, byte by byte, with a tiny output buffer, and all of that again
// after 0..31 bytes of ASCII padding (which must decode as itself in front of the result).
void expect_decode(int encoding, const Bytes& input, const Decoded& expected, uint32_t options = 0);

// expect_decode for encodings where an ASCII byte is not a code point of its own (UTF-16BE/LE,
// replacement): the padding in front is `pad` repeated 0..31 times, each copy decoding as
// `pad_text` and leaving no state behind. An empty `pad` runs `input` alone (every split, byte by
// byte, a 32-unit output buffer), as needed where the input must stay at the start (a BOM).
void expect_decode_padded(int encoding, const Bytes& input, const Decoded& expected, uint32_t options,
                          const Bytes& pad, const std::u16string& pad_text);

struct Encoded {
  Bytes bytes;
  bool error = false;
  uint32_t code_point = 0;  // with error
};

// Encodes `text` (UTF-16, possibly ill-formed) in one call with kEncodeFlush, and checks that the
// UTF-8 input path and a chunked run give the same result. `html` selects the html error mode.
Encoded encode(int encoding, const std::u16string& text, bool html = false);

std::string hex(const Bytes& bytes);
std::string hex(const std::u16string& text);
void PrintTo(const Decoded& d, std::ostream* os);

}  // namespace ew::test
