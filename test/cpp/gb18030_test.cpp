// https://encoding.spec.whatwg.org/#gb18030-decoder, #gb18030-encoder, #gbk-decoder, #gbk-encoder
// Expected values come from the spec text (literals below) and from cpp/whatwg/index-gb18030*.txt
// read at test time, with the spec's index algorithms written out again here (linear, obviously
// slow, independent of the core).
#include <algorithm>
#include <cstring>
#include <optional>

#include "test_support.h"

namespace ew::test {
namespace {

constexpr uint32_t R = 0xFFFD;

// index gb18030 and index gb18030 ranges as the spec defines them.
struct Spec {
  std::map<uint32_t, uint32_t> index = read_index("gb18030");
  std::map<uint32_t, uint32_t> ranges = read_index("gb18030-ranges");
  std::map<uint32_t, uint32_t> first_pointer = first_pointers(index);  // "index pointer"

  // https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point (nullopt for null)
  std::optional<uint32_t> ranges_code_point(uint32_t pointer) const {
    if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return std::nullopt;
    if (pointer == 7457) return 0xE7C7;
    uint32_t offset = 0, cp_offset = 0;
    for (auto [p, cp] : ranges)
      if (p <= pointer) offset = p, cp_offset = cp;
    return cp_offset + pointer - offset;
  }

  // https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
  uint32_t ranges_pointer(uint32_t code_point) const {
    if (code_point == 0xE7C7) return 7457;
    uint32_t offset = 0, pointer_offset = 0;
    for (auto [p, cp] : ranges)
      if (cp <= code_point) offset = cp, pointer_offset = p;
    return pointer_offset + code_point - offset;
  }

  // The encoder's handler, steps 2-15, for a scalar value; nullopt for error.
  std::optional<Bytes> encode(uint32_t cp, bool gbk) const {
    if (cp < 0x80) return Bytes{static_cast<uint8_t>(cp)};
    if (cp == 0xE5E5) return std::nullopt;
    if (gbk && cp == 0x20AC) return Bytes{0x80};
    for (auto& [c, bytes] : side_table())
      if (c == cp) return bytes;
    if (auto it = first_pointer.find(cp); it != first_pointer.end()) return two_bytes(it->second);
    if (gbk) return std::nullopt;
    return four_bytes(ranges_pointer(cp));
  }

  static const std::vector<std::pair<uint32_t, Bytes>>& side_table() {
    static const std::vector<std::pair<uint32_t, Bytes>> table = {
        {0xE78D, {0xA6, 0xD9}}, {0xE78E, {0xA6, 0xDA}}, {0xE78F, {0xA6, 0xDB}}, {0xE790, {0xA6, 0xDC}},
        {0xE791, {0xA6, 0xDD}}, {0xE792, {0xA6, 0xDE}}, {0xE793, {0xA6, 0xDF}}, {0xE794, {0xA6, 0xEC}},
        {0xE795, {0xA6, 0xED}}, {0xE796, {0xA6, 0xF3}}, {0xE81E, {0xFE, 0x59}}, {0xE826, {0xFE, 0x61}},
        {0xE82B, {0xFE, 0x66}}, {0xE82C, {0xFE, 0x67}}, {0xE832, {0xFE, 0x6D}}, {0xE843, {0xFE, 0x7E}},
        {0xE854, {0xFE, 0x90}}, {0xE864, {0xFE, 0xA0}},
    };
    return table;
  }

  static Bytes two_bytes(uint32_t pointer) {
    uint32_t trailing = pointer % 190;
    return {static_cast<uint8_t>(pointer / 190 + 0x81),
            static_cast<uint8_t>(trailing + (trailing < 0x3F ? 0x40 : 0x41))};
  }

