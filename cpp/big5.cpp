// https://encoding.spec.whatwg.org/#big5
#include "decode_pairs.h"
#include "generated/codecs.h"
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

// https://encoding.spec.whatwg.org/#index-big5-pointer as a two-level table built from the decode
// index on first use. dir[cp >> kPageBits] is 0 when no code point of that page has a pointer,
// else 1 + the page's number; a page holds 1 + the pointer for each of its code points, or 0.
constexpr uint32_t kFirstPointer = (0xA1 - 0x81) * 157;  // 1. entries below are excluded (HKSCS)
constexpr int kPageBits = 6;
constexpr uint32_t kPageSize = 1u << kPageBits;

// 2. These take the last pointer; every other code point the first one.
bool takes_last_pointer(uint32_t cp) {
  return cp == 0x2550 || cp == 0x255E || cp == 0x2561 || cp == 0x256A || cp == 0x5341 || cp == 0x5345;
}

struct PointerLookup {
  const uint16_t* dir = nullptr;
  const uint16_t* pages = nullptr;
  uint32_t dir_size = 0;  // pages of code points up to the largest one in the index
  bool built = false;     // tried to build (dir stays null if memory ran out)
};
PointerLookup g_lookup;

void build_lookup() {
  g_lookup.built = true;
  const uint32_t* index = index_big5();
  uint32_t max = 0;
  for (uint32_t p = kFirstPointer; p < kIndexSize; ++p)
    if (index[p] > max) max = index[p];
  uint32_t dir_size = (max >> kPageBits) + 1;  // 3043 entries for U+2F8A6
  auto* dir = static_cast<uint16_t*>(table_alloc(dir_size * sizeof(uint16_t)));
  if (!dir) return;
  for (uint32_t p = kFirstPointer; p < kIndexSize; ++p)
    if (index[p]) dir[index[p] >> kPageBits] = 1;
  uint32_t count = 0;
  for (uint32_t k = 0; k < dir_size; ++k)
    if (dir[k]) dir[k] = static_cast<uint16_t>(++count);
  auto* pages = static_cast<uint16_t*>(table_alloc(count * kPageSize * sizeof(uint16_t)));
  if (!pages) return;  // dir stays unpublished: the encoder falls back to searching the index
  // Walking upwards, the first pointer stays unless the code point takes the last one.
  for (uint32_t p = kFirstPointer; p < kIndexSize; ++p) {
    uint32_t cp = index[p];
    if (!cp) continue;
    uint16_t& slot = pages[(dir[cp >> kPageBits] - 1) * kPageSize + (cp & (kPageSize - 1))];
    if (!slot || takes_last_pointer(cp)) slot = static_cast<uint16_t>(p + 1);
  }
  g_lookup.dir = dir;
  g_lookup.pages = pages;
  g_lookup.dir_size = dir_size;
}

// The index Big5 pointer for cp, or -1 for null.
int32_t index_big5_pointer(uint32_t cp) {
  if (g_lookup.dir) {
    if ((cp >> kPageBits) >= g_lookup.dir_size) return -1;
    uint16_t page = g_lookup.dir[cp >> kPageBits];
    if (!page) return -1;
    return static_cast<int32_t>(g_lookup.pages[(page - 1) * kPageSize + (cp & (kPageSize - 1))]) - 1;
  }
  // Out of memory for the lookup table: the same answer, slowly.
  const uint32_t* index = index_big5();
  if (takes_last_pointer(cp)) {
    for (uint32_t p = kIndexSize; p-- > kFirstPointer;)
      if (index[p] == cp) return static_cast<int32_t>(p);
    return -1;
  }
  for (uint32_t p = kFirstPointer; p < kIndexSize; ++p)
    if (index[p] == cp) return static_cast<int32_t>(p);
  return -1;
}

// https://encoding.spec.whatwg.org/#big5-encoder
struct Big5Encoder : StatelessEncoder {
  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    // 2.
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3.-4.
    int32_t pointer = index_big5_pointer(cp);
    if (pointer < 0) return kStepError;
    // 5.-8.
    uint32_t trailing = pointer % 157;
    w.push(static_cast<uint8_t>(pointer / 157 + 0x81));
    w.push(static_cast<uint8_t>(trailing + (trailing < 0x3F ? 0x40 : 0x62)));
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_big5(DecoderState& st, const DecodeCall& call) {
  return run_decoder(Big5Decoder{.index = index_big5()}, st, call);
}

EncodeResult encode_big5(EncoderState& st, const EncodeCall& call) {
  if (!g_lookup.built) build_lookup();
  return run_encoder(Big5Encoder{}, st, call);
}

}  // namespace ew
