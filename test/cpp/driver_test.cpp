// The generic decoder loop (cpp/decode_driver.h) through the public API: the fields of
// DecodeResult, the kOutputFull path, the state after a fatal error and after a flush, and the BOM
// of https://encoding.spec.whatwg.org/#concept-td-serialize across calls.
#include <cstring>

#include "decoder_state.h"
#include "test_support.h"

namespace ew::test {
namespace {

// One decoder across calls, each with its own exactly-sized output buffer (so that ASan sees any
// write past `capacity`).
struct Stream {
  explicit Stream(int encoding, size_t capacity = 64) : encoding(encoding), capacity(capacity) {}
  int encoding;
  size_t capacity;
  DecoderState state{};
  DecodeResult last{};
  std::u16string last_text;

  DecodeResult call(const Bytes& in, uint32_t options) {
    std::vector<char16_t> out(capacity);
    last = decode_to_utf16(encoding, options, state, in.data(), in.size(), out.data(), out.size());
    EXPECT_LE(last.begin, last.written);
    EXPECT_LE(last.written, capacity);
    EXPECT_LE(last.read, in.size());
    last_text.assign(out.data() + last.begin, out.data() + last.written);
    return last;
  }
};

void expect_result(const DecodeResult& r, uint32_t status, uint32_t read, uint32_t begin, uint32_t written) {
  EXPECT_EQ(r.status, status);
  EXPECT_EQ(r.read, read);
  EXPECT_EQ(r.begin, begin);
  EXPECT_EQ(r.written, written);
}

TEST(DriverResult, EmptyInput) {
  for (int encoding : {UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED, REPLACEMENT}) {
    for (uint32_t options : {0u, uint32_t{kFlush}, uint32_t{kFatal | kFlush}}) {
      Stream s{encoding};
      expect_result(s.call({}, options), kDone, 0, 0, 0);
      EXPECT_TRUE(is_new_decoder(s.state));
    }
  }
}

TEST(DriverResult, OneCall) {
  Stream s{WINDOWS_1252};
  expect_result(s.call({'a', 'b', 0x80}, kFlush), kDone, 3, 0, 3);
  EXPECT_EQ(s.last_text, utf16({'a', 'b', 0x20AC}));
  Stream x{X_USER_DEFINED};
  expect_result(x.call({0x00, 0xFF}, 0), kDone, 2, 0, 2);
  EXPECT_EQ(x.last_text, utf16({0x00, 0xF7FF}));
}

TEST(DriverResult, PendingBytesAreReadButNotYetWritten) {
  Stream s{UTF_16LE};
  expect_result(s.call({'a', 0x00, 'b'}, 0), kDone, 3, 0, 1);
  EXPECT_EQ(s.last_text, u"a");
  expect_result(s.call({0x00}, 0), kDone, 1, 0, 1);
  EXPECT_EQ(s.last_text, u"b");
  expect_result(s.call({'c'}, 0), kDone, 1, 0, 0);
  // End-of-queue with a pending byte: one U+FFFD from an empty flushing call.
  expect_result(s.call({}, kFlush), kDone, 0, 0, 1);
  EXPECT_EQ(s.last_text, utf16({0xFFFD}));

  Stream u{UTF_8};
  expect_result(u.call({0xE2, 0x82}, 0), kDone, 2, 0, 0);
  expect_result(u.call({0xAC}, kFlush), kDone, 1, 0, 1);
  EXPECT_EQ(u.last_text, utf16({0x20AC}));

  Stream f{UTF_16BE};
  expect_result(f.call({0xD8}, kFatal), kDone, 1, 0, 0);
  EXPECT_EQ(f.call({}, kFatal | kFlush).status, kError);
  EXPECT_EQ(f.last.written, 0u);
}

TEST(DriverResult, BeginSkipsADroppedBom) {
  Stream le{UTF_16LE};
  expect_result(le.call({0xFF, 0xFE, 'a', 0x00}, kFlush), kDone, 4, 1, 2);
  EXPECT_EQ(le.last_text, u"a");
  Stream be{UTF_16BE};
  expect_result(be.call({0xFE, 0xFF}, 0), kDone, 2, 1, 1);
  EXPECT_EQ(be.last_text, u"");
  Stream u{UTF_8};
  expect_result(u.call({0xEF, 0xBB, 0xBF, 'a'}, kFlush), kDone, 4, 1, 2);
  Stream ignore{UTF_16LE};
  expect_result(ignore.call({0xFF, 0xFE, 'a', 0x00}, kIgnoreBom | kFlush), kDone, 4, 0, 2);
  EXPECT_EQ(ignore.last_text, utf16({0xFEFF, 'a'}));
  // Not a BOM encoding: the same bytes are content.
  Stream w{WINDOWS_1252};
  expect_result(w.call({0xEF, 0xBB, 0xBF}, kFlush), kDone, 3, 0, 3);
  EXPECT_EQ(w.last_text, utf16({0xEF, 0xBB, 0xBF}));
}

TEST(DriverFatal, ErrorResultKeepsTheOutputBeforeTheError) {
  Stream s{UTF_8};
  DecodeResult r = s.call({'a', 'b', 0xFF, 'c'}, kFatal | kFlush);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.written, 2u);
  EXPECT_EQ(s.last_text, u"ab");
  EXPECT_TRUE(is_new_decoder(s.state));
  // A single-byte encoding's unmapped byte (from the index file) after mapped output.
  auto index = read_index("windows-1253");
  int unmapped = -1;
  for (int p = 0; p < 128 && unmapped < 0; ++p)
    if (!index.count(p)) unmapped = p + 0x80;
  ASSERT_GE(unmapped, 0);
  Stream g{WINDOWS_1253};
  r = g.call({'x', 0xE1, static_cast<uint8_t>(unmapped), 'y'}, kFatal);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(g.last_text, utf16({'x', index.at(0xE1 - 0x80)}));
}

// `read` of a fatal error: the bytes before the one at which the decoder found the error (the
// spec's decoders return error while processing that byte), all of them for end-of-queue.
TEST(DriverFatal, ReadStopsBeforeTheByteWhereTheErrorWasFound) {
  Stream s{UTF_8};
  // 0xC3 then 'b': the error is returned for 'b' (which is restored), byte 2.
  EXPECT_EQ(s.call({'a', 0xC3, 'b'}, kFatal | kFlush).read, 2u);
  // 0xFF: an error by itself, byte 1.
  EXPECT_EQ(s.call({'a', 0xFF, 'b'}, kFatal | kFlush).read, 1u);
  // A sequence cut by end-of-queue: found at the end.
  DecodeResult r = s.call({'a', 0xE2, 0x82}, kFatal | kFlush);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.read, 3u);
}

