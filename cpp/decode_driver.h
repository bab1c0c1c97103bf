// The one generic decoder loop. It owns streaming, error mode, end-of-queue and the BOM; a codec
// (one per family file) only turns bytes into code points, as the spec's handler algorithms do.
// https://encoding.spec.whatwg.org/#concept-encoding-process
//
// A codec provides:
//   struct State
//       Its decoder's variables as the spec names them, in the first seven bytes of a DecoderState
//       (see CodecState below). A zeroed State is the initial one; its byte 3 stays below 0x80
//       (encoding.h; the tests check after every call).
//   size_t fast(State&, const uint8_t* in, size_t n, Utf16Writer&)
//       Decodes what it can of in[0..n) without the per-byte path (at least the ASCII run while no
//       state is pending), writing at most n code units; returns the bytes consumed.
//   Step byte(State&, uint8_t byte, Utf16Writer&, Restored&)
//       The handler for one byte. Writes any code points itself. On error it may restore bytes it
//       holds in its state to the front of the I/O queue (Restored), and kStepErrorAgain restores
//       the byte itself after them.
//   Step end(State&, Restored&)
//       The handler for end-of-queue: kContinue means "finished"; an error is followed by the
//       restored bytes, and then end() is asked again.
//   size_t held(const State&) const   (codecs whose State is not empty)
//       How many bytes of the input the decoder holds in this state: those it has consumed since
//       it last held none (a sequence begun, an escape sequence begun), for the error log.
//
// The bytes of an error (docs/design.md section 16, docs/api.md "encoding-wasm/errors"): a
// handler returns error while processing a byte or end-of-queue. The error's bytes are those the
// decoder held before that step, followed by the byte, less the bytes the step restores (prepends)
// to the I/O queue, which are always the last ones it consumed and are processed again, and less
// those it still holds afterwards (ISO-2022-JP's 0x1B after a leading byte: the error is the
// leading byte; the 0x1B begins an escape sequence).
#pragma once
#include <cstring>
#include <type_traits>

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

// DecoderState::flags. Below 0x80, as every byte 3 or 7 of the state.
enum : uint8_t { kBomSeen = 0x01 };

// The State of a codec whose decoder has no variables (single-byte, x-user-defined).
struct NoState {};

// Where a codec's State lives between calls: memcpy'd from and to DecoderState::codec (no padding,
// so every byte stored is a field's), and kept in a local for the call.
template <class State>
struct CodecState {
  static_assert(std::is_trivially_copyable_v<State> && sizeof(State) <= sizeof(DecoderState::codec));
  static_assert(std::is_empty_v<State> || std::has_unique_object_representations_v<State>,
                "a codec's State has no padding");
  static State load(const DecoderState& state) {
    State st{};
    if constexpr (!std::is_empty_v<State>) std::memcpy(&st, state.codec, sizeof st);
    return st;
  }
  static void store(DecoderState& state, const State& st) {
    if constexpr (!std::is_empty_v<State>) std::memcpy(state.codec, &st, sizeof st);
  }
};

// Room one handler step (with its restored bytes) may need; the output capacity must exceed it.
inline constexpr size_t kDecodeStepRoom = 16;

struct DecodeCall {
  const uint8_t* in;
  size_t length;
  char16_t* out;
  size_t capacity;
  uint32_t options;
  bool bom_encoding;  // UTF-8 or UTF-16BE/LE: "serialize I/O queue" drops one leading U+FEFF
  ErrorLog* log;      // where errors are recorded with kRecordErrors (if kErrorLogBuilt)
};

