// https://encoding.spec.whatwg.org/#replacement
#include "generated/codecs.h"

namespace ew {
namespace {

// https://encoding.spec.whatwg.org/#replacement-decoder
// The spec's decoder returns "finished" after its one error, ending the queue; in a stream the same
// output comes from ignoring every later byte.
struct ReplacementDecoder {
  struct State {
    uint8_t error_returned;  // replacement error returned (0 false, 1 true)
  };

  size_t held(const State&) const { return 0; }
  size_t fast(State& st, const uint8_t*, size_t n, Utf16Writer&) { return st.error_returned ? n : 0; }
  Step byte(State& st, uint8_t, Utf16Writer&, Restored&) {
    if (st.error_returned) return kContinue;
    st.error_returned = 1;
    return kStepError;
  }
  Step end(State&, Restored&) { return kContinue; }
};

}  // namespace

DecodeResult decode_replacement(DecoderState& st, const DecodeCall& call) {
  return run_decoder(ReplacementDecoder{}, st, call);
}

}  // namespace ew
