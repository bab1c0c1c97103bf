// https://encoding.spec.whatwg.org/#big5-decoder and #big5-encoder
// Expected values come from the spec text (literals below) and from cpp/whatwg/index-big5.txt read at
// test time, with "index Big5 pointer" written out again here.
#include <cstring>
#include <optional>

#include "test_support.h"

namespace ew::test {
namespace {

constexpr uint32_t R = 0xFFFD;

struct Spec {
  std::map<uint32_t, uint32_t> index = read_index("big5");
  std::map<uint32_t, uint32_t> pointer_of;  // "index Big5 pointer"

  Spec() {
    // 1. Exclude pointers below (0xA1 - 0x81) * 157. 2.-3. The last pointer for six code points,
    // the first for every other one.
    for (auto [pointer, cp] : index) {
      if (pointer < (0xA1 - 0x81) * 157) continue;
      bool last =
          cp == 0x2550 || cp == 0x255E || cp == 0x2561 || cp == 0x256A || cp == 0x5341 || cp == 0x5345;
      if (last)
        pointer_of[cp] = pointer;
      else
        pointer_of.emplace(cp, pointer);
    }
  }

  // Decoder steps 3.6-3.8 for a pointer: the special two code points or the index code point.
  std::vector<uint32_t> decode(uint32_t pointer) const {
    switch (pointer) {
      case 1133:
        return {0x00CA, 0x0304};
      case 1135:
        return {0x00CA, 0x030C};
      case 1164:
        return {0x00EA, 0x0304};
      case 1166:
        return {0x00EA, 0x030C};
    }
    auto it = index.find(pointer);
    if (it == index.end()) return {};
    return {it->second};
  }

  std::optional<Bytes> encode(uint32_t cp) const {
    if (cp < 0x80) return Bytes{static_cast<uint8_t>(cp)};
    auto it = pointer_of.find(cp);
    if (it == pointer_of.end()) return std::nullopt;
    return bytes(it->second);
  }

