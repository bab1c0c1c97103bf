// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder and #iso-2022-jp-encoder
// Expected values come from the spec's state machines followed by hand here and from
// index-jis0208.txt and index-iso-2022-jp-katakana.txt.
#include "test_support.h"

namespace ew::test {
namespace {

constexpr uint8_t ESC = 0x1B;
const Bytes kToAscii = {ESC, '(', 'B'};
const Bytes kToRoman = {ESC, '(', 'J'};
const Bytes kToKatakana = {ESC, '(', 'I'};
const Bytes kToJis0208 = {ESC, '$', 'B'};
const Bytes kToJis0208At = {ESC, '$', '@'};

Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes all;
  for (const Bytes& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

std::vector<uint32_t> cat(std::initializer_list<std::vector<uint32_t>> parts) {
  std::vector<uint32_t> all;
  for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

class Iso2022JpDecoder : public FamilyTest<kJapanese> {};
class Iso2022JpEncoder : public FamilyTest<kJapanese> {};

// What one byte other than 0x1B gives in the ASCII, Roman and katakana states.
uint32_t in_ascii(int b) { return b < 0x80 && b != 0x0E && b != 0x0F ? b : 0xFFFD; }
uint32_t in_roman(int b) { return b == 0x5C ? 0xA5 : b == 0x7E ? 0x203E : in_ascii(b); }
uint32_t in_katakana(int b) { return b >= 0x21 && b <= 0x5F ? 0xFF61 - 0x21 + b : 0xFFFD; }

// Every byte but 0x1B in one run after `escape` (none: the initial ASCII state), each decoding as
// `in_state` says.
void expect_every_byte_in_state(const Bytes& escape, uint32_t (*in_state)(int)) {
  Bytes in = escape;
  std::vector<uint32_t> want;
  for (int b = 0; b <= 0xFF; ++b)
    if (b != ESC) in.push_back(static_cast<uint8_t>(b)), want.push_back(in_state(b));
  expect_decode(ISO_2022_JP, in, text(want));
}

// ---- Decoder ----

TEST_F(Iso2022JpDecoder, EveryPointer) {
  // Leading byte state after ESC $ B or ESC $ @: pairs of 0x21..0x7E are pointers into index
  // jis0208 (0..8835); null ones are an error that takes both bytes.
  auto jis0208 = read_index("jis0208");
  size_t mapped = 0;
  for (int lead = 0x21; lead <= 0x7E; ++lead) {
    for (int trail = 0x21; trail <= 0x7E; ++trail) {
      auto it = jis0208.find((lead - 0x21) * 94 + trail - 0x21);
      Decoded want = it != jis0208.end() ? text({it->second}) : text({0xFFFD});
      mapped += it != jis0208.end();
      Bytes pair = {static_cast<uint8_t>(lead), static_cast<uint8_t>(trail)};
      ASSERT_EQ(decode(ISO_2022_JP, cat({kToJis0208, pair})), want) << hex(pair);
      ASSERT_EQ(decode(ISO_2022_JP, cat({kToJis0208At, pair})), want) << hex(pair);
      Decoded fatal = it != jis0208.end() ? want : fails_after({});
      ASSERT_EQ(decode(ISO_2022_JP, cat({kToJis0208, pair}), kFatal), fatal) << hex(pair);
      // And back to ASCII: the escape after a code point is no error.
      Decoded back = want;
      back.text += u"a";
      ASSERT_EQ(decode(ISO_2022_JP, cat({kToJis0208, pair, kToAscii, {'a'}})), back) << hex(pair);
    }
  }
  size_t below = 0;
  for (auto [pointer, cp] : jis0208) below += pointer < 94 * 94;
  EXPECT_EQ(mapped, below);
}

TEST_F(Iso2022JpDecoder, EveryPointerInOneStream) {
  auto jis0208 = read_index("jis0208");
  Bytes in = kToJis0208;
  std::vector<uint32_t> want;
  for (auto [pointer, cp] : jis0208) {
    if (pointer >= 94 * 94) continue;
    in.push_back(static_cast<uint8_t>(pointer / 94 + 0x21));
    in.push_back(static_cast<uint8_t>(pointer % 94 + 0x21));
    want.push_back(cp);
    if (pointer % 53 == 0) {  // a detour through ASCII, Roman and katakana
      in = cat({in, kToAscii, {'a', '\\'}, kToRoman, {'\\', 'b'}, kToKatakana, {0x21}, kToJis0208});
      want = cat({want, {'a', '\\', 0xA5, 'b', 0xFF61}});
    }
  }
  in = cat({in, kToAscii, {'z'}});
  want.push_back('z');
  expect_decode_in_chunks(ISO_2022_JP, in, text(want), {1, 2, 3, 5, 7, 64, 1000});
}

TEST_F(Iso2022JpDecoder, AsciiState) {
  // 0x00..0x7F but 0x0E, 0x0F, 0x1B are code points; 0x0E, 0x0F and 0x80..0xFF errors.
  expect_every_byte_in_state({}, in_ascii);
  expect_every_byte_in_state(kToAscii, in_ascii);
  expect_decode(ISO_2022_JP, {'a', 0x0E, 'b'}, fails_after({'a'}), kFatal);
  expect_decode(ISO_2022_JP, {'a', 0x0F}, fails_after({'a'}), kFatal);
  expect_decode(ISO_2022_JP, {'a', 0x80}, fails_after({'a'}), kFatal);
  expect_decode(ISO_2022_JP, {'a', '\\', '~', 0x7F}, text({'a', '\\', '~', 0x7F}), kFatal);
}

TEST_F(Iso2022JpDecoder, RomanState) {
  // As ASCII, but 0x5C is U+00A5 and 0x7E is U+203E.
  expect_every_byte_in_state(kToRoman, in_roman);
  expect_decode(ISO_2022_JP, cat({kToRoman, {'\\', '~', 0x0E}}), fails_after({0xA5, 0x203E}), kFatal);
}

TEST_F(Iso2022JpDecoder, KatakanaState) {
  // 0x21..0x5F are U+FF61..U+FF9F; every other byte but 0x1B is an error.
  expect_every_byte_in_state(kToKatakana, in_katakana);
  expect_decode(ISO_2022_JP, cat({kToKatakana, {0x21, 0x5F, 0x60}}), fails_after({0xFF61, 0xFF9F}), kFatal);
}

TEST_F(Iso2022JpDecoder, LeadingByteState) {
  // Bytes outside 0x21..0x7E (but 0x1B) are errors; the state stays leading byte.
  Bytes in = kToJis0208;
  std::vector<uint32_t> want;
  for (int b = 0; b <= 0xFF; ++b) {
    if (b == ESC || (b >= 0x21 && b <= 0x7E)) continue;
    in.push_back(static_cast<uint8_t>(b));
    want.push_back(0xFFFD);
  }
  in.push_back(0x21), in.push_back(0x21);
  want.push_back(0x3000);
  expect_decode(ISO_2022_JP, in, text(want));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x21, 0x21, 0x0A}}), fails_after({0x3000}), kFatal);
}

