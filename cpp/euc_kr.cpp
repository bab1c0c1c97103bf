// https://encoding.spec.whatwg.org/#euc-kr
#include "families.h"
#include "index_pointer.h"
#include "tables.h"

namespace ew {
namespace {

constexpr uint32_t kEucKrCount = generated::kIndexEucKr.count;

constexpr bool in_range(uint32_t b, uint32_t lo, uint32_t hi) { return b >= lo && b <= hi; }

// fast() reads the index without a bounds check up to leading byte 0xFD.
static_assert((0xFD - 0x81) * 190 + (0xFE - 0x41) < kEucKrCount);
static_assert((0xFE - 0x81) * 190 >= kEucKrCount);

// https://encoding.spec.whatwg.org/#euc-kr-decoder
// State: b0 = EUC-KR leading (0x00 for none). word, b1 and b2 unused.
struct EucKrDecoder {
  const uint16_t* index;

  // 3.4.-3.5. The code point for a leading byte (0x81..0xFE) and a byte, 0 for null. Pointers can
  // run past the end of the index (up to 125 * 190 + 189 = 23939).
  uint32_t code_point(uint8_t leading, uint8_t b) const {
    if (!in_range(b, 0x41, 0xFE)) return 0;
    uint32_t pointer = (leading - 0x81) * 190 + (b - 0x41);
    return pointer < kEucKrCount ? index[pointer] : 0;
  }

  // While no leading byte is held: ASCII runs, then whole pairs with a code point, in a loop of
  // their own that also takes a lone ASCII byte between two of them (Korean text has a space
  // every three syllables or so). Leading byte 0xFE is left to byte(): its pointers (23750 and up)
  // are all past the end of the index, and without it every pointer here is inside, so there is
  // no bounds check.
  // Measured on 4 KiB calls of ko.euc-kr.bin (node 20, wasm only, best of 100 in one process):
  // 7.1 us per call with one pair per turn of a single loop, 4.2 us with the pair loop (which,
  // without the lone ASCII byte, was hardly faster than the single loop: about 6%).
  size_t fast(DecoderState& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.b0) return 0;
    const uint8_t* p = in;
    const uint8_t* const end = in + n;
    char16_t* out = w.p;
    while (p != end) {
      if (*p < 0x80) {
        size_t k = ascii_to_utf16(p, static_cast<size_t>(end - p), out);
        p += k;
        out += k;
        continue;
      }
      if (end - p < 2) break;
      for (;;) {
        if (in_range(p[0], 0x81, 0xFD) && in_range(p[1], 0x41, 0xFE)) {
          const uint16_t cp = index[(p[0] - 0x81) * 190 + (p[1] - 0x41)];
          if (!cp) goto done;
          *out++ = static_cast<char16_t>(cp);
          p += 2;
        } else if (p[0] < 0x80 && p[1] >= 0x80) {
          *out++ = p[0];
          p += 1;
        } else {
          break;
        }
        if (end - p < 2) goto done;
      }
      if (*p >= 0x80) break;
    }
  done:
    w.p = out;
    return static_cast<size_t>(p - in);
  }

  Step byte(DecoderState& st, uint8_t b, Utf16Writer& w, Restored&) {
    // 3. A leading byte is held.
    if (st.b0) {
      uint32_t cp = code_point(st.b0, b);
      st.b0 = 0;
      if (cp) {
        *w.p++ = static_cast<char16_t>(cp);
        return kContinue;
      }
      // 3.7.-3.8. An ASCII byte is restored (never swallowed); error.
      return b < 0x80 ? kStepErrorAgain : kStepError;
    }
    // 4. ASCII byte.
    if (b < 0x80) {
      *w.p++ = b;
      return kContinue;
    }
    // 5. Leading bytes.
    if (in_range(b, 0x81, 0xFE)) {
      st.b0 = b;
      return kContinue;
    }
    // 6. 0x80, 0xFF.
    return kStepError;
  }

  // 1. A leading byte at end-of-queue is an error. 2. finished.
  Step end(DecoderState& st, Restored&) {
    if (!st.b0) return kContinue;
    st.b0 = 0;
    return kStepError;
  }
};

// index EUC-KR pointer lookup, built on first use of the encoder.
IndexPointerTable g_pointers;

// https://encoding.spec.whatwg.org/#euc-kr-encoder (stateless)
struct EucKrEncoder {
  bool ascii_passes(const EncoderState&) const { return true; }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    // 2. ASCII code point.
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3.-4. The index pointer in index EUC-KR, or error with code point.
    uint32_t pointer = g_pointers.pointer(cp);
    if (pointer == kNullPointer) return kStepError;
    // 5.-7.
    w.push(static_cast<uint8_t>(pointer / 190 + 0x81));
    w.push(static_cast<uint8_t>(pointer % 190 + 0x41));
    return kContinue;
  }

  void end(EncoderState&, ByteWriter&) {}
};

}  // namespace

DecodeResult decode_euc_kr(DecoderState& st, const DecodeCall& call) {
  EucKrDecoder codec{index_euc_kr()};
  return run_decoder(codec, st, call);
}

EncodeResult encode_euc_kr(EncoderState& st, const EncodeCall& call) {
  if (!g_pointers.built()) g_pointers.build(index_euc_kr(), kEucKrCount);
  EucKrEncoder codec;
  return run_encoder(codec, st, call);
}

}  // namespace ew
