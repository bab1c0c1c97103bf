// The one generic encoder loop: input conversion to scalar values, error mode ("fatal" or "html"),
// end-of-queue. A codec only turns scalar values into bytes.
// https://encoding.spec.whatwg.org/#concept-encoding-process
//
// A codec provides:
//   bool ascii_passes(const EncoderState&)  ASCII code points encode as themselves right now
//   Step code_point(EncoderState&, uint32_t cp, ByteWriter&)
//       kContinue (bytes written), kStepError (error with cp), or kStepAgain (bytes written and cp
//       is prepended to the queue again, as ISO-2022-JP's state switches do)
//   void end(EncoderState&, ByteWriter&)    end-of-queue (ISO-2022-JP returns to ASCII)
// and may provide
//   uint32_t bytes(const EncoderState&, uint32_t cp)
//       the bytes code_point() would write for cp without changing the state, as leading << 8 |
//       trailing or one byte below 0x100, or 0 to leave cp to code_point(): the table lookup of
//       the multi-byte encoders, which the loop inlines for the code points that have one. It
//       must return 0 for a surrogate code unit (no index has one).
//   static constexpr bool kOneByte
//       every code point bytes() answers is one byte (the loop then looks up only the non-ASCII
//       units of a block)
//   bool block(const char16_t* in, uint8_t* out)
//       encodes the sixteen units in[0..16) into out[0..16) and returns true, or returns false (SIMD
//       builds: a block that is not all ASCII)
//   bool ascii_but_shifts(const EncoderState&)
//       ASCII code points other than U+000E, U+000F and U+001B encode as themselves right now
//       (ISO-2022-JP's ASCII state, where ascii_passes() is false), for the loop's ASCII blocks
#pragma once
#include <bit>
#include <cstring>
#include <type_traits>

#include "decode_driver.h"
#include "encoding.h"
#include "writers.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace ew {

struct EncodeCall {
  const uint8_t* utf8;    // well-formed UTF-8 input, or
  const char16_t* utf16;  // UTF-16 code units (possibly ill-formed)
  size_t length;          // in input code units
  uint8_t* out;
  size_t capacity;  // at least kMaxEncodeStep
  uint32_t options;
  ErrorLog* log;  // with kHtml | kEncodeRecordErrors: each unencodable code point's index and value,
                  // and where its "&#N;" starts in the output
};

// The ascii_passes() and end() of an encoder without state (all but ISO-2022-JP's): ASCII code
// points always encode as themselves, and end-of-queue writes nothing. A codec inherits them.
struct StatelessEncoder {
  bool ascii_passes(const EncoderState&) const { return true; }
  void end(EncoderState&, ByteWriter&) {}
};