  static Bytes bytes(uint32_t pointer) {
    uint32_t trailing = pointer % 157;
    return {static_cast<uint8_t>(pointer / 157 + 0x81),
            static_cast<uint8_t>(trailing + (trailing < 0x3F ? 0x40 : 0x62))};
  }
};

const Spec& spec() {
  static const Spec s;
  return s;
}

class Big5Decoder : public FamilyTest<kChineseTraditional> {};
class Big5Encoder : public Big5Decoder {};

// ---- decoder ----

TEST_F(Big5Decoder, Empty) { expect_decode(BIG5, {}, text({})); }

TEST_F(Big5Decoder, SingleBytes) {
  expect_decode(BIG5, {'a', 0x00, 0x7F}, text({'a', 0, 0x7F}));
  // 6.: 0x80 and 0xFF are not leading bytes.
  expect_decode(BIG5, {0x80}, text({R}));
  expect_decode(BIG5, {0xFF}, text({R}));
  expect_decode(BIG5, {0x80, 'a', 0xFF, 0x80}, text({R, 'a', R, R}));
  expect_decode(BIG5, {0x80}, fails_after({}), kFatal);
  expect_decode(BIG5, {'a', 0xFF}, fails_after({'a'}), kFatal);
}

// Every leading byte with every byte after it.
TEST_F(Big5Decoder, EveryTwoByteSequence) {
  const Spec& s = spec();
  size_t mapped = expect_every_lead_and_byte(BIG5, {}, 0x81, 0xFE, [&](uint32_t lead, uint32_t trail) {
    std::vector<uint32_t> cps;
    if ((trail >= 0x40 && trail <= 0x7E) || (trail >= 0xA1 && trail <= 0xFE))
      cps = s.decode((lead - 0x81) * 157 + (trail - (trail < 0x7F ? 0x40 : 0x62)));
    if (!cps.empty()) return text(cps);
    // 3.9.: a null pointer is an error; an ASCII byte is restored, anything else consumed (and in
    // fatal mode, an error before any output).
    return trail < 0x80 ? text({R, trail}) : text({R});
  });
  EXPECT_EQ(mapped, s.index.size() + 4);
}

// Every pointer of the index (and the four special ones) back to back: one call, uneven chunks and a
// tiny output buffer.
TEST_F(Big5Decoder, EveryPointerInOneStream) {
  const Spec& s = spec();
  Bytes in;
  std::u16string want;
  for (uint32_t pointer = 0; pointer < 19782; ++pointer) {
    std::vector<uint32_t> cps = s.decode(pointer);
    if (cps.empty()) continue;
    Bytes b = Spec::bytes(pointer);
    in.insert(in.end(), b.begin(), b.end());
    want += utf16(cps);
  }
  expect_decode_in_chunks(BIG5, in, Decoded{want, false});
}

TEST_F(Big5Decoder, TwoCodePointPointers) {
  // 3.6.: pointers 1133, 1135, 1164 and 1166.
  expect_decode(BIG5, {0x88, 0x62}, text({0x00CA, 0x0304}));
  expect_decode(BIG5, {0x88, 0x64}, text({0x00CA, 0x030C}));
  expect_decode(BIG5, {0x88, 0xA3}, text({0x00EA, 0x0304}));
  expect_decode(BIG5, {0x88, 0xA5}, text({0x00EA, 0x030C}));
  expect_decode(BIG5, {0x88, 0x62, 0x88, 0x64, 0x88, 0xA3, 0x88, 0xA5},
                text({0xCA, 0x304, 0xCA, 0x30C, 0xEA, 0x304, 0xEA, 0x30C}));
  // Their neighbours are ordinary index entries.
  expect_decode(BIG5, {0x88, 0x63, 0x88, 0x66}, text({spec().index.at(1134), spec().index.at(1137)}));
  expect_decode(BIG5, {0x88, 0x62}, text({0x00CA, 0x0304}), kFatal);
}

TEST_F(Big5Decoder, SupplementaryCodePoints) {
  // Pointer 11205 (0xC8 0x7A) is U+200CC.
  EXPECT_EQ(spec().index.at(11205), 0x200CCu);
  expect_decode(BIG5, {0xC8, 0x7A}, text({0x200CC}));
  expect_decode(BIG5, {0xC8, 0x7A, 'a', 0xC8, 0x7C}, text({0x200CC, 'a', 0x2008A}));
}

TEST_F(Big5Decoder, BadTrailingByte) {
  // 3.9.-3.10.: an ASCII byte after a leading byte is never swallowed; other bytes are.
  expect_decode(BIG5, {0x81, 'a'}, text({R, 'a'}));  // pointer 33 is null
  expect_decode(BIG5, {0xA1, 0x00}, text({R, 0x00}));
  expect_decode(BIG5, {0xA1, 0x3F}, text({R, 0x3F}));
  expect_decode(BIG5, {0xA1, 0x7F}, text({R, 0x7F}));
  expect_decode(BIG5, {0xA1, '"', 'b'}, text({R, '"', 'b'}));
  expect_decode(BIG5, {0xA1, 0x80}, text({R}));
  expect_decode(BIG5, {0xA1, 0xA0}, text({R}));
  expect_decode(BIG5, {0xA1, 0xFF}, text({R}));
  expect_decode(BIG5, {0xA1, 0xFF, 'a'}, text({R, 'a'}));
  // A leading byte is not a trailing byte: the second one is consumed by the error.
  expect_decode(BIG5, {0x81, 0x81, 0x40}, text({R, 0x40}));
  expect_decode(BIG5, {0xA1, 0x81, 0xA1, 0x40}, text({R, spec().index.at(5024)}));
  expect_decode(BIG5, {0xA1, '!'}, fails_after({}), kFatal);
  expect_decode(BIG5, {0x81, 'a'}, fails_after({}), kFatal);
  expect_decode(BIG5, {0xA1, 0x40, 0xA1, 0xFF}, fails_after({0x3000}), kFatal);
}

TEST_F(Big5Decoder, EndOfQueue) {
  // 1.: a pending leading byte is an error.
  expect_decode(BIG5, {0x81}, text({R}));
  expect_decode(BIG5, {0xA1, 0x40, 0xFE}, text({0x3000, R}));
  expect_decode(BIG5, {0xFE}, fails_after({}), kFatal);
  expect_decode(BIG5, {0xA1, 0x40, 0xFE}, fails_after({0x3000}), kFatal);
}

// ---- encoder ----

TEST_F(Big5Encoder, LastPointerCodePoints) {
  // "index Big5 pointer" step 2, with the pointers read from the index: each has two, the last wins.
  const Spec& s = spec();
  for (uint32_t cp : {0x2550u, 0x255Eu, 0x2561u, 0x256Au, 0x5341u, 0x5345u}) {
    std::vector<uint32_t> pointers;
    for (auto [p, c] : s.index)
      if (c == cp && p >= 5024) pointers.push_back(p);
    ASSERT_GE(pointers.size(), 2u) << std::hex << cp;
    EXPECT_EQ(encode(BIG5, utf16({cp})).bytes, Spec::bytes(pointers.back())) << std::hex << cp;
  }
  EXPECT_EQ(encode(BIG5, utf16({0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345})).bytes,
            (Bytes{0xF9, 0xF9, 0xF9, 0xE9, 0xF9, 0xEB, 0xF9, 0xEA, 0xA4, 0x51, 0xA4, 0xCA}));
  // Other duplicates take the first pointer, e.g. U+256D and U+3003.
  for (uint32_t cp : {0x256Du, 0x3003u}) {
    uint32_t first = 0;
    for (auto [p, c] : s.index)
      if (c == cp && p >= 5024) {
        first = p;
        break;
      }
    EXPECT_EQ(encode(BIG5, utf16({cp})).bytes, Spec::bytes(first)) << std::hex << cp;
  }
}

TEST_F(Big5Encoder, ExcludedPointers) {
  // Step 1: code points only below pointer 5024 (HKSCS) cannot be encoded.
  const Spec& s = spec();
  EXPECT_EQ(s.index.at(942), 0x43F0u);
  for (uint32_t cp : {0x43F0u, 0x00CAu, 0x00EAu}) {
    Encoded e = encode(BIG5, utf16({'a', cp}));
    EXPECT_TRUE(e.error) << std::hex << cp;
    EXPECT_EQ(e.code_point, cp);
    EXPECT_EQ(e.bytes, Bytes{'a'});
  }
  // Nor can the combining sequences of the four special pointers be produced.
  EXPECT_TRUE(encode(BIG5, utf16({0x0304})).error);
  EXPECT_EQ(encode(BIG5, utf16({0x3000, 0x20AC})).bytes, (Bytes{0xA1, 0x40, 0xA3, 0xE1}));
  EXPECT_EQ(encode(BIG5, utf16({0x200CC})).bytes, (Bytes{0xC8, 0x7A}));
}

// Every code point in the index through every input path.
TEST_F(Big5Encoder, EveryIndexCodePoint) {
  const Spec& s = spec();
  for (auto [pointer, cp] : s.index) {
    Encoded e = encode(BIG5, utf16({cp}));
    std::optional<Bytes> want = s.encode(cp);
    if (want) {
      ASSERT_FALSE(e.error) << std::hex << cp;
      ASSERT_EQ(e.bytes, *want) << std::hex << cp;
      // And decoding gives it back.
      ASSERT_EQ(decode(BIG5, e.bytes, kFatal), text({cp})) << std::hex << cp;
    } else {
      ASSERT_TRUE(e.error) << std::hex << cp;
      ASSERT_EQ(e.code_point, cp);
    }
  }
}

// Every scalar value against the spec's algorithm.
TEST_F(Big5Encoder, EveryScalarValue) {
  const Spec& s = spec();
  size_t encodable = 0;
  auto it = s.pointer_of.begin();  // walked along with cp
  for (uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    char16_t str[2];
    size_t units = 1;
    if (cp < 0x10000) {
      str[0] = static_cast<char16_t>(cp);
    } else {
      str[0] = static_cast<char16_t>(0xD800 | ((cp - 0x10000) >> 10));
      str[1] = static_cast<char16_t>(0xDC00 | ((cp - 0x10000) & 0x3FF));
      units = 2;
    }
    uint8_t out[64];
    EncoderState state{};
    EncodeResult r = encode_from_utf16(BIG5, kEncodeFlush, state, str, units, out, sizeof out);
    while (it != s.pointer_of.end() && it->first < cp) ++it;
    if (cp < 0x80) {
      ++encodable;
      ASSERT_EQ(r.status, kDone);
      ASSERT_EQ(r.written, 1u);
      ASSERT_EQ(out[0], cp);
    } else if (it != s.pointer_of.end() && it->first == cp) {
      ++encodable;
      Bytes want = Spec::bytes(it->second);
      ASSERT_EQ(r.status, kDone) << std::hex << cp;
      ASSERT_EQ(r.written, 2u) << std::hex << cp;
      ASSERT_TRUE(out[0] == want[0] && out[1] == want[1]) << std::hex << cp;
    } else {
      ASSERT_EQ(r.status, kError) << std::hex << cp;
      ASSERT_EQ(r.code_point, cp);
      ASSERT_EQ(r.written, 0u);
    }
  }
  EXPECT_EQ(encodable, 0x80 + s.pointer_of.size());
}

TEST_F(Big5Encoder, HtmlAndFatal) {
  auto ascii = [](const char* s) { return Bytes(s, s + std::strlen(s)); };
  EXPECT_EQ(encode(BIG5, utf16({'a', 0xCA, 'b'}), true).bytes, ascii("a&#202;b"));
  EXPECT_EQ(encode(BIG5, utf16({0x1F600, 0x3000}), true).bytes,
            (Bytes{'&', '#', '1', '2', '8', '5', '1', '2', ';', 0xA1, 0x40}));
  EXPECT_EQ(encode(BIG5, u"\xD800", true).bytes, spec().encode(0xFFFD).value_or(ascii("&#65533;")));
  Encoded e = encode(BIG5, utf16({0x3000, 'x', 0x1F600, 'y'}));
  EXPECT_TRUE(e.error);
  EXPECT_EQ(e.code_point, 0x1F600u);
  EXPECT_EQ(e.bytes, (Bytes{0xA1, 0x40, 'x'}));
}

}  // namespace
}  // namespace ew::test
