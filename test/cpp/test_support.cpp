#include "test_support.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "decoder_state.h"

namespace ew::test {

std::map<uint32_t, uint32_t> read_index(const std::string& name) {
  std::ifstream file(std::string(EW_WHATWG_DIR) + "/index-" + name + ".txt");
  EXPECT_TRUE(file.good()) << "cannot read index-" << name << ".txt";
  std::map<uint32_t, uint32_t> map;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    unsigned pointer = 0, code_point = 0;
    if (std::sscanf(line.c_str(), "%u 0x%x", &pointer, &code_point) == 2) map[pointer] = code_point;
  }
  return map;
}

Bytes read_table_file(const std::string& file) {
  std::ifstream in(std::string(EW_TABLES_DIR) + "/" + file, std::ios::binary);
  EXPECT_TRUE(in.good()) << "run build.sh first: " << EW_TABLES_DIR << "/" << file << " is missing";
  std::ostringstream data;
  data << in.rdbuf();
  std::string bytes = data.str();
  return Bytes(bytes.begin(), bytes.end());
}

void load_family_or_fail(int family) {
  if (family_loaded(family)) return;
  // The packed form, as the combined module holds it: every index test then also checks the
  // unpacking (packed_blob_test.cpp checks it against the plain blob, which the family modules hold).
  Bytes packed = read_table_file(std::string(kFamilyNames[family]) + ".packed.bin");
  ASSERT_TRUE(load_packed_family(family, packed.data(), packed.size()))
      << kFamilyNames[family] << ".packed.bin does not match the generated layout; rerun the generator";
}

std::map<uint32_t, uint32_t> first_pointers(const std::map<uint32_t, uint32_t>& index) {
  std::map<uint32_t, uint32_t> first;
  for (auto [pointer, cp] : index) first.emplace(cp, pointer);  // ascending pointers: first kept
  return first;
}

std::u16string utf16(const std::vector<uint32_t>& code_points) {
  std::u16string s;
  for (uint32_t c : code_points) {
    if (c >= 0x10000) {
      s += static_cast<char16_t>(0xD800 | ((c - 0x10000) >> 10));
      s += static_cast<char16_t>(0xDC00 | ((c - 0x10000) & 0x3FF));
    } else {
      s += static_cast<char16_t>(c);
    }
  }
  return s;
}

std::u16string utf16(const char* ascii) {
  std::u16string s;
  for (; *ascii; ++ascii) s += static_cast<char16_t>(static_cast<uint8_t>(*ascii));
  return s;
}

Decoded text(const std::vector<uint32_t>& cps) { return {utf16(cps), false}; }
Decoded fails_after(const std::vector<uint32_t>& cps) { return {utf16(cps), true}; }

Decoded fatal_of(const Decoded& replacement) {
  return !replacement.text.empty() && replacement.text[0] == 0xFFFD ? fails_after({}) : replacement;
}

Decoded decode(int encoding, const Bytes& input, uint32_t options, const std::vector<size_t>& splits,
               size_t capacity) {
  DecoderState state{};
  Decoded result;
  std::vector<char16_t> out(capacity ? capacity : max_utf16_length(input.size()));
  size_t start = 0;
  for (size_t k = 0; k <= splits.size(); ++k) {
    size_t end = k < splits.size() ? splits[k] : input.size();
    bool last = k == splits.size();
    uint32_t call_options = options | (last ? kFlush : 0);
    // Keep calling while the output buffer fills up.
    for (;;) {
      DecodeResult r = decode_to_utf16(encoding, call_options, state, input.data() + start, end - start,
                                       out.data(), out.size());
      result.text.append(out.data() + r.begin, out.data() + r.written);
      start += r.read;
      EXPECT_TRUE(state_words_are_small(state))
          << "state words " << std::hex << state_words(state)[0] << " " << state_words(state)[1] << std::dec
          << " after " << start << " bytes: JS keeps them as small integers (encoding.h)";
      if (r.status == kError) {
        result.error = true;
        // With kFlush a new decoder; without, the state the error left and the bytes it restored.
        if (call_options & kFlush)
          EXPECT_TRUE(is_new_decoder(state)) << "a fatal error with kFlush must reset the decoder";
        else
          EXPECT_TRUE(restored_bytes_match(r.restored, input.data(), start + 1))
              << "restored " << std::hex << r.restored << std::dec << " at " << start;
        return result;
      }
      if (r.status == kDone) break;
      EXPECT_EQ(r.status, kOutputFull);
    }
    EXPECT_EQ(start, end);
  }
  return result;
}

