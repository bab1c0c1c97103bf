// https://encoding.spec.whatwg.org/#shared-utf-16-decoder, for UTF-16BE and UTF-16LE, and the BOM
// handling of https://encoding.spec.whatwg.org/#concept-td-serialize.
#include "test_support.h"

namespace ew::test {
namespace {

class Utf16Decoder : public ::testing::TestWithParam<int> {
 protected:
  bool big_endian() const { return GetParam() == UTF_16BE; }

  // The bytes of code units in the decoder's byte order.
  Bytes units(std::vector<uint16_t> code_units) const {
    Bytes b;
    for (uint16_t u : code_units) {
      uint8_t hi = static_cast<uint8_t>(u >> 8), lo = static_cast<uint8_t>(u);
      b.push_back(big_endian() ? hi : lo);
      b.push_back(big_endian() ? lo : hi);
    }
    return b;
  }
  Bytes units(std::vector<uint16_t> code_units, std::vector<uint8_t> extra) const {
    Bytes b = units(std::move(code_units));
    b.insert(b.end(), extra.begin(), extra.end());
    return b;
  }

  // Every split, byte by byte, a small output buffer, behind 0..31 code units of "a".
  void expect(const Bytes& input, const Decoded& expected, uint32_t options = 0) const {
    expect_decode_padded(GetParam(), input, expected, options, units({'a'}), u"a");
  }
  // The same without padding, for input that must stay at the start of the stream.
  void expect_at_start(const Bytes& input, const Decoded& expected, uint32_t options = 0) const {
    expect_decode_padded(GetParam(), input, expected, options, {}, u"");
  }
};

TEST_P(Utf16Decoder, Empty) {
  expect({}, text({}));
  expect({}, text({}), kFatal);
}

TEST_P(Utf16Decoder, BmpCodeUnits) {
  expect(units({'a', 0x00, 0x7F}), text({'a', 0, 0x7F}));
  expect(units({0x80, 0xFF, 0x100, 0x7FF, 0x800, 0x1234, 0x3412}),
         text({0x80, 0xFF, 0x100, 0x7FF, 0x800, 0x1234, 0x3412}));
  expect(units({0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF}), text({0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF}));
  // The byte order is the decoder's: the same two bytes give different code units.
  Bytes raw = {0x12, 0x34};
  expect(raw, text({big_endian() ? 0x1234u : 0x3412u}));
  expect(raw, text({big_endian() ? 0x1234u : 0x3412u}), kFatal);
}

TEST_P(Utf16Decoder, SurrogatePairs) {
  expect(units({0xD800, 0xDC00}), text({0x10000}));
  expect(units({0xDBFF, 0xDFFF}), text({0x10FFFF}));
  expect(units({0xD83D, 0xDE00}), text({0x1F600}));
  expect(units({0xD801, 0xDC37, 'x', 0xD852, 0xDF62}), text({0x10437, 'x', 0x24B62}));
  expect(units({0xD83D, 0xDE00}), text({0x1F600}), kFatal);
}

TEST_P(Utf16Decoder, LoneTrailingSurrogate) {
  // Step 8: a trailing surrogate without a leading one is an error; decoding goes on after it.
  expect(units({0xDC00}), text({0xFFFD}));
  expect(units({0xDFFF, 'b'}), text({0xFFFD, 'b'}));
  expect(units({0xDC00, 0xDC00}), text({0xFFFD, 0xFFFD}));
  expect(units({0xDC00, 0xD800, 0xDC00}), text({0xFFFD, 0x10000}));
}

TEST_P(Utf16Decoder, LoneLeadingSurrogateRestoresTheNextCodeUnit) {
  // Step 6: after a leading surrogate, a code unit that is not a trailing one is an error, and its
  // two bytes are restored (in the decoder's byte order) and decoded again.
  expect(units({0xD800, 'b'}), text({0xFFFD, 'b'}));
  expect(units({0xD800, 0x1234}), text({0xFFFD, 0x1234}));
  expect(units({0xDBFF, 0xFFFF}), text({0xFFFD, 0xFFFF}));
  // The restored code unit is itself a leading surrogate and pairs with what follows.
  expect(units({0xD800, 0xD801, 0xDC00}), text({0xFFFD, 0x10400}));
  expect(units({0xD800, 0xD800, 0xD800, 0xDC00}), text({0xFFFD, 0xFFFD, 0x10000}));
  // ... or it is a leading surrogate at end-of-queue.
  expect(units({0xD800, 0xD800}), text({0xFFFD, 0xFFFD}));
  // A leading surrogate, then a restored code unit and an odd byte at the end.
  expect(units({0xD800, 'b'}, {0x41}), text({0xFFFD, 'b', 0xFFFD}));
}

TEST_P(Utf16Decoder, EndOfQueue) {
  // Steps 1-2: a pending leading byte or leading surrogate at end-of-queue is exactly one error.
  expect({0x41}, text({0xFFFD}));
  expect(units({'a'}, {0x62}), text({'a', 0xFFFD}));
  expect(units({0xD800}), text({0xFFFD}));
  expect(units({'a', 0xDBFF}), text({'a', 0xFFFD}));
  // Both a leading surrogate and a leading byte pending: still one error.
  expect(units({0xD800}, {0x00}), text({0xFFFD}));
  expect(units({0xD83D}, {0xDE}), text({0xFFFD}));
}

TEST_P(Utf16Decoder, FatalStopsAtTheFirstError) {
  expect(units({0xDC00}), fails_after({}), kFatal);
  expect(units({'b', 0xDC00, 'c'}), fails_after({'b'}), kFatal);
  expect(units({0xD800, 'b'}), fails_after({}), kFatal);
  expect(units({'b', 0xD800, 0xD800, 0xDC00}), fails_after({'b'}), kFatal);
  expect(units({0xD800}), fails_after({}), kFatal);
  expect(units({'b', 'c'}, {0x00}), fails_after({'b', 'c'}), kFatal);
  expect(units({0xD800}, {0x00}), fails_after({}), kFatal);
  expect(units({0xD83D, 0xDE00, 'z'}), text({0x1F600, 'z'}), kFatal);
}

TEST_P(Utf16Decoder, ByteOrderMarkOfTheDecodersOwnOrderIsDroppedAtTheStart) {
  // U+FEFF in the decoder's byte order: FE FF for UTF-16BE, FF FE for UTF-16LE.
  expect_at_start(units({0xFEFF}), text({}));
  expect_at_start(units({0xFEFF, 'a'}), text({'a'}));
  expect_at_start(units({0xFEFF, 'a'}), text({'a'}), kFatal);
  // A fatal error after it: the text before the error leaves the BOM out whether the BOM came in
  // the failing call or an earlier one (found by decode_utf_fuzzer).
  expect_at_start(units({0xFEFF, 'a', 0xDC00}), fails_after({'a'}), kFatal);
  expect_at_start(units({0xFEFF, 0xD83D, 0xDE00}), text({0x1F600}));
  // Only once: a second U+FEFF is content.
  expect_at_start(units({0xFEFF, 0xFEFF, 'a'}), text({0xFEFF, 'a'}));
  // Raw bytes, to pin down which order is which.
  Bytes own = big_endian() ? Bytes{0xFE, 0xFF, 0x00, 'a'} : Bytes{0xFF, 0xFE, 'a', 0x00};
  expect_at_start(own, text({'a'}));
}

TEST_P(Utf16Decoder, ByteOrderMarkOfTheOtherOrderIsContent) {
  // FF FE in UTF-16BE (and FE FF in UTF-16LE) decode to U+FFFE, which is not a BOM.
  Bytes other = big_endian() ? Bytes{0xFF, 0xFE, 0x00, 'a'} : Bytes{0xFE, 0xFF, 'a', 0x00};
  expect_at_start(other, text({0xFFFE, 'a'}));
  expect_at_start(units({0xFFFE}), text({0xFFFE}));
}

TEST_P(Utf16Decoder, ByteOrderMarkIsKeptAfterOtherOutputOrWithIgnoreBom) {
  expect(units({0xFEFF, 'a'}), text({0xFEFF, 'a'}), kIgnoreBom);
  expect_at_start(units({0xFEFF, 'a'}), text({0xFEFF, 'a'}), kIgnoreBom);
  expect_at_start(units({'a', 0xFEFF}), text({'a', 0xFEFF}));
  // The first output is an error's U+FFFD: the BOM that follows is not at the start.
  expect_at_start(units({0xDC00, 0xFEFF}), text({0xFFFD, 0xFEFF}));
  expect_at_start(units({0xD800, 0xFEFF}), text({0xFFFD, 0xFEFF}));
  // An odd byte before a BOM: the code units are shifted, there is no BOM at all.
  expect_at_start(Bytes{0x00, 0xFE, 0xFF}, text({big_endian() ? 0x00FEu : 0xFE00u, 0xFFFD}));
}

INSTANTIATE_TEST_SUITE_P(Utf16, Utf16Decoder, ::testing::Values(UTF_16BE, UTF_16LE),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return std::string(info.param == UTF_16BE ? "BE" : "LE");
                         });

TEST(Utf16Encoder, ThereIsNone) {
  // The spec defines no UTF-16BE/LE encoder ("get an output encoding" maps them to UTF-8).
  EXPECT_FALSE(has_encoder(UTF_16BE));
  EXPECT_FALSE(has_encoder(UTF_16LE));
}

}  // namespace
}  // namespace ew::test
