// https://encoding.spec.whatwg.org/#iso-2022-jp
#include "generated/codecs.h"
#include "in_range.h"
#include "jis0208.h"
#include "widen_run.h"

namespace ew {
namespace {

constexpr uint8_t kEsc = 0x1B;

// The values of ISO-2022-JP decoder state. The first four are also those of the output state.
enum DecoderStateValue : uint8_t {
  kAscii,
  kRoman,
  kKatakana,
  kLeadingByte,
  kTrailingByte,
  kEscapeStart,
  kEscape,
};

// The bytes that end a run the ASCII state decodes by themselves: 0x0E, 0x0F and 0x1B (not code
// points there) and bytes >= 0x80. The Roman state's runs end at the same bytes. The runs end at an
// escape, hardly ever at the end of the input: the overlapping last block made the decoder 2-3%
// slower (ja-udhr.iso-2022-jp.bin, 4 KiB and 64 KiB calls, wasm only, both builds in one process).
struct NotInAsciiRun {
  static bool byte(uint8_t b) { return b >= 0x80 || b == 0x0E || b == 0x0F || b == kEsc; }
#ifdef __wasm_simd128__
  static constexpr bool kOverlapLastBlock = false;
  static v128_t block(v128_t v) {
    v128_t stop =
        wasm_v128_or(wasm_i8x16_eq(wasm_v128_and(v, wasm_i8x16_splat(0xFE)), wasm_i8x16_splat(0x0E)),
                     wasm_i8x16_eq(v, wasm_i8x16_splat(kEsc)));
    return wasm_v128_or(v, stop);
  }
#endif
};

// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
struct Iso2022JpDecoder {
  // Zeroed, the initial one: ASCII, ASCII, 0x00, false.
  struct State {
    DecoderStateValue state;         // ISO-2022-JP decoder state
    DecoderStateValue output_state;  // ISO-2022-JP decoder output state
    uint8_t leading;                 // ISO-2022-JP leading (0x00 for none)
    uint8_t output;                  // ISO-2022-JP output (0 false, 1 true)
  };

  const uint16_t* jis0208;

  // A leading byte (trailing byte state), 0x1B (escape start), 0x1B and ISO-2022-JP leading (escape).
  size_t held(const State& st) const {
    return st.state == kTrailingByte || st.state == kEscapeStart ? 1u : st.state == kEscape ? 2u : 0u;
  }