// https://encoding.spec.whatwg.org/#dom-textdecoder-decode: a TypeError thrown in a call with
// { stream: true } (no kFlush) leaves do not flush true, so the decoder keeps the state the error
// left, and the I/O queue keeps the bytes the error restored (DecodeResult::restored: count, then
// bytes) and those after in[read]; the caller passes them first in the next call.
class DriverFatalJapanese : public FamilyTest<kJapanese> {};
class DriverFatalChinese : public FamilyTest<kChineseSimplified> {};

TEST(DriverFatal, StreamingErrorKeepsTheDecoder) {
  // UTF-8: C3 then 'A' restores 'A'.
  Stream u{UTF_8};
  DecodeResult r = u.call({0xC3, 'A', 'B'}, kFatal);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.read, 1u);
  EXPECT_EQ(r.restored, 0x4101u) << "one byte, 'A'";
  u.call({'A', 'B'}, kFlush);
  EXPECT_EQ(u.last_text, u"AB");

  // UTF-16BE: a leading surrogate, then a code unit that is not a trailing one: the spec restores
  // both of its bytes. The first is held as the pending byte again; the second is restored.
  Stream t{UTF_16BE};
  expect_result(t.call({0xD8, 0x3D}, kFatal), kDone, 2, 0, 0);
  r = t.call({0x00, 0x41, 0x00}, kFatal);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.read, 1u);
  EXPECT_EQ(r.restored, 0x4101u);
  EXPECT_FALSE(is_new_decoder(t.state));
  t.call({0x41, 0x00, 0x42}, kFlush);
  EXPECT_EQ(t.last_text, u"AB");
}