  static Bytes four_bytes(uint32_t pointer) {
    return {static_cast<uint8_t>(pointer / 12600 + 0x81), static_cast<uint8_t>(pointer % 12600 / 1260 + 0x30),
            static_cast<uint8_t>(pointer % 1260 / 10 + 0x81), static_cast<uint8_t>(pointer % 10 + 0x30)};
  }
};

const Spec& spec() {
  static const Spec s;
  return s;
}

void expect_encodes(int encoding, uint32_t cp, const std::optional<Bytes>& want) {
  Encoded got = encode_one(encoding, cp);
  if (want) {
    EXPECT_FALSE(got.error) << std::hex << "U+" << cp;
    EXPECT_EQ(got.bytes, *want) << std::hex << "U+" << cp;
  } else {
    EXPECT_TRUE(got.error) << std::hex << "U+" << cp << " encoded to " << hex(got.bytes);
    EXPECT_EQ(got.code_point, cp);
    EXPECT_TRUE(got.bytes.empty());
  }
}

class Gb18030Decoder : public FamilyTest<kChineseSimplified> {};
class GbkDecoder : public Gb18030Decoder {};
class Gb18030Encoder : public Gb18030Decoder {};
class GbkEncoder : public Gb18030Decoder {};

// ---- decoder ----

TEST_F(Gb18030Decoder, Empty) { expect_decode(GB18030, {}, text({})); }

TEST_F(Gb18030Decoder, SingleBytes) {
  expect_decode(GB18030, {'a', 0x00, 0x7F}, text({'a', 0, 0x7F}));
  // 6.-9.: 0x80 is the euro sign, 0xFF an error.
  expect_decode(GB18030, {0x80}, text({0x20AC}));
  expect_decode(GB18030, {0xFF}, text({R}));
  expect_decode(GB18030, {0xFF, 'a', 0x80}, text({R, 'a', 0x20AC}));
  expect_decode(GB18030, {0xFF}, fails_after({}), kFatal);
  expect_decode(GB18030, {0x80, 'a', 0xFF, 'b'}, fails_after({0x20AC, 'a'}), kFatal);
}

// Every leading byte with every trailing byte that does not start a four-byte sequence: the index
// code point, or an error that restores an ASCII trailing byte (and consumes any other).
TEST_F(Gb18030Decoder, EveryTwoByteSequence) {
  const Spec& s = spec();
  size_t mapped = 0;
  for (int encoding : {GB18030, GBK}) {
    for (uint32_t lead = 0x81; lead <= 0xFE; ++lead) {
      for (uint32_t trail = 0; trail <= 0xFF; ++trail) {
        if (trail >= 0x30 && trail <= 0x39) continue;
        Bytes in = {static_cast<uint8_t>(lead), static_cast<uint8_t>(trail)};
        bool valid = (trail >= 0x40 && trail <= 0x7E) || (trail >= 0x80 && trail <= 0xFE);
        Decoded want, want_fatal;
        if (valid) {
          uint32_t pointer = (lead - 0x81) * 190 + (trail - (trail < 0x7F ? 0x40 : 0x41));
          auto it = s.index.find(pointer);
          ASSERT_NE(it, s.index.end()) << "index gb18030 has every pointer";
          want = want_fatal = text({it->second});
          ++mapped;
        } else {
          want = trail < 0x80 ? text({R, trail}) : text({R});
          want_fatal = fails_after({});
        }
        ASSERT_EQ(decode(encoding, in), want) << hex(in);
        ASSERT_EQ(decode(encoding, in, kFatal), want_fatal) << hex(in);
      }
    }
  }
  EXPECT_EQ(mapped, 2 * 23940u);
}

// All 23940 pointers back to back, in one call, in uneven chunks and through a tiny output buffer
// (the fast path and the per-byte path must agree).
TEST_F(Gb18030Decoder, EveryPointerInOneStream) {
  Bytes in;
  std::u16string want;
  for (auto [pointer, cp] : spec().index) {
    Bytes b = Spec::two_bytes(pointer);
    in.insert(in.end(), b.begin(), b.end());
    want += utf16(std::vector<uint32_t>{cp});
  }
  expect_decode_in_chunks(GB18030, in, Decoded{want, false});
}

TEST_F(Gb18030Decoder, Gb18030_2022Mappings) {
  // "index gb18030" notes and the 2022 changes: 0xA3 0xA0 is U+3000 (as 0xA1 0xA1 is), 0xA6 0xD9
  // and following are the vertical forms, 0xA8 0xBC is U+1E3F, and the euro sign has two forms.
  expect_decode(GB18030, {0xA3, 0xA0}, text({0x3000}));
  expect_decode(GB18030, {0xA1, 0xA1}, text({0x3000}));
  expect_decode(GB18030, {0xA6, 0xD9}, text({0xFE10}));
  expect_decode(GB18030, {0xA6, 0xDA}, text({0xFE12}));
  expect_decode(GB18030, {0xA6, 0xDF}, text({0xFE16}));
  expect_decode(GB18030, {0xA6, 0xEC}, text({0xFE17}));
  expect_decode(GB18030, {0xA6, 0xF3}, text({0xFE19}));
  expect_decode(GB18030, {0xA8, 0xBC}, text({0x1E3F}));
  expect_decode(GB18030, {0xA2, 0xE3}, text({0x20AC}));
  // The four-byte forms those code points had before still decode to them.
  expect_decode(GB18030, {0x84, 0x31, 0x82, 0x36}, text({0xFE10}));
  expect_decode(GB18030, {0x84, 0x31, 0x83, 0x35}, text({0xFE19}));
  // "index gb18030 ranges code point" step 2: pointer 7457 is U+E7C7.
  expect_decode(GB18030, {0x81, 0x35, 0xF4, 0x37}, text({0xE7C7}));
  expect_decode(GB18030, {0x81, 0x35, 0xF4, 0x36}, text({*spec().ranges_code_point(7456)}));
  expect_decode(GB18030, {0x81, 0x35, 0xF4, 0x38}, text({*spec().ranges_code_point(7458)}));
}

TEST_F(Gb18030Decoder, FourByteBoundaries) {
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x30}, text({0x80}));      // pointer 0
  expect_decode(GB18030, {0x81, 0x30, 0x84, 0x36}, text({0xA5}));      // pointer 36
  expect_decode(GB18030, {0x84, 0x31, 0xA4, 0x39}, text({0xFFFF}));    // pointer 39419
  expect_decode(GB18030, {0x90, 0x30, 0x81, 0x30}, text({0x10000}));   // pointer 189000
  expect_decode(GB18030, {0xE3, 0x32, 0x9A, 0x35}, text({0x10FFFF}));  // pointer 1237575
  // Null pointers are one error for all four bytes ("84 31 A5 30" is pointer 39420).
  expect_decode(GB18030, {0x84, 0x31, 0xA5, 0x30}, text({R}));
  expect_decode(GB18030, {0x84, 0x31, 0xA5, 0x30, 'a'}, text({R, 'a'}));
  expect_decode(GB18030, {0x8F, 0x39, 0xFE, 0x39}, text({R}));  // pointer 188999
  expect_decode(GB18030, {0xE3, 0x32, 0x9A, 0x36}, text({R}));  // pointer 1237576
  expect_decode(GB18030, {0xFE, 0x39, 0xFE, 0x39}, text({R}));  // the largest pointer
  expect_decode(GB18030, {0x84, 0x31, 0xA5, 0x30}, fails_after({}), kFatal);
  expect_decode(GB18030, {0x84, 0x31, 0xA4, 0x39, 0xE3, 0x32, 0x9A, 0x36}, fails_after({0xFFFF}), kFatal);

