// https://encoding.spec.whatwg.org/#utf-8-decoder and #utf-8-encoder
#include "test_support.h"

namespace ew::test {
namespace {

// Cases in a fixed order: empty, ASCII, each edge case. Each runs with padding and every split.
TEST(Utf8Decoder, Empty) { expect_decode(UTF_8, {}, text({})); }
TEST(Utf8Decoder, Ascii) { expect_decode(UTF_8, {'a', 0x00, 0x7F}, text({'a', 0, 0x7F})); }

TEST(Utf8Decoder, WellFormedSequences) {
  expect_decode(UTF_8, {0xC2, 0x80}, text({0x80}));
  expect_decode(UTF_8, {0xDF, 0xBF}, text({0x7FF}));
  expect_decode(UTF_8, {0xE0, 0xA0, 0x80}, text({0x800}));
  expect_decode(UTF_8, {0xED, 0x9F, 0xBF}, text({0xD7FF}));
  expect_decode(UTF_8, {0xEE, 0x80, 0x80}, text({0xE000}));
  expect_decode(UTF_8, {0xEF, 0xBF, 0xBF}, text({0xFFFF}));
  expect_decode(UTF_8, {0xF0, 0x90, 0x80, 0x80}, text({0x10000}));
  expect_decode(UTF_8, {0xF4, 0x8F, 0xBF, 0xBF}, text({0x10FFFF}));
}

TEST(Utf8Decoder, OverlongFormsAreOneErrorPerByte) {
  // C0, C1 and F5..FF are never lead bytes; the trail bytes after them are errors of their own.
  expect_decode(UTF_8, {0xC0, 0x80}, text({0xFFFD, 0xFFFD}));
  expect_decode(UTF_8, {0xC1, 0xBF}, text({0xFFFD, 0xFFFD}));
  // E0 requires A0..BF next, F0 requires 90..BF: the lead is one error, then each trail byte.
  expect_decode(UTF_8, {0xE0, 0x80, 0x80}, text({0xFFFD, 0xFFFD, 0xFFFD}));
  expect_decode(UTF_8, {0xF0, 0x80, 0x80, 0x80}, text({0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD}));
  expect_decode(UTF_8, {0xF8, 0x88, 0x80, 0x80, 0x80}, text({0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD}));
}

TEST(Utf8Decoder, SurrogatesAndBeyondU10FFFF) {
  expect_decode(UTF_8, {0xED, 0xA0, 0x80}, text({0xFFFD, 0xFFFD, 0xFFFD}));
  expect_decode(UTF_8, {0xED, 0xBF, 0xBF}, text({0xFFFD, 0xFFFD, 0xFFFD}));
  expect_decode(UTF_8, {0xF4, 0x90, 0x80, 0x80}, text({0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD}));
  expect_decode(UTF_8, {0xF5, 0x80}, text({0xFFFD, 0xFFFD}));
}

TEST(Utf8Decoder, TruncatedSequences) {
  // A valid prefix followed by a bad byte is one error, and the bad byte is processed again.
  expect_decode(UTF_8, {0xE2, 0x82, 'a'}, text({0xFFFD, 'a'}));
  expect_decode(UTF_8, {0xF0, 0x9F, 0x98, 'a'}, text({0xFFFD, 'a'}));
  expect_decode(UTF_8, {0xE2, 0xE2, 0x82, 0xAC}, text({0xFFFD, 0x20AC}));
  // At end-of-queue an unfinished sequence is one error.
  expect_decode(UTF_8, {0xE2, 0x82}, text({0xFFFD}));
  expect_decode(UTF_8, {0xF0, 0x9F, 0x98}, text({0xFFFD}));
  expect_decode(UTF_8, {0xC2}, text({0xFFFD}));
  expect_decode(UTF_8, {0x80}, text({0xFFFD}));
}

TEST(Utf8Decoder, FatalStopsAtTheFirstError) {
  expect_decode(UTF_8, {'a', 0xC0, 'b'}, fails_after({'a'}), kFatal);
  expect_decode(UTF_8, {0xE2, 0x82}, fails_after({}), kFatal);
  expect_decode(UTF_8, {0xE2, 0x82, 0xAC, 0xFF}, fails_after({0x20AC}), kFatal);
  expect_decode(UTF_8, {0xF0, 0x9F, 0x98, 0x80}, text({0x1F600}), kFatal);
}

TEST(Utf8Decoder, ByteOrderMark) {
  // "serialize I/O queue" drops one leading U+FEFF unless ignoreBOM.
  Bytes bom = {0xEF, 0xBB, 0xBF, 'a'};
  EXPECT_EQ(decode(UTF_8, bom), text({'a'}));
  EXPECT_EQ(decode(UTF_8, bom, kIgnoreBom), text({0xFEFF, 'a'}));
  for (size_t split = 0; split <= bom.size(); ++split) EXPECT_EQ(decode(UTF_8, bom, 0, {split}), text({'a'}));
  Bytes two = {0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF};
  EXPECT_EQ(decode(UTF_8, two), text({0xFEFF}));
  EXPECT_EQ(decode(UTF_8, {'a', 0xEF, 0xBB, 0xBF}), text({'a', 0xFEFF}));
}

TEST(Utf8Encoder, ScalarValues) {
  EXPECT_EQ(encode(UTF_8, utf16({'a', 0x80, 0x800, 0xFFFF, 0x10000, 0x10FFFF})).bytes,
            (Bytes{'a', 0xC2, 0x80, 0xE0, 0xA0, 0x80, 0xEF, 0xBF, 0xBF, 0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F,
                   0xBF, 0xBF}));
  // Lone surrogates are U+FFFD before encoding.
  EXPECT_EQ(encode(UTF_8,
                   u"\xD800"
                   u"a"
                   u"\xDC00")
                .bytes,
            (Bytes{0xEF, 0xBF, 0xBD, 'a', 0xEF, 0xBF, 0xBD}));
  EXPECT_EQ(encode(UTF_8, u"a\xD800").bytes, (Bytes{'a', 0xEF, 0xBF, 0xBD}));
}

TEST(Utf8Encoder, EncodeIntoWritesWholeScalarValuesOnly) {
  std::u16string s = utf16({'a', 0x20AC, 0x1F600});
  uint8_t out[8];
  Utf8IntoResult r = utf16_to_utf8(s.data(), s.size(), out, 3);
  EXPECT_EQ(r.read, 1u);
  EXPECT_EQ(r.written, 1u);
  r = utf16_to_utf8(s.data(), s.size(), out, 7);
  EXPECT_EQ(r.read, 2u);
  EXPECT_EQ(r.written, 4u);
  r = utf16_to_utf8(s.data(), s.size(), out, 8);
  EXPECT_EQ(r.read, 4u);
  EXPECT_EQ(r.written, 8u);
}

}  // namespace
}  // namespace ew::test
