// The 28 single-byte decoders, x-user-defined and replacement (no tables needed).
// Properties: fuzz_support.cpp, check_decoder(). Input: fuzz_support.h, Plan (flag bit 0: ignoreBOM).
#include "fuzz_support.h"

namespace {
// IBM866 .. x-mac-cyrillic (the Encoding enum keeps the single-byte encodings together), then
// x-user-defined and replacement.
const std::vector<int> kEncodings = [] {
  std::vector<int> list;
  for (int e = ew::kSingleByteFirst; e < ew::kSingleByteFirst + ew::kSingleByteCount; ++e) list.push_back(e);
  list.push_back(ew::X_USER_DEFINED);
  list.push_back(ew::REPLACEMENT);
  return list;
}();
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ew::fuzz::encodings_json();  // fail early if it cannot be read
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return ew::fuzz::fuzz_decoder(data, size, kEncodings.data(), kEncodings.size());
}