TEST_F(Iso2022JpDecoder, TrailingByteState) {
  // A byte outside 0x21..0x7E (but 0x1B) is an error that takes the byte (even an ASCII one: the
  // spec restores nothing here); the state goes back to leading byte.
  for (int b = 0; b <= 0xFF; ++b) {
    if (b == ESC || (b >= 0x21 && b <= 0x7E)) continue;
    Bytes in = cat({kToJis0208, {0x30, static_cast<uint8_t>(b), 0x21, 0x21}});
    ASSERT_EQ(decode(ISO_2022_JP, in), text({0xFFFD, 0x3000})) << hex(in);
    ASSERT_EQ(decode(ISO_2022_JP, in, kFatal), fails_after({})) << hex(in);
  }
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x30, 0x0A, 0x21, 0x21}}), text({0xFFFD, 0x3000}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x30, 0x20, 0x30, 0x21}}), text({0xFFFD, 0x4E9C}));
  // 0x1B: error, and the escape sequence goes on (the output flag was cleared by the leading byte,
  // so the escape itself is no error).
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x30}, kToAscii, {'a'}}), text({0xFFFD, 'a'}));
  // ...and the output state is still leading byte: a bad escape returns there.
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x30, ESC, 0x30, 0x21}}), text({0xFFFD, 0xFFFD, 0x4E9C}));
  // End-of-queue: error.
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x30}}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x21, 0x21, 0x30}}), fails_after({0x3000}), kFatal);
}