  // Each range's first pointer and the pointer before it (the previous range's last one).
  const Spec& s = spec();
  for (auto [pointer, cp] : s.ranges) {
    if (pointer != 7457) EXPECT_EQ(decode(GB18030, Spec::four_bytes(pointer)), text({cp})) << pointer;
    if (pointer == 0) continue;
    auto before = s.ranges_code_point(pointer - 1);  // null before 189000
    EXPECT_EQ(decode(GB18030, Spec::four_bytes(pointer - 1)), text({before.value_or(R)})) << pointer - 1;
  }
}

// Every four-byte sequence of valid bytes (126 * 10 * 126 * 10 of them), as streams per pointer
// range: BMP, the null gap, the supplementary planes, beyond U+10FFFF.
TEST_F(Gb18030Decoder, EveryFourByteSequence) {
  const Spec& s = spec();
  // The ranges code point for ascending pointers, walking the ranges once.
  std::vector<std::pair<uint32_t, uint32_t>> ranges(s.ranges.begin(), s.ranges.end());
  size_t r = 0;
  auto code_point = [&](uint32_t pointer) -> uint32_t {
    if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return 0;
    if (pointer == 7457) return 0xE7C7;
    while (r + 1 < ranges.size() && ranges[r + 1].first <= pointer) ++r;
    return ranges[r].second + pointer - ranges[r].first;
  };
  // Spot-check the walker against the spec function.
  for (uint32_t p : {0u, 1u, 7456u, 7457u, 7458u, 39419u, 39420u, 188999u, 189000u, 1237575u, 1237576u})
    EXPECT_EQ(code_point(p), s.ranges_code_point(p).value_or(0)) << p;
  r = 0;

  const uint32_t bounds[] = {0, 39420, 189000, 1237576, 126 * 12600};
  for (int part = 0; part < 4; ++part) {
    Bytes in;
    std::u16string want;
    in.reserve((bounds[part + 1] - bounds[part]) * 4);
    for (uint32_t pointer = bounds[part]; pointer < bounds[part + 1]; ++pointer) {
      in.push_back(static_cast<uint8_t>(pointer / 12600 + 0x81));
      in.push_back(static_cast<uint8_t>(pointer % 12600 / 1260 + 0x30));
      in.push_back(static_cast<uint8_t>(pointer % 1260 / 10 + 0x81));
      in.push_back(static_cast<uint8_t>(pointer % 10 + 0x30));
      uint32_t cp = code_point(pointer);
      if (!cp) {
        want += static_cast<char16_t>(R);
      } else if (cp < 0x10000) {
        want += static_cast<char16_t>(cp);
      } else {
        want += static_cast<char16_t>(0xD800 | ((cp - 0x10000) >> 10));
        want += static_cast<char16_t>(0xDC00 | ((cp - 0x10000) & 0x3FF));
      }
    }
    SCOPED_TRACE(part);
    EXPECT_EQ(decode(GB18030, in), (Decoded{want, false}));
    if (part == 2) continue;  // a million sequences: once is enough
    // Through GBK's decoder (the same one), in uneven chunks and a small output buffer.
    std::vector<size_t> splits;
    for (size_t k = 1; k < in.size(); k += 4099) splits.push_back(k);
    EXPECT_EQ(decode(GBK, in, 0, splits, 64), (Decoded{want, false}));
  }
  // Every U+10000..U+10FFFF came out in order in part 2; spot checks through every path:
  for (uint32_t cp : {0x10000u, 0x1F600u, 0x20000u, 0x2A6D6u, 0xFFFFFu, 0x100000u, 0x10FFFFu})
    expect_decode(GB18030, Spec::four_bytes(189000 + cp - 0x10000), text({cp}));
}

