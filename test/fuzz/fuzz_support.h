// Shared code of the libFuzzer targets (test/fuzz/README.md): loading the family blobs, reading a
// fuzzer input's header, running decoders and encoders in one call or in chunks while checking
// every call's result, and the property checks the decoder and encoder targets share.
//
// A violated property prints what it was, the encoding and the data, then aborts, so libFuzzer
// saves the input as a crash reproducer.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "encoding.h"
#include "encodings_json.h"
#include "tables.h"

namespace ew::fuzz {

using Bytes = std::vector<uint8_t>;

// ---- failures ---------------------------------------------------------------------------------

[[noreturn]] void fail(const char* file, int line, const char* condition, const std::string& message);

#define FUZZ_CHECK(cond, msg)                                        \
  do {                                                               \
    if (!(cond)) ::ew::fuzz::fail(__FILE__, __LINE__, #cond, (msg)); \
  } while (0)

std::string hex(const uint8_t* data, size_t size);
std::string hex(const Bytes& bytes);
std::string hex(const std::u16string& text);
const char* encoding_name(int encoding);  // from encodings.json's order (the Encoding enum's)

// cpp/whatwg/encodings.json (path EW_ENCODINGS_JSON), read once (test/support/encodings_json.h):
// every encoding's name and labels, in the file's order, which is the Encoding enum's.
using EncodingEntry = test::EncodingEntry;
const std::vector<EncodingEntry>& encodings_json();

// ---- setup ------------------------------------------------------------------------------------

// Loads a family from EW_TABLES_DIR/<family>.bin (node tools/generator/generate_tables.mjs --out build);
// aborts with a message if the blob is missing or does not match the core.
void load_family_or_die(int family);
void load_all_families();

// ---- the input header -------------------------------------------------------------------------

// Every target reads its input as
//   byte 0    selects the encoding from the target's list (modulo its size)
//   byte 1    flags: bits 0-1 the target's own use, bits 2-4 the number of split points (0..7),
//             bits 5-7 the small output capacity (16 + 4 * k units or bytes)
//   2 bytes   per split point (little-endian, modulo payload length + 1; sorted afterwards)
//   the rest  the payload
// A missing header byte reads as 0.
struct Plan {
  int encoding = 0;
  uint8_t own_bits = 0;                // flag bits 0-1
  std::vector<uint16_t> split_values;  // raw; split_points() turns them into offsets
  size_t small_capacity = 16;
  uint8_t extra = 0;  // one more header byte (after the flags), if asked for
  const uint8_t* payload = nullptr;
  size_t length = 0;
};
Plan read_plan(const uint8_t* data, size_t size, const int* encodings, size_t count, bool extra_byte = false);

// The split values as ascending offsets into something `length` long (each value modulo
// length + 1), duplicates allowed (an empty chunk).
std::vector<size_t> split_points(const std::vector<uint16_t>& values, size_t length);

// ---- decoding ---------------------------------------------------------------------------------

struct Decoded {
  std::u16string text;  // output (up to the error in fatal mode)
  bool error = false;
  bool operator==(const Decoded&) const = default;
};

// Decodes `in` through one decoder, split at `splits` (ascending offsets), kFlush on the last call,
// and checks each call's result (see fuzz_support.cpp).
// `capacity`: kGenerous (0) gives every call room far beyond max_utf16_length(its input length)
// and checks that it wrote at most that (property (c)); kExactMax gives it exactly
// max_utf16_length(its input length), which encoding.h promises "never fills"; any other value
// is the capacity of every call, and kOutputFull is followed by another call.
inline constexpr size_t kGenerous = 0;
inline constexpr size_t kExactMax = SIZE_MAX;
Decoded decode(int encoding, const uint8_t* in, size_t length, uint32_t options,
               const std::vector<size_t>& splits = {}, size_t capacity = kGenerous);

// The decoder properties (a)-(d) for one input, plus the BOM handling; see fuzz_support.cpp.
void check_decoder(int encoding, const uint8_t* in, size_t length, bool ignore_bom,
                   const std::vector<size_t>& splits, size_t small_capacity);

// The decoder targets' whole body: read the plan (flag bit 0: ignore BOM) and check it.
int fuzz_decoder(const uint8_t* data, size_t size, const int* encodings, size_t count);

// ---- encoding ---------------------------------------------------------------------------------

struct Encoded {
  Bytes bytes;
  bool error = false;
  uint32_t code_point = 0;  // with error
  size_t read = 0;          // input consumed before the error (code units / bytes), else all
  bool operator==(const Encoded& o) const {
    return bytes == o.bytes && error == o.error && code_point == o.code_point;
  }
};

// Encodes UTF-16 `text` (possibly ill-formed) through one encoder, split at `splits` (any unit
// offsets, even inside a surrogate pair), kEncodeFlush on the last call. `capacity` 0 gives each
// call length * kMaxEncodeStep + kMaxEncodeStep bytes, which must never fill.
Encoded encode_utf16(int encoding, const std::u16string& text, uint32_t options,
                     const std::vector<size_t>& splits = {}, size_t capacity = 0);
// The same for well-formed UTF-8; each split is moved back to the start of its scalar value.
Encoded encode_utf8(int encoding, const Bytes& utf8, uint32_t options, const std::vector<size_t>& splits = {},
                    size_t capacity = 0);

// What kind of text check_encoder gets.
enum class TextKind {
  kArbitrary,      // anything, lone surrogates included
  kDecoderOutput,  // the encoding's own decoder's fatal-mode output (kIgnoreBom) for `source`
};

// The encoder properties for one text; see fuzz_support.cpp. The split values become offsets into
// the UTF-16 text and into its UTF-8 form.
void check_encoder(int encoding, const std::u16string& text, TextKind kind, const Bytes& source,
                   const std::vector<uint16_t>& split_values, size_t small_capacity);

// Whether the spec's encoder for `encoding` encodes scalar value `c` (an obviously-correct oracle
// built from the index tables, not from the encoder; see fuzz_support.cpp).
bool encodable(int encoding, uint32_t c);

// ---- Unicode helpers --------------------------------------------------------------------------

// The scalar values of `text` with lone surrogates as U+FFFD ("convert to I/O queue" of a
// USVString), and the UTF-16 offset each starts at.
std::vector<uint32_t> scalar_values(const std::u16string& text, std::vector<size_t>* offsets = nullptr);
std::u16string to_utf16(const std::vector<uint32_t>& scalars);
// The index of the first lone surrogate, or npos.
size_t first_lone_surrogate(const std::u16string& text);

}  // namespace ew::fuzz
