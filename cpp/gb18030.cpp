// https://encoding.spec.whatwg.org/#gb18030 and https://encoding.spec.whatwg.org/#gbk
// GBK's decoder is gb18030's decoder; GBK's encoder is gb18030's encoder with "is GBK" set.
#include "families.h"
#include "tables.h"

namespace ew {
namespace {

constexpr uint32_t kIndexSize = 23940;  // pointers 0 .. (0xFE - 0x81) * 190 + 189
constexpr uint32_t kRangesSize = 207;

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point
// Returns 0 for null (no four-byte pointer maps to U+0000).
uint32_t ranges_code_point(uint32_t pointer) {
  // 1. Pointers between the BMP part and the supplementary planes, and beyond U+10FFFF, are null.
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return 0;
  // 2. The GB18030-2005 change.
  if (pointer == 7457) return 0xE7C7;
  // 3. offset = the last pointer in the ranges that is <= pointer (the first pointer is 0).
  const uint32_t* pointers = index_gb18030_ranges_pointer();
  uint32_t lo = 0, hi = kRangesSize;  // invariant: pointers[lo] <= pointer < pointers[hi]
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (pointers[mid] <= pointer) lo = mid; else hi = mid;
  }
  // 4. codePointOffset + pointer - offset.
  return index_gb18030_ranges_code_point()[lo] + pointer - pointers[lo];
}

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
// `code_point` is at least U+0080 (the first code point in the ranges).
uint32_t ranges_pointer(uint32_t code_point) {
  // 1. The GB18030-2005 change.
  if (code_point == 0xE7C7) return 7457;
  // 2. offset = the last code point in the ranges that is <= code point.
  const uint32_t* code_points = index_gb18030_ranges_code_point();
  uint32_t lo = 0, hi = kRangesSize;  // invariant: code_points[lo] <= code_point < code_points[hi]
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (code_points[mid] <= code_point) lo = mid; else hi = mid;
  }
  // 3. pointerOffset + code point - offset.
  return index_gb18030_ranges_pointer()[lo] + code_point - code_points[lo];
}

// The two-byte pointer for a leading byte (0x81..0xFE) and a trailing byte, or -1 for null.
// Steps 5.5-5.6 of the decoder: offset 0x40 below 0x7F, 0x41 from 0x80 (0x7F is never a trail).
inline int32_t two_byte_pointer(uint8_t leading, uint8_t byte) {
  if ((byte >= 0x40 && byte <= 0x7E) || (byte >= 0x80 && byte <= 0xFE))
    return (leading - 0x81) * 190 + (byte - (byte < 0x7F ? 0x40 : 0x41));
  return -1;
}

// https://encoding.spec.whatwg.org/#gb18030-decoder
// State: b0 = gb18030 first, b1 = gb18030 second, b2 = gb18030 third (0x00 when unset, as in the
// spec; none of them can hold 0x00 otherwise). `word` is unused and stays 0.
struct Gb18030Decoder {
  const uint16_t* index;

  // While nothing is pending: ASCII runs, 0x80, and well-formed two-byte sequences straight from the
  // input (one code unit for two bytes: index gb18030 is all BMP), in a loop of their own that also
  // takes a lone ASCII byte between two of them. Four-byte sequences, errors and a leading byte cut
  // by the end of the chunk go to byte().
  // Measured on 4 KiB calls of zh.gbk.bin (node 20, wasm only, best of 100 in one process): 5.3 us
  // per call with one sequence per turn of a single loop, 3.8 us with the pair loop.
  size_t fast(DecoderState& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.b0) return 0;  // second and third are only set while first is
    const uint8_t* p = in;
    const uint8_t* const end = in + n;
    char16_t* out = w.p;
    while (p != end) {
      const uint8_t b = *p;
      if (b < 0x80) {
        size_t k = ascii_to_utf16(p, static_cast<size_t>(end - p), out);
        p += k;
        out += k;
        continue;
      }
      if (b == 0x80) {
        *out++ = 0x20AC;
        ++p;
        continue;
      }
      if (b == 0xFF || end - p < 2 || two_byte_pointer(b, p[1]) < 0) break;
      for (;;) {
        int32_t pointer;
        if (p[0] >= 0x81 && p[0] != 0xFF && (pointer = two_byte_pointer(p[0], p[1])) >= 0) {
          const uint16_t cp = index[pointer];
          if (!cp) goto done;
          *out++ = cp;
          p += 2;
        } else if (p[0] < 0x80 && p[1] >= 0x80) {
          *out++ = p[0];
          ++p;
        } else {
          break;
        }
        if (end - p < 2) goto done;
      }
    }
  done:
    w.p = out;
    return static_cast<size_t>(p - in);
  }

  Step byte(DecoderState& st, uint8_t b, Utf16Writer& w, Restored& restored) {
    // 3. If gb18030 third is not 0x00:
    if (st.b2) {
      // 3.1. Not a digit: restore « second, third, byte », reset, error.
      if (b < 0x30 || b > 0x39) {
        restored.bytes[0] = st.b1;
        restored.bytes[1] = st.b2;
        restored.count = 2;
        st = DecoderState{0, 0, 0, 0, st.flags};
        return kStepErrorAgain;
      }
      // 3.2. The four-byte pointer and its code point.
      uint32_t pointer = (st.b0 - 0x81) * (10 * 126 * 10) + (st.b1 - 0x30) * (10 * 126) +
                         (st.b2 - 0x81) * 10 + (b - 0x30);
      uint32_t cp = ranges_code_point(pointer);
      // 3.3. Reset; 3.4. a null code point is one error for all four bytes (e.g. 84 31 A5 30).
      st = DecoderState{0, 0, 0, 0, st.flags};
      if (!cp) return kStepError;
      // 3.5.
      w.push(cp);
      return kContinue;
    }
    // 4. If gb18030 second is not 0x00:
    if (st.b1) {
      // 4.1.
      if (b >= 0x81 && b <= 0xFE) {
        st.b2 = b;
        return kContinue;
      }
      // 4.2. Restore « second, byte », reset first and second, error.
      restored.bytes[0] = st.b1;
      restored.count = 1;
      st = DecoderState{0, 0, 0, 0, st.flags};
      return kStepErrorAgain;
    }
    // 5. If gb18030 first is not 0x00:
    if (st.b0) {
      // 5.1.
      if (b >= 0x30 && b <= 0x39) {
        st.b1 = b;
        return kContinue;
      }
      // 5.2.-5.7.
      uint8_t leading = st.b0;
      st.b0 = 0;
      int32_t pointer = two_byte_pointer(leading, b);
      uint16_t cp = pointer < 0 ? 0 : index[pointer];
      // 5.8.
      if (cp) {
        *w.p++ = cp;
        return kContinue;
      }
      // 5.9.-5.10. An ASCII byte after a bad leading byte is not swallowed.
      return b < 0x80 ? kStepErrorAgain : kStepError;
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
      st.b0 = b;
      return kContinue;
    }
    // 9.
    return kStepError;
  }

  // 1.-2. Anything pending at end-of-queue is one error (which may "mask" one ASCII digit).
  Step end(DecoderState& st, Restored&) {
    if (!st.b0 && !st.b1 && !st.b2) return kContinue;
    st = DecoderState{0, 0, 0, 0, st.flags};
    return kStepError;
  }
};