  // What each state's plain bytes decode to without the per-byte path. Every byte consumed here is
  // one for which the spec "sets ISO-2022-JP output to false and returns a code point", so the
  // output flag is cleared if anything was consumed. Escapes (0x1B) and errors go to byte().
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    size_t i = 0;
    switch (st.state) {
      case kAscii:
        // The ASCII run up to the first 0x0E, 0x0F or 0x1B (not code points here) or byte >= 0x80.
        // ISO-2022-JP text is all 7-bit, so the plain ASCII run (ascii_to_utf16) would widen up to
        // the end of the chunk each time and be cut back at the next escape: quadratic. This scan
        // stops at all four, sixteen bytes at a time (ja.iso-2022-jp.bin, 4 KiB calls, wasm only:
        // 11.4 us per call byte by byte, 6.4 us so).
        i = widen_run<NotInAsciiRun>(in, n, w.p);
        w.p += i;
        break;
      case kRoman:
        for (; i < n && !NotInAsciiRun::byte(in[i]); ++i)
          *w.p++ = in[i] == 0x5C ? 0xA5 : in[i] == 0x7E ? 0x203E : in[i];
        break;
      case kKatakana:
        for (; i < n && in[i] >= 0x21 && in[i] <= 0x5F; ++i)
          *w.p++ = static_cast<char16_t>(0xFF61 - 0x21 + in[i]);
        break;
      case kLeadingByte:
        // Whole pairs of 0x21..0x7E whose pointer has a code point.
        for (; i + 1 < n && in_range(in[i], 0x21, 0x7E) && in_range(in[i + 1], 0x21, 0x7E); i += 2) {
          uint32_t cp = jis0208[(in[i] - 0x21) * 94 + in[i + 1] - 0x21];  // at most 8835 < 11104
          if (!cp) break;
          *w.p++ = static_cast<char16_t>(cp);
        }
        break;
      default:
        return 0;
    }
    if (i) st.output = 0;
    return i;
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored& restored) {
    // Every state but the last two: 0x1B is "set state to escape start and return continue"
    // (trailing byte: "... and return error", with the output state still leading byte).
    if (b == kEsc && st.state <= kTrailingByte) {
      bool error = st.state == kTrailingByte;
      st.state = kEscapeStart;
      return error ? kStepError : kContinue;
    }
    switch (st.state) {
      case kAscii:
        // 0x00..0x7F but 0x0E, 0x0F (and 0x1B, above): code point; otherwise error. Output false.
        st.output = 0;
        if (b < 0x80 && b != 0x0E && b != 0x0F) {
          *w.p++ = b;
          return kContinue;
        }
        return kStepError;

      case kRoman:
        // As ASCII, but 0x5C is U+00A5 and 0x7E is U+203E. Output false.
        st.output = 0;
        if (b < 0x80 && b != 0x0E && b != 0x0F) {
          *w.p++ = b == 0x5C ? 0xA5 : b == 0x7E ? 0x203E : b;
          return kContinue;
        }
        return kStepError;

      case kKatakana:
        // 0x21..0x5F: U+FF61..U+FF9F; otherwise error. Output false.
        st.output = 0;
        if (in_range(b, 0x21, 0x5F)) {
          *w.p++ = static_cast<char16_t>(0xFF61 - 0x21 + b);
          return kContinue;
        }
        return kStepError;

      case kLeadingByte:
        // 0x21..0x7E: ISO-2022-JP leading, state trailing byte; otherwise error. Output false.
        st.output = 0;
        if (in_range(b, 0x21, 0x7E)) {
          st.leading = b;
          st.state = kTrailingByte;
          return kContinue;
        }
        return kStepError;

      case kTrailingByte: {
        // Back to leading byte whatever the byte (0x1B was handled above). A byte outside
        // 0x21..0x7E is an error and is not restored, as the spec says.
        st.state = kLeadingByte;
        if (!in_range(b, 0x21, 0x7E)) return kStepError;
        // 2.-5. The index jis0208 code point for the pointer (at most 8835 < 11104), or error.
        uint32_t cp = jis0208[(st.leading - 0x21) * 94 + b - 0x21];
        if (!cp) return kStepError;
        *w.p++ = static_cast<char16_t>(cp);
        return kContinue;
      }

      case kEscapeStart:
        // 1. 0x24 ($) or 0x28 ((): ISO-2022-JP leading, state escape.
        if (b == 0x24 || b == 0x28) {
          st.leading = b;
          st.state = kEscape;
          return kContinue;
        }
        // 2. Restore byte. 3. Output false, state is the output state, error.
        st.output = 0;
        st.state = st.output_state;
        return kStepErrorAgain;

      case kEscape: {
        // 1. leading is ISO-2022-JP leading, which becomes 0x00. 2.-6. The designated state.
        const uint8_t leading = st.leading;
        st.leading = 0;
        int state = -1;
        if (leading == 0x28 && b == 0x42)
          state = kAscii;  // ESC ( B
        else if (leading == 0x28 && b == 0x4A)
          state = kRoman;  // ESC ( J
        else if (leading == 0x28 && b == 0x49)
          state = kKatakana;  // ESC ( I
        else if (leading == 0x24 && (b == 0x40 || b == 0x42))
          state = kLeadingByte;  // ESC $ @, ESC $ B
        // 7. Switch; two escape sequences with no output between them are an error.
        if (state >= 0) {
          st.state = st.output_state = static_cast<DecoderStateValue>(state);
          const bool output = st.output;
          st.output = 1;
          return output ? kStepError : kContinue;
        }
        // 8. Restore « leading, byte ». 9. Output false, state is the output state, error.
        restored.bytes[0] = leading;
        restored.count = 1;
        st.output = 0;
        st.state = st.output_state;
        return kStepErrorAgain;
      }
    }
    return kStepError;  // not reached: the state is always one of the above
  }

  Step end(State& st, Restored& restored) {
    switch (st.state) {
      case kTrailingByte:
        // State leading byte, error.
        st.state = kLeadingByte;
        return kStepError;
      case kEscapeStart:
        // 2. Nothing to restore at end-of-queue. 3. Output false, state is the output state, error.
        st.output = 0;
        st.state = st.output_state;
        return kStepError;
      case kEscape:
        // 1. ISO-2022-JP leading becomes 0x00; 2.-7. end-of-queue designates nothing.
        // 8. Restore leading. 9. Output false, state is the output state, error.
        restored.bytes[0] = st.leading;
        restored.count = 1;
        st.leading = 0;
        st.output = 0;
        st.state = st.output_state;
        return kStepError;
      default:
        // ASCII, Roman, katakana, leading byte: finished.
        return kContinue;
    }
  }
};

// The ISO-2022-JP encoder states.
enum EncoderStateValue : uint32_t { kEncoderAscii, kEncoderRoman, kEncoderJis0208 };

// https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
// State: word = ISO-2022-JP encoder state (a zeroed state is ASCII).
struct Iso2022JpEncoder {
  const uint16_t* katakana;
  const PointerBytesTable<uint16_t>& jis0208;  // jis0208_euc_jp_bytes(): EUC-JP's bytes, 0x80 more

