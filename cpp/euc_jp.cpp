// https://encoding.spec.whatwg.org/#euc-jp
#include "decode_pairs.h"
#include "generated/codecs.h"
#include "in_range.h"
#include "jis0208.h"

namespace ew {
namespace {

constexpr uint32_t kJis0212Count = generated::kIndexJis0212.count;

// Half-width katakana: 0x8E followed by 0xA1..0xDF is U+FF61..U+FF9F.
constexpr char16_t katakana(uint8_t b) { return static_cast<char16_t>(0xFF61 - 0xA1 + b); }

// https://encoding.spec.whatwg.org/#euc-jp-decoder
struct EucJpDecoder : OneLeadingByte {
  struct State {
    uint8_t jis0212;  // EUC-JP jis0212 (0 false, 1 true)
    uint8_t leading;  // EUC-JP leading (0x00 for none)
  };

  const uint16_t* jis0208;
  const uint16_t* jis0212;

  // 0x8F and a JIS X 0212 leading byte, or one leading byte.
  size_t held(const State& st) const { return st.leading ? 1u + st.jis0212 : 0u; }

  // While no leading byte is held: ASCII runs, whole jis0208 pairs with a code point
  // (decode_pairs), and 0x8E katakana. Everything else, including 0x8F, goes to byte().
  // Measured on 4 KiB calls of ja-udhr.euc-jp.bin (node 20, wasm only, best of 60 in one process):
  // 5.9 us per call with one sequence per turn of a single loop, 3.4 us with the pair loop.
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.leading) return 0;
    auto is_jis0208 = [](uint8_t b) { return in_range(b, 0xA1, 0xFE); };
    // At most 93 * 94 + 93 = 8835 < 11104.
    auto pointer = [](uint8_t leading, uint8_t b) { return (leading - 0xA1) * 94 + b - 0xA1; };
    auto single = [](const uint8_t* p, size_t left, char16_t*& out) -> size_t {
      if (left < 2 || p[0] != 0x8E || !in_range(p[1], 0xA1, 0xDF)) return 0;
      *out++ = katakana(p[1]);
      return 2;
    };
    return decode_pairs(in, n, w, jis0208, is_jis0208, is_jis0208, pointer, single);
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored&) {
    const uint8_t leading = st.leading;
    // 3. Leading 0x8E and byte 0xA1..0xDF: half-width katakana.
    if (leading == 0x8E && in_range(b, 0xA1, 0xDF)) {
      st.leading = 0;
      *w.p++ = katakana(b);
      return kContinue;
    }
    // 4. Leading 0x8F and byte 0xA1..0xFE: a JIS X 0212 sequence; byte becomes the leading byte.
    if (leading == 0x8F && in_range(b, 0xA1, 0xFE)) {
      st.jis0212 = 1;
      st.leading = b;
      return kContinue;
    }
    // 5. Any other byte after a leading byte.
    if (leading) {
      st.leading = 0;
      uint16_t cp = 0;  // both indexes are all BMP
      // 5.4. Both in 0xA1..0xFE: index jis0208, or index jis0212 after 0x8F. (A leading 0x8E or 0x8F
      //      is outside that range, so it ends here with a null code point.)
      if (in_range(leading, 0xA1, 0xFE) && in_range(b, 0xA1, 0xFE)) {
        uint32_t pointer = (leading - 0xA1) * 94 + b - 0xA1;
        cp = static_cast<uint16_t>(st.jis0212 ? (pointer < kJis0212Count ? jis0212[pointer] : 0)
                                              : jis0208_code_point(jis0208, pointer));
      }
      // 5.5. EUC-JP jis0212 is false again.
      st.jis0212 = 0;
      // 5.6.-5.8.
      return pair_result(cp, b, w);
    }
    // 6. ASCII byte.
    if (b < 0x80) {
      *w.p++ = b;
      return kContinue;
    }
    // 7. Leading bytes.
    if (b == 0x8E || b == 0x8F || in_range(b, 0xA1, 0xFE)) {
      st.leading = b;
      return kContinue;
    }
    // 8. 0x80..0x8D, 0x90..0xA0, 0xFF.
    return kStepError;
  }

  // end(): OneLeadingByte. (The spec leaves EUC-JP jis0212 as it is at end-of-queue; the decoder
  // is finished either way, and the driver resets the state after a flush.)
};

// https://encoding.spec.whatwg.org/#euc-jp-encoder (stateless)
struct EucJpEncoder : StatelessEncoder {
  const PointerBytesTable<uint16_t>& jis0208;  // jis0208_euc_jp_bytes()

  // The code points steps 2 and 9.-11. encode: ASCII, and those with a pointer (none of the code
  // points of steps 3.-6. has one, so they are left to code_point()).
  uint32_t bytes(const EncoderState&, uint32_t cp) const {
    return cp < 0x80 ? cp : cp <= 0xFFFF ? jis0208.bmp(cp) : 0;
  }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    // 2. ASCII code point.
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3.-4. U+00A5 and U+203E are the bytes JIS X 0201 Roman puts at 0x5C and 0x7E.
    if (cp == 0xA5 || cp == 0x203E) {
      w.push(cp == 0xA5 ? 0x5C : 0x7E);
      return kContinue;
    }
    // 5. Half-width katakana.
    if (in_range(cp, 0xFF61, 0xFF9F)) {
      w.push(0x8E);
      w.push(static_cast<uint8_t>(cp - 0xFF61 + 0xA1));
      return kContinue;
    }
    // 6. U+2212 is encoded as U+FF0D (which index jis0208 has, so the error below never reports
    //    the substituted code point).
    // 7. The index pointer in index jis0208, as the bytes of steps 9.-11.
    uint32_t pair = jis0208.bytes(cp == 0x2212 ? 0xFF0D : cp);
    // 8. Error with code point.
    if (!pair) return kStepError;
    // 9.-11. pointer / 94 + 0xA1, pointer % 94 + 0xA1.
    w.push(static_cast<uint8_t>(pair >> 8));
    w.push(static_cast<uint8_t>(pair));
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_euc_jp(DecoderState& st, const DecodeCall& call) {
  return run_decoder(EucJpDecoder{.jis0208 = index_jis0208(), .jis0212 = index_jis0212()}, st, call);
}

EncodeResult encode_euc_jp(EncoderState& st, const EncodeCall& call) {
  return run_encoder(EucJpEncoder{.jis0208 = jis0208_euc_jp_bytes()}, st, call);
}

}  // namespace ew
