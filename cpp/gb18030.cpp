// https://encoding.spec.whatwg.org/#gb18030 and https://encoding.spec.whatwg.org/#gbk
// GBK's decoder is gb18030's decoder; GBK's encoder is gb18030's encoder with "is GBK" set.
#include "decode_pairs.h"
#include "generated/codecs.h"
#include "index_pointer.h"
#include "tables.h"

namespace ew {
namespace {

constexpr uint32_t kIndexSize = generated::kIndexGb18030.count;  // pointers 0 .. (0xFE - 0x81) * 190 + 189
constexpr uint32_t kRangesSize = generated::kIndexGb18030RangesPointer.count;

// The position of the last entry <= key in one column of index gb18030 ranges (`column`: its
// pointers or its code points, both ascending; key is at least the column's first entry).
uint32_t last_entry_at_or_below(const uint32_t* column, uint32_t key) {
  uint32_t lo = 0, hi = kRangesSize;  // invariant: column[lo] <= key < column[hi]
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (column[mid] <= key)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point
// Returns 0 for null (no four-byte pointer maps to U+0000).
uint32_t ranges_code_point(uint32_t pointer) {
  // 1. Pointers between the BMP part and the supplementary planes, and beyond U+10FFFF, are null.
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return 0;
  // 2. The GB18030-2005 change.
  if (pointer == 7457) return 0xE7C7;
  // 3. offset = the last pointer in the ranges that is <= pointer (the first pointer is 0).
  const uint32_t* pointers = index_gb18030_ranges_pointer();
  const uint32_t k = last_entry_at_or_below(pointers, pointer);
  // 4. codePointOffset + pointer - offset.
  return index_gb18030_ranges_code_point()[k] + pointer - pointers[k];
}

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
// `code_point` is at least U+0080 (the first code point in the ranges).
uint32_t ranges_pointer(uint32_t code_point) {
  // 1. The GB18030-2005 change.
  if (code_point == 0xE7C7) return 7457;
  // 2. offset = the last code point in the ranges that is <= code point.
  const uint32_t* code_points = index_gb18030_ranges_code_point();
  const uint32_t k = last_entry_at_or_below(code_points, code_point);
  // 3. pointerOffset + code point - offset.
  return index_gb18030_ranges_pointer()[k] + code_point - code_points[k];
}

// Steps 5.5.-5.6. of the decoder: the trailing bytes (0x7F is never one), and the two-byte pointer
// of a leading byte (0x81..0xFE) and a trailing byte.
constexpr auto is_trailing = is_two_range_trailing<0x80>;
constexpr auto two_byte_pointer = two_range_pointer<190, 0x80>;

// https://encoding.spec.whatwg.org/#gb18030-decoder
struct Gb18030Decoder {
  // 0x00 when unset, as in the spec; none of them can hold 0x00 otherwise.
  struct State {
    uint8_t first, second, third;  // gb18030 first, second, third
  };

  const uint16_t* index;

  size_t held(const State& st) const { return (st.first != 0) + (st.second != 0) + (st.third != 0); }

  // While nothing is pending: ASCII runs, 0x80, and well-formed two-byte sequences straight from the
  // input (decode_pairs; one code unit for two bytes: index gb18030 is all BMP). Four-byte
  // sequences, errors and a leading byte cut by the end of the chunk go to byte().
  // Measured on 4 KiB calls of zh.gbk.bin (node 20, wasm only, best of 100 in one process): 5.3 us
  // per call with one sequence per turn of a single loop, 3.8 us with the pair loop.
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.first) return 0;  // second and third are only set while first is
    auto is_leading = [](uint8_t b) { return b >= 0x81 && b != 0xFF; };
    auto single = [](const uint8_t* p, size_t, char16_t*& out) -> size_t {
      if (p[0] != 0x80) return 0;
      *out++ = 0x20AC;  // 7.
      return 1;
    };
    return decode_pairs(in, n, w, index, is_leading, is_trailing, two_byte_pointer,
                        single);  // pointers up to 23939
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored& restored) {
    // 3. If gb18030 third is not 0x00:
    if (st.third) {
      // 3.1. Not a digit: restore « second, third, byte », reset, error.
      if (b < 0x30 || b > 0x39) {
        restored.bytes[0] = st.second;
        restored.bytes[1] = st.third;
        restored.count = 2;
        st = {};
        return kStepErrorAgain;
      }
      // 3.2. The four-byte pointer and its code point.
      uint32_t pointer = (st.first - 0x81) * (10 * 126 * 10) + (st.second - 0x30) * (10 * 126) +
                         (st.third - 0x81) * 10 + (b - 0x30);
      uint32_t cp = ranges_code_point(pointer);
      // 3.3. Reset; 3.4. a null code point is one error for all four bytes (e.g. 84 31 A5 30).
      st = {};
      if (!cp) return kStepError;
      // 3.5.
      w.push(cp);
      return kContinue;
    }
    // 4. If gb18030 second is not 0x00:
    if (st.second) {
      // 4.1.
      if (b >= 0x81 && b <= 0xFE) {
        st.third = b;
        return kContinue;
      }
      // 4.2. Restore « second, byte », reset first and second, error.
      restored.bytes[0] = st.second;
      restored.count = 1;
      st = {};
      return kStepErrorAgain;
    }
    // 5. If gb18030 first is not 0x00:
    if (st.first) {
      // 5.1.
      if (b >= 0x30 && b <= 0x39) {
        st.second = b;
        return kContinue;
      }
      // 5.2.-5.7.
      uint8_t leading = st.first;
      st.first = 0;
      // 5.8.-5.10. The code point, or error (an ASCII byte after a bad leading byte is restored).
      return pair_result(is_trailing(b) ? index[two_byte_pointer(leading, b)] : uint16_t{0}, b, w);
    }
    // 6.
    if (b < 0x80) {
      *w.p++ = b;
      return kContinue;
    }
    // 7.
    if (b == 0x80) {
      *w.p++ = 0x20AC;
      return kContinue;
    }
    // 8.
    if (b != 0xFF) {
      st.first = b;
      return kContinue;
    }
    // 9.
    return kStepError;
  }