// The encoder's "index pointer" lookup for index gb18030: a two-level table built from the decode
// index on first use. dir[cp >> kPageBits] is 0 when no code point of that page is in the index,
// else 1 + the page's number; a page holds 1 + the first pointer for each of its code points, or 0.
// Every code point of index gb18030 is in the BMP.
constexpr int kPageBits = 6;
constexpr uint32_t kPageSize = 1u << kPageBits;
constexpr uint32_t kDirSize = 0x10000 >> kPageBits;

struct PointerLookup {
  const uint16_t* dir = nullptr;
  const uint16_t* pages = nullptr;
  bool built = false;  // tried to build (dir stays null if memory ran out)
};
PointerLookup g_lookup;

void build_lookup() {
  g_lookup.built = true;
  const uint16_t* index = index_gb18030();
  auto* dir = static_cast<uint16_t*>(table_alloc(kDirSize * sizeof(uint16_t)));
  if (!dir) return;
  // Number the pages that have code points in ascending order.
  for (uint32_t p = 0; p < kIndexSize; ++p)
    if (index[p]) dir[index[p] >> kPageBits] = 1;
  uint32_t count = 0;
  for (uint32_t k = 0; k < kDirSize; ++k)
    if (dir[k]) dir[k] = static_cast<uint16_t>(++count);
  auto* pages = static_cast<uint16_t*>(table_alloc(count * kPageSize * sizeof(uint16_t)));
  if (!pages) return;  // dir stays unpublished: the encoder falls back to searching the index
  // "index pointer" is the first pointer: walk upwards and keep what is already there.
  for (uint32_t p = 0; p < kIndexSize; ++p) {
    uint16_t cp = index[p];
    if (!cp) continue;
    uint16_t& slot = pages[(dir[cp >> kPageBits] - 1) * kPageSize + (cp & (kPageSize - 1))];
    if (!slot) slot = static_cast<uint16_t>(p + 1);
  }
  g_lookup.dir = dir;
  g_lookup.pages = pages;
}

// https://encoding.spec.whatwg.org/#index-pointer for index gb18030; -1 for null.
int32_t index_pointer(uint32_t cp) {
  if (cp > 0xFFFF) return -1;
  if (g_lookup.dir) {
    uint16_t page = g_lookup.dir[cp >> kPageBits];
    if (!page) return -1;
    return static_cast<int32_t>(g_lookup.pages[(page - 1) * kPageSize + (cp & (kPageSize - 1))]) - 1;
  }
  // Out of memory for the lookup table: the same answer, slowly.
  const uint16_t* index = index_gb18030();
  for (uint32_t p = 0; p < kIndexSize; ++p)
    if (index[p] == cp) return static_cast<int32_t>(p);
  return -1;
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
struct Gb18030Encoder {
  bool gbk;  // is GBK

  bool ascii_passes(const EncoderState&) const { return true; }

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
    int32_t pointer = index_pointer(cp);
    if (pointer >= 0) {
      uint32_t trailing = pointer % 190;
      w.push(static_cast<uint8_t>(pointer / 190 + 0x81));
      w.push(static_cast<uint8_t>(trailing + (trailing < 0x3F ? 0x40 : 0x41)));
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

  void end(EncoderState&, ByteWriter&) {}
};

}  // namespace

DecodeResult decode_gb18030(DecoderState& st, const DecodeCall& call) {
  Gb18030Decoder codec{index_gb18030()};
  return run_decoder(codec, st, call);
}

EncodeResult encode_gb18030(bool gbk, EncoderState& st, const EncodeCall& call) {
  if (!g_lookup.built) build_lookup();
  Gb18030Encoder codec{gbk};
  return run_encoder(codec, st, call);
}

}  // namespace ew
