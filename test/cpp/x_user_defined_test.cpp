// https://encoding.spec.whatwg.org/#x-user-defined
#include "test_support.h"

namespace ew::test {
namespace {

Bytes bytes_of(const std::string& s) { return Bytes(s.begin(), s.end()); }

// The decoder: an ASCII byte is itself, any other byte is U+F780 + byte - 0x80.
uint32_t decoded(uint8_t byte) { return byte < 0x80 ? byte : 0xF780u + byte - 0x80u; }

TEST(XUserDefinedDecoder, EveryByteOnItsOwn) {
  for (int b = 0; b < 0x100; ++b) {
    uint8_t byte = static_cast<uint8_t>(b);
    SCOPED_TRACE("byte " + hex(Bytes{byte}));
    EXPECT_EQ(decode(X_USER_DEFINED, {byte}), text({decoded(byte)}));
    EXPECT_EQ(decode(X_USER_DEFINED, {byte}, kFatal), text({decoded(byte)}));  // never an error
  }
  EXPECT_EQ(decode(X_USER_DEFINED, {0x80}), text({0xF780}));
  EXPECT_EQ(decode(X_USER_DEFINED, {0xFF}), text({0xF7FF}));
}

TEST(XUserDefinedDecoder, AllBytesInOneStream) {
  Bytes up, down;
  std::vector<uint32_t> up_cps, down_cps;
  for (int b = 0; b < 0x100; ++b) {
    uint8_t byte = static_cast<uint8_t>(b);
    up.push_back(byte);
    up_cps.push_back(decoded(byte));
    down.insert(down.begin(), byte);
    down_cps.insert(down_cps.begin(), decoded(byte));
  }
  expect_decode(X_USER_DEFINED, up, text(up_cps));
  expect_decode(X_USER_DEFINED, down, text(down_cps), kFatal);
}

TEST(XUserDefinedDecoder, Empty) { expect_decode(X_USER_DEFINED, {}, text({})); }

TEST(XUserDefinedDecoder, ByteOrderMarkBytesAreContent) {
  EXPECT_EQ(decode(X_USER_DEFINED, {0xEF, 0xBB, 0xBF}), text({0xF7EF, 0xF7BB, 0xF7BF}));
  EXPECT_EQ(decode(X_USER_DEFINED, {0xFF, 0xFE}), text({0xF7FF, 0xF7FE}));
}

TEST(XUserDefinedEncoder, AsciiAndThePrivateUseRange) {
  std::u16string all;
  Bytes all_bytes;
  for (uint32_t b = 0; b < 0x100; ++b) {
    uint32_t cp = b < 0x80 ? b : 0xF780 + b - 0x80;
    all += static_cast<char16_t>(cp);
    all_bytes.push_back(static_cast<uint8_t>(b));
    Encoded e = encode(X_USER_DEFINED, utf16({cp}));
    EXPECT_FALSE(e.error) << "U+" << std::hex << cp;
    EXPECT_EQ(e.bytes, Bytes{static_cast<uint8_t>(b)}) << "U+" << std::hex << cp;
  }
  Encoded e = encode(X_USER_DEFINED, all);
  EXPECT_FALSE(e.error);
  EXPECT_EQ(e.bytes, all_bytes);
  EXPECT_EQ(encode(X_USER_DEFINED, all, true).bytes, all_bytes);
}

TEST(XUserDefinedEncoder, EveryOtherBmpCodePointIsAnError) {
  uint8_t out[kMaxEncodeStep];
  for (uint32_t cp = 0x80; cp < 0x10000; ++cp) {
    if ((cp >= 0xD800 && cp <= 0xDFFF) || (cp >= 0xF780 && cp <= 0xF7FF)) continue;
    char16_t unit = static_cast<char16_t>(cp);
    EncoderState state{};
    EncodeResult r = encode_from_utf16(X_USER_DEFINED, kEncodeFlush, state, &unit, 1, out, sizeof out);
    ASSERT_EQ(r.status, kError) << "U+" << std::hex << cp;
    ASSERT_EQ(r.code_point, cp);
    ASSERT_EQ(r.written, 0u) << "U+" << std::hex << cp;
  }
}

TEST(XUserDefinedEncoder, ErrorsAroundTheRange) {
  // U+0080..U+00FF (what the bytes are in windows-1252/Latin-1) are not x-user-defined.
  for (uint32_t cp : {0x80u, 0xFFu, 0xF77Fu, 0xF800u, 0xFFFDu, 0x10000u, 0x1F780u, 0x10FFFFu}) {
    std::u16string s = utf16({'a', cp, 'b'});
    SCOPED_TRACE("text " + hex(s));
    Encoded fatal = encode(X_USER_DEFINED, s);
    EXPECT_TRUE(fatal.error);
    EXPECT_EQ(fatal.code_point, cp);
    EXPECT_EQ(fatal.bytes, Bytes{'a'});
    EXPECT_EQ(encode(X_USER_DEFINED, s, true).bytes, bytes_of("a&#" + std::to_string(cp) + ";b"));
  }
}

TEST(XUserDefinedEncoder, LoneSurrogatesAreReplacementCharacterErrors) {
  Encoded fatal = encode(X_USER_DEFINED, u"\xDC00");
  EXPECT_TRUE(fatal.error);
  EXPECT_EQ(fatal.code_point, 0xFFFDu);
  EXPECT_EQ(encode(X_USER_DEFINED, u"\xD800\xF780", true).bytes, bytes_of("&#65533;\x80"));
  EXPECT_EQ(encode(X_USER_DEFINED, u"\xF7FF\xD800", true).bytes, bytes_of("\xFF&#65533;"));
  EXPECT_TRUE(has_encoder(X_USER_DEFINED));
}

}  // namespace
}  // namespace ew::test