namespace detail {

template <class Codec>
size_t held(const Codec& codec, const typename Codec::State& st) {
  if constexpr (std::is_empty_v<typename Codec::State>)
    return 0;
  else
    return codec.held(st);
}

// Records the error of a step at input position `at` (relative to the call's input; the byte's, or
// the end for end-of-queue) that consumed `consumed` bytes (1, or 0 for end-of-queue) and restored
// `restored` of them, with `before` held before it and `after` after it.
[[gnu::noinline]] inline void record_error(ErrorLog* log, size_t at, size_t before, size_t consumed,
                                           size_t restored, size_t after) {
  log->add(static_cast<uint32_t>(at - before), static_cast<uint32_t>(at + consumed - restored - after));
}

// Processes restored bytes ahead of the rest of the input (replacement mode only: in fatal mode the
// error that restored them already ended the call). They are the bytes just before input position
// `at`, so with a log each error there is recorded where its bytes were.
template <class Codec>
void drain_restored(Codec& codec, typename Codec::State& st, const Restored& restored, Utf16Writer& w,
                    ErrorLog* log, size_t at) {
  uint8_t queue[8];
  size_t n = restored.count, k = 0;
  size_t pos = at - n;  // the input position of queue[k]
  std::memcpy(queue, restored.bytes, n);
  while (k < n) {
    Restored again;
    const size_t before = log ? held(codec, st) : 0;
    Step s = codec.byte(st, queue[k], w, again);
    if (s == kContinue) {
      ++k;
      ++pos;
      continue;
    }
    *w.p++ = 0xFFFD;
    if (log) record_error(log, pos, before, 1, again.count + (s == kStepErrorAgain), held(codec, st));
    if (s == kStepError) ++k, ++pos;
    pos -= again.count;
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
DecodeResult run_decoder(Codec codec, DecoderState& state, const DecodeCall& call) {
  using State = typename Codec::State;
  State st = CodecState<State>::load(state);
  const bool fatal = call.options & kFatal;
  // A compile-time nullptr where the build has no error log: none of the code below that uses it is
  // compiled in then (the default core module). Fatal errors never use it: their position is `read`.
  ErrorLog* const log = kErrorLogBuilt && (call.options & kRecordErrors) ? call.log : nullptr;
  const uint8_t* in = call.in;
  const size_t length = call.length;
  Utf16Writer w{call.out};
  char16_t* const limit = call.out + call.capacity - kDecodeStepRoom;
  size_t i = 0;

  auto finish = [&](uint32_t s) -> DecodeResult {
    DecodeResult r{s, static_cast<uint32_t>(i), 0, static_cast<uint32_t>(w.p - call.out), 0};
    CodecState<State>::store(state, st);
    // https://encoding.spec.whatwg.org/#concept-td-serialize (which a fatal error never reaches: BOM
    // seen stays as it was)
    if (call.bom_encoding && !(call.options & kIgnoreBom) && !(state.flags & kBomSeen) && r.written &&
        s != kError) {
      state.flags |= kBomSeen;
      if (call.out[0] == 0xFEFF) r.begin = 1;
    }
    // A completed flush, or a fatal error in a call with end-of-queue (do not flush is false, so the
    // next decode() sets a new decoder), leaves a new decoder behind.
    if ((s == kError || s == kDone) && (call.options & kFlush)) state = DecoderState{};
    return r;
  };

  // A fatal error at in[i] (https://encoding.spec.whatwg.org/#dom-textdecoder-decode): without
  // kFlush, do not flush stays true, so the decoder keeps the state the error left and the I/O queue
  // keeps the bytes the error restored (in[i] itself for kStepErrorAgain), then in[i + 1..].
  auto fail = [&](const Restored& restored, bool again) -> DecodeResult {
    DecodeResult r = finish(kError);
    if (call.options & kFlush) return r;
    uint32_t n = 0;
    for (; n < restored.count; ++n) r.restored |= uint32_t{restored.bytes[n]} << (8 * (n + 1));
    if (again) r.restored |= uint32_t{in[i]} << (8 * (++n));
    r.restored |= n;
    return r;
  };

  // With a log, the driver stops early (after an error) while it still has room for one step's.
  auto log_full = [&] { return log && log->count + kErrorLogMargin > log->capacity; };

  while (i < length) {
    if (w.p > limit) return finish(kOutputFull);
    size_t room = static_cast<size_t>(limit - w.p) + 1;
    size_t n = length - i < room ? length - i : room;
    if constexpr (!kLiteBuilt) i += codec.fast(st, in + i, n, w);
    if (i == length) break;
    if (w.p > limit) continue;
    Restored restored;
    const size_t before = log ? detail::held(codec, st) : 0;
    Step s = codec.byte(st, in[i], w, restored);
    if (s == kContinue) {
      ++i;
      continue;
    }
    if (log) {
      detail::record_error(log, i, before, 1, restored.count + (s == kStepErrorAgain),
                           detail::held(codec, st));
    }
    // The error was found at in[i]: `read` stops before it (encoding.h).
    if (fatal) return fail(restored, s == kStepErrorAgain);
    *w.p++ = 0xFFFD;
    if (s == kStepError) ++i;
    if (restored.count) detail::drain_restored(codec, st, restored, w, log, i);
    if (log_full()) return finish(kOutputFull);
  }

  if (call.options & kFlush) {
    for (;;) {
      if (w.p > limit || log_full()) return finish(kOutputFull);
      Restored restored;
      const size_t before = log ? detail::held(codec, st) : 0;
      if (codec.end(st, restored) == kContinue) break;
      if (log) detail::record_error(log, i, before, 0, restored.count, detail::held(codec, st));
      if (fatal) return finish(kError);
      *w.p++ = 0xFFFD;
      if (restored.count) detail::drain_restored(codec, st, restored, w, log, i);
    }
  }
  return finish(kDone);
}

}  // namespace ew
