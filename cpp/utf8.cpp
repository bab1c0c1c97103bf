// https://encoding.spec.whatwg.org/#utf-8
#include "generated/codecs.h"
#include "in_range.h"

namespace ew {
namespace {

// https://encoding.spec.whatwg.org/#utf-8-decoder
struct Utf8Decoder {
  // The boundaries are only read while bytes are needed; the leading byte sets both (the spec sets
  // the one that differs from 0x80 and 0xBF) and each byte after it resets both to 0x80 and 0xBF,
  // as the spec does. While no bytes are needed every field is 0: a zeroed State is the initial one.
  struct State {
    uint16_t code_point;     // UTF-8 code point, while bytes are needed: at most 0x43FF (F4 8F BF)
    uint8_t bytes_seen;      // UTF-8 bytes seen
    uint8_t bytes_needed;    // UTF-8 bytes needed: 0..3
    uint8_t lower_boundary;  // UTF-8 lower boundary
    uint8_t upper_boundary;  // UTF-8 upper boundary
  };

  // The leading byte and the bytes seen after it.
  size_t held(const State& st) const { return st.bytes_needed ? 1u + st.bytes_seen : 0u; }

  // While no sequence is pending: ASCII runs, then whole well-formed sequences straight from the
  // input; anything else (errors, sequences cut by the end of the chunk) goes to byte(). A lone
  // ASCII byte between two sequences (a space between words) is taken here rather than by the
  // SIMD run (ko.utf-8.txt, 4 KiB calls, wasm only, best of 80 in one process: 5.5 us per call
  // before, 4.3 us so).
  size_t fast(State& st, const uint8_t* in, size_t n, Utf16Writer& w) {
    if (st.bytes_needed) return 0;
    const uint8_t* p = in;
    const uint8_t* const end = in + n;
    Utf16Writer out{w.p};
    while (p != end) {
      const uint8_t b = *p;
      if (b < 0x80) {
        if (end - p >= 2 && p[1] >= 0x80) {
          *out.p++ = b;
          ++p;
          continue;
        }
        size_t k = ascii_to_utf16(p, static_cast<size_t>(end - p), out.p);
        p += k;
        out.p += k;
        continue;
      }
      if (b >= 0xC2 && b <= 0xDF) {
        if (end - p < 2 || (p[1] & 0xC0) != 0x80) break;
        *out.p++ = static_cast<char16_t>(((b & 0x1F) << 6) | (p[1] & 0x3F));
        p += 2;
      } else if (b >= 0xE0 && b <= 0xEF) {
        if (end - p < 3) break;
        uint8_t b1 = p[1], b2 = p[2];
        if (b1 < (b == 0xE0 ? 0xA0 : 0x80) || b1 > (b == 0xED ? 0x9F : 0xBF) || (b2 & 0xC0) != 0x80) break;
        *out.p++ = static_cast<char16_t>(((b & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
        p += 3;
      } else if (b >= 0xF0 && b <= 0xF4) {
        // Four bytes give two code units, so this needs one unit of room beyond the bytes left.
        if (end - p < 4) break;
        uint8_t b1 = p[1], b2 = p[2], b3 = p[3];
        if (b1 < (b == 0xF0 ? 0x90 : 0x80) || b1 > (b == 0xF4 ? 0x8F : 0xBF) || (b2 & 0xC0) != 0x80 ||
            (b3 & 0xC0) != 0x80)
          break;
        out.push(((b & 0x07u) << 18) | ((b1 & 0x3Fu) << 12) | ((b2 & 0x3Fu) << 6) | (b3 & 0x3Fu));
        p += 4;
      } else {
        break;
      }
    }
    w.p = out.p;
    return static_cast<size_t>(p - in);
  }

  Step byte(State& st, uint8_t b, Utf16Writer& w, Restored&) {
    // 3. If UTF-8 bytes needed is 0, based on byte:
    if (st.bytes_needed == 0) {
      if (b < 0x80) {
        *w.p++ = b;
      } else if (in_range(b, 0xC2, 0xDF)) {
        st.bytes_needed = 1;
        st.code_point = b & 0x1F;
        st.lower_boundary = 0x80;
        st.upper_boundary = 0xBF;
      } else if (in_range(b, 0xE0, 0xEF)) {
        st.lower_boundary = b == 0xE0 ? 0xA0 : 0x80;
        st.upper_boundary = b == 0xED ? 0x9F : 0xBF;
        st.bytes_needed = 2;
        st.code_point = b & 0xF;
      } else if (in_range(b, 0xF0, 0xF4)) {
        st.lower_boundary = b == 0xF0 ? 0x90 : 0x80;
        st.upper_boundary = b == 0xF4 ? 0x8F : 0xBF;
        st.bytes_needed = 3;
        st.code_point = b & 0x7;
      } else {
        return kStepError;
      }
      return kContinue;
    }
    // 4. If byte is not in the range UTF-8 lower boundary to UTF-8 upper boundary, inclusive,
    //    reset the decoder, restore byte to ioQueue and return error.
    if (!in_range(b, st.lower_boundary, st.upper_boundary)) {
      st = {};
      return kStepErrorAgain;
    }
    // 5. Reset the boundaries. 6. Append the byte's six bits.
    st.lower_boundary = 0x80;
    st.upper_boundary = 0xBF;
    const uint32_t cp = (uint32_t{st.code_point} << 6) | (b & 0x3F);
    // 7. Count the byte. 8. If bytes seen is not bytes needed, return continue.
    if (++st.bytes_seen != st.bytes_needed) {
      st.code_point = static_cast<uint16_t>(cp);
      return kContinue;
    }
    // 9.-11. Reset and return the code point.
    st = {};
    w.push(cp);
    return kContinue;
  }

  // 1.-2. At end-of-queue an unfinished sequence is one error.
  Step end(State& st, Restored&) {
    if (st.bytes_needed == 0) return kContinue;
    st = {};
    return kStepError;
  }
};

// https://encoding.spec.whatwg.org/#utf-8-encoder
struct Utf8Encoder : StatelessEncoder {
  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
    } else if (cp < 0x800) {
      w.push(static_cast<uint8_t>(0xC0 | (cp >> 6)));
      w.push(static_cast<uint8_t>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      w.push(static_cast<uint8_t>(0xE0 | (cp >> 12)));
      w.push(static_cast<uint8_t>(0x80 | ((cp >> 6) & 0x3F)));
      w.push(static_cast<uint8_t>(0x80 | (cp & 0x3F)));
    } else {
      w.push(static_cast<uint8_t>(0xF0 | (cp >> 18)));
      w.push(static_cast<uint8_t>(0x80 | ((cp >> 12) & 0x3F)));
      w.push(static_cast<uint8_t>(0x80 | ((cp >> 6) & 0x3F)));
      w.push(static_cast<uint8_t>(0x80 | (cp & 0x3F)));
    }
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_utf8(DecoderState& st, const DecodeCall& call) {
  return run_decoder(Utf8Decoder{}, st, call);
}

EncodeResult encode_utf8(EncoderState& st, const EncodeCall& call) {
  return run_encoder(Utf8Encoder{}, st, call);
}

// https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto
Utf8IntoResult utf16_to_utf8(const char16_t* in, size_t length, uint8_t* out, size_t capacity) {
  size_t i = 0, o = 0;
  while (i < length) {
    uint32_t c = in[i];
    size_t units = 1;
    if (is_surrogate(c)) {
      if (is_leading_surrogate(c) && i + 1 < length && is_trailing_surrogate(in[i + 1])) {
        c = 0x10000 + ((c - 0xD800) << 10) + (in[i + 1] - 0xDC00);
        units = 2;
      } else {
        c = 0xFFFD;
      }
    }
    size_t bytes = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (capacity - o < bytes) break;
    ByteWriter w{out + o};
    EncoderState unused{};
    Utf8Encoder{}.code_point(unused, c, w);
    o += bytes;
    i += units;
  }
  return {static_cast<uint32_t>(i), static_cast<uint32_t>(o)};
}

}  // namespace ew