namespace {

// One padded input of expect_decode / expect_decode_padded: one call, split at every byte position,
// byte by byte, and a 32-unit output buffer.
void expect_decode_every_way(int encoding, const Bytes& input, const Decoded& expected, uint32_t options) {
  SCOPED_TRACE("input " + hex(input));
  EXPECT_EQ(decode(encoding, input, options), expected) << "one call";
  for (size_t split = 0; split <= input.size(); ++split)
    EXPECT_EQ(decode(encoding, input, options, {split}), expected) << "split at " << split;
  std::vector<size_t> every;
  for (size_t k = 1; k < input.size(); ++k) every.push_back(k);
  EXPECT_EQ(decode(encoding, input, options, every), expected) << "byte by byte";
  EXPECT_EQ(decode(encoding, input, options, {}, 32), expected) << "32-unit output buffer";
}

}  // namespace

void expect_decode(int encoding, const Bytes& input, const Decoded& expected, uint32_t options) {
  expect_decode_padded(encoding, input, expected, options, {'a'}, u"a");
}

void expect_decode_padded(int encoding, const Bytes& input, const Decoded& expected, uint32_t options,
                          const Bytes& pad, const std::u16string& pad_text) {
  for (size_t copies = 0; copies < (pad.empty() ? 1 : 32); ++copies) {
    Bytes padded;
    Decoded want = expected;
    want.text.clear();
    for (size_t k = 0; k < copies; ++k) {
      padded.insert(padded.end(), pad.begin(), pad.end());
      want.text += pad_text;
    }
    padded.insert(padded.end(), input.begin(), input.end());
    want.text += expected.text;
    expect_decode_every_way(encoding, padded, want, options);
  }
}

size_t expect_every_lead_and_byte(int encoding, const Bytes& prefix, int first_lead, int last_lead,
                                  const std::function<Decoded(int lead, int byte)>& expected) {
  size_t no_error = 0;
  for (int lead = first_lead; lead <= last_lead; ++lead) {
    for (int byte = 0; byte <= 0xFF; ++byte) {
      Bytes in = prefix;
      in.push_back(static_cast<uint8_t>(lead));
      in.push_back(static_cast<uint8_t>(byte));
      Decoded want = expected(lead, byte);
      if (fatal_of(want) == want) ++no_error;
      Decoded got = decode(encoding, in);
      EXPECT_EQ(got, want) << hex(in);
      if (got != want) return no_error;
      Decoded got_fatal = decode(encoding, in, kFatal);
      EXPECT_EQ(got_fatal, fatal_of(want)) << hex(in) << " (fatal)";
      if (got_fatal != fatal_of(want)) return no_error;
    }
  }
  return no_error;
}

void expect_decode_in_chunks(int encoding, const Bytes& input, const Decoded& expected,
                             std::initializer_list<size_t> chunk_sizes) {
  EXPECT_EQ(decode(encoding, input), expected) << "one call";
  for (size_t size : chunk_sizes) {
    std::vector<size_t> splits;
    for (size_t k = size; k < input.size(); k += size) splits.push_back(k);
    EXPECT_EQ(decode(encoding, input, 0, splits), expected) << "chunks of " << size;
  }
  EXPECT_EQ(decode(encoding, input, kFatal, {}, 32), expected) << "fatal, 32-unit output buffer";
  // Chunk boundaries at 1, 1002, 2003, ... (odd and even offsets), also with that buffer in fatal mode.
  std::vector<size_t> splits;
  for (size_t k = 1; k < input.size(); k += 1001) splits.push_back(k);
  EXPECT_EQ(decode(encoding, input, 0, splits), expected) << "chunks of 1001 from 1";
  EXPECT_EQ(decode(encoding, input, kFatal, splits, 32), expected)
      << "fatal, chunks of 1001 from 1, 32 units";
}

