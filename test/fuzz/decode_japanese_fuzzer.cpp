// The EUC-JP, ISO-2022-JP and Shift_JIS decoders.
// Properties: fuzz_support.cpp, check_decoder(). Input: fuzz_support.h, Plan (flag bit 0: ignoreBOM).
#include "fuzz_support.h"

namespace {
constexpr int kEncodings[] = {ew::EUC_JP, ew::ISO_2022_JP, ew::SHIFT_JIS};
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ew::fuzz::encodings_json();  // fail early if it cannot be read
  ew::fuzz::load_family_or_die(ew::kJapanese);
  ew::fuzz::load_family_or_die(ew::kJapaneseJis0212);  // (the EUC-JP decoder's part)
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return ew::fuzz::fuzz_decoder(data, size, kEncodings, sizeof kEncodings / sizeof kEncodings[0]);
}
