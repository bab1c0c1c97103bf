// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings: exhaustive checks of all 28
// single-byte encodings against their index files (read at test time).
#include "test_support.h"

namespace ew::test {
namespace {

struct SingleByte {
  int encoding;
  const char* name;
  const char* index;  // cpp/whatwg/index-<index>.txt
};

// The table of https://encoding.spec.whatwg.org/#legacy-single-byte-encodings.
const SingleByte kEncodings[] = {
    {IBM866, "IBM866", "ibm866"},
    {ISO_8859_2, "ISO_8859_2", "iso-8859-2"},
    {ISO_8859_3, "ISO_8859_3", "iso-8859-3"},
    {ISO_8859_4, "ISO_8859_4", "iso-8859-4"},
    {ISO_8859_5, "ISO_8859_5", "iso-8859-5"},
    {ISO_8859_6, "ISO_8859_6", "iso-8859-6"},
    {ISO_8859_7, "ISO_8859_7", "iso-8859-7"},
    {ISO_8859_8, "ISO_8859_8", "iso-8859-8"},
    {ISO_8859_8_I, "ISO_8859_8_I", "iso-8859-8"},  // ISO-8859-8-I shares index ISO-8859-8
    {ISO_8859_10, "ISO_8859_10", "iso-8859-10"},
    {ISO_8859_13, "ISO_8859_13", "iso-8859-13"},
    {ISO_8859_14, "ISO_8859_14", "iso-8859-14"},
    {ISO_8859_15, "ISO_8859_15", "iso-8859-15"},
    {ISO_8859_16, "ISO_8859_16", "iso-8859-16"},
    {KOI8_R, "KOI8_R", "koi8-r"},
    {KOI8_U, "KOI8_U", "koi8-u"},
    {MACINTOSH, "MACINTOSH", "macintosh"},
    {WINDOWS_874, "WINDOWS_874", "windows-874"},
    {WINDOWS_1250, "WINDOWS_1250", "windows-1250"},
    {WINDOWS_1251, "WINDOWS_1251", "windows-1251"},
    {WINDOWS_1252, "WINDOWS_1252", "windows-1252"},
    {WINDOWS_1253, "WINDOWS_1253", "windows-1253"},
    {WINDOWS_1254, "WINDOWS_1254", "windows-1254"},
    {WINDOWS_1255, "WINDOWS_1255", "windows-1255"},
    {WINDOWS_1256, "WINDOWS_1256", "windows-1256"},
    {WINDOWS_1257, "WINDOWS_1257", "windows-1257"},
    {WINDOWS_1258, "WINDOWS_1258", "windows-1258"},
    {X_MAC_CYRILLIC, "X_MAC_CYRILLIC", "x-mac-cyrillic"},
};
static_assert(sizeof kEncodings / sizeof kEncodings[0] == kSingleByteCount);

std::string ascii_reference(uint32_t cp) { return "&#" + std::to_string(cp) + ";"; }
Bytes bytes_of(const std::string& s) { return Bytes(s.begin(), s.end()); }

class SingleByteEncoding : public ::testing::TestWithParam<SingleByte> {
 protected:
  int encoding() const { return GetParam().encoding; }

  // index single-byte: pointer (byte - 0x80) -> code point.
  const std::map<uint32_t, uint32_t>& index() const {
    static std::map<std::string, std::map<uint32_t, uint32_t>> cache;
    auto it = cache.find(GetParam().index);
    if (it == cache.end()) it = cache.emplace(GetParam().index, read_index(GetParam().index)).first;
    return it->second;
  }

  // The decoder: an ASCII byte is itself, else the index code point for byte - 0x80, or 0 for error.
  uint32_t decoded(uint8_t byte) const {
    if (byte < 0x80) return byte;
    auto it = index().find(byte - 0x80u);
    return it == index().end() ? 0 : it->second;
  }

  // The encoder: code point -> byte (ASCII as itself, else the first pointer for it + 0x80).
  std::map<uint32_t, uint8_t> encoder_table() const {
    std::map<uint32_t, uint8_t> table;
    for (uint32_t cp = 0; cp < 0x80; ++cp) table[cp] = static_cast<uint8_t>(cp);
    for (const auto& [pointer, cp] : index()) table.emplace(cp, static_cast<uint8_t>(pointer + 0x80));
    return table;
  }