// The decoder's error paths, with ASCII padding and every split (expect_decode).
TEST_F(Gb18030Decoder, BadTrailingByte) {
  // 5.9.-5.10.: an ASCII byte after a leading byte is restored, anything else is consumed. ASCII
  // trailing bytes are 0x40..0x7E, so the bad ones are 0x00..0x2F, 0x3A..0x3F and 0x7F.
  expect_decode(GB18030, {0x81, ' '}, text({R, ' '}));
  expect_decode(GB18030, {0x81, 0x3A}, text({R, 0x3A}));
  expect_decode(GB18030, {0x81, 0x00}, text({R, 0x00}));
  expect_decode(GB18030, {0x81, 0x2F}, text({R, 0x2F}));
  expect_decode(GB18030, {0x81, 0x3F}, text({R, 0x3F}));
  expect_decode(GB18030, {0x81, 0x7F}, text({R, 0x7F}));
  expect_decode(GB18030, {0x81, '"', 'b'}, text({R, '"', 'b'}));
  expect_decode(GB18030, {0xFE, 0xFF}, text({R}));
  expect_decode(GB18030, {0xFE, 0xFF, 'a'}, text({R, 'a'}));
  expect_decode(GB18030, {0x81, 0xFF, 0x81, 0x40}, text({R, spec().index.at(0)}));
  expect_decode(GB18030, {0x81, 0x2F}, fails_after({}), kFatal);
  expect_decode(GB18030, {0xFE, 0xFF}, fails_after({}), kFatal);
  expect_decode(GB18030, {0x81, 'a'}, text({spec().index.at(0x61 - 0x40)}), kFatal);
}