TEST(DriverFatal, ErrorWithFlushLeavesANewDecoder) {
  // Do not flush is false: the next call starts a new decoder, and nothing is restored.
  Stream s{UTF_16LE};
  DecodeResult r = s.call({0x3D, 0xD8, 0x41, 0x00}, kFatal | kFlush);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.restored, 0u);
  EXPECT_TRUE(is_new_decoder(s.state));
}

TEST_F(DriverFatalJapanese, StreamingErrorKeepsTheDecoder) {
  // ISO-2022-JP: ESC ( J sets the output state Roman; 0x0E is an error that restores nothing; ~ is
  // then U+203E (the WPT textdecoder-mistakes case).
  Stream j{ISO_2022_JP};
  expect_result(j.call({0x1B, 0x28, 0x4A}, kFatal), kDone, 3, 0, 0);
  DecodeResult r = j.call({0x0E, 'a'}, kFatal);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.read, 0u);
  EXPECT_EQ(r.restored, 0u);
  EXPECT_FALSE(is_new_decoder(j.state));
  j.call({'a', 0x7E}, kFlush);  // the queue: 'a' (after the 0x0E), then the next input
  EXPECT_EQ(j.last_text, utf16({'a', 0x203E}));
  EXPECT_TRUE(is_new_decoder(j.state));
}

TEST_F(DriverFatalJapanese, ErrorWithFlushLeavesANewDecoder) {
  Stream j{ISO_2022_JP};
  j.call({0x1B, 0x28, 0x4A}, kFatal);
  EXPECT_EQ(j.call({0x0E}, kFatal | kFlush).status, kError);
  EXPECT_TRUE(is_new_decoder(j.state));
  j.call({0x7E}, kFlush);
  EXPECT_EQ(j.last_text, u"~");
}

TEST_F(DriverFatalChinese, StreamingErrorRestoresHeldBytes) {
  // gb18030: 81 30 81 held from an earlier call, then 'A' restores « 30, 81, 'A' ».
  Stream g{GB18030};
  expect_result(g.call({0x81, 0x30, 0x81}, kFatal), kDone, 3, 0, 0);
  DecodeResult r = g.call({'A', 'B'}, kFatal);
  EXPECT_EQ(r.status, kError);
  EXPECT_EQ(r.read, 0u);
  EXPECT_EQ(r.restored, 0x41813003u);
  EXPECT_TRUE(is_new_decoder(g.state)) << "gb18030's error leaves its decoder new";
  g.call({0x30, 0x81, 'A', 'B'}, kFlush);
  EXPECT_EQ(g.last_text, utf16({'0', 0x4E04, 'B'})) << "81 41 is pointer 1 (index-gb18030.txt)";
}

TEST(DriverFatal, ErrorLeavesBomSeenAsItWas) {
  // Seen before the failing call: it stays seen, so a later BOM is a character.
  Stream s{UTF_16LE};
  s.call({0xFF, 0xFE, 'a', 0x00}, kFatal);
  EXPECT_EQ(s.last_text, u"a");
  EXPECT_EQ(s.call({0x00, 0xDC}, kFatal).status, kError);
  s.call({0xFF, 0xFE, 'b', 0x00}, kFatal | kFlush);
  EXPECT_EQ(s.last.begin, 0u);
  EXPECT_EQ(s.last_text, utf16({0xFEFF, 'b'}));
  // Not seen before it: the failing call's output (a BOM) is never serialized, so the next BOM is
  // dropped.
  Stream u{UTF_8};
  EXPECT_EQ(u.call({0xEF, 0xBB, 0xBF, 0xFF}, kFatal).status, kError);
  EXPECT_TRUE(is_new_decoder(u.state));
  u.call({0xEF, 0xBB, 0xBF, 'A'}, kFlush);
  EXPECT_EQ(u.last.begin, 1u);
  EXPECT_EQ(u.last_text, u"A");
}

