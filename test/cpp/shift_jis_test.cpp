// https://encoding.spec.whatwg.org/#shift_jis-decoder and #shift_jis-encoder
// Expected values come from the spec's steps written out here and from index-jis0208.txt.
#include "test_support.h"

namespace ew::test {
namespace {

class ShiftJisDecoder : public FamilyTest<kJapanese> {};
class ShiftJisEncoder : public FamilyTest<kJapanese> {};

bool is_lead(int b) { return (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC); }

// The decoder's result for leading byte `lead` followed by `trail`, from the spec's steps 3.4.-3.11.
Decoded expected_pair(const std::map<uint32_t, uint32_t>& jis0208, int lead, int trail) {
  if ((trail >= 0x40 && trail <= 0x7E) || (trail >= 0x80 && trail <= 0xFC)) {
    uint32_t offset = trail < 0x7F ? 0x40 : 0x41;
    uint32_t lead_offset = lead < 0xA0 ? 0x81 : 0xC1;
    uint32_t pointer = (lead - lead_offset) * 188 + trail - offset;
    if (pointer >= 8836 && pointer <= 10715) return text({0xE000 - 8836 + pointer});
    auto it = jis0208.find(pointer);
    if (it != jis0208.end()) return text({it->second});
  }
  return trail < 0x80 ? text({0xFFFD, static_cast<uint32_t>(trail)}) : text({0xFFFD});
}

TEST_F(ShiftJisDecoder, EveryLeadingByteWithEveryByte) {
  auto jis0208 = read_index("jis0208");
  ASSERT_EQ(jis0208.size(), 7724u);
  size_t eudc = 0;
  auto expected = [&](int lead, int trail) {
    Decoded want = expected_pair(jis0208, lead, trail);
    if (want.text[0] >= 0xE000 && want.text[0] <= 0xF8FF) ++eudc;
    return want;
  };
  // The leading bytes (is_lead): 0x81..0x9F and 0xE0..0xFC.
  expect_every_lead_and_byte(SHIFT_JIS, {}, 0x81, 0x9F, expected);
  expect_every_lead_and_byte(SHIFT_JIS, {}, 0xE0, 0xFC, expected);
  EXPECT_EQ(eudc, 10715u - 8836u + 1u) << "every EUDC pointer decodes to the Private Use Area";
}

TEST_F(ShiftJisDecoder, EveryPointerOfTheIndex) {
  // Each index jis0208 pointer outside the EUDC range, as the bytes that give it.
  auto jis0208 = read_index("jis0208");
  Bytes in;
  std::vector<uint32_t> want;
  size_t count = 0;
  for (auto [pointer, cp] : jis0208) {
    if (pointer >= 8836 && pointer <= 10715) continue;  // none: the index has no entries there
    uint32_t lead = pointer / 188, trail = pointer % 188;
    Bytes pair = {static_cast<uint8_t>(lead + (lead < 0x1F ? 0x81 : 0xC1)),
                  static_cast<uint8_t>(trail + (trail < 0x3F ? 0x40 : 0x41))};
    ASSERT_EQ(decode(SHIFT_JIS, pair), text({cp})) << pointer;
    in.insert(in.end(), pair.begin(), pair.end());
    want.push_back(cp);
    if (pointer % 41 == 0) in.push_back(0xB1), want.push_back(0xFF71);  // a one-byte katakana
    ++count;
  }
  EXPECT_EQ(count, jis0208.size());
  // All of them back to back, in chunks of odd sizes.
  expect_decode_in_chunks(SHIFT_JIS, in, text(want));
}

TEST_F(ShiftJisDecoder, SingleBytes) {
  // 4. ASCII and 0x80 as themselves; 5. 0xA1..0xDF half-width katakana; 7. 0xA0, 0xFD..0xFF errors.
  // All of those in one run (none of them is a leading byte).
  Bytes in;
  std::vector<uint32_t> want;
  for (int b = 0; b <= 0xFF; ++b) {
    if (is_lead(b)) continue;
    in.push_back(static_cast<uint8_t>(b));
    want.push_back(b <= 0x80 ? b : (b >= 0xA1 && b <= 0xDF) ? 0xFF61 - 0xA1 + b : 0xFFFD);
    if (want.back() == 0xFFFD) ASSERT_EQ(decode(SHIFT_JIS, {in.back()}, kFatal), fails_after({})) << b;
  }
  EXPECT_EQ(in.size(), 256u - 31 - 29);
  expect_decode(SHIFT_JIS, in, text(want));
  expect_decode(SHIFT_JIS, {0xA1, 0xDF, 0x80, 0x7E, 0x5C}, text({0xFF61, 0xFF9F, 0x80, 0x7E, 0x5C}), kFatal);
  // 6. Leading bytes 0x81..0x9F, 0xE0..0xFC; alone at end-of-queue, an error (step 1).
  for (int b = 0x81; b <= 0xFC; ++b) {
    if (!is_lead(b)) continue;
    ASSERT_EQ(decode(SHIFT_JIS, {static_cast<uint8_t>(b)}), text({0xFFFD})) << b;
    ASSERT_EQ(decode(SHIFT_JIS, {static_cast<uint8_t>(b)}, kFatal), fails_after({})) << b;
  }
  expect_decode(SHIFT_JIS, {0x81}, text({0xFFFD}));
  expect_decode(SHIFT_JIS, {0xFC}, fails_after({}), kFatal);
}

TEST_F(ShiftJisDecoder, ErrorPaths) {
  // The Security background example: 0x82 must not mask the 0x22 after it.
  expect_decode(SHIFT_JIS, {0x82, 0x22}, text({0xFFFD, '"'}));
  expect_decode(SHIFT_JIS, {0x82, 0x22}, fails_after({}), kFatal);
  // Bytes outside 0x40..0x7E, 0x80..0xFC after a leading byte: ASCII ones are restored.
  expect_decode(SHIFT_JIS, {0x81, 0x3F}, text({0xFFFD, 0x3F}));
  expect_decode(SHIFT_JIS, {0x81, 0x7F}, text({0xFFFD, 0x7F}));
  expect_decode(SHIFT_JIS, {0x81, 0x00}, text({0xFFFD, 0x00}));
  expect_decode(SHIFT_JIS, {0x81, 0xFD}, text({0xFFFD}));
  expect_decode(SHIFT_JIS, {0x81, 0xFF, 'a'}, text({0xFFFD, 'a'}));
  // A restored byte starts over: 0x81 0x0A, then 0x82 0xA0 (pointer 282, U+3041).
  expect_decode(SHIFT_JIS, {0x81, 0x0A, 0x82, 0x9F}, text({0xFFFD, 0x0A, 0x3041}));
  // A leading byte never becomes the trailing byte's lead again: 0x81 0x81 is one pair.
  expect_decode(SHIFT_JIS, {0x81, 0x81, 0x81}, text({0xFF1D, 0xFFFD}));
  // The last pointer of index jis0208 is 11103 (0xFC 0x4B); 0xFC 0x4C is 11104, past its end, and
  // 0xFC 0xFC is 11279.
  auto jis0208 = read_index("jis0208");
  ASSERT_EQ(jis0208.rbegin()->first, 11103u);
  expect_decode(SHIFT_JIS, {0xFC, 0x4B, 'a'}, text({jis0208.rbegin()->second, 'a'}));
  expect_decode(SHIFT_JIS, {0xFC, 0x4C, 'a'}, text({0xFFFD, 'L', 'a'}));
  expect_decode(SHIFT_JIS, {0xFC, 0xFC}, text({0xFFFD}));
  // 1. A leading byte at end-of-queue.
  expect_decode(SHIFT_JIS, {0x88, 0x9F, 0x88}, text({0x4E9C, 0xFFFD}));
  expect_decode(SHIFT_JIS, {0x88, 0x9F, 0x88}, fails_after({0x4E9C}), kFatal);
  // EUDC: 0xF0 0x40 is U+E000, 0xF9 0xFC is U+E757.
  expect_decode(SHIFT_JIS, {0xF0, 0x40, 0xF9, 0xFC}, text({0xE000, 0xE757}));

  // A null pointer with an ASCII trailing byte and one with a non-ASCII trailing byte.
  int ascii_null = -1, high_null = -1;
  for (uint32_t p = 0; p < 8836 && (ascii_null < 0 || high_null < 0); ++p) {
    if (jis0208.count(p)) continue;
    uint32_t trail = p % 188 + (p % 188 < 0x3F ? 0x40 : 0x41);
    if (trail < 0x80) {
      if (ascii_null < 0) ascii_null = p;
    } else if (high_null < 0) {
      high_null = p;
    }
  }
  ASSERT_GE(ascii_null, 0);
  ASSERT_GE(high_null, 0);
  for (int p : {ascii_null, high_null}) {
    uint8_t lead = p / 188 + (p / 188 < 0x1F ? 0x81 : 0xC1);
    uint8_t trail = p % 188 + (p % 188 < 0x3F ? 0x40 : 0x41);
    expect_decode(SHIFT_JIS, {lead, trail}, trail < 0x80 ? text({0xFFFD, trail}) : text({0xFFFD}));
    expect_decode(SHIFT_JIS, {'a', lead, trail}, fails_after({'a'}), kFatal);
  }
}

// index Shift_JIS pointer: the first pointer of each code point in index jis0208 once the entries
// with pointers 8272..8835 are left out.
std::map<uint32_t, uint32_t> shift_jis_pointers(const std::map<uint32_t, uint32_t>& jis0208) {
  std::map<uint32_t, uint32_t> first;
  for (auto [pointer, cp] : jis0208)
    if (pointer < 8272 || pointer > 8835) first.emplace(cp, pointer);
  return first;
}

// The encoder's result for one scalar value, from the spec's steps.
ExpectedEncoding expected_encoding(const std::map<uint32_t, uint32_t>& first, uint32_t cp) {
  if (cp <= 0x80) return {{static_cast<uint8_t>(cp)}};                                    // 2.
  if (cp == 0xA5) return {{0x5C}};                                                        // 3.
  if (cp == 0x203E) return {{0x7E}};                                                      // 4.
  if (cp >= 0xFF61 && cp <= 0xFF9F) return {{static_cast<uint8_t>(cp - 0xFF61 + 0xA1)}};  // 5.
  if (cp == 0x2212) cp = 0xFF0D;                                                          // 6.
  auto it = first.find(cp);                                                               // 7.
  if (it == first.end()) return {{}, true, cp};                                           // 8.
  uint32_t lead = it->second / 188, trail = it->second % 188;                             // 9.-13.
  return {{static_cast<uint8_t>(lead + (lead < 0x1F ? 0x81 : 0xC1)),
           static_cast<uint8_t>(trail + (trail < 0x3F ? 0x40 : 0x41))}};
}

TEST_F(ShiftJisEncoder, EveryCodePointOfTheIndex) {
  auto jis0208 = read_index("jis0208");
  auto first = shift_jis_pointers(jis0208);
  size_t errors = 0, after_exclusion = 0;
  for (auto [pointer, cp] : jis0208) {
    ExpectedEncoding want = expected_encoding(first, cp);
    Encoded got = encode(SHIFT_JIS, utf16({cp}));
    ASSERT_EQ(got.error, want.error) << std::hex << cp;
    ASSERT_EQ(got.bytes, want.bytes) << std::hex << cp;
    if (want.error) {
      ++errors;
      EXPECT_EQ(got.code_point, cp);
    }
    if (!want.error && want.bytes[0] >= 0xFA) ++after_exclusion;
  }
  // The exclusion matters: code points of 8272..8835 go to the IBM extensions at 0xFA..0xFC.
  EXPECT_GT(after_exclusion, 0u);
  // U+2170 is at 8634 (excluded) and 10716: 0xFA 0x40. U+FFE2 is first at 137: 0x81 0xCA.
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0x2170})).bytes, (Bytes{0xFA, 0x40}));
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0xFFE2})).bytes, (Bytes{0x81, 0xCA}));
  // U+2252 is at 159 and 1207: the first.
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0x2252})).bytes, (Bytes{0x81, 0xE0}));
}