TEST_F(Iso2022JpDecoder, EscapeStartState) {
  // Any byte but 0x24 and 0x28 is restored after an error, in the output state.
  for (int b = 0; b <= 0xFF; ++b) {
    if (b == '$' || b == '(') continue;
    // In ASCII (0x1B restored is a new escape start, an error at end-of-queue).
    uint8_t byte = static_cast<uint8_t>(b);
    ASSERT_EQ(decode(ISO_2022_JP, {ESC, byte}), text({0xFFFD, b == ESC ? 0xFFFD : in_ascii(b)})) << b;
    ASSERT_EQ(decode(ISO_2022_JP, {ESC, byte}, kFatal), fails_after({})) << b;
    if (b == ESC) continue;
    ASSERT_EQ(decode(ISO_2022_JP, cat({kToRoman, {ESC, byte}})), text({0xFFFD, in_roman(b)})) << b;
    ASSERT_EQ(decode(ISO_2022_JP, cat({kToKatakana, {ESC, byte}})), text({0xFFFD, in_katakana(b)})) << b;
  }
  expect_decode(ISO_2022_JP, {ESC, 'a'}, text({0xFFFD, 'a'}));
  expect_decode(ISO_2022_JP, {ESC, ESC, '(', 'J', '\\'}, text({0xFFFD, 0xA5}));
  expect_decode(ISO_2022_JP, cat({kToRoman, {ESC, '\\'}}), text({0xFFFD, 0xA5}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, {ESC, 0x21}}), text({0xFFFD, 0xFF61}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {ESC, 0x30, 0x21}}), text({0xFFFD, 0x4E9C}));
  // End-of-queue: error, nothing restored.
  expect_decode(ISO_2022_JP, {ESC}, text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {ESC}}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, {'a', ESC}, fails_after({'a'}), kFatal);
}

TEST_F(Iso2022JpDecoder, EscapeState) {
  // ESC ( followed by anything but B, J, I and ESC $ followed by anything but @, B: error, and
  // « leading, byte » are restored and processed in the output state.
  for (int b = 0; b <= 0xFF; ++b) {
    uint8_t byte = static_cast<uint8_t>(b);
    uint32_t again = b == ESC ? 0xFFFD : in_ascii(b);  // a restored ESC: escape start, end-of-queue
    if (b != 'B' && b != 'J' && b != 'I') {
      ASSERT_EQ(decode(ISO_2022_JP, {ESC, '(', byte}), text({0xFFFD, '(', again})) << b;
      ASSERT_EQ(decode(ISO_2022_JP, {ESC, '(', byte}, kFatal), fails_after({})) << b;
    }
    if (b != '@' && b != 'B') {
      ASSERT_EQ(decode(ISO_2022_JP, {ESC, '$', byte}), text({0xFFFD, '$', again})) << b;
      ASSERT_EQ(decode(ISO_2022_JP, {ESC, '$', byte}, kFatal), fails_after({})) << b;
    }
  }
  expect_decode(ISO_2022_JP, {ESC, '(', 'A'}, text({0xFFFD, '(', 'A'}));
  expect_decode(ISO_2022_JP, {ESC, '$', 'A', 'b'}, text({0xFFFD, '$', 'A', 'b'}));
  expect_decode(ISO_2022_JP, {ESC, '(', 0x80}, text({0xFFFD, '(', 0xFFFD}));
  // The restored ESC starts a new escape sequence (whose output flag was cleared by the error).
  expect_decode(ISO_2022_JP, {ESC, '(', ESC, '(', 'J', '\\'}, text({0xFFFD, '(', 0xA5}));
  expect_decode(ISO_2022_JP, {ESC, '$', ESC, '$', 'B', 0x21, 0x21}, text({0xFFFD, '$', 0x3000}));
  // In the other output states.
  expect_decode(ISO_2022_JP, cat({kToRoman, {ESC, '(', 'Z', '\\'}}), text({0xFFFD, '(', 'Z', 0xA5}));
  expect_decode(ISO_2022_JP, cat({kToRoman, {ESC, '$', '\\'}}), text({0xFFFD, '$', 0xA5}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, {ESC, '(', 'Z'}}), text({0xFFFD, 0xFF68, 0xFF9A}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, {ESC, '$', 'A'}}), text({0xFFFD, 0xFF64, 0xFF81}));
  // In leading byte, « leading, byte » make a pair: ESC $ then 'A' is pointer (0x24 - 0x21) * 94 +
  // 0x41 - 0x21 = 314.
  auto jis0208 = read_index("jis0208");
  ASSERT_TRUE(jis0208.count(314));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {ESC, '$', 'A'}}), text({0xFFFD, jis0208[314]}));
  // End-of-queue: error, and leading is restored.
  expect_decode(ISO_2022_JP, {ESC, '('}, text({0xFFFD, '('}));
  expect_decode(ISO_2022_JP, {ESC, '$'}, text({0xFFFD, '$'}));
  expect_decode(ISO_2022_JP, cat({kToRoman, {ESC, '('}}), text({0xFFFD, '('}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, {ESC, '('}}), text({0xFFFD, 0xFF68}));
  // ...in leading byte the restored byte is a leading byte, which end-of-queue makes an error too.
  expect_decode(ISO_2022_JP, cat({kToJis0208, {ESC, '$'}}), text({0xFFFD, 0xFFFD}));
  expect_decode(ISO_2022_JP, {'a', ESC, '('}, fails_after({'a'}), kFatal);
}