TEST_F(Gb18030Decoder, BadThirdByte) {
  // 4.2.: restore « second, byte »: the digit comes out, then byte is processed afresh.
  expect_decode(GB18030, {0x81, 0x30, 'a'}, text({R, '0', 'a'}));
  expect_decode(GB18030, {0x81, 0x30, 0x30}, text({R, '0', '0'}));
  expect_decode(GB18030, {0x81, 0x39, 0x7F}, text({R, '9', 0x7F}));
  expect_decode(GB18030, {0x81, 0x30, 0x80}, text({R, '0', 0x20AC}));
  expect_decode(GB18030, {0x81, 0x30, 0xFF}, text({R, '0', R}));
  expect_decode(GB18030, {0x81, 0x30, 0xFF, 'b'}, text({R, '0', R, 'b'}));
  expect_decode(GB18030, {0x81, 0x30, 'a'}, fails_after({}), kFatal);
  expect_decode(GB18030, {'x', 0x81, 0x30, 0x80}, fails_after({'x'}), kFatal);
}

TEST_F(Gb18030Decoder, BadFourthByte) {
  // 3.1.: restore « second, third, byte »: the digit comes out, third becomes a leading byte again
  // and byte is its trailing byte.
  const auto& index = spec().index;
  expect_decode(GB18030, {0x81, 0x30, 0x81, '!'}, text({R, '0', R, '!'}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 'a'}, text({R, '0', index.at(0x61 - 0x40)}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x7F}, text({R, '0', R, 0x7F}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0xFF}, text({R, '0', R}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x81}, text({R, '0', index.at(64)}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x80}, text({R, '0', index.at(63)}));
  expect_decode(GB18030, {0x81, 0x30, 0xFE, 0x40}, text({R, '0', index.at(125 * 190)}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x81, 0x30}, text({R, '0', index.at(64), '0'}));
  // The restored third byte picks up a digit again: a new four-byte sequence.
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x81, 0x30, 0x81, 0x30}, text({R, '0', index.at(64), '0', R}));
  expect_decode(GB18030, {0x81, 0x30, 0x90, 0x90, 0x30, 0x81, 0x30},
                text({R, '0', index.at(15 * 190 + 0x4F), '0', R}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, '!'}, fails_after({}), kFatal);
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x30, 0x81, 0x30, 0x81, 0xFF}, fails_after({0x80}), kFatal);
}

