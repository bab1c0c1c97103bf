// https://encoding.spec.whatwg.org/#euc-kr
#include "decode_pairs.h"
#include "generated/codecs.h"
#include "in_range.h"
#include "index_pointer.h"
#include "tables.h"

namespace ew {
namespace {

constexpr uint32_t kEucKrCount = generated::kIndexEucKr.count;

// fast() reads the index without a bounds check up to leading byte 0xFD.
static_assert((0xFD - 0x81) * 190 + (0xFE - 0x41) < kEucKrCount);
static_assert((0xFE - 0x81) * 190 >= kEucKrCount);

// https://encoding.spec.whatwg.org/#euc-kr-decoder
// State (OneLeadingByte): EUC-KR leading.
struct EucKrDecoder : OneLeadingByte {
  const uint16_t* index;

  // 3.4.-3.5. The code point for a leading byte (0x81..0xFE) and a byte, 0 for null. Pointers can
  // run past the end of the index (up to 125 * 190 + 189 = 23939).
  uint16_t code_point(uint8_t leading, uint8_t b) const {
    if (!in_range(b, 0x41, 0xFE)) return 0;
    uint32_t pointer = (leading - 0x81) * 190 + (b - 0x41);
    return pointer < kEucKrCount ? index[pointer] : 0;
  }

  // While no leading byte is held: ASCII runs and whole pairs with a code point (decode_pairs).
  // Leading byte 0xFE is left to byte(): its pointers (23750 and up) are all past the end of the
  // index, and without it every pointer here is inside, so there is no bounds check.
  // Measured on 4 KiB calls of ko.euc-kr.bin (node 20, wasm only, best of 100 in one process):
  // 7.1 us per call with one pair per turn of a single loop, 4.2 us with the pair loop (which,
  // without the lone ASCII byte, was hardly faster than the single loop: about 6%).
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.leading) return 0;
    return decode_pairs(
        in, n, w, index, [](uint8_t b) { return in_range(b, 0x81, 0xFD); },
        [](uint8_t b) { return in_range(b, 0x41, 0xFE); },
        [](uint8_t leading, uint8_t b) { return (leading - 0x81) * 190 + (b - 0x41); });
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored&) {
    // 3. A leading byte is held.
    if (st.leading) {
      const uint8_t leading = st.leading;
      st.leading = 0;
      // 3.6.-3.8.
      return pair_result(code_point(leading, b), b, w);
    }
    // 4. ASCII byte.
    if (b < 0x80) {
      *w.p++ = b;
      return kContinue;
    }
    // 5. Leading bytes.
    if (in_range(b, 0x81, 0xFE)) {
      st.leading = b;
      return kContinue;
    }
    // 6. 0x80, 0xFF.
    return kStepError;
  }

  // end(): OneLeadingByte.
};

// https://encoding.spec.whatwg.org/#index-pointer for index EUC-KR as the bytes of steps 5.-7.
// (pointer / 190 + 0x81, pointer % 190 + 0x41), built on first use of the encoder.
PointerBytesTable<uint16_t> g_pointers;

// https://encoding.spec.whatwg.org/#euc-kr-encoder (stateless): steps 2. and 3.-7. as
// PointerPairEncoder takes them.
using EucKrEncoder = PointerPairEncoder<g_pointers>;

}  // namespace

DecodeResult decode_euc_kr(DecoderState& st, const DecodeCall& call) {
  return run_decoder(EucKrDecoder{.index = index_euc_kr()}, st, call);
}

EncodeResult encode_euc_kr(EncoderState& st, const EncodeCall& call) {
  if (!g_pointers.built()) {
    g_pointers.build(index_euc_kr(), kEucKrCount,
                     {.bytes = [](uint32_t p) { return (p / 190 + 0x81) << 8 | (p % 190 + 0x41); }});
  }
  return run_encoder(EucKrEncoder{}, st, call);
}

}  // namespace ew
