// Every encoder (all encodings but replacement and UTF-16BE/LE), chosen by the first input byte.
// Properties: fuzz_support.cpp, check_encoder().
//
// Input: fuzz_support.h, Plan, with the extra header byte. Flag bits 0-1 choose the text:
//   0  the encoding's own decoder's output for the payload (fatal mode, ignoreBOM); if that fails,
//      the replacement-mode output as arbitrary text
//   1  the payload as UTF-16LE code units (lone surrogates and all; an odd last byte is dropped)
//   2  the payload decoded by any decoder (the extra byte chooses it), as arbitrary text: e.g.
//      gb18030-decoded CJK for the Big5 or Shift_JIS encoder
//   3  the payload's bytes as code units U+0000..U+00FF followed by the payload as UTF-16LE
#include "fuzz_support.h"

namespace {

const std::vector<int> kEncoders = [] {
  std::vector<int> list;
  for (int e = 0; e < ew::kEncodingCount; ++e)
    if (ew::has_encoder(e)) list.push_back(e);
  return list;
}();

std::u16string utf16le(const uint8_t* p, size_t n) {
  std::u16string s;
  for (size_t i = 0; i + 1 < n; i += 2) s += static_cast<char16_t>(p[i] | (p[i + 1] << 8));
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ew::fuzz::encodings_json();  // fail early if it cannot be read
  ew::fuzz::load_all_families();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ew::fuzz;
  const Plan plan = read_plan(data, size, kEncoders.data(), kEncoders.size(), /*extra_byte=*/true);
  const Bytes payload(plan.payload, plan.payload + plan.length);
  switch (plan.own_bits) {
    case 0: {
      Decoded d = decode(plan.encoding, plan.payload, plan.length, ew::kFatal | ew::kIgnoreBom);
      if (!d.error) {
        check_encoder(plan.encoding, d.text, TextKind::kDecoderOutput, payload, plan.split_values,
                      plan.small_capacity);
      } else {
        d = decode(plan.encoding, plan.payload, plan.length, ew::kIgnoreBom);
        check_encoder(plan.encoding, d.text, TextKind::kArbitrary, payload, plan.split_values,
                      plan.small_capacity);
      }
      break;
    }
    case 1:
      check_encoder(plan.encoding, utf16le(plan.payload, plan.length), TextKind::kArbitrary, payload,
                    plan.split_values, plan.small_capacity);
      break;
    case 2: {
      int decoder = plan.extra % ew::kEncodingCount;
      if (int family = ew::family_of(decoder); family >= 0) load_family_or_die(family);
      if (int part = ew::decoder_part_of(decoder); part >= 0) load_family_or_die(part);
      Decoded d = decode(decoder, plan.payload, plan.length, ew::kIgnoreBom);
      check_encoder(plan.encoding, d.text, TextKind::kArbitrary, payload, plan.split_values,
                    plan.small_capacity);
      break;
    }
    default: {
      std::u16string text(plan.payload, plan.payload + plan.length);
      text += utf16le(plan.payload, plan.length);
      check_encoder(plan.encoding, text, TextKind::kArbitrary, payload, plan.split_values,
                    plan.small_capacity);
      break;
    }
  }
  return 0;
}
