// https://encoding.spec.whatwg.org/#shift_jis
#include "decode_pairs.h"
#include "generated/codecs.h"
#include "in_range.h"
#include "jis0208.h"

namespace ew {
namespace {

constexpr bool is_leading(uint8_t b) { return in_range(b, 0x81, 0x9F) || in_range(b, 0xE0, 0xFC); }
constexpr bool is_trailing(uint8_t b) { return in_range(b, 0x40, 0x7E) || in_range(b, 0x80, 0xFC); }

// Pointers 8836..10715 (leading bytes 0xF0..0xF9) are the Private Use Area from U+E000 (EUDC).
constexpr uint32_t kEudcFirst = 8836;
constexpr uint32_t kEudcLast = 10715;

// 3.4.-3.6. of the decoder as two lookups for fast(): pointer = lead[leading] + trail[byte], where
// lead[] is (leading - leading offset) * 188 for a leading byte and trail[] is byte - offset for a
// trailing byte, and -1 for any other byte in either table. Leading byte 0xFC is left out (-1) so
// that every pointer from these tables is below 0xFB's last, 11091, inside index jis0208 (11104
// entries): no bounds check. Its pairs (pointers 11092..11279) take the per-byte path.
struct PairTables {
  int16_t lead[256];
  int16_t trail[256];
};

const PairTables& pair_tables() {
  static PairTables t;
  static bool ready = false;
  if (!ready) {
    for (int b = 0; b < 256; ++b) {
      t.lead[b] =
          is_leading(b) && b != 0xFC ? static_cast<int16_t>((b - (b < 0xA0 ? 0x81 : 0xC1)) * 188) : -1;
      t.trail[b] = is_trailing(b) ? static_cast<int16_t>(b - (b < 0x7F ? 0x40 : 0x41)) : -1;
    }
    ready = true;
  }
  return t;
}
static_assert((0xFB - 0xC1) * 188 + (0xFC - 0x41) < kJis0208Count);

// https://encoding.spec.whatwg.org/#shift_jis-decoder
// State (OneLeadingByte): Shift_JIS leading.
struct ShiftJisDecoder : OneLeadingByte {
  const uint16_t* jis0208;

  // 3.4.-3.6. The pointer of a leading byte and a byte that is a trailing byte.
  static uint32_t pointer(uint8_t leading, uint8_t b) {
    uint32_t offset = b < 0x7F ? 0x40 : 0x41;
    uint32_t leading_offset = leading < 0xA0 ? 0x81 : 0xC1;
    return (leading - leading_offset) * 188 + b - offset;
  }

  // 3.7.-3.8. The code point of a pointer, 0 for null.
  uint16_t code_point(uint32_t p) const {
    if (in_range(p, kEudcFirst, kEudcLast)) return static_cast<uint16_t>(0xE000 - kEudcFirst + p);
    return static_cast<uint16_t>(jis0208_code_point(jis0208, p));
  }

  // While no leading byte is held: ASCII runs, whole pairs with a code point (looked up through
  // pair_tables(), in a loop of their own: they are the bulk of Japanese text), and single bytes
  // that decode by themselves (0x80, 0xA1..0xDF). Everything else goes to byte(), including EUDC
  // pairs (index jis0208 has no pointer in 8836..10715, so they look null here).
  // Measured on 4 KiB calls of ja-udhr.shift_jis.bin (node 20, wasm only): 10.5 us per call with
  // the spec's steps per pair, 5.1 us with the tables, 3.8 us with the pair loop. (Taking a lone
  // ASCII byte inside the pair loop, as decode_pairs() does for the other codecs, measured 3-6%
  // slower here, so Shift_JIS keeps this variant of it.)
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.leading) return 0;
    const PairTables& t = pair_tables();
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
      if (end - p >= 2) {
        int32_t row = t.lead[b], column = t.trail[p[1]];
        if ((row | column) >= 0) {
          do {
            const uint16_t cp = jis0208[row + column];
            if (!cp) goto done;
            *out++ = static_cast<char16_t>(cp);
            p += 2;
            if (end - p < 2) break;
            row = t.lead[p[0]];
            column = t.trail[p[1]];
          } while ((row | column) >= 0);
          continue;
        }
      }
      if (b == 0x80) {
        *out++ = 0x80;
      } else if (in_range(b, 0xA1, 0xDF)) {
        *out++ = static_cast<char16_t>(0xFF61 - 0xA1 + b);
      } else {
        break;
      }
      ++p;
    }
  done:
    w.p = out;
    return static_cast<size_t>(p - in);
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored&) {
    // 3. A leading byte is held.
    if (st.leading) {
      const uint8_t leading = st.leading;
      st.leading = 0;
      // 3.6. Only trailing bytes give a pointer; 3.7.-3.8. EUDC or index jis0208; 3.9.-3.11.
      return pair_result(is_trailing(b) ? code_point(pointer(leading, b)) : uint16_t{0}, b, w);
    }
    // 4. ASCII byte or 0x80.
    if (b <= 0x80) {
      *w.p++ = b;
      return kContinue;
    }
    // 5. Half-width katakana.
    if (in_range(b, 0xA1, 0xDF)) {
      *w.p++ = static_cast<char16_t>(0xFF61 - 0xA1 + b);
      return kContinue;
    }
    // 6. Leading bytes.
    if (is_leading(b)) {
      st.leading = b;
      return kContinue;
    }
    // 7. 0xA0, 0xFD..0xFF.
    return kStepError;
  }

  // end(): OneLeadingByte.
};