TEST(DriverFlush, FlushLeavesANewDecoder) {
  Stream s{UTF_16LE};
  s.call({'a'}, kFlush);
  EXPECT_EQ(s.last_text, utf16({0xFFFD}));
  EXPECT_TRUE(is_new_decoder(s.state));
  s.call({'b', 0x00}, kFlush);
  EXPECT_EQ(s.last_text, u"b") << "the odd byte of the previous stream is gone";

  // The replacement decoder keeps "error returned" through end-of-queue; the flush clears it.
  Stream r{REPLACEMENT};
  r.call({'x'}, kFlush);
  EXPECT_EQ(r.last_text, utf16({0xFFFD}));
  EXPECT_TRUE(is_new_decoder(r.state));
  r.call({'x'}, kFlush);
  EXPECT_EQ(r.last_text, utf16({0xFFFD}));
}

TEST(DriverBom, DroppedOncePerStreamAndAgainAfterAFlush) {
  for (int encoding : {UTF_8, UTF_16BE, UTF_16LE}) {
    SCOPED_TRACE("encoding " + std::to_string(encoding));
    Bytes bom = encoding == UTF_8      ? Bytes{0xEF, 0xBB, 0xBF}
                : encoding == UTF_16BE ? Bytes{0xFE, 0xFF}
                                       : Bytes{0xFF, 0xFE};
    Bytes a = encoding == UTF_8 ? Bytes{'a'} : encoding == UTF_16BE ? Bytes{0x00, 'a'} : Bytes{'a', 0x00};
    Stream s{encoding};
    s.call({}, 0);  // no output: the BOM is still to come
    s.call(bom, 0);
    EXPECT_EQ(s.last_text, u"");
    s.call(bom, 0);
    EXPECT_EQ(s.last_text, utf16({0xFEFF})) << "second BOM of the stream";
    s.call(a, kFlush);
    EXPECT_EQ(s.last_text, u"a");
    // A new stream after the flush.
    s.call(bom, 0);
    EXPECT_EQ(s.last_text, u"") << "first BOM of the next stream";
    s.call(bom, kFlush);
    EXPECT_EQ(s.last_text, utf16({0xFEFF}));
    // A BOM split over calls, the first call writing nothing.
    for (size_t k = 1; k < bom.size(); ++k) {
      Stream t{encoding};
      t.call(Bytes(bom.begin(), bom.begin() + k), 0);
      EXPECT_EQ(t.last.written, 0u);
      t.call(Bytes(bom.begin() + k, bom.end()), 0);
      EXPECT_EQ(t.last_text, u"") << "split at " << k;
      t.call(bom, kFlush);
      EXPECT_EQ(t.last_text, utf16({0xFEFF})) << "split at " << k;
    }
    // Other output first: the BOM is content.
    Stream c{encoding};
    Bytes abom = a;
    abom.insert(abom.end(), bom.begin(), bom.end());
    c.call(abom, kFlush);
    EXPECT_EQ(c.last_text, utf16({'a', 0xFEFF}));
  }
}

// Decodes `input` in calls of at most `capacity` output units until done, each call with the rest
// of the input; checks progress and the result fields on the way.
Decoded decode_in_small_buffers(int encoding, const Bytes& input, uint32_t options, size_t capacity,
                                size_t* calls) {
  Stream s{encoding, capacity};
  Decoded d;
  size_t start = 0;
  *calls = 0;
  for (;;) {
    ++*calls;
    Bytes rest(input.begin() + start, input.end());
    DecodeResult r = s.call(rest, options | kFlush);
    d.text += s.last_text;
    start += r.read;
    if (r.status == kError) {
      d.error = true;
      return d;
    }
    if (r.status == kDone) {
      EXPECT_EQ(start, input.size());
      EXPECT_TRUE(is_new_decoder(s.state));
      return d;
    }
    EXPECT_EQ(r.status, kOutputFull);
    EXPECT_TRUE(r.read > 0 || r.written > 0) << "no progress";
    if (*calls > input.size() + 100) {
      ADD_FAILURE() << "no end";
      return d;
    }
  }
}

