// What the native tests and the fuzzers check about a DecoderState from the outside (cpp/encoding.h).
#pragma once
#include <array>
#include <cstdint>
#include <cstring>

#include "encoding.h"

namespace ew::test {

// Whether `state` is a new decoder's: all eight bytes zero.
inline bool is_new_decoder(const DecoderState& state) {
  static const DecoderState kNew{};
  return std::memcmp(&state, &kNew, sizeof state) == 0;
}

// The state as JS keeps it between calls: two 32-bit words (cpp/exports.cpp's scratch[0] and [1],
// little-endian in wasm and on the hosts the native tests run on).
inline std::array<uint32_t, 2> state_words(const DecoderState& state) {
  std::array<uint32_t, 2> words;
  static_assert(sizeof words == sizeof state);
  std::memcpy(words.data(), &state, sizeof state);
  return words;
}

// Whether both words stay below 2^31, as encoding.h promises (a word of 2^31 or more is not a
// small integer in JS engines: V8 deoptimized the decode loop on one).
inline bool state_words_are_small(const DecoderState& state) {
  const std::array<uint32_t, 2> words = state_words(state);
  return words[0] < 0x80000000u && words[1] < 0x80000000u;
}

// Whether a fatal error's DecodeResult::restored (a call without kFlush) names at most three
// bytes, and they are the stream's bytes just before stream[next], where `next` is the stream index
// after the byte at which the error was found (encoding.h): the error restores only bytes it
// consumed last.
inline bool restored_bytes_match(uint32_t restored, const uint8_t* stream, size_t next) {
  const uint32_t count = restored & 0xFF;
  if (count > 3 || count > next || (count < 3 && (restored >> (8 * (count + 1))) != 0)) return false;
  for (uint32_t k = 0; k < count; ++k) {
    if (((restored >> (8 * (k + 1))) & 0xFF) != stream[next - count + k]) return false;
  }
  return true;
}

}  // namespace ew::test