Encoded encode(int encoding, const std::u16string& text, bool html) {
  Encoded result;
  uint32_t options = html ? kHtml : 0;
  std::vector<uint8_t> out(text.size() * kMaxEncodeStep + kMaxEncodeStep);
  EncoderState state{};
  EncodeResult r = encode_from_utf16(encoding, options | kEncodeFlush, state, text.data(), text.size(),
                                     out.data(), out.size());
  result.bytes.assign(out.data(), out.data() + r.written);
  result.error = r.status == kError;
  result.code_point = r.code_point;
  EXPECT_TRUE(r.status == kDone || r.status == kError);

  // The same scalar values as UTF-8 (what TextEncoder.encodeInto hands the core) give the same bytes.
  std::vector<uint8_t> utf8(text.size() * 3 + 4);
  Utf8IntoResult u = utf16_to_utf8(text.data(), text.size(), utf8.data(), utf8.size());
  EXPECT_EQ(u.read, text.size());
  EncoderState state8{};
  EncodeResult r8 = encode_from_utf8(encoding, options | kEncodeFlush, state8, utf8.data(), u.written,
                                     out.data(), out.size());
  EXPECT_EQ(Bytes(out.data(), out.data() + r8.written), result.bytes) << "UTF-8 input path";
  EXPECT_EQ(r8.status, r.status);

  // And so does a run one code unit at a time through one encoder with a minimal output buffer
  // (a leading surrogate at the end of a chunk waits for the next one).
  EncoderState chunked{};
  Bytes bytes;
  std::vector<uint8_t> small(kMaxEncodeStep);
  size_t i = 0, n = 1;
  bool error = false;
  for (;;) {
    size_t avail = std::min(n, text.size() - i);
    bool last = i + avail == text.size();
    EncodeResult c = encode_from_utf16(encoding, options | (last ? kEncodeFlush : 0), chunked,
                                       text.data() + i, avail, small.data(), small.size());
    bytes.insert(bytes.end(), small.data(), small.data() + c.written);
    i += c.read;
    if (c.status == kError) {
      error = true;
      break;
    }
    if (last && c.status == kDone && i == text.size()) break;
    n = c.read == 0 && c.status == kDone ? n + 1 : 1;
  }
  EXPECT_EQ(error, result.error) << "chunked run";
  if (!error) EXPECT_EQ(bytes, result.bytes) << "chunked run";
  return result;
}

Encoded encode_one(int encoding, uint32_t code_point) {
  std::u16string s = utf16(std::vector<uint32_t>{code_point});
  uint8_t out[64];
  static_assert(sizeof out >= 2 * kMaxEncodeStep);
  EncoderState state{};
  EncodeResult r = encode_from_utf16(encoding, kEncodeFlush, state, s.data(), s.size(), out, sizeof out);
  return {Bytes(out, out + r.written), r.status == kError, r.code_point};
}

void expect_sampled_scalar_values_encode(int encoding,
                                         const std::function<ExpectedEncoding(uint32_t)>& expected) {
  // Every BMP code point (all of every index's), then a sample of the other planes (which no index
  // but gb18030's ranges has) ending with the last code point.
  auto next = [](uint32_t cp) -> uint32_t {
    if (cp <= 0xFFFF || cp == 0x10FFFF) return cp + 1;
    return cp + 0x101 <= 0x10FFFF ? cp + 0x101 : 0x10FFFF;
  };
  int failures = 0;
  for (uint32_t cp = 0; cp <= 0x10FFFF && failures < 10; cp = next(cp)) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    ExpectedEncoding want = expected(cp);
    Encoded got = encode_one(encoding, cp);
    if (got.bytes != want.bytes || got.error != want.error ||
        (want.error && got.code_point != want.code_point)) {
      ADD_FAILURE() << "U+" << std::hex << cp << ": got " << hex(got.bytes) << (got.error ? "error" : "");
      ++failures;
    }
  }
}

std::string hex(const Bytes& bytes) {
  std::string s;
  char buf[4];
  for (uint8_t b : bytes) std::snprintf(buf, sizeof buf, "%02X ", b), s += buf;
  return s;
}

std::string hex(const std::u16string& text) {
  std::string s;
  char buf[6];
  for (char16_t c : text) std::snprintf(buf, sizeof buf, "%04X ", static_cast<unsigned>(c)), s += buf;
  return s;
}

void PrintTo(const Decoded& d, std::ostream* os) { *os << (d.error ? "error after " : "") << hex(d.text); }

}  // namespace ew::test
