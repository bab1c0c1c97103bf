// https://encoding.spec.whatwg.org/#euc-jp-decoder and #euc-jp-encoder
// Expected values come from the spec's steps written out here and from index-jis0208.txt and
// index-jis0212.txt.
#include "test_support.h"

namespace ew::test {
namespace {

// The decoder needs the family's part with index jis0212 too (tools/generator/boundary.mjs).
class EucJpDecoder : public FamilyTest<kJapanese> {
 protected:
  void SetUp() override {
    FamilyTest::SetUp();
    load_family_or_fail(kJapaneseJis0212);
  }
};
class EucJpEncoder : public FamilyTest<kJapanese> {};

bool in_a1_fe(int b) { return b >= 0xA1 && b <= 0xFE; }

// Step 5 for a leading byte `lead` (0xA1..0xFE) and `byte`, looking up `index` (jis0208, or
// jis0212 after 0x8F): the index code point when both are 0xA1..0xFE; otherwise error, and an
// ASCII byte is restored.
Decoded expected_pair(const std::map<uint32_t, uint32_t>& index, int lead, int byte) {
  if (in_a1_fe(lead) && in_a1_fe(byte)) {
    auto it = index.find((lead - 0xA1) * 94 + byte - 0xA1);
    if (it != index.end()) return text({it->second});
  }
  return byte < 0x80 ? text({0xFFFD, static_cast<uint32_t>(byte)}) : text({0xFFFD});
}

TEST_F(EucJpDecoder, EveryJis0208LeadingByteWithEveryByte) {
  auto jis0208 = read_index("jis0208");
  size_t mapped = expect_every_lead_and_byte(
      EUC_JP, {}, 0xA1, 0xFE, [&](int lead, int byte) { return expected_pair(jis0208, lead, byte); });
  // Every pointer below 8836 is reachable; the IBM extensions above are decoded only by Shift_JIS.
  size_t below = 0;
  for (auto [pointer, cp] : jis0208) below += pointer < 94 * 94;
  EXPECT_EQ(mapped, below);
}

TEST_F(EucJpDecoder, EveryJis0212LeadingByteWithEveryByte) {
  auto jis0212 = read_index("jis0212");
  ASSERT_EQ(jis0212.size(), 6067u);
  size_t mapped = expect_every_lead_and_byte(
      EUC_JP, {0x8F}, 0xA1, 0xFE, [&](int lead, int byte) { return expected_pair(jis0212, lead, byte); });
  EXPECT_EQ(mapped, jis0212.size());
}

TEST_F(EucJpDecoder, EveryByteAfter0x8E) {
  // 3. 0xA1..0xDF: half-width katakana; otherwise step 5: error (0x8E is not 0xA1..0xFE), an
  // ASCII byte restored.
  for (int byte = 0; byte <= 0xFF; ++byte) {
    Bytes in = {0x8E, static_cast<uint8_t>(byte)};
    Decoded want = byte >= 0xA1 && byte <= 0xDF ? text({0xFF61 - 0xA1 + static_cast<uint32_t>(byte)})
                   : byte < 0x80                ? text({0xFFFD, static_cast<uint32_t>(byte)})
                                                : text({0xFFFD});
    ASSERT_EQ(decode(EUC_JP, in), want) << hex(in);
    ASSERT_EQ(decode(EUC_JP, in, kFatal), fatal_of(want)) << hex(in);
  }
}

TEST_F(EucJpDecoder, EveryByteAfter0x8F) {
  // 4. 0xA1..0xFE becomes the leading byte (then end-of-queue: one error); otherwise step 5.
  for (int byte = 0; byte <= 0xFF; ++byte) {
    Bytes in = {0x8F, static_cast<uint8_t>(byte)};
    Decoded want = byte < 0x80 ? text({0xFFFD, static_cast<uint32_t>(byte)}) : text({0xFFFD});
    ASSERT_EQ(decode(EUC_JP, in), want) << hex(in);
    ASSERT_EQ(decode(EUC_JP, in, kFatal), fails_after({})) << hex(in);
  }
}

TEST_F(EucJpDecoder, SingleBytes) {
  // 6. ASCII; 8. 0x80..0x8D, 0x90..0xA0, 0xFF errors. All of those in one run (no leading byte).
  auto is_lead = [](int b) { return b == 0x8E || b == 0x8F || in_a1_fe(b); };
  Bytes in;
  std::vector<uint32_t> want;
  for (int b = 0; b <= 0xFF; ++b) {
    if (is_lead(b)) continue;
    in.push_back(static_cast<uint8_t>(b));
    want.push_back(b < 0x80 ? b : 0xFFFD);
    if (b >= 0x80) ASSERT_EQ(decode(EUC_JP, {in.back()}, kFatal), fails_after({})) << b;
  }
  EXPECT_EQ(in.size(), 256u - 2 - 94);
  expect_decode(EUC_JP, in, text(want));
  // 7. Leading bytes 0x8E, 0x8F, 0xA1..0xFE; alone at end-of-queue, an error (step 1).
  for (int b = 0x80; b <= 0xFF; ++b) {
    if (!is_lead(b)) continue;
    ASSERT_EQ(decode(EUC_JP, {static_cast<uint8_t>(b)}), text({0xFFFD})) << b;
    ASSERT_EQ(decode(EUC_JP, {static_cast<uint8_t>(b)}, kFatal), fails_after({})) << b;
  }
}

TEST_F(EucJpDecoder, EveryPointerInOneStream) {
  auto jis0208 = read_index("jis0208");
  auto jis0212 = read_index("jis0212");
  Bytes in;
  std::vector<uint32_t> want;
  for (auto [pointer, cp] : jis0208) {
    if (pointer >= 94 * 94) continue;
    in.push_back(static_cast<uint8_t>(pointer / 94 + 0xA1));
    in.push_back(static_cast<uint8_t>(pointer % 94 + 0xA1));
    want.push_back(cp);
    if (pointer % 31 == 0) in.push_back('x'), want.push_back('x');
    if (pointer % 43 == 0) in.push_back(0x8E), in.push_back(0xB1), want.push_back(0xFF71);
  }
  for (auto [pointer, cp] : jis0212) {
    in.push_back(0x8F);
    in.push_back(static_cast<uint8_t>(pointer / 94 + 0xA1));
    in.push_back(static_cast<uint8_t>(pointer % 94 + 0xA1));
    want.push_back(cp);
    if (pointer % 29 == 0) in.push_back('y'), want.push_back('y');
  }
  expect_decode_in_chunks(EUC_JP, in, text(want));
}

TEST_F(EucJpDecoder, ErrorPaths) {
  // Security background: a bad pair never swallows an ASCII byte.
  expect_decode(EUC_JP, {0xA4, 0x22}, text({0xFFFD, '"'}));
  expect_decode(EUC_JP, {0x8E, 0x22}, text({0xFFFD, '"'}));
  expect_decode(EUC_JP, {0x8F, 0x22}, text({0xFFFD, '"'}));
  expect_decode(EUC_JP, {0x8F, 0xA2, 0x22}, text({0xFFFD, '"'}));
  expect_decode(EUC_JP, {0xA4, 0x22}, fails_after({}), kFatal);
  // Non-ASCII bytes are not restored: 0x8E 0x8E, then 0xB1 alone at end-of-queue.
  expect_decode(EUC_JP, {0x8E, 0x8E, 0xB1}, text({0xFFFD, 0xFFFD}));
  expect_decode(EUC_JP, {0x8F, 0x8E, 0xA4, 0xA2}, text({0xFFFD, 0x3042}));
  expect_decode(EUC_JP, {0xA4, 0xA0, 0xA4, 0xA2}, text({0xFFFD, 0x3042}));
  expect_decode(EUC_JP, {0xA4, 0xFF, 0xA4, 0xA2}, text({0xFFFD, 0x3042}));
  // A restored byte starts over.
  expect_decode(EUC_JP, {0xA4, 0x0A, 0xA4, 0xA2}, text({0xFFFD, 0x0A, 0x3042}));
  // 1. A leading byte at end-of-queue is one error, also after 0x8F and a leading byte.
  expect_decode(EUC_JP, {0xA4}, text({0xFFFD}));
  expect_decode(EUC_JP, {0x8E}, text({0xFFFD}));
  expect_decode(EUC_JP, {0x8F}, text({0xFFFD}));
  expect_decode(EUC_JP, {0x8F, 0xA1}, text({0xFFFD}));
  expect_decode(EUC_JP, {0xA4, 0xA2, 0x8F, 0xA1}, fails_after({0x3042}), kFatal);
  // 8. Bytes that are neither ASCII nor leading bytes.
  expect_decode(EUC_JP, {0x80, 0x8D, 0x90, 0xA0, 0xFF}, text({0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD}));
  expect_decode(EUC_JP, {'a', 0xA0, 'b'}, fails_after({'a'}), kFatal);

  // 5.5. EUC-JP jis0212 is false after each pair, mapped or not: the next pair is jis0208.
  auto jis0212 = read_index("jis0212");
  auto [pointer, cp] = *jis0212.begin();
  uint8_t lead = pointer / 94 + 0xA1, trail = pointer % 94 + 0xA1;
  expect_decode(EUC_JP, {0x8F, lead, trail, 0xA4, 0xA2}, text({cp, 0x3042}));
  int null_pointer = -1;
  for (int p = 0; p < 94 * 94 && null_pointer < 0; ++p)
    if (!jis0212.count(p)) null_pointer = p;
  ASSERT_GE(null_pointer, 0);
  expect_decode(EUC_JP,
                {0x8F, static_cast<uint8_t>(null_pointer / 94 + 0xA1),
                 static_cast<uint8_t>(null_pointer % 94 + 0xA1), 0xA4, 0xA2},
                text({0xFFFD, 0x3042}));
  // Pointers of jis0212 past its end (7211): 0x8F 0xFE 0xFE is pointer 8835.
  expect_decode(EUC_JP, {0x8F, 0xFE, 0xFE}, text({0xFFFD}));
}

TEST_F(EucJpDecoder, FlushLeavesANewDecoder) {
  // End-of-queue after 0x8F and a leading byte (the spec leaves EUC-JP jis0212 set, but the decoder
  // is finished): the same state then decodes 0xA4 0xA2 as jis0208.
  DecoderState st{};
  char16_t out[64];
  const uint8_t first[] = {0x8F, 0xA1};
  DecodeResult r = decode_to_utf16(EUC_JP, kFlush, st, first, sizeof first, out, 64);
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(std::u16string(out + r.begin, out + r.written), u"\xFFFD");
  const uint8_t second[] = {0xA4, 0xA2};
  r = decode_to_utf16(EUC_JP, kFlush, st, second, sizeof second, out, 64);
  EXPECT_EQ(std::u16string(out + r.begin, out + r.written), u"\x3042");
}

// The encoder's result for one scalar value, from the spec's steps. EUC-JP never encodes JIS X 0212.
ExpectedEncoding expected_encoding(const std::map<uint32_t, uint32_t>& first, uint32_t cp) {
  if (cp < 0x80) return {{static_cast<uint8_t>(cp)}};                                           // 2.
  if (cp == 0xA5) return {{0x5C}};                                                              // 3.
  if (cp == 0x203E) return {{0x7E}};                                                            // 4.
  if (cp >= 0xFF61 && cp <= 0xFF9F) return {{0x8E, static_cast<uint8_t>(cp - 0xFF61 + 0xA1)}};  // 5.
  if (cp == 0x2212) cp = 0xFF0D;                                                                // 6.
  auto it = first.find(cp);                                                                     // 7.
  if (it == first.end()) return {{}, true, cp};                                                 // 8.
  return {{static_cast<uint8_t>(it->second / 94 + 0xA1), static_cast<uint8_t>(it->second % 94 + 0xA1)}};
}

TEST_F(EucJpEncoder, EveryCodePointOfTheIndexes) {
  auto first = first_pointers(read_index("jis0208"));
  size_t encoded = 0, errors = 0;
  for (const char* name : {"jis0208", "jis0212"}) {
    for (auto [pointer, cp] : read_index(name)) {
      ExpectedEncoding want = expected_encoding(first, cp);
      Encoded got = encode(EUC_JP, utf16({cp}));
      ASSERT_EQ(got.error, want.error) << name << " U+" << std::hex << cp;
      ASSERT_EQ(got.bytes, want.bytes) << name << " U+" << std::hex << cp;
      if (got.error) EXPECT_EQ(got.code_point, cp);
      (got.error ? errors : encoded) += 1;
    }
  }
  EXPECT_GT(errors, 0u) << "code points only JIS X 0212 has do not encode";
  // Duplicates: U+2170 is at 8634 and 10716 (EUC-JP: the first, 0xFC 0xF1); U+FFE2 at 137 first.
  EXPECT_EQ(encode(EUC_JP, utf16({0x2170})).bytes, (Bytes{0xFC, 0xF1}));
  EXPECT_EQ(encode(EUC_JP, utf16({0xFFE2})).bytes, (Bytes{0xA2, 0xCC}));
}

TEST_F(EucJpEncoder, EveryBmpScalarValueAndASampleOfTheOthers) {
  auto first = first_pointers(read_index("jis0208"));
  expect_sampled_scalar_values_encode(EUC_JP, [&](uint32_t cp) { return expected_encoding(first, cp); });
}

TEST_F(EucJpEncoder, SpecialCases) {
  EXPECT_EQ(encode(EUC_JP, utf16({0x5C, 0x7E, 0xA5, 0x203E})).bytes, (Bytes{0x5C, 0x7E, 0x5C, 0x7E}));
  EXPECT_EQ(encode(EUC_JP, utf16({0xFF61, 0xFF9F})).bytes, (Bytes{0x8E, 0xA1, 0x8E, 0xDF}));
  // U+2212 as U+FF0D (pointer 60).
  EXPECT_EQ(encode(EUC_JP, utf16({0x2212, 0xFF0D})).bytes, (Bytes{0xA1, 0xDD, 0xA1, 0xDD}));
  EXPECT_TRUE(encode(EUC_JP, utf16({0x80})).error);
  // U+4E02 is only in index jis0212.
  Encoded jis0212_only = encode(EUC_JP, utf16({0x4E02}));
  EXPECT_TRUE(jis0212_only.error);
  EXPECT_EQ(jis0212_only.code_point, 0x4E02u);
}

TEST_F(EucJpEncoder, ErrorModes) {
  Encoded fatal = encode(EUC_JP, utf16({'a', 0x3000, 0xE9, 'b'}));
  EXPECT_TRUE(fatal.error);
  EXPECT_EQ(fatal.code_point, 0xE9u);
  EXPECT_EQ(fatal.bytes, (Bytes{'a', 0xA1, 0xA1}));
  Encoded html = encode(EUC_JP, utf16({0xE9, 0x3000, 0x1F4A9}), true);
  EXPECT_FALSE(html.error);
  EXPECT_EQ(html.bytes,
            (Bytes{'&', '#', '2', '3', '3', ';', 0xA1, 0xA1, '&', '#', '1', '2', '8', '1', '6', '9', ';'}));
}

}  // namespace
}  // namespace ew::test
