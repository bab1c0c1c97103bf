// The EUC-KR decoder.
// Properties: fuzz_support.cpp, check_decoder(). Input: fuzz_support.h, Plan (flag bit 0: ignoreBOM).
#include "fuzz_support.h"

namespace {
constexpr int kEncodings[] = {ew::EUC_KR};
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ew::fuzz::encodings_json();  // fail early if it cannot be read
  ew::fuzz::load_family_or_die(ew::kKorean);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return ew::fuzz::fuzz_decoder(data, size, kEncodings, sizeof kEncodings / sizeof kEncodings[0]);
}