TEST_F(ShiftJisEncoder, EveryBmpScalarValueAndASampleOfTheOthers) {
  auto first = shift_jis_pointers(read_index("jis0208"));
  expect_sampled_scalar_values_encode(SHIFT_JIS, [&](uint32_t cp) { return expected_encoding(first, cp); });
}

TEST_F(ShiftJisEncoder, SpecialCases) {
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0x00, 0x5C, 0x7E, 0x7F, 0x80})).bytes,
            (Bytes{0x00, 0x5C, 0x7E, 0x7F, 0x80}));
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0xA5, 0x203E})).bytes, (Bytes{0x5C, 0x7E}));
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0xFF61, 0xFF9F})).bytes, (Bytes{0xA1, 0xDF}));
  // U+2212 as U+FF0D (pointer 60: 0x81 0x7C).
  EXPECT_EQ(encode(SHIFT_JIS, utf16({0x2212, 0xFF0D})).bytes, (Bytes{0x81, 0x7C, 0x81, 0x7C}));
  // The decoder's EUDC mapping is one-way: U+E000 has no index Shift_JIS pointer.
  Encoded eudc = encode(SHIFT_JIS, utf16({0xE000}));
  EXPECT_TRUE(eudc.error);
  EXPECT_EQ(eudc.code_point, 0xE000u);
  // U+0081 is not U+0080.
  EXPECT_TRUE(encode(SHIFT_JIS, utf16({0x81})).error);
}

TEST_F(ShiftJisEncoder, ErrorModes) {
  Encoded fatal = encode(SHIFT_JIS, utf16({'a', 0x3000, 0xE9, 'b'}));
  EXPECT_TRUE(fatal.error);
  EXPECT_EQ(fatal.code_point, 0xE9u);
  EXPECT_EQ(fatal.bytes, (Bytes{'a', 0x81, 0x40}));
  Encoded html = encode(SHIFT_JIS, utf16({0xE9, 0x3000, 0x1F4A9}), true);
  EXPECT_FALSE(html.error);
  EXPECT_EQ(html.bytes,
            (Bytes{'&', '#', '2', '3', '3', ';', 0x81, 0x40, '&', '#', '1', '2', '8', '1', '6', '9', ';'}));
}

}  // namespace
}  // namespace ew::test
