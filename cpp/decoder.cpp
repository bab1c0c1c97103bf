// The C++ API over each module's dispatch (cpp/generated/module_*.cpp, generated from
// tools/generator/boundary.mjs): an encoding whose codec is not linked into this module, or whose
// tables are not loaded, is kUnavailable.
#include "generated/codecs.h"

namespace ew {

DecodeResult decode_to_utf16(int encoding, uint32_t options, DecoderState& state, const uint8_t* in,
                             size_t length, char16_t* out, size_t out_capacity, ErrorLog* log) {
  DecodeCall call{in, length, out, out_capacity, options, false, log};
  return dispatch_decode(encoding, state, call);
}

EncodeResult encode_from_utf8(int encoding, uint32_t options, EncoderState& state, const uint8_t* in,
                              size_t length, uint8_t* out, size_t out_capacity, ErrorLog* log) {
  return dispatch_encode(encoding, state, EncodeCall{in, nullptr, length, out, out_capacity, options, log});
}

EncodeResult encode_from_utf16(int encoding, uint32_t options, EncoderState& state, const char16_t* in,
                               size_t length, uint8_t* out, size_t out_capacity, ErrorLog* log) {
  return dispatch_encode(encoding, state, EncodeCall{nullptr, in, length, out, out_capacity, options, log});
}

}  // namespace ew
