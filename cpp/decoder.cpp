// Dispatch from an Encoding to its family's decoder and encoder. An encoding whose family is not
// linked into this module (families.h), or whose tables are not loaded, is an error status.
#include "families.h"
#include "tables.h"

namespace ew {

// Weak here too: the core module has no tables at all.
[[gnu::weak]] bool family_loaded(int family);

namespace {

constexpr DecodeResult kNotHere{kError, 0, 0, 0};
constexpr EncodeResult kCannotEncode{kError, 0, 0, 0};

bool tables_ready(int encoding) {
  int family = family_of(encoding);
  return family < 0 || (family_loaded && family_loaded(family));
}

bool is_single_byte(int encoding) {
  return encoding >= kSingleByteFirst && encoding < kSingleByteFirst + kSingleByteCount;
}

// Calls a weak entry point when it is linked in.
template <class Result, class Fn, class... Args>
Result call_if_linked(Fn* fn, Result missing, Args&&... args) {
  return fn ? fn(static_cast<Args&&>(args)...) : missing;
}

}  // namespace

int family_of(int encoding) {
  switch (encoding) {
    case GBK:
    case GB18030:
      return kChineseSimplified;
    case BIG5:
      return kChineseTraditional;
    case EUC_JP:
    case ISO_2022_JP:
    case SHIFT_JIS:
      return kJapanese;
    case EUC_KR:
      return kKorean;
    default:
      return -1;
  }
}

DecodeResult decode_to_utf16(int encoding, uint32_t options, DecoderState& state, const uint8_t* in,
                             size_t length, char16_t* out, size_t out_capacity) {
  DecodeCall call{in, length, out, out_capacity, options, false};
  if (!tables_ready(encoding)) return kNotHere;
  if (is_single_byte(encoding))
    return call_if_linked(decode_single_byte, kNotHere, encoding - kSingleByteFirst, state, call);
  switch (encoding) {
    case UTF_8:
      call.bom_encoding = true;
      return call_if_linked(decode_utf8, kNotHere, state, call);
    case UTF_16BE:
    case UTF_16LE:
      call.bom_encoding = true;
      return call_if_linked(decode_utf16, kNotHere, encoding == UTF_16BE, state, call);
    case X_USER_DEFINED:
      return call_if_linked(decode_x_user_defined, kNotHere, state, call);
    case REPLACEMENT:
      return call_if_linked(decode_replacement, kNotHere, state, call);
    case GBK:
    case GB18030:
      return call_if_linked(decode_gb18030, kNotHere, state, call);
    case BIG5:
      return call_if_linked(decode_big5, kNotHere, state, call);
    case EUC_JP:
      return call_if_linked(decode_euc_jp, kNotHere, state, call);
    case ISO_2022_JP:
      return call_if_linked(decode_iso_2022_jp, kNotHere, state, call);
    case SHIFT_JIS:
      return call_if_linked(decode_shift_jis, kNotHere, state, call);
    case EUC_KR:
      return call_if_linked(decode_euc_kr, kNotHere, state, call);
    default:
      return kNotHere;
  }
}

bool has_encoder(int encoding) {
  return encoding >= 0 && encoding < kEncodingCount && encoding != REPLACEMENT && encoding != UTF_16BE &&
         encoding != UTF_16LE;
}

namespace {

EncodeResult encode(int encoding, EncoderState& state, const EncodeCall& call) {
  if (!tables_ready(encoding)) return kCannotEncode;
  if (is_single_byte(encoding))
    return call_if_linked(encode_single_byte, kCannotEncode, encoding - kSingleByteFirst, state, call);
  switch (encoding) {
    case UTF_8:
      return call_if_linked(encode_utf8, kCannotEncode, state, call);
    case X_USER_DEFINED:
      return call_if_linked(encode_x_user_defined, kCannotEncode, state, call);
    case GBK:
    case GB18030:
      return call_if_linked(encode_gb18030, kCannotEncode, encoding == GBK, state, call);
    case BIG5:
      return call_if_linked(encode_big5, kCannotEncode, state, call);
    case EUC_JP:
      return call_if_linked(encode_euc_jp, kCannotEncode, state, call);
    case ISO_2022_JP:
      return call_if_linked(encode_iso_2022_jp, kCannotEncode, state, call);
    case SHIFT_JIS:
      return call_if_linked(encode_shift_jis, kCannotEncode, state, call);
    case EUC_KR:
      return call_if_linked(encode_euc_kr, kCannotEncode, state, call);
    default:
      return kCannotEncode;
  }
}

}  // namespace

EncodeResult encode_from_utf8(int encoding, uint32_t options, EncoderState& state, const uint8_t* in,
                              size_t length, uint8_t* out, size_t out_capacity) {
  return encode(encoding, state, EncodeCall{in, nullptr, length, out, out_capacity, options});
}

EncodeResult encode_from_utf16(int encoding, uint32_t options, EncoderState& state, const char16_t* in,
                               size_t length, uint8_t* out, size_t out_capacity) {
  return encode(encoding, state, EncodeCall{nullptr, in, length, out, out_capacity, options});
}

}  // namespace ew