TEST_F(Iso2022JpDecoder, EveryEscapeSequence) {
  // ESC ( B: ASCII, ESC ( J: Roman, ESC ( I: katakana, ESC $ @ and ESC $ B: leading byte.
  const Bytes probe = {0x21, 0x5C, 0x7E};
  expect_decode(ISO_2022_JP, cat({kToAscii, probe}), text({'!', '\\', '~'}));
  expect_decode(ISO_2022_JP, cat({kToRoman, probe}), text({'!', 0xA5, 0x203E}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, probe}), text({0xFF61, 0xFF9C, 0xFFFD}));
  auto jis0208 = read_index("jis0208");
  uint32_t pair = jis0208.at((0x21 - 0x21) * 94 + 0x5C - 0x21);
  expect_decode(ISO_2022_JP, cat({kToJis0208, probe}), text({pair, 0xFFFD}));  // 0x7E at end-of-queue
  expect_decode(ISO_2022_JP, cat({kToJis0208At, probe}), text({pair, 0xFFFD}));
  // Each switch from each state (with a code point in between, so no output-flag errors).
  const Bytes* escapes[] = {&kToAscii, &kToRoman, &kToKatakana, &kToJis0208, &kToJis0208At};
  for (const Bytes* from : escapes) {
    for (const Bytes* to : escapes) {
      // 0x30 0x21 is U+4E9C in leading byte, '0' '!' elsewhere but katakana: U+FF70 U+FF61.
      auto sample = [&](const Bytes* e) -> std::vector<uint32_t> {
        if (e == &kToJis0208 || e == &kToJis0208At) return {0x4E9C};
        if (e == &kToKatakana) return {0xFF70, 0xFF61};
        return {'0', '!'};
      };
      expect_decode(ISO_2022_JP, cat({*from, {0x30, 0x21}, *to, {0x30, 0x21}}),
                    text(cat({sample(from), sample(to)})));
    }
  }
}

