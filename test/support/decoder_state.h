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

}  // namespace ew::test