  // 1.-2. Anything pending at end-of-queue is one error (which may "mask" one ASCII digit).
  Step end(State& st, Restored&) {
    if (!st.first && !st.second && !st.third) return kContinue;
    st = {};
    return kStepError;
  }
};

// https://encoding.spec.whatwg.org/#index-pointer for index gb18030 (all BMP) as the bytes of
// steps 7.1.-7.5. (pointer / 190 + 0x81, then pointer % 190 + 0x40, or 0x41 from 0x3F on), built
// on first use of the encoder. None of the code points of steps 3.-5. is in the index but U+20AC,
// which GBK takes at step 4 first.
PointerBytesTable<uint16_t> g_pointers;
uint32_t two_byte_bytes(uint32_t pointer) {
  uint32_t trailing = pointer % 190;
  return (pointer / 190 + 0x81) << 8 | (trailing + (trailing < 0x3F ? 0x40 : 0x41));
}

// Step 5 of the encoder: code points encoded through a side table (GB18030-2005 compatibility).
struct SideEntry {
  uint16_t code_point;
  uint8_t leading, trailing;
};
constexpr SideEntry kSideTable[] = {
    {0xE78D, 0xA6, 0xD9}, {0xE78E, 0xA6, 0xDA}, {0xE78F, 0xA6, 0xDB}, {0xE790, 0xA6, 0xDC},
    {0xE791, 0xA6, 0xDD}, {0xE792, 0xA6, 0xDE}, {0xE793, 0xA6, 0xDF}, {0xE794, 0xA6, 0xEC},
    {0xE795, 0xA6, 0xED}, {0xE796, 0xA6, 0xF3}, {0xE81E, 0xFE, 0x59}, {0xE826, 0xFE, 0x61},
    {0xE82B, 0xFE, 0x66}, {0xE82C, 0xFE, 0x67}, {0xE832, 0xFE, 0x6D}, {0xE843, 0xFE, 0x7E},
    {0xE854, 0xFE, 0x90}, {0xE864, 0xFE, 0xA0},
};

// https://encoding.spec.whatwg.org/#gb18030-encoder
struct Gb18030Encoder : StatelessEncoder {
  bool gbk;  // is GBK

  // The code points steps 2, 4 and 7 encode: ASCII, GBK's U+20AC, and those with a pointer.
  uint32_t bytes(const EncoderState&, uint32_t cp) const {
    if (cp < 0x80) return cp;
    if (gbk && cp == 0x20AC) return 0x80;
    return cp <= 0xFFFF ? g_pointers.bmp(cp) : 0;
  }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    // 2.
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3. 0xA3 0xA0 decodes to U+3000, so U+E5E5 cannot roundtrip.
    if (cp == 0xE5E5) return kStepError;
    // 4.
    if (gbk && cp == 0x20AC) {
      w.push(0x80);
      return kContinue;
    }
    // 5.
    if (cp >= 0xE78D && cp <= 0xE864) {
      for (const SideEntry& e : kSideTable) {
        if (e.code_point == cp) {
          w.push(e.leading);
          w.push(e.trailing);
          return kContinue;
        }
      }
    }
    // 6.-7. Two bytes for the first pointer of the code point in index gb18030.
    if (uint32_t pair = g_pointers.bytes(cp)) {
      w.push(static_cast<uint8_t>(pair >> 8));
      w.push(static_cast<uint8_t>(pair));
      return kContinue;
    }
    // 8.
    if (gbk) return kStepError;
    // 9.-15. Four bytes for the ranges pointer.
    uint32_t p = ranges_pointer(cp);
    w.push(static_cast<uint8_t>(p / (10 * 126 * 10) + 0x81));
    p %= 10 * 126 * 10;
    w.push(static_cast<uint8_t>(p / (10 * 126) + 0x30));
    p %= 10 * 126;
    w.push(static_cast<uint8_t>(p / 10 + 0x81));
    w.push(static_cast<uint8_t>(p % 10 + 0x30));
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_gb18030(DecoderState& st, const DecodeCall& call) {
  return run_decoder(Gb18030Decoder{index_gb18030()}, st, call);
}

EncodeResult encode_gb18030(bool gbk, EncoderState& st, const EncodeCall& call) {
  if (!g_pointers.built()) g_pointers.build(index_gb18030(), kIndexSize, {.bytes = two_byte_bytes});
  return run_encoder(Gb18030Encoder{.gbk = gbk}, st, call);
}

}  // namespace ew