TEST_F(Iso2022JpDecoder, OutputFlag) {
  // The decoder starts with output false: a first escape sequence is no error.
  expect_decode(ISO_2022_JP, kToAscii, text({}));
  expect_decode(ISO_2022_JP, kToRoman, text({}));
  expect_decode(ISO_2022_JP, kToJis0208, text({}));
  // Two escape sequences with no code point between them: the second one is an error (its state
  // still applies).
  expect_decode(ISO_2022_JP, cat({kToAscii, kToAscii}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToRoman, kToAscii, {'\\'}}), text({0xFFFD, '\\'}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, kToRoman, {'\\'}}), text({0xFFFD, 0xA5}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, kToJis0208At}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToAscii, kToRoman, kToAscii}), text({0xFFFD, 0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToRoman, kToAscii}), fails_after({}), kFatal);
  // A code point in between clears it.
  expect_decode(ISO_2022_JP, cat({kToRoman, {'a'}, kToAscii, {'b'}}), text({'a', 'b'}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, {0x21}, kToJis0208, {0x21, 0x21}, kToAscii}),
                text({0xFF61, 0x3000}));
  expect_decode(ISO_2022_JP, cat({kToRoman, {'a'}, kToAscii, {'b'}}), text({'a', 'b'}), kFatal);
  // So does an error byte in ASCII, Roman, katakana and leading byte, and a leading byte.
  expect_decode(ISO_2022_JP, cat({kToRoman, {0x80}, kToAscii}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToAscii, {0x0E}, kToRoman}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToKatakana, {0x60}, kToAscii}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x0A}, kToAscii}), text({0xFFFD}));
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x30}, kToAscii}), text({0xFFFD}));
  // And an invalid escape sequence.
  expect_decode(ISO_2022_JP, cat({kToRoman, {ESC, 'x'}, kToAscii}), text({0xFFFD, 'x'}));
  expect_decode(ISO_2022_JP, cat({kToRoman, {ESC, '(', 'Z'}, kToAscii}), text({0xFFFD, '(', 'Z'}));
  expect_decode(ISO_2022_JP, cat({kToAscii, {ESC}, kToAscii}), text({0xFFFD}));
  // The spec's example: U+00A5 encoded twice and concatenated decodes as U+00A5 U+FFFD U+00A5.
  Bytes yen = cat({kToRoman, {0x5C}, kToAscii});
  expect_decode(ISO_2022_JP, cat({yen, yen}), text({0xA5, 0xFFFD, 0xA5}));
}

TEST_F(Iso2022JpDecoder, EndOfQueueInEachState) {
  expect_decode(ISO_2022_JP, {'a'}, text({'a'}));                               // ASCII
  expect_decode(ISO_2022_JP, cat({kToRoman, {'a'}}), text({'a'}));              // Roman
  expect_decode(ISO_2022_JP, cat({kToKatakana, {0x21}}), text({0xFF61}));       // katakana
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x21, 0x21}}), text({0x3000}));  // leading byte
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x21}}), text({0xFFFD}));        // trailing byte
  expect_decode(ISO_2022_JP, {ESC}, text({0xFFFD}));                            // escape start
  expect_decode(ISO_2022_JP, {ESC, '$'}, text({0xFFFD, '$'}));                  // escape
  expect_decode(ISO_2022_JP, cat({kToJis0208, {0x21}}), fails_after({}), kFatal);
  expect_decode(ISO_2022_JP, {ESC}, fails_after({}), kFatal);
  expect_decode(ISO_2022_JP, {ESC, '('}, fails_after({}), kFatal);
  // A flush leaves a new decoder: the same state decodes 0x5C as ASCII afterwards.
  DecoderState st{};
  char16_t out[64];
  Bytes roman = kToRoman;
  decode_to_utf16(ISO_2022_JP, kFlush, st, roman.data(), roman.size(), out, 64);
  const uint8_t backslash[] = {0x5C};
  DecodeResult r = decode_to_utf16(ISO_2022_JP, kFlush, st, backslash, 1, out, 64);
  EXPECT_EQ(std::u16string(out + r.begin, out + r.written), u"\\");
}

// ---- Encoder ----

