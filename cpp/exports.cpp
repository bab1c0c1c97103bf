// The wasm boundary: plain C exports over fixed buffers, no encoding logic (DESIGN.md section 2).
// JS writes input into ew_input(), passes a decoder's or encoder's state through ew_scratch() and
// reads the output from ew_output(). Nothing here allocates, so wasm memory never grows per call
// or per decoder (DESIGN.md section 5). Every module (the core and each table family) has these
// exports; a family module also has ew_family_init (its generated family_blob.cpp).
#include "exports.h"

#include "ascii.h"
#include "encoding.h"

namespace ew {
// Only the core module links labels.cpp and utf8.cpp (families.h explains the weak entry points).
[[gnu::weak]] int get_encoding(const char16_t* label, size_t length);
[[gnu::weak]] Utf8IntoResult utf16_to_utf8(const char16_t* in, size_t length, uint8_t* out,
                                           size_t out_capacity);
}  // namespace ew

namespace {

constexpr size_t kInputBytes = 64 * 1024;
constexpr size_t kOutputUnits = ew::max_utf16_length(kInputBytes);

alignas(16) uint8_t g_input[kInputBytes];
alignas(16) char16_t g_output[kOutputUnits];

// [0] [1]  state in and out (a DecoderState, or an EncoderState in [0])
// [2]      read   [3] begin   [4] written   [5] code point of an encoder error
uint32_t g_scratch[8];

ew::DecoderState& decoder_state() { return *reinterpret_cast<ew::DecoderState*>(g_scratch); }
ew::EncoderState& encoder_state() { return *reinterpret_cast<ew::EncoderState*>(g_scratch); }

}  // namespace

EW_EXPORT uint8_t* ew_input() { return g_input; }
EW_EXPORT uint32_t ew_input_capacity() { return kInputBytes; }
EW_EXPORT char16_t* ew_output() { return g_output; }
EW_EXPORT uint32_t ew_output_capacity() { return kOutputUnits; }
EW_EXPORT uint32_t* ew_scratch() { return g_scratch; }

// The label is `length` UTF-16 code units at ew_input(). Returns the Encoding or -1.
EW_EXPORT int ew_get_encoding(uint32_t length) {
  if (length > kInputBytes / 2 || !ew::get_encoding) return -1;
  return ew::get_encoding(reinterpret_cast<const char16_t*>(g_input), length);
}

// Decodes ew_input()[offset, offset + length). Returns the Status; see g_scratch for the rest.
EW_EXPORT uint32_t ew_decode(int encoding, uint32_t options, uint32_t offset, uint32_t length) {
  if (offset > kInputBytes || length > kInputBytes - offset) return ew::kError;
  ew::DecodeResult r = ew::decode_to_utf16(encoding, options, decoder_state(), g_input + offset, length,
                                           g_output, kOutputUnits);
  g_scratch[2] = r.read;
  g_scratch[3] = r.begin;
  g_scratch[4] = r.written;
  return r.status;
}

// The JS string path: if every code unit of ew_output()[begin, end) is below U+0100, rewrites them
// as Latin-1 bytes at byte offset 2 * begin of ew_output() (end - begin bytes) and returns 1, for a
// one-byte string (Buffer#latin1Slice in Node: a copy, where ucs2Slice of the same text has to
// check and narrow every unit itself). Returns 0 and changes nothing otherwise.
EW_EXPORT uint32_t ew_output_latin1(uint32_t begin, uint32_t end) {
  if (begin > end || end > kOutputUnits) return 0;
  return ew::utf16_to_latin1_in_place(g_output + begin, end - begin);
}

// Encodes ew_input()[offset, offset + length): UTF-8 bytes, or UTF-16 code units when `utf16`
// (offset and length then count code units). The bytes go to ew_output().
EW_EXPORT uint32_t ew_encode(int encoding, uint32_t options, uint32_t offset, uint32_t length, int utf16) {
  size_t units = utf16 ? kInputBytes / 2 : kInputBytes;
  if (!ew::has_encoder(encoding) || offset > units || length > units - offset) return ew::kError;
  uint8_t* out = reinterpret_cast<uint8_t*>(g_output);
  ew::EncodeResult r = utf16 ? ew::encode_from_utf16(encoding, options, encoder_state(),
                                                     reinterpret_cast<const char16_t*>(g_input) + offset,
                                                     length, out, sizeof g_output)
                             : ew::encode_from_utf8(encoding, options, encoder_state(), g_input + offset,
                                                    length, out, sizeof g_output);
  g_scratch[2] = r.read;
  g_scratch[4] = r.written;
  g_scratch[5] = r.code_point;
  return r.status;
}

// TextEncoder.encodeInto's UTF-8 encoder: `length` UTF-16 code units at ew_input() into at most
// `capacity` bytes at ew_output(). Read and written land in g_scratch[2] and [4].
EW_EXPORT void ew_encode_into(uint32_t length, uint32_t capacity) {
  g_scratch[2] = g_scratch[4] = 0;
  if (!ew::utf16_to_utf8) return;
  if (length > kInputBytes / 2) length = kInputBytes / 2;
  if (capacity > sizeof g_output) capacity = sizeof g_output;
  ew::Utf8IntoResult r = ew::utf16_to_utf8(reinterpret_cast<const char16_t*>(g_input), length,
                                           reinterpret_cast<uint8_t*>(g_output), capacity);
  g_scratch[2] = r.read;
  g_scratch[4] = r.written;
}