TEST(DriverOutputFull, SmallBuffersThenResume) {
  struct Case {
    int encoding;
    Bytes input;
    Decoded expected;
    uint32_t options;
  };
  std::vector<Case> cases;
  {
    // windows-1252: every byte, per the index file; 0x81 etc. are mapped there.
    auto index = read_index("windows-1252");
    Bytes in;
    std::vector<uint32_t> cps;
    for (int b = 0; b < 0x100; ++b) {
      in.push_back(static_cast<uint8_t>(b));
      cps.push_back(b < 0x80 ? b : index.count(b - 0x80) ? index.at(b - 0x80) : 0xFFFD);
    }
    cases.push_back({WINDOWS_1252, in, text(cps), 0});
  }
  {
    // UTF-16LE: a BOM, surrogate pairs, lone surrogates and an odd byte at the end.
    Bytes in = {0xFF, 0xFE};
    std::vector<uint32_t> cps;
    for (int k = 0; k < 30; ++k) {
      in.insert(in.end(), {0x3D, 0xD8, 0x00, 0xDE, 0x00, 0xDC, 'a', 0x00});
      cps.insert(cps.end(), {0x1F600, 0xFFFD, 'a'});
    }
    in.insert(in.end(), {0x00, 0xD8, 'z'});
    cps.push_back(0xFFFD);
    cases.push_back({UTF_16LE, in, text(cps), 0});
  }
  {
    // UTF-16BE: 41 BOMs, of which only the first is dropped, even when the output fills in between.
    Bytes in;
    for (int k = 0; k < 41; ++k) in.insert(in.end(), {0xFE, 0xFF});
    cases.push_back({UTF_16BE, in, text(std::vector<uint32_t>(40, 0xFEFF)), 0});
  }
  {
    // UTF-8: four-byte sequences, errors and an unfinished sequence at the end.
    Bytes in;
    std::vector<uint32_t> cps;
    for (int k = 0; k < 30; ++k) {
      in.insert(in.end(), {0xF0, 0x9F, 0x98, 0x80, 0xC0, 'b', 0xE2, 0x82, 0xAC});
      cps.insert(cps.end(), {0x1F600, 0xFFFD, 'b', 0x20AC});
    }
    in.insert(in.end(), {0xF0, 0x9F});
    cps.push_back(0xFFFD);
    cases.push_back({UTF_8, in, text(cps), 0});
  }
  {
    Bytes in(300, 0xF0);
    cases.push_back({X_USER_DEFINED, in, text(std::vector<uint32_t>(300, 0xF7F0)), 0});
    cases.push_back({REPLACEMENT, in, text({0xFFFD}), 0});
  }
  {
    // Fatal: the output before a late error survives several kOutputFull calls.
    Bytes in(100, 'q');
    in.push_back(0xFF);
    in.push_back('r');
    cases.push_back({UTF_8, in, {std::u16string(100, u'q'), true}, kFatal});
  }
  for (const Case& c : cases) {
    SCOPED_TRACE("encoding " + std::to_string(c.encoding));
    for (size_t capacity : {size_t{16}, size_t{17}, size_t{18}, size_t{19}, size_t{20}, size_t{23},
                            size_t{32}, size_t{33}, size_t{40}, size_t{64}}) {
      size_t calls = 0;
      EXPECT_EQ(decode_in_small_buffers(c.encoding, c.input, c.options, capacity, &calls), c.expected)
          << "capacity " << capacity;
      if (c.expected.text.size() > capacity)
        EXPECT_GT(calls, 1u) << "capacity " << capacity << " never filled";
    }
    size_t calls = 0;
    EXPECT_EQ(
        decode_in_small_buffers(c.encoding, c.input, c.options, max_utf16_length(c.input.size()), &calls),
        c.expected);
    EXPECT_EQ(calls, 1u) << "max_utf16_length must never fill";
  }
}

