// https://encoding.spec.whatwg.org/#big5
#include "decode_pairs.h"
#include "generated/codecs.h"
#include "index_pointer.h"
#include "tables.h"

namespace ew {
namespace {

constexpr uint32_t kIndexSize = generated::kIndexBig5.count;  // pointers 0 .. (0xFE - 0x81) * 157 + 156

// Steps 3.4.-3.5. of the decoder: the trailing bytes, and the pointer of a leading byte (0x81..0xFE)
// and a trailing byte.
constexpr auto is_trailing = is_two_range_trailing<0xA1>;
constexpr auto big5_pointer = two_range_pointer<157, 0xA1>;

// https://encoding.spec.whatwg.org/#big5-decoder
// State (OneLeadingByte): Big5 leading.
struct Big5Decoder : OneLeadingByte {
  const uint32_t* index;

  // While no leading byte is pending: ASCII runs and well-formed pairs whose pointer is in the
  // index (decode_pairs; at most two code units for two bytes). Anything else, including the four
  // pointers that decode to two code points (null in the index), goes to byte().
  // Measured on 4 KiB calls of zh-hant.big5.bin (node 20, wasm only, best of 100 in one process):
  // 5.4 us per call with one pair per turn of a single loop, 4.0 us with the pair loop.
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.leading) return 0;
    auto is_leading = [](uint8_t b) { return b >= 0x81 && b != 0xFF; };
    return decode_pairs(in, n, w, index, is_leading, is_trailing, big5_pointer);  // pointers up to 19781
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored&) {
    // 3. If Big5 leading is not 0x00:
    if (st.leading) {
      // 3.1.-3.5.
      uint8_t leading = st.leading;
      st.leading = 0;
      int32_t pointer = is_trailing(b) ? static_cast<int32_t>(big5_pointer(leading, b)) : -1;
      // 3.6. Pointers that decode to two code points.
      switch (pointer) {
        case 1133:
          *w.p++ = 0x00CA;
          *w.p++ = 0x0304;
          return kContinue;
        case 1135:
          *w.p++ = 0x00CA;
          *w.p++ = 0x030C;
          return kContinue;
        case 1164:
          *w.p++ = 0x00EA;
          *w.p++ = 0x0304;
          return kContinue;
        case 1166:
          *w.p++ = 0x00EA;
          *w.p++ = 0x030C;
          return kContinue;
        default:
          break;
      }
      // 3.7.-3.10. The code point, or error (an ASCII byte after a bad leading byte is restored).
      return pair_result(pointer < 0 ? 0 : index[pointer], b, w);
    }
    // 4.
    if (b < 0x80) {
      *w.p++ = b;
      return kContinue;
    }
    // 5.
    if (b >= 0x81 && b <= 0xFE) {
      st.leading = b;
      return kContinue;
    }
    // 6. 0x80 and 0xFF.
    return kStepError;
  }

  // end(): OneLeadingByte.
};

// https://encoding.spec.whatwg.org/#index-big5-pointer as the encoder's lookup (index_pointer.h),
// built on its first use: the bytes of steps 5.-8. for each code point.
constexpr uint32_t kFirstPointer = (0xA1 - 0x81) * 157;  // 1. entries below are excluded (HKSCS)

// 2. These take the last pointer; every other code point the first one.
bool takes_last_pointer(uint32_t cp) {
  return cp == 0x2550 || cp == 0x255E || cp == 0x2561 || cp == 0x256A || cp == 0x5341 || cp == 0x5345;
}

// 5.-8. pointer / 157 + 0x81, then pointer % 157 + 0x40 (or 0x62 from 0x3F on).
uint32_t big5_bytes(uint32_t pointer) {
  uint32_t trailing = pointer % 157;
  return (pointer / 157 + 0x81) << 8 | (trailing + (trailing < 0x3F ? 0x40 : 0x62));
}

PointerBytesTable<uint32_t> g_pointers;

// https://encoding.spec.whatwg.org/#big5-encoder: steps 2. and 3.-8. as PointerPairEncoder takes them.
using Big5Encoder = PointerPairEncoder<g_pointers>;

}  // namespace

DecodeResult decode_big5(DecoderState& st, const DecodeCall& call) {
  return run_decoder(Big5Decoder{.index = index_big5()}, st, call);
}

EncodeResult encode_big5(EncoderState& st, const EncodeCall& call) {
  if (!g_pointers.built()) {
    g_pointers.build(index_big5(), kIndexSize,
                     {.first = kFirstPointer, .takes_last = takes_last_pointer, .bytes = big5_bytes});
  }
  return run_encoder(Big5Encoder{}, st, call);
}

}  // namespace ew
