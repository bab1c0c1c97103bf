// https://encoding.spec.whatwg.org/#euc-kr-decoder and #euc-kr-encoder
// Expected values come from the spec's steps written out here and from index-euc-kr.txt.
#include "test_support.h"

namespace ew::test {
namespace {

class EucKrDecoder : public FamilyTest<kKorean> {};
class EucKrEncoder : public FamilyTest<kKorean> {};

// The decoder's result for a leading byte 0x81..0xFE followed by `trail`, from the spec's steps:
// 3.4. a pointer only for trail 0x41..0xFE; 3.5. the index code point; 3.7. an ASCII byte is
// restored after the error.
Decoded expected_pair(const std::map<uint32_t, uint32_t>& index, uint8_t lead, uint8_t trail) {
  if (trail >= 0x41 && trail <= 0xFE) {
    auto it = index.find((lead - 0x81) * 190 + (trail - 0x41));
    if (it != index.end()) return text({it->second});
  }
  return trail < 0x80 ? text({0xFFFD, trail}) : text({0xFFFD});
}

TEST_F(EucKrDecoder, EveryLeadingByteWithEveryByte) {
  auto index = read_index("euc-kr");
  ASSERT_EQ(index.size(), 17048u);
  // Fatal: the code point, or an error before any output.
  size_t mapped = expect_every_lead_and_byte(
      EUC_KR, {}, 0x81, 0xFE, [&](int lead, int trail) { return expected_pair(index, lead, trail); });
  EXPECT_EQ(mapped, index.size()) << "every pointer of the index was decoded";
}

TEST_F(EucKrDecoder, EveryPointerInOneStream) {
  // All mapped pairs back to back, with ASCII in between now and then, in chunks of odd sizes:
  // the fast path and the per-byte path meet at every possible offset.
  auto index = read_index("euc-kr");
  Bytes in;
  std::vector<uint32_t> want;
  for (auto [pointer, cp] : index) {
    in.push_back(static_cast<uint8_t>(pointer / 190 + 0x81));
    in.push_back(static_cast<uint8_t>(pointer % 190 + 0x41));
    want.push_back(cp);
    if (pointer % 37 == 0) in.push_back('x'), want.push_back('x');
  }
  expect_decode_in_chunks(EUC_KR, in, text(want));
}

TEST_F(EucKrDecoder, Ascii) {
  Bytes in;
  std::vector<uint32_t> want;
  for (int b = 0; b < 0x80; ++b) in.push_back(static_cast<uint8_t>(b)), want.push_back(b);
  expect_decode(EUC_KR, in, text(want));
}

TEST_F(EucKrDecoder, ErrorPaths) {
  // 6. 0x80 and 0xFF are not leading bytes: one error each.
  expect_decode(EUC_KR, {0x80}, text({0xFFFD}));
  expect_decode(EUC_KR, {0xFF}, text({0xFFFD}));
  expect_decode(EUC_KR, {0x80, 0xB0, 0xA1}, text({0xFFFD, 0xAC00}));
  expect_decode(EUC_KR, {0xFF, 'a'}, text({0xFFFD, 'a'}));
  // 1. A leading byte at end-of-queue.
  expect_decode(EUC_KR, {0x81}, text({0xFFFD}));
  expect_decode(EUC_KR, {0xFE}, text({0xFFFD}));
  expect_decode(EUC_KR, {0xB0, 0xA1, 0xB0}, text({0xAC00, 0xFFFD}));
  // 3.4. A byte outside 0x41..0xFE: error, and an ASCII byte is restored (Security background).
  expect_decode(EUC_KR, {0x81, 0x22}, text({0xFFFD, '"'}));
  expect_decode(EUC_KR, {0x81, 0x40}, text({0xFFFD, 0x40}));
  expect_decode(EUC_KR, {0x81, 0x00}, text({0xFFFD, 0x00}));
  expect_decode(EUC_KR, {0x81, 0xFF}, text({0xFFFD}));
  expect_decode(EUC_KR, {0x81, 0xFF, 'a'}, text({0xFFFD, 'a'}));
  // A restored byte is processed again from the start: after 0x81 0x0A comes 0xB0 0xA1.
  expect_decode(EUC_KR, {0x81, 0x0A, 0xB0, 0xA1}, text({0xFFFD, 0x0A, 0xAC00}));
  // 3.5. Pointers past the end of the index (23750): 0xFE 0xFE is pointer 23939.
  expect_decode(EUC_KR, {0xFE, 0xFE}, text({0xFFFD}));
  expect_decode(EUC_KR, {0xFE, 0xFE, 0xB0, 0xA1}, text({0xFFFD, 0xAC00}));

  // Null pointers with an ASCII trailing byte and with a non-ASCII one, taken from the index.
  auto index = read_index("euc-kr");
  int ascii_null = -1, high_null = -1;
  for (uint32_t p = 0; p < 190 * 126 && (ascii_null < 0 || high_null < 0); ++p) {
    if (index.count(p)) continue;
    uint8_t trail = p % 190 + 0x41;
    if (trail < 0x80 && ascii_null < 0) ascii_null = p;
    if (trail >= 0x80 && high_null < 0) high_null = p;
  }
  ASSERT_GE(ascii_null, 0);
  ASSERT_GE(high_null, 0);
  uint8_t lead = ascii_null / 190 + 0x81, trail = ascii_null % 190 + 0x41;
  expect_decode(EUC_KR, {lead, trail}, text({0xFFFD, trail}));
  expect_decode(EUC_KR, {lead, trail}, fails_after({}), kFatal);
  lead = high_null / 190 + 0x81, trail = high_null % 190 + 0x41;
  expect_decode(EUC_KR, {lead, trail, 'b'}, text({0xFFFD, 'b'}));
}

TEST_F(EucKrDecoder, FatalStopsAtTheFirstError) {
  expect_decode(EUC_KR, {'a', 0x80, 'b'}, fails_after({'a'}), kFatal);
  expect_decode(EUC_KR, {0xB0, 0xA1, 0x81, 0x22}, fails_after({0xAC00}), kFatal);
  expect_decode(EUC_KR, {0xB0, 0xA1, 0xB0}, fails_after({0xAC00}), kFatal);
  expect_decode(EUC_KR, {0xB0, 0xA1, 'a'}, text({0xAC00, 'a'}), kFatal);
}

// The encoder's result for one scalar value, from the spec's steps: ASCII as itself, else the
// first pointer of the code point in index EUC-KR, else error with the code point.
ExpectedEncoding expected_encoding(const std::map<uint32_t, uint32_t>& first, uint32_t cp) {
  if (cp < 0x80) return {{static_cast<uint8_t>(cp)}};
  auto it = first.find(cp);
  if (it == first.end()) return {{}, true, cp};
  return {{static_cast<uint8_t>(it->second / 190 + 0x81), static_cast<uint8_t>(it->second % 190 + 0x41)}};
}

TEST_F(EucKrEncoder, EveryCodePointOfTheIndex) {
  auto index = read_index("euc-kr");
  auto first = first_pointers(index);
  for (auto [cp, pointer] : first) {
    Encoded got = encode(EUC_KR, utf16({cp}));
    ASSERT_FALSE(got.error) << std::hex << cp;
    ASSERT_EQ(got.bytes, expected_encoding(first, cp).bytes) << std::hex << cp;
  }
}

TEST_F(EucKrEncoder, EveryBmpScalarValueAndASampleOfTheOthers) {
  auto first = first_pointers(read_index("euc-kr"));
  expect_sampled_scalar_values_encode(EUC_KR, [&](uint32_t cp) { return expected_encoding(first, cp); });
}

TEST_F(EucKrEncoder, Examples) {
  EXPECT_EQ(encode(EUC_KR, utf16({'a', 0xAC00, 0xAC02, 'b'})).bytes,
            (Bytes{'a', 0xB0, 0xA1, 0x81, 0x41, 'b'}));
  EXPECT_EQ(encode(EUC_KR, u"").bytes, Bytes{});
}

TEST_F(EucKrEncoder, ErrorModes) {
  // fatal: the bytes before the error, and the code point.
  Encoded fatal = encode(EUC_KR, utf16({'a', 0xAC00, 0xE9, 'b'}));
  EXPECT_TRUE(fatal.error);
  EXPECT_EQ(fatal.code_point, 0xE9u);
  EXPECT_EQ(fatal.bytes, (Bytes{'a', 0xB0, 0xA1}));
  Encoded astral = encode(EUC_KR, utf16({0x1F4A9}));
  EXPECT_TRUE(astral.error);
  EXPECT_EQ(astral.code_point, 0x1F4A9u);
  // html: "&#NNNN;" in decimal, and encoding goes on.
  Encoded html = encode(EUC_KR, utf16({'a', 0xE9, 0xAC00, 0x1F4A9, 0x80}), true);
  EXPECT_FALSE(html.error);
  Bytes want = {'a', '&', '#', '2', '3', '3', ';', 0xB0, 0xA1, '&', '#', '1',
                '2', '8', '1', '6', '9', ';', '&', '#',  '1',  '2', '8', ';'};
  EXPECT_EQ(html.bytes, want);
  // A lone surrogate is U+FFFD, which index EUC-KR does not have.
  Encoded lone = encode(EUC_KR, u"\xD800", true);
  EXPECT_EQ(lone.bytes, (Bytes{'&', '#', '6', '5', '5', '3', '3', ';'}));
}

}  // namespace
}  // namespace ew::test
