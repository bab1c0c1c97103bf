// What the decoders of the leading/trailing byte encodings share (Big5, EUC-JP, EUC-KR, gb18030's
// two-byte sequences, Shift_JIS): the pair fast path, the "code point or error" steps after a
// leading byte, and the end-of-queue handler of a decoder that holds one leading byte.
#pragma once
#include "decode_driver.h"

namespace ew {

namespace detail {

// Writes a code point through a raw cursor: directly when its type says it is in the BMP (uint16_t:
// index gb18030, EUC-KR, jis0208), as a surrogate pair when it may not be (uint32_t: index Big5).
template <class CodePoint>
[[gnu::always_inline]] inline void put(char16_t*& out, CodePoint cp) {
  if constexpr (sizeof(CodePoint) <= sizeof(char16_t)) {
    *out++ = static_cast<char16_t>(cp);
  } else {
    Utf16Writer w{out};
    w.push(cp);
    out = w.p;
  }
}

}  // namespace detail

// Big5 and gb18030 trailing bytes: 0x40..0x7E and kHighFirst..0xFE. The offset is 0x40 below 0x7F
// and kHighFirst - 0x3F from kHighFirst, so the two ranges make kRow contiguous columns: Big5
// decoder steps 3.4.-3.5. (rows of 157, 0xA1..0xFE above), gb18030 decoder steps 5.5.-5.6. (rows of
// 190, 0x80..0xFE above; 0x7F is never a trailing byte).
template <uint8_t kHighFirst>
constexpr bool is_two_range_trailing(uint8_t byte) {
  return (byte >= 0x40 && byte <= 0x7E) || (byte >= kHighFirst && byte <= 0xFE);
}
template <uint32_t kRow, uint8_t kHighFirst>
constexpr uint32_t two_range_pointer(uint8_t leading, uint8_t trailing) {
  static_assert(0x7F - 0x40 + 0xFF - kHighFirst == kRow);
  return (leading - 0x81) * kRow + (trailing - (trailing < 0x7F ? 0x40 : kHighFirst - 0x3F));
}

// The decoder steps that follow the pointer of a leading byte and a byte, in all five decoders
// (e.g. https://encoding.spec.whatwg.org/#euc-kr-decoder steps 3.6.-3.8.): a code point is
// returned; otherwise an ASCII byte is restored to the I/O queue (never swallowed by a bad leading
// byte), and it is an error. `cp` is 0 for null.
template <class CodePoint>
inline Step pair_result(CodePoint cp, uint8_t byte, Utf16Writer& w) {
  if (cp) {
    detail::put(w.p, cp);
    return kContinue;
  }
  return byte < 0x80 ? kStepErrorAgain : kStepError;
}

// The state of a decoder that holds one leading byte (Big5 leading, EUC-KR leading, Shift_JIS
// leading; EUC-JP adds a field), and its end-of-queue handler (e.g.
// https://encoding.spec.whatwg.org/#big5-decoder): 1. A leading byte at end-of-queue: set it to
// 0x00 and return error. 2. Finished. A codec inherits both.
struct OneLeadingByte {
  struct State {
    uint8_t leading;  // 0x00 for none
  };
  template <class State>
  size_t held(const State& st) const {
    return st.leading != 0;
  }
  template <class State>
  Step end(State& st, Restored&) {
    if (!st.leading) return kContinue;
    st.leading = 0;
    return kStepError;
  }
};

// No sequence but ASCII and pairs is decoded in the fast path (decode_pairs' default `single`).
struct NoSingleBytes {
  size_t operator()(const uint8_t*, size_t, char16_t*&) const { return 0; }
};

// The fast() of a leading/trailing byte decoder while no leading byte is held: ASCII runs, then
// whole pairs with a code point in a loop of their own that also takes a lone ASCII byte between
// two of them (a space or a punctuation mark between words: Korean text has one every three
// syllables or so), then the one non-pair sequence `single` decodes, if any. Everything else
// (errors, null code points, a leading byte cut by the end of the chunk) is left to byte().
// Writes at most n code units (a pair is two bytes, and at most two code units); returns the bytes
// consumed.
//   index: the decode index. uint16_t where every code point is in the BMP (one unit per pair),
//     uint32_t where it may not be (index Big5).
//   is_leading(byte), is_trailing(byte): the bytes of a well-formed pair whose pointer is inside the
//     index (a codec leaves out leading bytes whose pointers may not be).
//   pointer(leading, trailing): that pointer.
//   single(p, left, out): decodes one sequence at p[0..left) other than a pair (left >= 1, p[0] >= 0x80),
//     writes it at out, returns the bytes consumed; 0 for none.
// The two tests are separate functions, joined by && in the loop itself: one "is pair" function
// (or a pointer of -1 for none) let clang evaluate both range checks, or the pointer, for every
// pair of bytes, and EUC-KR and EUC-JP measured 10-25% slower so (4 KiB and whole-file calls, wasm,
// both builds alternating in one process).
// Each codec keeps its measurement of the pair loop next to its fast(). Shift_JIS has a variant of
// its own (no lone ASCII byte in the pair loop, which measured slower there).
template <class CodePoint, class IsLeading, class IsTrailing, class Pointer, class Single = NoSingleBytes>
[[gnu::always_inline]] inline size_t decode_pairs(const uint8_t* in, size_t n, Utf16Writer& w,
                                                  const CodePoint* index, IsLeading is_leading,
                                                  IsTrailing is_trailing, Pointer pointer,
                                                  Single single = {}) {
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
    if (end - p >= 2) {
      for (;;) {
        if (is_leading(p[0]) && is_trailing(p[1])) {
          const CodePoint cp = index[pointer(p[0], p[1])];
          if (!cp) goto done;
          detail::put(out, cp);
          p += 2;
        } else if (p[0] < 0x80 && p[1] >= 0x80) {
          *out++ = p[0];
          ++p;
        } else {
          break;
        }
        if (end - p < 2) goto done;
      }
      if (*p < 0x80) continue;
    }
    if (size_t k = single(p, static_cast<size_t>(end - p), out)) {
      p += k;
      continue;
    }
    break;
  }
done:
  w.p = out;
  return static_cast<size_t>(p - in);
}

}  // namespace ew