// https://encoding.spec.whatwg.org/#index-shift_jis-pointer as the encoder's lookup, built on its
// first use: for each code point, the bytes of steps 9.-13. for its first pointer in index jis0208
// that is not in 8272..8835 (NEC-selected IBM extensions, duplicated by the IBM extensions at 10716
// and up).
const PointerBytesTable<uint16_t>& shift_jis_bytes() {
  static PointerBytesTable<uint16_t> table;
  if (!table.built()) {
    table.build(index_jis0208(), kJis0208Count,
                {.skip_first = 8272, .skip_last = 8835, .bytes = [](uint32_t p) {
                   // 9.-13.
                   uint32_t leading = p / 188, trailing = p % 188;
                   uint32_t leading_offset = leading < 0x1F ? 0x81 : 0xC1;
                   uint32_t offset = trailing < 0x3F ? 0x40 : 0x41;
                   return (leading + leading_offset) << 8 | (trailing + offset);
                 }});
  }
  return table;
}

// https://encoding.spec.whatwg.org/#shift_jis-encoder (stateless)
struct ShiftJisEncoder : StatelessEncoder {
  const PointerBytesTable<uint16_t>& pointers;  // shift_jis_bytes()

  // The code points steps 2 and 9.-13. encode: ASCII, and those with a pointer (none of the code
  // points of steps 3.-6. has one, so they are left to code_point()).
  uint32_t bytes(const EncoderState&, uint32_t cp) const {
    return cp < 0x80 ? cp : cp <= 0xFFFF ? pointers.bmp(cp) : 0;
  }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    // 2. ASCII code point or U+0080.
    if (cp <= 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3.-4.
    if (cp == 0xA5 || cp == 0x203E) {
      w.push(cp == 0xA5 ? 0x5C : 0x7E);
      return kContinue;
    }
    // 5. Half-width katakana as one byte.
    if (in_range(cp, 0xFF61, 0xFF9F)) {
      w.push(static_cast<uint8_t>(cp - 0xFF61 + 0xA1));
      return kContinue;
    }
    // 6. U+2212 is encoded as U+FF0D (which has a pointer, so the error never reports it).
    // 7. The index Shift_JIS pointer, as the bytes of steps 9.-13. The EUDC code points U+E000..
    //    are not in index jis0208, so they do not encode (the decoder's EUDC mapping is one-way).
    uint32_t pair = pointers.bytes(cp == 0x2212 ? 0xFF0D : cp);
    // 8. Error with code point.
    if (!pair) return kStepError;
    // 9.-13.
    w.push(static_cast<uint8_t>(pair >> 8));
    w.push(static_cast<uint8_t>(pair));
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_shift_jis(DecoderState& st, const DecodeCall& call) {
  return run_decoder(ShiftJisDecoder{.jis0208 = index_jis0208()}, st, call);
}

EncodeResult encode_shift_jis(EncoderState& st, const EncodeCall& call) {
  return run_encoder(ShiftJisEncoder{.pointers = shift_jis_bytes()}, st, call);
}

}  // namespace ew