  std::vector<uint8_t> unmapped_bytes() const {
    std::vector<uint8_t> r;
    for (int b = 0x80; b < 0x100; ++b)
      if (!decoded(static_cast<uint8_t>(b))) r.push_back(static_cast<uint8_t>(b));
    return r;
  }
};

TEST_P(SingleByteEncoding, IndexFileIsSane) {
  ASSERT_FALSE(index().empty());
  for (const auto& [pointer, cp] : index()) {
    EXPECT_LT(pointer, 128u);
    EXPECT_GE(cp, 0x80u) << "pointer " << pointer;
    EXPECT_LE(cp, 0xFFFFu) << "pointer " << pointer;
    EXPECT_FALSE(cp >= 0xD800 && cp <= 0xDFFF) << "pointer " << pointer;
  }
}

TEST_P(SingleByteEncoding, DecodesEveryByteOnItsOwn) {
  for (int b = 0; b < 0x100; ++b) {
    uint8_t byte = static_cast<uint8_t>(b);
    uint32_t cp = decoded(byte);
    SCOPED_TRACE("byte " + hex(Bytes{byte}));
    if (cp || b == 0) {
      EXPECT_EQ(decode(encoding(), {byte}), text({cp}));
      EXPECT_EQ(decode(encoding(), {byte}, kFatal), text({cp}));
    } else {
      EXPECT_EQ(decode(encoding(), {byte}), text({0xFFFD}));
      EXPECT_EQ(decode(encoding(), {byte}, kFatal), fails_after({}));
    }
  }
}

TEST_P(SingleByteEncoding, DecodesAllBytesInOneStream) {
  // All 256 bytes, ascending and descending, through every split and padding: errors are U+FFFD.
  Bytes up, down;
  std::vector<uint32_t> up_cps, down_cps;
  for (int b = 0; b < 0x100; ++b) {
    uint8_t byte = static_cast<uint8_t>(b);
    uint32_t cp = b == 0 || decoded(byte) ? decoded(byte) : 0xFFFD;
    up.push_back(byte);
    up_cps.push_back(cp);
    down.insert(down.begin(), byte);
    down_cps.insert(down_cps.begin(), cp);
  }
  expect_decode(encoding(), up, text(up_cps));
  std::vector<size_t> every;
  for (size_t k = 1; k < down.size(); ++k) every.push_back(k);
  EXPECT_EQ(decode(encoding(), down), text(down_cps));
  EXPECT_EQ(decode(encoding(), down, 0, every), text(down_cps)) << "byte by byte";
  EXPECT_EQ(decode(encoding(), down, 0, {}, 32), text(down_cps)) << "32-unit output buffer";
  // The same with kIgnoreBom, which changes nothing for an encoding without a BOM.
  EXPECT_EQ(decode(encoding(), up, kIgnoreBom), text(up_cps));
}

TEST_P(SingleByteEncoding, FatalDecodesEveryMappedByte) {
  Bytes mapped;
  std::vector<uint32_t> cps;
  for (int b = 0xFF; b >= 0; --b) {
    uint8_t byte = static_cast<uint8_t>(b);
    if (b && !decoded(byte)) continue;
    mapped.push_back(byte);
    cps.push_back(decoded(byte));
  }
  // Fatal mode changes only what an error does, so one call, byte by byte and a small output buffer
  // suffice here (DecodesAllBytesInOneStream runs every split).
  std::vector<size_t> every;
  for (size_t k = 1; k < mapped.size(); ++k) every.push_back(k);
  EXPECT_EQ(decode(encoding(), mapped, kFatal), text(cps));
  EXPECT_EQ(decode(encoding(), mapped, kFatal, every), text(cps)) << "byte by byte";
  EXPECT_EQ(decode(encoding(), mapped, kFatal, {}, 32), text(cps)) << "32-unit output buffer";
}

TEST_P(SingleByteEncoding, EachUnmappedByteIsAnError) {
  // After a mapped non-ASCII byte (so that a fast path has output pending) and before ASCII.
  uint8_t mapped = 0;
  for (int b = 0xFF; b >= 0x80 && !mapped; --b)
    if (decoded(static_cast<uint8_t>(b))) mapped = static_cast<uint8_t>(b);
  ASSERT_NE(mapped, 0);
  for (uint8_t byte : unmapped_bytes()) {
    SCOPED_TRACE("byte " + hex(Bytes{byte}));
    expect_decode(encoding(), {mapped, byte, 'z'}, fails_after({decoded(mapped)}), kFatal);
    EXPECT_EQ(decode(encoding(), {mapped, byte, 'z'}), text({decoded(mapped), 0xFFFD, 'z'}));
    EXPECT_EQ(decode(encoding(), {mapped, byte, byte, 'z'}, 0, {1, 2, 3}),
              text({decoded(mapped), 0xFFFD, 0xFFFD, 'z'}));
  }
}

TEST_P(SingleByteEncoding, ByteOrderMarkBytesAreContent) {
  // Only UTF-8 and UTF-16BE/LE drop a BOM.
  Bytes bom = {0xEF, 0xBB, 0xBF};
  Decoded want = text({decoded(0xEF) ? decoded(0xEF) : 0xFFFD, decoded(0xBB) ? decoded(0xBB) : 0xFFFD,
                       decoded(0xBF) ? decoded(0xBF) : 0xFFFD});
  EXPECT_EQ(decode(encoding(), bom), want);
}

TEST_P(SingleByteEncoding, EncodesEveryCodePointOfTheIndex) {
  std::u16string all;
  Bytes all_bytes;
  for (const auto& [cp, byte] : encoder_table()) {
    std::u16string s = utf16({cp});
    SCOPED_TRACE("code point " + hex(s));
    Encoded e = encode(encoding(), s);
    EXPECT_FALSE(e.error);
    EXPECT_EQ(e.bytes, Bytes{byte});
    EXPECT_EQ(encode(encoding(), s, true).bytes, Bytes{byte}) << "html";
    all += s;
    all_bytes.push_back(byte);
  }
  Encoded e = encode(encoding(), all);
  EXPECT_FALSE(e.error);
  EXPECT_EQ(e.bytes, all_bytes);
}

TEST_P(SingleByteEncoding, EveryOtherBmpCodePointIsAnError) {
  // Each BMP scalar value alone, through one fatal call: the index code points encode to their byte,
  // every other one is an error that reports it.
  auto table = encoder_table();
  uint8_t out[kMaxEncodeStep];
  size_t errors = 0;
  for (uint32_t cp = 0; cp < 0x10000; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    char16_t unit = static_cast<char16_t>(cp);
    EncoderState state{};
    EncodeResult r = encode_from_utf16(encoding(), kEncodeFlush, state, &unit, 1, out, sizeof out);
    auto it = table.find(cp);
    if (it != table.end()) {
      ASSERT_EQ(r.status, kDone) << "U+" << std::hex << cp;
      ASSERT_EQ(r.written, 1u) << "U+" << std::hex << cp;
      ASSERT_EQ(out[0], it->second) << "U+" << std::hex << cp;
    } else {
      ++errors;
      ASSERT_EQ(r.status, kError) << "U+" << std::hex << cp;
      ASSERT_EQ(r.code_point, cp);
      ASSERT_EQ(r.written, 0u) << "U+" << std::hex << cp;
    }
  }
  EXPECT_EQ(errors, 0x10000 - 0x800 - table.size());
}

TEST_P(SingleByteEncoding, UnmappedCodePointsInHtmlMode) {
  auto table = encoder_table();
  std::vector<uint32_t> samples = {0xFFFD, 0xFFFF, 0xFEFF, 0x10000, 0x1F600, 0x10FFFF};
  for (uint32_t cp = 0x80; cp <= 0x9F; ++cp) samples.push_back(cp);  // C1 controls, where not mapped
  for (uint32_t cp = 0xA0; cp <= 0x17F; ++cp) samples.push_back(cp);
  samples.insert(samples.end(), {0x20AC, 0x2122, 0x0401, 0x05D0, 0x0E01, 0x3042});
  size_t tested = 0;
  for (uint32_t cp : samples) {
    if (table.count(cp)) continue;
    ++tested;
    std::u16string s = utf16({'a', cp, 'b'});
    SCOPED_TRACE("text " + hex(s));
    Encoded fatal = encode(encoding(), s);
    EXPECT_TRUE(fatal.error);
    EXPECT_EQ(fatal.code_point, cp);
    EXPECT_EQ(fatal.bytes, Bytes{'a'});
    Encoded html = encode(encoding(), s, true);
    EXPECT_FALSE(html.error);
    EXPECT_EQ(html.bytes, bytes_of("a" + ascii_reference(cp) + "b"));
  }
  EXPECT_GE(tested, 6u);
  // Mapped and unmapped interleaved.
  uint32_t mapped = table.rbegin()->first;
  Bytes want = {table[mapped]};
  for (char c : ascii_reference(0x1F600)) want.push_back(static_cast<uint8_t>(c));
  want.push_back(table[mapped]);
  EXPECT_EQ(encode(encoding(), utf16({mapped, 0x1F600, mapped}), true).bytes, want);
}

TEST_P(SingleByteEncoding, LoneSurrogatesEncodeAsReplacementCharacterErrors) {
  // A lone surrogate is U+FFFD, which no single-byte index holds.
  ASSERT_EQ(encoder_table().count(0xFFFD), 0u);
  for (std::u16string s : {std::u16string(u"\xD800"), std::u16string(u"\xDFFF"), std::u16string(u"a\xDC00"),
                           std::u16string(u"a\xD800")}) {
    SCOPED_TRACE("text " + hex(s));
    Encoded fatal = encode(encoding(), s);
    EXPECT_TRUE(fatal.error);
    EXPECT_EQ(fatal.code_point, 0xFFFDu);
  }
  EXPECT_EQ(encode(encoding(), u"\xD800", true).bytes, bytes_of("&#65533;"));
  EXPECT_EQ(encode(encoding(),
                   u"a\xDC00"
                   u"b",
                   true)
                .bytes,
            bytes_of("a&#65533;b"));
  EXPECT_EQ(encode(encoding(), u"\xDC00\xD800", true).bytes, bytes_of("&#65533;&#65533;"));
  EXPECT_EQ(encode(encoding(), u"x\xD800", true).bytes, bytes_of("x&#65533;"));
  // A surrogate pair is one code point and one reference.
  EXPECT_EQ(encode(encoding(), u"\xD83D\xDE00", true).bytes, bytes_of("&#128512;"));
}

TEST_P(SingleByteEncoding, HasAnEncoder) { EXPECT_TRUE(has_encoder(encoding())); }

INSTANTIATE_TEST_SUITE_P(SingleByte, SingleByteEncoding, ::testing::ValuesIn(kEncodings),
                         [](const ::testing::TestParamInfo<SingleByte>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace ew::test