// The encoder's result for one scalar value from the initial (ASCII) state, including end-of-queue,
// from the spec's steps.
ExpectedEncoding expected_single(const std::map<uint32_t, uint32_t>& first,
                                 const std::map<uint32_t, uint32_t>& katakana, uint32_t cp) {
  if (cp == 0x0E || cp == 0x0F || cp == 0x1B) return {{}, true, 0xFFFD};  // 3.
  if (cp < 0x80) return {{static_cast<uint8_t>(cp)}};                     // 4.
  if (cp == 0xA5 || cp == 0x203E)                                         // 7., 5., 1.
    return {cat({kToRoman, {static_cast<uint8_t>(cp == 0xA5 ? 0x5C : 0x7E)}, kToAscii})};
  if (cp == 0x2212) cp = 0xFF0D;                                    // 8.
  if (cp >= 0xFF61 && cp <= 0xFF9F) cp = katakana.at(cp - 0xFF61);  // 9.
  auto it = first.find(cp);                                         // 10.
  if (it == first.end()) return {{}, true, cp};                     // 11.
  Bytes pair = {static_cast<uint8_t>(it->second / 94 + 0x21), static_cast<uint8_t>(it->second % 94 + 0x21)};
  return {cat({kToJis0208, pair, kToAscii})};  // 12.-15., 1.
}

Bytes ascii(const char* s) { return Bytes(s, s + std::char_traits<char>::length(s)); }

TEST_F(Iso2022JpEncoder, EveryCodePointOfTheIndexes) {
  auto jis0208 = read_index("jis0208");
  auto katakana = read_index("iso-2022-jp-katakana");
  ASSERT_EQ(katakana.size(), 63u);
  auto first = first_pointers(jis0208);
  for (const auto* index : {&jis0208, &katakana}) {
    for (auto [pointer, cp] : *index) {
      ExpectedEncoding want = expected_single(first, katakana, cp);
      Encoded got = encode(ISO_2022_JP, utf16({cp}));
      ASSERT_EQ(got.error, want.error) << std::hex << cp;
      ASSERT_EQ(got.bytes, want.bytes) << std::hex << cp;
    }
  }
  // U+2170 is at 8634 and 10716: the first (0x7C 0x71).
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0x2170})).bytes, cat({kToJis0208, {0x7C, 0x71}, kToAscii}));
}

TEST_F(Iso2022JpEncoder, HalfWidthKatakana) {
  // 9. U+FF61..U+FF9F through index ISO-2022-JP katakana, then index jis0208.
  auto first = first_pointers(read_index("jis0208"));
  auto katakana = read_index("iso-2022-jp-katakana");
  for (uint32_t cp = 0xFF61; cp <= 0xFF9F; ++cp) {
    uint32_t pointer = first.at(katakana.at(cp - 0xFF61));
    Bytes pair = {static_cast<uint8_t>(pointer / 94 + 0x21), static_cast<uint8_t>(pointer % 94 + 0x21)};
    EXPECT_EQ(encode(ISO_2022_JP, utf16({cp})).bytes, cat({kToJis0208, pair, kToAscii})) << std::hex << cp;
  }
  // U+FF61 is U+3002 (pointer 2); U+FF9E and U+FF9F are U+309B and U+309C (pointers 10, 11).
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0xFF61, 0xFF9E, 0xFF9F})).bytes,
            cat({kToJis0208, {0x21, 0x23, 0x21, 0x2B, 0x21, 0x2C}, kToAscii}));
}

TEST_F(Iso2022JpEncoder, EveryBmpScalarValueAndASampleOfTheOthers) {
  auto first = first_pointers(read_index("jis0208"));
  auto katakana = read_index("iso-2022-jp-katakana");
  expect_sampled_scalar_values_encode(ISO_2022_JP,
                                      [&](uint32_t cp) { return expected_single(first, katakana, cp); });
}