  // The code points that encode in the current state without a switch: in ASCII, step 4's (but
  // U+0000, left to code_point()); in jis0208, step 13.-15.'s with a pointer (half-width katakana,
  // U+2212 and code points without one are left to code_point()). Roman's go to code_point().
  uint32_t bytes(const EncoderState& st, uint32_t cp) const {
    if (st.word == kEncoderAscii) return cp < 0x80 && cp != 0x0E && cp != 0x0F && cp != kEsc ? cp : 0;
    if (st.word != kEncoderJis0208 || cp < 0x80 || cp > 0xFFFF) return 0;
    uint32_t pair = jis0208.bmp(cp);
    return pair ? pair - 0x8080 : 0;
  }

  // Never: even in the ASCII state U+000E, U+000F and U+001B are errors, which the driver's ASCII
  // run would copy through. Every code point goes to code_point().
  bool ascii_passes(const EncoderState&) const { return false; }
  // Step 4 for the driver's ASCII blocks, which leave out U+000E, U+000F and U+001B.
  bool ascii_but_shifts(const EncoderState& st) const { return st.word == kEncoderAscii; }

  static Step switch_to(EncoderState& st, uint32_t state, uint8_t final_byte, ByteWriter& w) {
    st.word = state;
    w.push(kEsc);
    w.push(state == kEncoderJis0208 ? 0x24 : 0x28);
    w.push(final_byte);
    return kStepAgain;
  }

  // `cp` is taken by reference so that an error can report a code point other than the one read:
  // step 3's U+FFFD, which the driver then reports (fatal) or writes as "&#65533;" (html).
  Step code_point(EncoderState& st, uint32_t& cp, ByteWriter& w) {
    const uint32_t state = st.word;
    // 3. In ASCII and Roman, U+000E, U+000F and U+001B are an error with U+FFFD.
    if (state != kEncoderJis0208 && (cp == 0x0E || cp == 0x0F || cp == kEsc)) {
      cp = 0xFFFD;
      return kStepError;
    }
    // 4. ASCII state, ASCII code point.
    if (state == kEncoderAscii && cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 5. Roman state: ASCII but U+005C and U+007E as themselves; U+00A5 and U+203E as 0x5C, 0x7E.
    if (state == kEncoderRoman && ((cp < 0x80 && cp != 0x5C && cp != 0x7E) || cp == 0xA5 || cp == 0x203E)) {
      w.push(static_cast<uint8_t>(cp == 0xA5 ? 0x5C : cp == 0x203E ? 0x7E : cp));
      return kContinue;
    }
    // 6. Any other ASCII code point (the state is not ASCII): restore it, switch to ASCII.
    if (cp < 0x80) return switch_to(st, kEncoderAscii, 0x42, w);  // ESC ( B
    // 7. U+00A5 or U+203E outside Roman: restore it, switch to Roman.
    if ((cp == 0xA5 || cp == 0x203E) && state != kEncoderRoman)
      return switch_to(st, kEncoderRoman, 0x4A, w);  // ESC ( J
    // 8. U+2212 is U+FF0D. 9. Half-width katakana are their index ISO-2022-JP katakana code point.
    uint32_t c = cp;
    if (c == 0x2212) c = 0xFF0D;
    if (in_range(c, 0xFF61, 0xFF9F)) c = katakana[c - 0xFF61];
    // 10. The index pointer in index jis0208, as EUC-JP's bytes (0x80 more than steps 13.-14.'s).
    uint32_t pair = jis0208.bytes(c);
    // 11. No pointer: leave jis0208 first (restore, ESC ( B), then error with the code point.
    if (!pair) {
      if (state == kEncoderJis0208) return switch_to(st, kEncoderAscii, 0x42, w);
      cp = c;
      return kStepError;
    }
    // 12. Restore the code point and switch to jis0208 (ESC $ B). The driver processes the
    //     original code point again, which steps 8-10 turn into the same pointer.
    if (state != kEncoderJis0208) return switch_to(st, kEncoderJis0208, 0x42, w);
    // 13.-15. pointer / 94 + 0x21, pointer % 94 + 0x21.
    w.push(static_cast<uint8_t>((pair >> 8) - 0x80));
    w.push(static_cast<uint8_t>(pair - 0x80));
    return kContinue;
  }

  // 1. At end-of-queue outside ASCII: switch to ASCII with ESC ( B. 2. finished.
  void end(EncoderState& st, ByteWriter& w) {
    if (st.word != kEncoderAscii) switch_to(st, kEncoderAscii, 0x42, w);
  }
};

}  // namespace

DecodeResult decode_iso_2022_jp(DecoderState& st, const DecodeCall& call) {
  return run_decoder(Iso2022JpDecoder{index_jis0208()}, st, call);
}

EncodeResult encode_iso_2022_jp(EncoderState& st, const EncodeCall& call) {
  return run_encoder(
      Iso2022JpEncoder{.katakana = index_iso_2022_jp_katakana(), .jis0208 = jis0208_euc_jp_bytes()}, st,
      call);
}

}  // namespace ew
