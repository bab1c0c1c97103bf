// The one generic decoder loop. It owns streaming, error mode, end-of-queue and the BOM; a codec
// (one per family file) only turns bytes into code points, as the spec's handler algorithms do.
// https://encoding.spec.whatwg.org/#concept-encoding-process
//
// A codec provides:
//   size_t fast(DecoderState&, const uint8_t* in, size_t n, Utf16Writer&)
//       Decodes what it can of in[0..n) without the per-byte path (at least the ASCII run while no
//       state is pending), writing at most n code units; returns the bytes consumed.
//   Step byte(DecoderState&, uint8_t byte, Utf16Writer&, Restored&)
//       The handler for one byte. Writes any code points itself. On error it may restore bytes it
//       holds in its state to the front of the I/O queue (Restored), and kStepErrorAgain restores
//       the byte itself after them.
//   Step end(DecoderState&, Restored&)
//       The handler for end-of-queue: kContinue means "finished"; an error is followed by the
//       restored bytes, and then end() is asked again.
#pragma once
#include <cstring>

#include "ascii.h"
#include "encoding.h"
#include "writers.h"

namespace ew {

enum Step : uint8_t {
  kContinue,        // continue, or code points (already written)
  kStepError,       // error
  kStepErrorAgain,  // error, and the byte is restored to the I/O queue (processed again)
  kStepAgain,       // encoders only: output written, and the code point is processed again
};

// Bytes a handler restores to the front of the I/O queue ("restore" / "prepend" in the spec).
struct Restored {
  uint8_t bytes[3];
  uint8_t count = 0;
};

enum : uint8_t { kBomSeen = 0x80 };

// Room one handler step (with its restored bytes) may need; the output capacity must exceed it.
inline constexpr size_t kDecodeStepRoom = 16;

struct DecodeCall {
  const uint8_t* in;
  size_t length;
  char16_t* out;
  size_t capacity;
  uint32_t options;
  bool bom_encoding;  // UTF-8 or UTF-16BE/LE: "serialize I/O queue" drops one leading U+FEFF
};

namespace detail {

// Processes restored bytes ahead of the rest of the input (replacement mode only: in fatal mode the
// error that restored them already ended the call).
template <class Codec>
void drain_restored(Codec& codec, DecoderState& st, const Restored& restored, Utf16Writer& w) {
  uint8_t queue[8];
  size_t n = restored.count, k = 0;
  std::memcpy(queue, restored.bytes, n);
  while (k < n) {
    Restored again;
    Step s = codec.byte(st, queue[k], w, again);
    if (s == kContinue) {
      ++k;
      continue;
    }
    *w.p++ = 0xFFFD;
    if (s == kStepError) ++k;
    if (again.count) {
      if (n + again.count > sizeof queue) __builtin_trap();
      std::memmove(queue + k + again.count, queue + k, n - k);
      std::memcpy(queue + k, again.bytes, again.count);
      n += again.count;
    }
  }
}

}  // namespace detail

// The codec is a small value (an index pointer or two), taken by value so that an entry point can
// construct it in the call.
template <class Codec>
DecodeResult run_decoder(Codec codec, DecoderState& st, const DecodeCall& call) {
  const bool fatal = call.options & kFatal;
  const uint8_t* in = call.in;
  const size_t length = call.length;
  Utf16Writer w{call.out};
  char16_t* const limit = call.out + call.capacity - kDecodeStepRoom;
  size_t i = 0;

  auto finish = [&](uint32_t s) -> DecodeResult {
    DecodeResult r{s, static_cast<uint32_t>(i), 0, static_cast<uint32_t>(w.p - call.out)};
    // https://encoding.spec.whatwg.org/#concept-td-serialize
    if (call.bom_encoding && !(call.options & kIgnoreBom) && !(st.flags & kBomSeen) && r.written) {
      st.flags |= kBomSeen;
      if (call.out[0] == 0xFEFF) r.begin = 1;
    }
    // A fatal error or a completed flush leaves a new decoder behind.
    if (s == kError || (s == kDone && (call.options & kFlush))) st = DecoderState{};
    return r;
  };

  while (i < length) {
    if (w.p > limit) return finish(kOutputFull);
    size_t room = static_cast<size_t>(limit - w.p) + 1;
    size_t n = length - i < room ? length - i : room;
    i += codec.fast(st, in + i, n, w);
    if (i == length) break;
    if (w.p > limit) continue;
    Restored restored;
    Step s = codec.byte(st, in[i], w, restored);
    if (s == kContinue) {
      ++i;
      continue;
    }
    if (fatal) {
      ++i;
      return finish(kError);
    }
    *w.p++ = 0xFFFD;
    if (s == kStepError) ++i;
    if (restored.count) detail::drain_restored(codec, st, restored, w);
  }

  if (call.options & kFlush) {
    for (;;) {
      if (w.p > limit) return finish(kOutputFull);
      Restored restored;
      if (codec.end(st, restored) == kContinue) break;
      if (fatal) return finish(kError);
      *w.p++ = 0xFFFD;
      if (restored.count) detail::drain_restored(codec, st, restored, w);
    }
  }
  return finish(kDone);
}

}  // namespace ew
