// The wasm boundary: plain C exports over fixed buffers, no encoding logic (docs/design.md section 2).
// JS writes input into ew_input(), passes a decoder's or encoder's state through ew_scratch() and
// reads the output from ew_output(). Nothing here allocates, so wasm memory never grows per call
// or per decoder (docs/design.md section 5). Every module (the core and each table family) has these
// exports; the core also has ew_encode_into (core_exports.cpp), a family module ew_family_id and
// ew_family_init (its generated family_blob.cpp). The statuses, options
// and scratch slots are generated from tools/generator/boundary.mjs (generated/abi.h).
#include "exports.h"

#include "ascii.h"
#include "encoding.h"

namespace {

constexpr size_t kInputBytes = 64 * 1024;
constexpr size_t kOutputUnits = ew::max_utf16_length(kInputBytes);

alignas(16) uint8_t g_input[kInputBytes];
alignas(16) char16_t g_output[kOutputUnits];

// A call's state in and out, and its results: the slots of ScratchSlot (generated/abi.h).
uint32_t g_scratch[ew::kScratchWords];

ew::DecoderState& decoder_state() { return *reinterpret_cast<ew::DecoderState*>(g_scratch); }

// The error log in the scratch area, emptied for a call, for records of `words` words (encoding.h);
// nullptr in a build without one.
ew::ErrorLog* error_log(uint32_t words) {
  if (!ew::kErrorLogBuilt) return nullptr;
  static ew::ErrorLog log;
  log = {0, (ew::kScratchWords - ew::kScratchErrorLog) / words, g_scratch + ew::kScratchErrorLog};
  return &log;
}
ew::EncoderState& encoder_state() { return *reinterpret_cast<ew::EncoderState*>(g_scratch); }

}  // namespace

EW_EXPORT uint8_t* ew_input() { return g_input; }
EW_EXPORT uint32_t ew_input_capacity() { return kInputBytes; }
EW_EXPORT char16_t* ew_output() { return g_output; }
EW_EXPORT uint32_t ew_output_capacity() { return kOutputUnits; }
EW_EXPORT uint32_t* ew_scratch() { return g_scratch; }

// Decodes ew_input()[offset, offset + length). Returns the Status; see g_scratch for the rest.
EW_EXPORT uint32_t ew_decode(int encoding, uint32_t options, uint32_t offset, uint32_t length) {
  if (offset > kInputBytes || length > kInputBytes - offset) return ew::kError;
  ew::ErrorLog* log = error_log(2);
  ew::DecodeResult r = ew::decode_to_utf16(encoding, options, decoder_state(), g_input + offset, length,
                                           g_output, kOutputUnits, log);
  if (log) g_scratch[ew::kScratchErrors] = log->count;
  g_scratch[ew::kScratchRead] = r.read;
  g_scratch[ew::kScratchBegin] = r.begin;
  g_scratch[ew::kScratchWritten] = r.written;
  g_scratch[ew::kScratchRestored] = r.restored;
  return r.status;
}

// The JS string path: if every code unit of ew_output()[begin, end) is below U+0100 (and, when
// `exclude_c1`, none is in U+0080-U+009F), rewrites them as Latin-1 bytes at byte offset 2 * begin
// of ew_output() (end - begin bytes) and returns 1, for a one-byte string: Buffer#latin1Slice in
// Node (a copy, where ucs2Slice of the same text has to check and narrow every unit itself);
// elsewhere the host's windows-1252 TextDecoder, which reads bytes 0x80-0x9F as other characters,
// hence `exclude_c1`. Returns 0 and changes nothing otherwise.
// (Not in the lite core, the decoders' core: js/wasm/strings.js makes its strings one way.)
#if !EW_LITE
EW_EXPORT uint32_t ew_output_latin1(uint32_t begin, uint32_t end, uint32_t exclude_c1) {
  if (begin > end || end > kOutputUnits) return 0;
  return ew::utf16_to_latin1_in_place(g_output + begin, end - begin, exclude_c1 != 0);
}
#endif  // !EW_LITE

#if !EW_DECODE_ONLY
// Encodes the UTF-16 code units ew_input()[offset, offset + length) (offset and length count code
// units) to ew_output(). An encoding without an encoder, like one not in this module, is
// kUnavailable. (The core's encoders also take UTF-8, encode_from_utf8, which the native tests
// compare with this; the JS hands them UTF-16 only, so that path is not in the wasm modules.)
EW_EXPORT uint32_t ew_encode(int encoding, uint32_t options, uint32_t offset, uint32_t length) {
  constexpr size_t units = kInputBytes / 2;
  if (offset > units || length > units - offset) return ew::kError;
  uint8_t* out = reinterpret_cast<uint8_t*>(g_output);
  ew::ErrorLog* log = error_log(3);
  ew::EncodeResult r = ew::encode_from_utf16(encoding, options, encoder_state(),
                                             reinterpret_cast<const char16_t*>(g_input) + offset, length, out,
                                             sizeof g_output, log);
  if (log) g_scratch[ew::kScratchErrors] = log->count;
  g_scratch[ew::kScratchRead] = r.read;
  g_scratch[ew::kScratchWritten] = r.written;
  g_scratch[ew::kScratchCodePoint] = r.code_point;
  return r.status;
}
#endif  // !EW_DECODE_ONLY