namespace detail {

// Reads scalar values from well-formed UTF-8.
struct Utf8Source {
  const uint8_t* in;
  size_t length;
  // The scalar value at `i` and its length in bytes.
  size_t next(size_t i, uint32_t& cp) const {
    uint8_t b = in[i];
    if (b < 0x80) return cp = b, 1;
    if (b < 0xE0) return cp = ((b & 0x1F) << 6) | (in[i + 1] & 0x3F), 2;
    if (b < 0xF0) return cp = ((b & 0x0F) << 12) | ((in[i + 1] & 0x3F) << 6) | (in[i + 2] & 0x3F), 3;
    cp = ((b & 0x07) << 18) | ((in[i + 1] & 0x3F) << 12) | ((in[i + 2] & 0x3F) << 6) | (in[i + 3] & 0x3F);
    return 4;
  }
  bool ascii_at(size_t i) const { return in[i] < 0x80; }
  // Copies the ASCII bytes from `i` (at most `max`) to the output and returns how many.
  size_t ascii_run(size_t i, ByteWriter& w, size_t max) const {
    const uint8_t* from = in + i;
    size_t k = 0;
#ifdef __wasm_simd128__
    for (; k + 16 <= max; k += 16) {
      v128_t v = wasm_v128_load(from + k);
      if (wasm_i8x16_bitmask(v)) break;
      wasm_v128_store(w.p + k, v);
    }
#endif
    while (k < max && from[k] < 0x80) w.p[k] = from[k], ++k;
    w.p += k;
    return k;
  }
};

// Reads scalar values from UTF-16 code units; a lone surrogate reads as U+FFFD.
struct Utf16Source {
  const char16_t* in;
  size_t length;
  bool at_end;  // no more input follows, so a leading surrogate in the last unit is lone
  // The scalar value at `i` and its length in code units; 0 when a leading surrogate ends the
  // chunk and more input may follow.
  size_t next(size_t i, uint32_t& cp) const {
    uint32_t c = in[i];
    if (!is_surrogate(c)) return cp = c, 1;
    if (is_leading_surrogate(c)) {
      if (i + 1 == length && !at_end) return 0;
      if (i + 1 < length && is_trailing_surrogate(in[i + 1])) {
        cp = 0x10000 + ((c - 0xD800) << 10) + (in[i + 1] - 0xDC00);
        return 2;
      }
    }
    return cp = 0xFFFD, 1;
  }
  bool ascii_at(size_t i) const { return in[i] < 0x80; }
  // Narrows the code units below 0x80 from `i` (at most `max`) to the output and returns how many.
  size_t ascii_run(size_t i, ByteWriter& w, size_t max) const {
    const char16_t* from = in + i;
    size_t k = 0;
#ifdef __wasm_simd128__
    const v128_t high = wasm_i16x8_splat(static_cast<int16_t>(0xFF80));
    for (; k + 16 <= max; k += 16) {
      v128_t a = wasm_v128_load(from + k), b = wasm_v128_load(from + k + 8);
      if (wasm_v128_any_true(wasm_v128_and(wasm_v128_or(a, b), high))) break;
      wasm_v128_store(w.p + k, wasm_u8x16_narrow_i16x8(a, b));
    }
#endif
    while (k < max && from[k] < 0x80) w.p[k] = static_cast<uint8_t>(from[k]), ++k;
    w.p += k;
    return k;
  }
};

// Writes "&#NNNN;" for a code point (the "html" error mode) at `out` and returns its end. Out of
// line, so that it is not a copy in every encoder's loop; over a pointer, not the loop's ByteWriter,
// which would then live in memory (docs/design.md section 13). The digits are gathered in one word,
// the first in its lowest byte, and stored at once: a code point has at most seven, and a step has
// room for more than the word's eight (kMaxEncodeStep).
[[gnu::noinline]] inline uint8_t* write_html_reference(uint32_t cp, uint8_t* out) {
  static_assert(std::endian::native == std::endian::little && kMaxEncodeStep >= 2 + 8);
  uint64_t digits = 0;
  size_t n = 0;
  do digits = digits << 8 | ('0' + cp % 10), cp /= 10, ++n;
  while (cp);
  out[0] = '&';
  out[1] = '#';
  std::memcpy(out + 2, &digits, sizeof digits);
  out[2 + n] = ';';
  return out + 3 + n;
}

// Whether the codec has the bytes() lookup.
template <class Codec>
concept HasBytes = requires(const Codec& codec, const EncoderState& st, uint32_t cp) {
  codec.bytes(st, cp);
};

// Encodes the code units of in[0..n) that codec.bytes() answers, up to the first it does not, and
// returns how many; writes at most two bytes per unit. While ASCII passes, sixteen ASCII units at
// a time are narrowed together (SIMD); any other block of sixteen goes unit by unit through the
// table. (UTF-16 input only: each code unit that is not a surrogate is a code point.)
template <class Codec>
size_t encode_units(const Codec& codec, const EncoderState& st, const char16_t* in, size_t n, ByteWriter& w) {
  uint8_t* out = w.p;
  size_t i = 0;
#ifdef __wasm_simd128__
  constexpr bool kShifts = requires { codec.ascii_but_shifts(st); };
  constexpr bool kOneByte = requires { Codec::kOneByte; };
  bool ascii = codec.ascii_passes(st);
  if constexpr (kShifts) ascii = codec.ascii_but_shifts(st);
  const v128_t high = wasm_i16x8_splat(static_cast<int16_t>(0xFF80));
  // A unit that is 0x0E or 0x0F (0x0E once its lowest bit is cleared) or 0x1B.
  auto shift = [](v128_t v) {
    return wasm_v128_or(wasm_i16x8_eq(wasm_v128_and(v, wasm_i16x8_splat(static_cast<int16_t>(0xFFFE))),
                                      wasm_i16x8_splat(0x0E)),
                        wasm_i16x8_eq(v, wasm_i16x8_splat(0x1B)));
  };
#endif
  while (i < n) {
#ifdef __wasm_simd128__
    if (ascii && i + 16 <= n) {
      v128_t a = wasm_v128_load(in + i), b = wasm_v128_load(in + i + 8);
      v128_t stop = wasm_v128_and(wasm_v128_or(a, b), high);
      if constexpr (kShifts) stop = wasm_v128_or(stop, wasm_v128_or(shift(a), shift(b)));
      if (!wasm_v128_any_true(stop)) {
        wasm_v128_store(out, wasm_u8x16_narrow_i16x8(a, b));
        out += 16;
        i += 16;
        continue;
      }
      // One byte per code point (kOneByte: the single-byte encoders) and at most four units from
      // U+0080 on: the block is narrowed as it is, and only those are looked up into their places.
      // With more of them, the codec's own block() (the single-byte encoders: ASCII and the 64 code
      // points of their script), else unit by unit. Node 20, a pass over 320 KB of Polish as
      // ISO-8859-2 in wasm: 0.17 ms unit by unit, 0.06 ms so; 270 KB of Russian as windows-1251:
      // 0.23 ms unit by unit, 0.09 ms with block().
      if constexpr (kOneByte) {
        const v128_t ascii_max = wasm_i16x8_splat(0x7F);
        uint32_t others = wasm_i16x8_bitmask(wasm_u16x8_gt(a, ascii_max)) |
                          wasm_i16x8_bitmask(wasm_u16x8_gt(b, ascii_max)) << 8;
        if (__builtin_popcount(others) <= 4) {
          wasm_v128_store(out, wasm_u8x16_narrow_i16x8(a, b));
          for (; others; others &= others - 1) {
            int k = __builtin_ctz(others);
            uint32_t v = codec.bytes(st, in[i + k]);
            if (!v) {
              out += k;
              i += k;
              goto done;
            }
            out[k] = static_cast<uint8_t>(v);
          }
          out += 16;
          i += 16;
          continue;
        }
        if constexpr (requires { codec.block(in, out); }) {
          if (codec.block(in + i, out)) {
            out += 16;
            i += 16;
            continue;
          }
        }
      }
    }
#endif
    for (size_t end = n - i < 16 ? n : i + 16; i < end; ++i) {
      uint32_t v = codec.bytes(st, in[i]);
      if (!v) goto done;
      if (v > 0xFF) *out++ = static_cast<uint8_t>(v >> 8);
      *out++ = static_cast<uint8_t>(v);
    }
  }
done:
  w.p = out;
  return i;
}

// The most bytes a codec's end() writes: ISO-2022-JP's escape back to ASCII.
inline constexpr size_t kMaxEndBytes = 3;

template <class Codec, class Source>
EncodeResult encode_loop(Codec& codec, EncoderState& st, const Source& src, const EncodeCall& call) {
  ByteWriter w{call.out};
  uint8_t* const limit = call.out + call.capacity - kMaxEncodeStep;
  ErrorLog* const log = kErrorLogBuilt && (call.options & kEncodeRecordErrors) ? call.log : nullptr;
  size_t i = 0;
  auto result = [&](uint32_t status, uint32_t cp) {
    if (status == kError || (status == kDone && (call.options & kEncodeFlush))) st = EncoderState{};
    return EncodeResult{status, static_cast<uint32_t>(i), static_cast<uint32_t>(w.p - call.out), cp};
  };
  while (i < src.length) {
    if (w.p > limit) return result(kOutputFull, 0);
    // UTF-16 input with a table: the units it answers, then one code point through code_point().
    constexpr bool kUnits = HasBytes<Codec> && std::is_same_v<Source, Utf16Source>;
    if constexpr (kUnits) {
      size_t room = (static_cast<size_t>(limit - w.p) + kMaxEncodeStep) / 2;
      i += encode_units(codec, st, src.in + i, src.length - i < room ? src.length - i : room, w);
      if (i == src.length || w.p > limit) continue;
    } else if (codec.ascii_passes(st)) {
      size_t room = static_cast<size_t>(limit - w.p) + 1;
      i += src.ascii_run(i, w, src.length - i < room ? src.length - i : room);
      if (i == src.length || w.p > limit) continue;
    }
    // Then code point by code point, up to two ASCII units in a row that the run above takes
    // (a lone ASCII unit, such as the spaces of Cyrillic text, is cheaper here).
    do {
      uint32_t cp;
      size_t units = src.next(i, cp);
      if (units == 0) goto finished;  // a leading surrogate waits for the next chunk
      if constexpr (HasBytes<Codec>) {
        if (uint32_t v = codec.bytes(st, cp)) {
          if (v > 0xFF) w.push(static_cast<uint8_t>(v >> 8));
          w.push(static_cast<uint8_t>(v));
          i += units;
          continue;
        }
      }
      Step s = codec.code_point(st, cp, w);
      if (s == kStepAgain) continue;
      if (s == kStepError) {
        if (!(call.options & kHtml)) return result(kError, cp);
        // (recorded where its "&#N;" starts)
        if (log) log->add(static_cast<uint32_t>(i), cp, static_cast<uint32_t>(w.p - call.out));
        w.p = write_html_reference(cp, w.p);
        // Stopped after the record that fills the log.
        if (log && log->count == log->capacity) {
          i += units;
          return result(kOutputFull, 0);
        }
      }
      i += units;
    } while (!kUnits && i < src.length && w.p <= limit &&
             !(i + 1 < src.length && src.ascii_at(i) && src.ascii_at(i + 1) && codec.ascii_passes(st)));
  }
finished:
  if (i == src.length && (call.options & kEncodeFlush)) {
    // The last steps may have filled the output to its end (the UTF-16 run writes up to two bytes
    // a unit into all the room there is); end() then waits for a call with room for its escape.
    if (static_cast<size_t>(call.out + call.capacity - w.p) < kMaxEndBytes) return result(kOutputFull, 0);
    codec.end(st, w);
  }
  return result(kDone, 0);
}

}  // namespace detail

// The codec is a small value (an index pointer or two), taken by value so that an entry point can
// construct it in the call.
template <class Codec>
EncodeResult run_encoder(Codec codec, EncoderState& st, const EncodeCall& call) {
  if (call.utf16) {
    detail::Utf16Source src{call.utf16, call.length, (call.options & kEncodeFlush) != 0};
    return detail::encode_loop(codec, st, src, call);
  }
  detail::Utf8Source src{call.utf8, call.length};
  return detail::encode_loop(codec, st, src, call);
}

}  // namespace ew
