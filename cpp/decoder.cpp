// Dispatch from an Encoding to its family's decoder and encoder.
#include "families.h"
#include "tables.h"

namespace ew {

DecodeResult decode_to_utf16(int encoding, uint32_t options, DecoderState& state, const uint8_t* in,
                             size_t length, char16_t* out, size_t out_capacity) {
  DecodeCall call{in, length, out, out_capacity, options, false};
  int family = family_of(encoding);
  if (family >= 0 && !family_loaded(family)) return {kError, 0, 0, 0};
  if (encoding >= kSingleByteFirst && encoding < kSingleByteFirst + kSingleByteCount)
    return decode_single_byte(encoding - kSingleByteFirst, state, call);
  switch (encoding) {
    case UTF_8:
      call.bom_encoding = true;
      return decode_utf8(state, call);
    case UTF_16BE:
    case UTF_16LE:
      call.bom_encoding = true;
      return decode_utf16(encoding == UTF_16BE, state, call);
    case X_USER_DEFINED:
      return decode_x_user_defined(state, call);
    case REPLACEMENT:
      return decode_replacement(state, call);
    default:
      return {kError, 0, 0, 0};
  }
}

bool has_encoder(int encoding) {
  return encoding >= 0 && encoding < kEncodingCount && encoding != REPLACEMENT &&
         encoding != UTF_16BE && encoding != UTF_16LE;
}

namespace {

EncodeResult encode(int encoding, EncoderState& state, const EncodeCall& call) {
  int family = family_of(encoding);
  if (family >= 0 && !family_loaded(family)) return {kError, 0, 0, 0};
  if (encoding >= kSingleByteFirst && encoding < kSingleByteFirst + kSingleByteCount)
    return encode_single_byte(encoding - kSingleByteFirst, state, call);
  switch (encoding) {
    case UTF_8:
      return encode_utf8(state, call);
    case X_USER_DEFINED:
      return encode_x_user_defined(state, call);
    default:
      return {kError, 0, 0, 0};
  }
}

}  // namespace

EncodeResult encode_from_utf8(int encoding, uint32_t options, EncoderState& state, const uint8_t* in,
                              size_t length, uint8_t* out, size_t out_capacity) {
  return encode(encoding, state, EncodeCall{in, nullptr, length, out, out_capacity, options});
}

EncodeResult encode_from_utf16(int encoding, uint32_t options, EncoderState& state,
                               const char16_t* in, size_t length, uint8_t* out, size_t out_capacity) {
  return encode(encoding, state, EncodeCall{nullptr, in, length, out, out_capacity, options});
}

}  // namespace ew