TEST(DriverOutputFull, StateIsKeptUntilTheFlushCompletes) {
  // A kOutputFull from a flushing call is not the end of the stream: the BOM stays seen.
  Stream s{UTF_16LE, 16};
  Bytes in = {0xFF, 0xFE};
  for (int k = 0; k < 20; ++k) in.insert(in.end(), {0xFF, 0xFE});
  DecodeResult r = s.call(in, kFlush);
  ASSERT_EQ(r.status, kOutputFull);
  EXPECT_EQ(r.begin, 1u);
  EXPECT_LT(r.read, in.size());
  EXPECT_FALSE(is_new_decoder(s.state));
  Bytes rest(in.begin() + r.read, in.end());
  r = s.call(rest, kFlush);
  EXPECT_EQ(r.begin, 0u) << "a BOM after a kOutputFull is content";
  EXPECT_EQ(s.last_text.substr(0, 1), utf16({0xFEFF}));
}

TEST(DriverEncoders, HasEncoder) {
  // Every encoding but replacement and UTF-16BE/LE has an encoder in the spec.
  for (int e = 0; e < kEncodingCount; ++e)
    EXPECT_EQ(has_encoder(e), e != REPLACEMENT && e != UTF_16BE && e != UTF_16LE) << "encoding " << e;
  EXPECT_FALSE(has_encoder(-1));
  EXPECT_FALSE(has_encoder(kEncodingCount));
}

// "Not here" is its own status, kUnavailable, never a malformed-input kError: nothing is read or
// written and the state is left as it was.
TEST(DriverUnavailable, NoSuchEncodingOrEncoder) {
  DecoderState state{.codec = {1, 2, 3, 4, 5, 6, 7}, .flags = 8};
  const DecoderState before = state;
  char16_t out[16];
  for (int e : {-1, static_cast<int>(kEncodingCount), 255}) {
    DecodeResult r = decode_to_utf16(e, kFatal, state, reinterpret_cast<const uint8_t*>("ab"), 2, out, 16);
    expect_result(r, kUnavailable, 0, 0, 0);
  }
  EXPECT_EQ(std::memcmp(&state, &before, sizeof state), 0);
  uint8_t bytes[32];
  for (int e : {-1, static_cast<int>(REPLACEMENT), static_cast<int>(UTF_16BE), static_cast<int>(UTF_16LE)}) {
    EncoderState enc{};
    EncodeResult r = encode_from_utf16(e, 0, enc, u"ab", 2, bytes, sizeof bytes);
    EXPECT_EQ(r.status, kUnavailable) << "encoding " << e;
    EXPECT_EQ(r.read, 0u);
    EXPECT_EQ(r.written, 0u);
  }
}

// A multi-byte codec whose tables are not loaded is kUnavailable, and works once they are. (ctest
// runs each test in its own process, where nothing has loaded the korean tables before this.)
TEST(DriverUnavailable, TablesNotLoaded) {
  const Bytes in = {0xB0, 0xA1, 'a'};  // U+AC00 (index EUC-KR pointer 9026) and "a"
  char16_t out[64];
  uint8_t bytes[32];
  auto decode = [&] {
    DecoderState state{};
    return decode_to_utf16(EUC_KR, kFlush, state, in.data(), in.size(), out, 64);
  };
  auto encode = [&] {
    EncoderState state{};
    return encode_from_utf16(EUC_KR, kEncodeFlush, state, u"\uAC00a", 2, bytes, sizeof bytes);
  };
  if (!family_loaded(kKorean)) {
    expect_result(decode(), kUnavailable, 0, 0, 0);
    EXPECT_EQ(encode().status, kUnavailable);
    load_family_or_fail(kKorean);
  }
  expect_result(decode(), kDone, 3, 0, 2);
  EXPECT_EQ(std::u16string(out, 2), u"\uAC00a");
  EncodeResult r = encode();
  EXPECT_EQ(r.status, kDone);
  EXPECT_EQ(Bytes(bytes, bytes + r.written), in);
}

}  // namespace
}  // namespace ew::test
