// https://encoding.spec.whatwg.org/#replacement: the decoder turns any non-empty input into exactly
// one error (one U+FFFD), however the input is split; there is no encoder.
#include "test_support.h"

namespace ew::test {
namespace {

// Every split, byte by byte, a 32-unit output buffer (no padding: every byte counts).
void expect(const Bytes& input, const Decoded& expected, uint32_t options = 0) {
  expect_decode_padded(REPLACEMENT, input, expected, options, {}, u"");
}

TEST(ReplacementDecoder, EmptyInputIsEmptyOutput) {
  expect({}, text({}));
  expect({}, text({}), kFatal);
}

TEST(ReplacementDecoder, AnyNonEmptyInputIsOneReplacementCharacter) {
  for (int b = 0; b < 0x100; ++b) expect({static_cast<uint8_t>(b)}, text({0xFFFD}));
  expect({'a', 'b', 'c'}, text({0xFFFD}));
  expect({0xEF, 0xBB, 0xBF}, text({0xFFFD}));  // not a BOM here
  expect({0xFF, 0xFE, 'a', 0x00}, text({0xFFFD}));
  Bytes all;
  for (int b = 0; b < 0x100; ++b) all.push_back(static_cast<uint8_t>(b));
  expect(all, text({0xFFFD}));
  EXPECT_EQ(decode(REPLACEMENT, Bytes(5000, 'x')), text({0xFFFD}));
  EXPECT_EQ(decode(REPLACEMENT, Bytes(5000, 'x'), 0, {}, 32), text({0xFFFD}));
  EXPECT_EQ(decode(REPLACEMENT, all, kIgnoreBom), text({0xFFFD}));
}

TEST(ReplacementDecoder, FatalIsAnErrorBeforeAnyOutput) {
  expect({0x00}, fails_after({}), kFatal);
  expect({'a', 'b', 'c'}, fails_after({}), kFatal);
}

TEST(ReplacementDecoder, EachStreamGetsItsOwnError) {
  // Empty chunks before the first byte do not count; after a flush, a new stream errs again.
  DecoderState state{};
  char16_t out[32];
  const uint8_t a[] = {'a', 'b'};
  DecodeResult r = decode_to_utf16(REPLACEMENT, 0, state, a, 0, out, 32);
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(r.written, 0u);
  r = decode_to_utf16(REPLACEMENT, 0, state, a, 2, out, 32);
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(r.read, 2u);
  ASSERT_EQ(r.written - r.begin, 1u);
  EXPECT_EQ(out[r.begin], 0xFFFD);
  r = decode_to_utf16(REPLACEMENT, 0, state, a, 2, out, 32);
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(r.written, 0u) << "the same stream";
  r = decode_to_utf16(REPLACEMENT, kFlush, state, a, 1, out, 32);
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(r.written, 0u) << "the same stream";
  r = decode_to_utf16(REPLACEMENT, kFlush, state, a, 1, out, 32);
  EXPECT_EQ(r.status, kDone);
  ASSERT_EQ(r.written - r.begin, 1u) << "a new stream after the flush";
  EXPECT_EQ(out[r.begin], 0xFFFD);
}

TEST(ReplacementEncoder, ThereIsNone) { EXPECT_FALSE(has_encoder(REPLACEMENT)); }

}  // namespace
}  // namespace ew::test
