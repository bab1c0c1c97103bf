// https://encoding.spec.whatwg.org/#x-user-defined
#include "generated/codecs.h"

namespace ew {
namespace {

// https://encoding.spec.whatwg.org/#x-user-defined-decoder
struct XUserDefinedDecoder {
  using State = NoState;

  // Every byte decodes: 2. ASCII as itself; 3. 0x80..0xFF to U+F780..U+F7FF.
  static char16_t code_point(uint8_t b) { return b < 0x80 ? b : static_cast<char16_t>(0xF780 + b - 0x80); }
  size_t fast(State&, const uint8_t* in, size_t n, Utf16Writer& w) {
    for (size_t i = 0; i < n; ++i) w.p[i] = code_point(in[i]);
    w.p += n;
    return n;
  }
  Step byte(State&, uint8_t b, Utf16Writer& w, Restored&) {
    *w.p++ = code_point(b);
    return kContinue;
  }
  Step end(State&, Restored&) { return kContinue; }
};

// https://encoding.spec.whatwg.org/#x-user-defined-encoder
struct XUserDefinedEncoder : StatelessEncoder {
  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
    } else if (cp >= 0xF780 && cp <= 0xF7FF) {
      w.push(static_cast<uint8_t>(cp - 0xF780 + 0x80));
    } else {
      return kStepError;
    }
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_x_user_defined(DecoderState& st, const DecodeCall& call) {
  return run_decoder(XUserDefinedDecoder{}, st, call);
}

EncodeResult encode_x_user_defined(EncoderState& st, const EncodeCall& call) {
  return run_encoder(XUserDefinedEncoder{}, st, call);
}

}  // namespace ew
