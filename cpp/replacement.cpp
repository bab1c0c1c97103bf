// https://encoding.spec.whatwg.org/#replacement
#include "generated/codecs.h"

namespace ew {
namespace {

// https://encoding.spec.whatwg.org/#replacement-decoder
// State: b0 = replacement error returned. The spec's decoder returns "finished" after its one
// error, ending the queue; in a stream the same output comes from ignoring every later byte.
struct ReplacementDecoder {
  size_t fast(DecoderState& st, const uint8_t*, size_t n, Utf16Writer&) { return st.b0 ? n : 0; }
  Step byte(DecoderState& st, uint8_t, Utf16Writer&, Restored&) {
    if (st.b0) return kContinue;
    st.b0 = 1;
    return kStepError;
  }
  Step end(DecoderState&, Restored&) { return kContinue; }
};

}  // namespace

DecodeResult decode_replacement(DecoderState& st, const DecodeCall& call) {
  return run_decoder(ReplacementDecoder{}, st, call);
}

}  // namespace ew
