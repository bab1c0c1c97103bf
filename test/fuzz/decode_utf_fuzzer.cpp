// The UTF-8, UTF-16BE and UTF-16LE decoders (no tables needed).
// Properties: fuzz_support.cpp, check_decoder(). Input: fuzz_support.h, Plan (flag bit 0: ignoreBOM).
#include "fuzz_support.h"

namespace {
constexpr int kEncodings[] = {ew::UTF_8, ew::UTF_16BE, ew::UTF_16LE};
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ew::fuzz::encodings_json();  // fail early if it cannot be read
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return ew::fuzz::fuzz_decoder(data, size, kEncodings, sizeof kEncodings / sizeof kEncodings[0]);
}