TEST_F(Gb18030Decoder, EndOfQueue) {
  // 2.: whatever is pending is one error, which "masks" up to one ASCII digit.
  expect_decode(GB18030, {0x81}, text({R}));
  expect_decode(GB18030, {0x81, 0x30}, text({R}));
  expect_decode(GB18030, {0x81, 0x30, 0x81}, text({R}));
  expect_decode(GB18030, {'a', 0x81, 0x30, 0x81}, text({'a', R}));
  expect_decode(GB18030, {0x81, 0x30, 0x81, 0x30, 0xFE}, text({0x80, R}));
  expect_decode(GB18030, {0x81}, fails_after({}), kFatal);
  expect_decode(GB18030, {0xA1, 0xA1, 0x81, 0x30}, fails_after({0x3000}), kFatal);
  expect_decode(GB18030, {0x81, 0x30, 0x81}, fails_after({}), kFatal);
}

TEST_F(GbkDecoder, IsTheGb18030Decoder) {
  expect_decode(GBK, {'a', 0x80, 0xA3, 0xA0, 0xA6, 0xD9}, text({'a', 0x20AC, 0x3000, 0xFE10}));
  expect_decode(GBK, {0x81, 0x30, 0x81, 0x30, 0x90, 0x30, 0x81, 0x30}, text({0x80, 0x10000}));
  expect_decode(GBK, {0x84, 0x31, 0xA5, 0x30, 0x81, '-', 0x81, 0x30, 'b'}, text({R, R, '-', R, '0', 'b'}));
  expect_decode(GBK, {0x81, 0x30, 0x81}, fails_after({}), kFatal);
}

// ---- encoder ----

TEST_F(Gb18030Encoder, Gb18030_2022Rules) {
  // 3.: U+E5E5 is an error (0xA3 0xA0 decodes to U+3000).
  Encoded e = encode(GB18030, utf16({'a', 0xE5E5, 'b'}));
  EXPECT_TRUE(e.error);
  EXPECT_EQ(e.code_point, 0xE5E5u);
  EXPECT_EQ(e.bytes, Bytes{'a'});
  EXPECT_EQ(encode(GB18030, utf16({0xE5E5}), true).bytes, (Bytes{'&', '#', '5', '8', '8', '5', '3', ';'}));
  // 5.: the side table, written out from the spec.
  EXPECT_EQ(encode(GB18030, utf16({0xE78D, 0xE796, 0xE81E, 0xE864})).bytes,
            (Bytes{0xA6, 0xD9, 0xA6, 0xF3, 0xFE, 0x59, 0xFE, 0xA0}));
  for (auto& [cp, bytes] : Spec::side_table()) {
    EXPECT_EQ(encode(GB18030, utf16({cp})).bytes, bytes);
    EXPECT_EQ(encode(GBK, utf16({cp})).bytes, bytes);
  }
  // The code points the index now has at those bytes encode there too.
  EXPECT_EQ(encode(GB18030, utf16({0xFE10, 0xFE19})).bytes, (Bytes{0xA6, 0xD9, 0xA6, 0xF3}));
  // U+3000 takes the first of its two pointers.
  EXPECT_EQ(encode(GB18030, utf16({0x3000})).bytes, (Bytes{0xA1, 0xA1}));
  // U+1E3F has two bytes; U+E7C7 is pointer 7457.
  EXPECT_EQ(encode(GB18030, utf16({0x1E3F})).bytes, (Bytes{0xA8, 0xBC}));
  EXPECT_EQ(encode(GB18030, utf16({0xE7C7})).bytes, (Bytes{0x81, 0x35, 0xF4, 0x37}));
  // 4.: only GBK writes the euro sign as 0x80.
  EXPECT_EQ(encode(GB18030, utf16({0x20AC})).bytes, (Bytes{0xA2, 0xE3}));
}

