// Helpers for the native GoogleTest suites: read the official index files, load family blobs, and
// run decoders and encoders through the same C++ API the wasm exports use.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "encoding.h"
#include "tables.h"

namespace ew::test {

using Bytes = std::vector<uint8_t>;

// cpp/whatwg/index-<name>.txt as pointer -> code point, read at test time.
std::map<uint32_t, uint32_t> read_index(const std::string& name);

// A build output of the generator (node tools/generator/generate_tables.mjs --out build) in
// EW_TABLES_DIR, such as "japanese.bin"; empty, and the test failed, if it cannot be read.
Bytes read_table_file(const std::string& file);

// Loads a family from the generator's <family>.packed.bin in EW_TABLES_DIR (through
// load_packed_family, as the combined module does); fails the test if it cannot.
void load_family_or_fail(int family);

// A fixture whose tests need table family `Family` (kJapanese, ...) loaded first.
template <int Family>
class FamilyTest : public ::testing::Test {
 protected:
  void SetUp() override { load_family_or_fail(Family); }
};

// "index pointer" (https://encoding.spec.whatwg.org/#index-pointer) for every code point of
// `index`: code point -> the first pointer that has it.
std::map<uint32_t, uint32_t> first_pointers(const std::map<uint32_t, uint32_t>& index);

// UTF-16 from code points (surrogate pairs above U+FFFF).
std::u16string utf16(const std::vector<uint32_t>& code_points);
std::u16string utf16(const char* ascii);

struct Decoded {
  std::u16string text;  // output up to the error in fatal mode
  bool error = false;
  bool operator==(const Decoded&) const = default;
};

// What a decoder gives: the code points `cps` and no error, or `cps` then a fatal error.
Decoded text(const std::vector<uint32_t>& cps);
Decoded fails_after(const std::vector<uint32_t>& cps);

// The fatal-mode result for a short input whose replacement-mode result is `replacement`: the same,
// or an error before any output when `replacement` starts with U+FFFD (one error, then at most a
// restored ASCII byte).
Decoded fatal_of(const Decoded& replacement);

// Decodes `input` split into chunks at `splits` (ascending byte offsets) through one decoder, with
// kFlush on the last call. `options` may hold kFatal and kIgnoreBom. A small output capacity
// (`capacity`, at least 32) forces the kOutputFull path.
Decoded decode(int encoding, const Bytes& input, uint32_t options = 0, const std::vector<size_t>& splits = {},
               size_t capacity = 0);

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

// An encoder's result for one scalar value, as a test works it out from the spec's steps:
// `bytes`, or (with `error`) an error with `code_point`.
struct ExpectedEncoding {
  Bytes bytes;
  bool error = false;
  uint32_t code_point = 0;
};

// Encodes `text` (UTF-16, possibly ill-formed) in one call with kEncodeFlush, and checks that the
// UTF-8 input path and a chunked run give the same result. `html` selects the html error mode.
Encoded encode(int encoding, const std::u16string& text, bool html = false);

// One scalar value through encode_from_utf16 in one call with kEncodeFlush, fatal mode, without the
// extra runs of encode(): for loops over very many code points.
Encoded encode_one(int encoding, uint32_t code_point);

// ---- Loops shared by the families' tests; each family supplies what the spec says for it.

// Decodes `prefix` + lead + byte, for every lead from `first_lead` to `last_lead` and every byte
// 0x00..0xFF, in replacement mode against `expected(lead, byte)` and in fatal mode against its
// fatal_of(). Stops at the first mismatch. Returns how many of them `expected` says decode without
// an error.
size_t expect_every_lead_and_byte(int encoding, const Bytes& prefix, int first_lead, int last_lead,
                                  const std::function<Decoded(int lead, int byte)>& expected);

// Checks that `input` (a long stream, typically every pointer of an index) decodes to `expected`
// in one call, in chunks of each of `chunk_sizes` bytes, and in fatal mode through a 32-unit output
// buffer; and in chunks of 1001 bytes after a first one of 1, in both modes (fatal with that buffer).
void expect_decode_in_chunks(int encoding, const Bytes& input, const Decoded& expected,
                             std::initializer_list<size_t> chunk_sizes = {1, 2, 3, 7, 64, 1000});

// Encodes (encode_one) every BMP scalar value and a sample of the other planes (every 0x101st from
// U+10000, and U+10FFFF) and checks each against `expected(code_point)`; stops after 10 failures.
void expect_sampled_scalar_values_encode(int encoding,
                                         const std::function<ExpectedEncoding(uint32_t)>& expected);

std::string hex(const Bytes& bytes);
std::string hex(const std::u16string& text);
void PrintTo(const Decoded& d, std::ostream* os);

}  // namespace ew::test