TEST_F(Iso2022JpEncoder, StateTransitions) {
  EXPECT_EQ(encode(ISO_2022_JP, u"").bytes, Bytes{});
  EXPECT_EQ(encode(ISO_2022_JP, utf16({'a', 0x00, 0x7F, '\\', '~'})).bytes,
            (Bytes{'a', 0x00, 0x7F, '\\', '~'}));
  // ASCII -> jis0208 -> ASCII.
  EXPECT_EQ(encode(ISO_2022_JP, utf16({'a', 0x3000, 0x3001, 'b'})).bytes,
            cat({{'a'}, kToJis0208, {0x21, 0x21, 0x21, 0x22}, kToAscii, {'b'}}));
  // ASCII -> Roman: ASCII but \ and ~ stays in Roman, U+00A5 and U+203E are 0x5C and 0x7E there.
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0xA5, 'a', 0x203E, 0xA5})).bytes,
            cat({kToRoman, {0x5C, 'a', 0x7E, 0x5C}, kToAscii}));
  // Roman -> ASCII for \ and ~.
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0xA5, '\\', 0xA5, '~'})).bytes,
            cat({kToRoman, {0x5C}, kToAscii, {'\\'}, kToRoman, {0x5C}, kToAscii, {'~'}}));
  // Roman -> jis0208 -> Roman -> ASCII.
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0xA5, 0x3000, 0xA5, 'a'})).bytes,
            cat({kToRoman, {0x5C}, kToJis0208, {0x21, 0x21}, kToRoman, {0x5C, 'a'}, kToAscii}));
  // jis0208 -> ASCII for an ASCII code point, including U+000E (then an error in ASCII, below).
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0x3000, 'a'})).bytes,
            cat({kToJis0208, {0x21, 0x21}, kToAscii, {'a'}}));
  // 8. U+2212 is U+FF0D (pointer 60).
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0x2212, 0xFF0D})).bytes,
            cat({kToJis0208, {0x21, 0x5D, 0x21, 0x5D}, kToAscii}));
  // End-of-queue in Roman and jis0208 returns to ASCII; in ASCII writes nothing.
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0x203E})).bytes, cat({kToRoman, {0x7E}, kToAscii}));
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0x3000})).bytes, cat({kToJis0208, {0x21, 0x21}, kToAscii}));
}

TEST_F(Iso2022JpEncoder, StateSurvivesBetweenCalls) {
  // Without kEncodeFlush the state stays Roman; the flush call then writes ESC ( B.
  EncoderState st{};
  uint8_t out[64];
  std::u16string yen = u"\u00A5";
  EncodeResult r = encode_from_utf16(ISO_2022_JP, 0, st, yen.data(), yen.size(), out, sizeof out);
  EXPECT_EQ(Bytes(out, out + r.written), cat({kToRoman, {0x5C}}));
  r = encode_from_utf16(ISO_2022_JP, 0, st, yen.data(), yen.size(), out, sizeof out);
  EXPECT_EQ(Bytes(out, out + r.written), Bytes{0x5C});
  r = encode_from_utf16(ISO_2022_JP, kEncodeFlush, st, nullptr, 0, out, sizeof out);
  EXPECT_EQ(Bytes(out, out + r.written), kToAscii);
  EXPECT_EQ(st.word, 0u);
}

TEST_F(Iso2022JpEncoder, FlushEscapeWaitsForRoomWhenTheOutputIsFull) {
  // Output buffers of every size from the smallest allowed up, each exactly as large as it says (a
  // heap vector, so ASan sees a write past it): 日本語 (jis0208 0x467C 0x4B5C 0x386C) repeated,
  // flushed, in as many calls as the buffer needs. The run of two-byte units can fill a buffer to
  // its very end; the escape back to ASCII must then wait for the next call (a fuzzer found it
  // written past the end).
  for (size_t repeats : {1u, 5u, 7u, 16u}) {
    std::u16string text;
    Bytes expected = kToJis0208;
    for (size_t n = 0; n < repeats; ++n) {
      text += u"\u65E5\u672C\u8A9E";
      expected.insert(expected.end(), {0x46, 0x7C, 0x4B, 0x5C, 0x38, 0x6C});
    }
    expected.insert(expected.end(), kToAscii.begin(), kToAscii.end());
    for (size_t capacity = kMaxEncodeStep; capacity <= kMaxEncodeStep + 40; ++capacity) {
      EncoderState st{};
      Bytes got;
      size_t read = 0;
      for (int calls = 0; calls < 1000; ++calls) {
        std::vector<uint8_t> out(capacity);
        EncodeResult r = encode_from_utf16(ISO_2022_JP, kEncodeFlush, st, text.data() + read,
                                           text.size() - read, out.data(), out.size());
        ASSERT_LE(r.written, capacity);
        got.insert(got.end(), out.begin(), out.begin() + r.written);
        read += r.read;
        if (r.status == kDone) break;
        ASSERT_EQ(r.status, kOutputFull);
      }
      EXPECT_EQ(got, expected) << "repeats " << repeats << ", capacity " << capacity;
      EXPECT_EQ(st.word, 0u);
    }
  }
}