TEST_F(Gb18030Encoder, FourByteForms) {
  EXPECT_EQ(encode(GB18030, utf16({0x80})).bytes, (Bytes{0x81, 0x30, 0x81, 0x30}));
  EXPECT_EQ(encode(GB18030, utf16({0xA5})).bytes, (Bytes{0x81, 0x30, 0x84, 0x36}));
  EXPECT_EQ(encode(GB18030, utf16({0xFFFF})).bytes, (Bytes{0x84, 0x31, 0xA4, 0x39}));
  EXPECT_EQ(encode(GB18030, utf16({0x10000})).bytes, (Bytes{0x90, 0x30, 0x81, 0x30}));
  EXPECT_EQ(encode(GB18030, utf16({0x10FFFF})).bytes, (Bytes{0xE3, 0x32, 0x9A, 0x35}));
  EXPECT_EQ(encode(GB18030, u"\xD800").bytes, (Bytes{0x84, 0x31, 0xA4, 0x37}));  // lone: U+FFFD
  // Each range's first code point and the code point before it.
  const Spec& s = spec();
  for (auto [pointer, cp] : s.ranges) {
    EXPECT_EQ(encode(GB18030, utf16({cp})).bytes, *s.encode(cp, false)) << std::hex << cp;
    if (cp > 0x80 && cp - 1 != 0xDFFF && cp - 1 != 0xE5E5)
      EXPECT_EQ(encode(GB18030, utf16({cp - 1})).bytes, *s.encode(cp - 1, false)) << std::hex << cp - 1;
    if (!s.first_pointer.count(cp) && cp != 0xE5E5)
      EXPECT_EQ(encode(GB18030, utf16({cp})).bytes, Spec::four_bytes(pointer)) << std::hex << cp;
  }
}

// Every code point of index gb18030 through every input path: its first pointer.
TEST_F(Gb18030Encoder, EveryIndexCodePoint) {
  const Spec& s = spec();
  for (auto [cp, pointer] : s.first_pointer) {
    ASSERT_EQ(encode(GB18030, utf16({cp})).bytes, Spec::two_bytes(pointer)) << std::hex << cp;
    Bytes gbk = cp == 0x20AC ? Bytes{0x80} : Spec::two_bytes(pointer);
    ASSERT_EQ(encode(GBK, utf16({cp})).bytes, gbk) << std::hex << cp;
  }
}

// Every BMP scalar value against the spec's algorithm, for both flags.
TEST_F(Gb18030Encoder, EveryBmpScalarValue) {
  const Spec& s = spec();
  for (uint32_t cp = 0; cp <= 0xFFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    expect_encodes(GB18030, cp, s.encode(cp, false));
    expect_encodes(GBK, cp, s.encode(cp, true));
    if (HasFailure()) return;
  }
}

// Every supplementary code point in one string: four bytes from pointer 189000 on; GBK cannot.
TEST_F(Gb18030Encoder, EverySupplementaryCodePoint) {
  std::u16string str;
  Bytes want;
  for (uint32_t cp = 0x10000; cp <= 0x10FFFF; ++cp) {
    str += static_cast<char16_t>(0xD800 | ((cp - 0x10000) >> 10));
    str += static_cast<char16_t>(0xDC00 | ((cp - 0x10000) & 0x3FF));
    uint32_t pointer = 189000 + cp - 0x10000;
    want.push_back(static_cast<uint8_t>(pointer / 12600 + 0x81));
    want.push_back(static_cast<uint8_t>(pointer % 12600 / 1260 + 0x30));
    want.push_back(static_cast<uint8_t>(pointer % 1260 / 10 + 0x81));
    want.push_back(static_cast<uint8_t>(pointer % 10 + 0x30));
  }
  // One call (test_support's encode() would also run it one code unit at a time: too slow here).
  Bytes out(want.size() + kMaxEncodeStep);
  EncoderState state{};
  EncodeResult r =
      encode_from_utf16(GB18030, kEncodeFlush, state, str.data(), str.size(), out.data(), out.size());
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(r.read, str.size());
  out.resize(r.written);
  EXPECT_TRUE(out == want) << "first difference at byte "
                           << (std::mismatch(out.begin(), out.end(), want.begin(), want.end()).first -
                               out.begin());
  // Samples through every input path.
  for (uint32_t cp = 0x10000; cp <= 0x10FFFF; cp += 0x1001)
    ASSERT_EQ(encode(GB18030, utf16({cp})).bytes, Spec::four_bytes(189000 + cp - 0x10000)) << std::hex << cp;
  for (uint32_t cp : {0x10000u, 0x1F600u, 0x10FFFFu}) expect_encodes(GBK, cp, std::nullopt);
}

// decode(encode(cp)) is cp for every BMP scalar value but U+E5E5 (an error) and the side table's
// code points (which decode to what the index now has at those bytes).
TEST_F(Gb18030Encoder, RoundTrip) {
  for (uint32_t cp = 0x80; cp <= 0xFFFF; ++cp) {
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xE5E5) continue;
    Encoded e = encode_one(GB18030, cp);
    ASSERT_FALSE(e.error) << std::hex << cp;
    bool side = false;
    for (auto& [c, bytes] : Spec::side_table()) side |= c == cp;
    Decoded d = decode(GB18030, e.bytes, kFatal);
    if (side)
      EXPECT_NE(d, text({cp})) << std::hex << cp;
    else
      ASSERT_EQ(d, text({cp})) << std::hex << cp;
  }
}

TEST_F(GbkEncoder, GbkRules) {
  // 4.: U+20AC is 0x80. 8.: no four-byte forms, so U+0080 and everything outside the index fail.
  EXPECT_EQ(encode(GBK, utf16({'a', 0x20AC, 'b'})).bytes, (Bytes{'a', 0x80, 'b'}));
  Encoded e = encode(GBK, utf16({'a', 'b', 0x80, 'c'}));
  EXPECT_TRUE(e.error);
  EXPECT_EQ(e.code_point, 0x80u);
  EXPECT_EQ(e.bytes, (Bytes{'a', 'b'}));
  e = encode(GBK, utf16({0x3000, 0x1F600}));
  EXPECT_TRUE(e.error);
  EXPECT_EQ(e.code_point, 0x1F600u);
  EXPECT_EQ(e.bytes, (Bytes{0xA1, 0xA1}));
  EXPECT_TRUE(encode(GBK, utf16({0xE5E5})).error);
  EXPECT_TRUE(encode(GBK, utf16({0xE7C7})).error);
  EXPECT_TRUE(encode(GBK, utf16({0xFFFF})).error);
  // The side table and the 2022 two-byte code points work in GBK too.
  EXPECT_EQ(encode(GBK, utf16({0xE78D, 0xFE10, 0x1E3F})).bytes, (Bytes{0xA6, 0xD9, 0xA6, 0xD9, 0xA8, 0xBC}));
}

TEST_F(GbkEncoder, HtmlMode) {
  auto ascii = [](const char* s) { return Bytes(s, s + std::strlen(s)); };
  EXPECT_EQ(encode(GBK, utf16({'a', 0x80, 'b'}), true).bytes, ascii("a&#128;b"));
  EXPECT_EQ(encode(GBK, utf16({0x1F600, 0x4E02}), true).bytes,
            (Bytes{'&', '#', '1', '2', '8', '5', '1', '2', ';', 0x81, 0x40}));
  EXPECT_EQ(encode(GBK, utf16({0xE5E5, 0x10FFFF}), true).bytes, ascii("&#58853;&#1114111;"));
  EXPECT_EQ(encode(GB18030, utf16({0xE5E5, 0x80}), true).bytes,
            (Bytes{'&', '#', '5', '8', '8', '5', '3', ';', 0x81, 0x30, 0x81, 0x30}));
  // Lone surrogates are U+FFFD, which GBK cannot encode.
  EXPECT_EQ(encode(GBK, u"\xDC00", true).bytes, ascii("&#65533;"));
}

}  // namespace
}  // namespace ew::test