TEST_F(Iso2022JpEncoder, ShiftOutShiftInEscapeAreErrorsWithReplacementCharacter) {
  // 3. In ASCII and Roman, U+000E, U+000F and U+001B are an error with U+FFFD (not the code point).
  for (uint32_t cp : {0x0Eu, 0x0Fu, 0x1Bu}) {
    Encoded fatal = encode(ISO_2022_JP, utf16({'a', cp, 'b'}));
    EXPECT_TRUE(fatal.error);
    EXPECT_EQ(fatal.code_point, 0xFFFDu);
    EXPECT_EQ(fatal.bytes, Bytes{'a'});
    EXPECT_EQ(encode(ISO_2022_JP, utf16({'a', cp, 'b'}), true).bytes, ascii("a&#65533;b"));
    // Roman.
    Encoded roman = encode(ISO_2022_JP, utf16({0xA5, cp}));
    EXPECT_TRUE(roman.error);
    EXPECT_EQ(roman.code_point, 0xFFFDu);
    EXPECT_EQ(roman.bytes, cat({kToRoman, {0x5C}}));
    EXPECT_EQ(encode(ISO_2022_JP, utf16({0xA5, cp, 0xA5}), true).bytes,
              cat({kToRoman, {0x5C}, ascii("&#65533;"), {0x5C}, kToAscii}));
    // jis0208: 6. back to ASCII first, then the error there.
    Encoded jis = encode(ISO_2022_JP, utf16({0x3000, cp}));
    EXPECT_TRUE(jis.error);
    EXPECT_EQ(jis.code_point, 0xFFFDu);
    EXPECT_EQ(jis.bytes, cat({kToJis0208, {0x21, 0x21}, kToAscii}));
    EXPECT_EQ(
        encode(ISO_2022_JP, utf16({0x3000, cp, 0x3000}), true).bytes,
        cat({kToJis0208, {0x21, 0x21}, kToAscii, ascii("&#65533;"), kToJis0208, {0x21, 0x21}, kToAscii}));
  }
}

TEST_F(Iso2022JpEncoder, ErrorModes) {
  // 11. An unencodable code point: in ASCII and Roman an error right away; in jis0208 after ESC ( B.
  Encoded fatal = encode(ISO_2022_JP, utf16({'a', 0xE9}));
  EXPECT_TRUE(fatal.error);
  EXPECT_EQ(fatal.code_point, 0xE9u);
  EXPECT_EQ(fatal.bytes, Bytes{'a'});
  EXPECT_EQ(encode(ISO_2022_JP, utf16({'a', 0xE9, 'b'}), true).bytes, ascii("a&#233;b"));
  EXPECT_EQ(encode(ISO_2022_JP, utf16({0xA5, 0xE9}), true).bytes,
            cat({kToRoman, {0x5C}, ascii("&#233;"), kToAscii}));
  Encoded jis = encode(ISO_2022_JP, utf16({0x3000, 0x1F4A9}));
  EXPECT_TRUE(jis.error);
  EXPECT_EQ(jis.code_point, 0x1F4A9u);
  EXPECT_EQ(jis.bytes, cat({kToJis0208, {0x21, 0x21}, kToAscii}));
  EXPECT_EQ(
      encode(ISO_2022_JP, utf16({0x3000, 0x1F4A9, 0x3000}), true).bytes,
      cat({kToJis0208, {0x21, 0x21}, kToAscii, ascii("&#128169;"), kToJis0208, {0x21, 0x21}, kToAscii}));
  // A lone surrogate is U+FFFD, which index jis0208 does not have.
  EXPECT_EQ(encode(ISO_2022_JP, u"\x3000\xDC00", true).bytes,
            cat({kToJis0208, {0x21, 0x21}, kToAscii, ascii("&#65533;")}));
}

}  // namespace
}  // namespace ew::test
