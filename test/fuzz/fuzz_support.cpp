#include "fuzz_support.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

#include "decoder_state.h"
#include "generated/family_layout.h"

namespace ew::fuzz {

// ---- failures ---------------------------------------------------------------------------------

void fail(const char* file, int line, const char* condition, const std::string& message) {
  std::fprintf(stderr, "\n==== PROPERTY VIOLATED at %s:%d\n  check: %s\n  %s\n\n", file, line, condition,
               message.c_str());
  std::fflush(stderr);
  std::abort();
}

std::string hex(const uint8_t* data, size_t size) {
  std::string s;
  char buf[4];
  for (size_t i = 0; i < size; ++i) std::snprintf(buf, sizeof buf, "%02X ", data[i]), s += buf;
  if (!s.empty()) s.pop_back();
  return s.empty() ? "(empty)" : s;
}

std::string hex(const Bytes& bytes) { return hex(bytes.data(), bytes.size()); }

std::string hex(const std::u16string& text) {
  std::string s;
  char buf[6];
  for (char16_t c : text) std::snprintf(buf, sizeof buf, "%04X ", static_cast<unsigned>(c)), s += buf;
  if (!s.empty()) s.pop_back();
  return s.empty() ? "(empty)" : s;
}

namespace {

std::string describe(const Decoded& d) { return (d.error ? "error after [" : "[") + hex(d.text) + "]"; }

std::string describe(const Encoded& e) {
  std::string s = "[" + hex(e.bytes) + "]";
  if (e.error) {
    char buf[48];
    std::snprintf(buf, sizeof buf, " then error U+%04X after %zu", e.code_point, e.read);
    s += buf;
  }
  return s;
}

std::string splits_text(const std::vector<size_t>& splits) {
  std::string s = "{";
  for (size_t k = 0; k < splits.size(); ++k) s += (k ? "," : "") + std::to_string(splits[k]);
  return s + "}";
}

std::string options_text(uint32_t options, bool decoding) {
  std::string s;
  if (decoding) {
    if (options & kFatal) s += "fatal ";
    if (options & kIgnoreBom) s += "ignoreBOM ";
    if (options & kFlush) s += "flush ";
  } else {
    s += (options & kHtml) ? "html " : "fatal ";
    if (options & kEncodeFlush) s += "flush ";
  }
  if (!s.empty()) s.pop_back();
  return s.empty() ? "replacement" : s;
}

}  // namespace

// ---- encodings.json ---------------------------------------------------------------------------

const std::vector<EncodingEntry>& encodings_json() {
  static const std::vector<EncodingEntry> entries = [] {
    test::EncodingsJson file = test::read_encodings_json(EW_ENCODINGS_JSON);
    if (!file.error.empty()) {
      std::fprintf(stderr, "%s\n", file.error.c_str());
      std::abort();
    }
    std::vector<EncodingEntry> result = std::move(file.encodings);
    // The Encoding enum is in the spec's order, as is the file; check a few anchors.
    bool ok = result.size() == static_cast<size_t>(kEncodingCount) && result[UTF_8].name == "UTF-8" &&
              result[IBM866].name == "IBM866" && result[GBK].name == "GBK" &&
              result[GB18030].name == "gb18030" && result[EUC_KR].name == "EUC-KR" &&
              result[REPLACEMENT].name == "replacement" && result[UTF_16LE].name == "UTF-16LE" &&
              result[X_USER_DEFINED].name == "x-user-defined";
    if (!ok) {
      std::fprintf(stderr, "%s: found %zu encodings, not in the Encoding enum's order\n", EW_ENCODINGS_JSON,
                   result.size());
      std::abort();
    }
    return result;
  }();
  return entries;
}

const char* encoding_name(int encoding) {
  const auto& entries = encodings_json();
  return encoding >= 0 && static_cast<size_t>(encoding) < entries.size() ? entries[encoding].name.c_str()
                                                                         : "?";
}

// ---- setup ------------------------------------------------------------------------------------

void load_family_or_die(int family) {
  if (family_loaded(family)) return;
  std::string path = std::string(EW_TABLES_DIR) + "/" + kFamilyNames[family] + ".bin";
  std::ifstream file(path, std::ios::binary);
  if (!file.good()) {
    std::fprintf(stderr, "%s is missing: run node tools/generator/generate_tables.mjs --out build\n",
                 path.c_str());
    std::abort();
  }
  std::ostringstream data;
  data << file.rdbuf();
  std::string blob = data.str();
  if (!load_family(family, reinterpret_cast<const uint8_t*>(blob.data()), blob.size())) {
    std::fprintf(stderr, "%s does not match the core's generated layout; rerun the generator\n",
                 path.c_str());
    std::abort();
  }
}

void load_all_families() {
  for (int f = 0; f < kFamilyCount; ++f) load_family_or_die(f);
}

// ---- the input header -------------------------------------------------------------------------

Plan read_plan(const uint8_t* data, size_t size, const int* encodings, size_t count, bool extra_byte) {
  size_t pos = 0;
  auto next = [&]() -> uint8_t { return pos < size ? data[pos++] : 0; };
  Plan plan;
  plan.encoding = encodings[next() % count];
  uint8_t flags = next();
  plan.own_bits = flags & 3;
  size_t splits = (flags >> 2) & 7;
  plan.small_capacity = 16 + 4 * (flags >> 5);
  if (extra_byte) plan.extra = next();
  for (size_t k = 0; k < splits; ++k) {
    uint16_t lo = next();
    uint16_t hi = next();
    plan.split_values.push_back(static_cast<uint16_t>(lo | (hi << 8)));
  }
  plan.payload = data + pos;
  plan.length = size - pos;
  return plan;
}

std::vector<size_t> split_points(const std::vector<uint16_t>& values, size_t length) {
  std::vector<size_t> points;
  for (uint16_t v : values) points.push_back(v % (length + 1));
  std::sort(points.begin(), points.end());
  return points;
}

// ---- Unicode helpers --------------------------------------------------------------------------

namespace {

bool is_lead(uint32_t c) { return c >= 0xD800 && c <= 0xDBFF; }
bool is_trail(uint32_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

// The first lone surrogate in [p, p + n), or n.
size_t lone_surrogate(const char16_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (is_lead(p[i]) && i + 1 < n && is_trail(p[i + 1])) {
      ++i;
      continue;
    }
    if (is_lead(p[i]) || is_trail(p[i])) return i;
  }
  return n;
}

// UTF-8 written out the long way (to check utf16_to_utf8 against).
void append_utf8(uint32_t c, Bytes& out) {
  if (c < 0x80) {
    out.push_back(static_cast<uint8_t>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<uint8_t>(0xC0 + c / 64));
    out.push_back(static_cast<uint8_t>(0x80 + c % 64));
  } else if (c < 0x10000) {
    out.push_back(static_cast<uint8_t>(0xE0 + c / 4096));
    out.push_back(static_cast<uint8_t>(0x80 + c / 64 % 64));
    out.push_back(static_cast<uint8_t>(0x80 + c % 64));
  } else {
    out.push_back(static_cast<uint8_t>(0xF0 + c / 262144));
    out.push_back(static_cast<uint8_t>(0x80 + c / 4096 % 64));
    out.push_back(static_cast<uint8_t>(0x80 + c / 64 % 64));
    out.push_back(static_cast<uint8_t>(0x80 + c % 64));
  }
}

}  // namespace

std::vector<uint32_t> scalar_values(const std::u16string& text, std::vector<size_t>* offsets) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (offsets) offsets->push_back(i);
    uint32_t c = text[i];
    if (is_lead(c) && i + 1 < text.size() && is_trail(text[i + 1])) {
      out.push_back(0x10000 + ((c - 0xD800) << 10) + (text[i + 1] - 0xDC00));
      ++i;
    } else {
      out.push_back(is_lead(c) || is_trail(c) ? 0xFFFD : c);
    }
  }
  return out;
}

std::u16string to_utf16(const std::vector<uint32_t>& scalars) {
  std::u16string s;
  for (uint32_t c : scalars) {
    if (c >= 0x10000) {
      s += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      s += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      s += static_cast<char16_t>(c);
    }
  }
  return s;
}

size_t first_lone_surrogate(const std::u16string& text) {
  size_t k = lone_surrogate(text.data(), text.size());
  return k == text.size() ? std::u16string::npos : k;
}

// ---- decoding ---------------------------------------------------------------------------------

namespace {

bool is_bom_encoding(int encoding) {
  return encoding == UTF_8 || encoding == UTF_16BE || encoding == UTF_16LE;
}

}  // namespace

// Checks on every call:
//   - the status is one of the three; read <= the input given; begin <= written <= capacity;
//     begin is 1 only for a dropped leading BOM (UTF-8/UTF-16 without kIgnoreBom)
//   - kError only in fatal mode; with kFlush it leaves a new decoder, without it restores (at most
//     three) bytes, the stream's just before the next one; kDone with kFlush leaves a new decoder
//   - kDone consumed all the input; kOutputFull made progress (else a caller loops forever)
//   - (c) with a generous buffer, a call writes at most max_utf16_length(its input length) units;
//     with exactly that many it never reports kOutputFull
//   - (d) the call's output is well-formed UTF-16 (a surrogate pair never straddles two calls)
Decoded decode(int encoding, const uint8_t* in, size_t length, uint32_t options,
               const std::vector<size_t>& splits, size_t capacity) {
  DecoderState state{};
  Decoded result;
  std::vector<char16_t> out;
  size_t start = 0;
  auto context = [&](size_t avail, size_t cap) {
    std::string buffers = capacity == kGenerous   ? "generous"
                          : capacity == kExactMax ? "max_utf16_length(n)"
                                                  : std::to_string(capacity);
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%s, %s, splits %s, buffers %s; this call: offset %zu, %zu bytes, capacity %zu",
                  encoding_name(encoding), options_text(options, true).c_str(), splits_text(splits).c_str(),
                  buffers.c_str(), start, avail, cap);
    return std::string(buf) + "\n  input [" + hex(in, length) + "]\n  output so far [" + hex(result.text) +
           "]";
  };
  for (size_t k = 0; k <= splits.size(); ++k) {
    size_t end = k < splits.size() ? splits[k] : length;
    bool last = k == splits.size();
    uint32_t call_options = options | (last ? kFlush : 0);
    for (;;) {
      size_t avail = end - start;
      size_t cap = capacity == kGenerous   ? 2 * max_utf16_length(avail) + 64
                   : capacity == kExactMax ? max_utf16_length(avail)
                                           : capacity;
      out.assign(cap, 0xABCD);
      DecodeResult r = decode_to_utf16(encoding, call_options, state, in + start, avail, out.data(), cap);
      FUZZ_CHECK(r.status == kDone || r.status == kOutputFull || r.status == kError, context(avail, cap));
      FUZZ_CHECK(r.read <= avail, context(avail, cap));
      FUZZ_CHECK(r.begin <= r.written && r.written <= cap, context(avail, cap));
      FUZZ_CHECK(r.begin == 0 || (r.begin == 1 && out[0] == 0xFEFF && is_bom_encoding(encoding) &&
                                  !(options & kIgnoreBom) && result.text.empty()),
                 context(avail, cap));
      if (capacity == kGenerous)
        FUZZ_CHECK(r.written <= max_utf16_length(avail),
                   "(c) one call wrote " + std::to_string(r.written) + " units: " + context(avail, cap));
      if (capacity == kExactMax)
        FUZZ_CHECK(
            r.status != kOutputFull,
            "a buffer of max_utf16_length(n) units filled (encoding.h: \"An output buffer this large never "
            "fills\"); read " +
                std::to_string(r.read) + ", wrote " + std::to_string(r.written) + ": " + context(avail, cap));
      FUZZ_CHECK(lone_surrogate(out.data() + r.begin, r.written - r.begin) == r.written - r.begin,
                 "(d) lone surrogate in one call's output [" +
                     hex(std::u16string(out.data() + r.begin, out.data() + r.written)) +
                     "]: " + context(avail, cap));
      result.text.append(out.data() + r.begin, out.data() + r.written);
      start += r.read;
      FUZZ_CHECK(
          test::state_words_are_small(state),
          "a state word reached 2^31 (JS keeps them as small integers, encoding.h): " + context(avail, cap));
      if (r.status == kError) {
        FUZZ_CHECK(options & kFatal, "kError in replacement mode: " + context(avail, cap));
        if (call_options & kFlush)
          FUZZ_CHECK(test::is_new_decoder(state),
                     "a fatal error with kFlush must leave a new decoder: " + context(avail, cap));
        else
          FUZZ_CHECK(test::restored_bytes_match(r.restored, in, start + 1),
                     "the bytes a fatal error restored are not the stream's before the next: " +
                         context(avail, cap));
        result.error = true;
        return result;
      }
      if (r.status == kOutputFull) {
        FUZZ_CHECK(capacity != kGenerous, "kOutputFull with a generous buffer: " + context(avail, cap));
        FUZZ_CHECK(r.read > 0 || r.written > 0, "kOutputFull without progress: " + context(avail, cap));
        continue;
      }
      FUZZ_CHECK(r.read == avail, "kDone without reading everything: " + context(avail, cap));
      if (last)
        FUZZ_CHECK(test::is_new_decoder(state),
                   "a completed flush must leave a new decoder: " + context(avail, cap));
      break;
    }
  }
  FUZZ_CHECK(lone_surrogate(result.text.data(), result.text.size()) == result.text.size(),
             "(d) lone surrogate in the output of " + std::string(encoding_name(encoding)) + " [" +
                 hex(result.text) + "] for [" + hex(in, length) + "]");
  return result;
}

// The decoder properties, for one input in both error modes:
//   (a) one call == split at the fuzzer's points (kFlush on the last call) == one call with a small
//       output buffer == split with a small output buffer (the kOutputFull path)
//   (b) fatal vs replacement: if fatal succeeds, replacement gives the same text; if fatal fails
//       after writing F, replacement's output starts with F followed by U+FFFD (an U+FFFD the input
//       encodes literally can only come after F, so this is exact)
//   (c), (d) and the per-call checks in decode(); never an error in replacement mode
//   BOM: without kIgnoreBom the output is the kIgnoreBom output minus one leading U+FEFF, for
//       UTF-8 and UTF-16BE/LE only ("serialize I/O queue"); every other decoder ignores the flag
void check_decoder(int encoding, const uint8_t* in, size_t length, bool ignore_bom,
                   const std::vector<size_t>& splits, size_t small_capacity) {
  const uint32_t base = ignore_bom ? kIgnoreBom : 0;
  const Decoded replacement = decode(encoding, in, length, base);
  const Decoded fatal = decode(encoding, in, length, base | kFatal);
  FUZZ_CHECK(!replacement.error, "replacement mode reported an error");
  FUZZ_CHECK(replacement.text.size() <= max_utf16_length(length), "(c) whole output too long");

  for (uint32_t options : {base, base | kFatal}) {
    const Decoded& want = (options & kFatal) ? fatal : replacement;
    auto context = [&](const char* how, const Decoded& got) {
      return std::string("(a) ") + how + " differs from one call: " + encoding_name(encoding) + ", " +
             options_text(options, true) + ", splits " + splits_text(splits) + ", small capacity " +
             std::to_string(small_capacity) + "\n  input [" + hex(in, length) + "]\n  one call " +
             describe(want) + "\n  " + how + " " + describe(got);
    };
    Decoded d = decode(encoding, in, length, options, splits);
    FUZZ_CHECK(d == want, context("split", d));
    d = decode(encoding, in, length, options, splits, kExactMax);
    FUZZ_CHECK(d == want, context("split with max_utf16_length buffers", d));
    d = decode(encoding, in, length, options, {}, small_capacity);
    FUZZ_CHECK(d == want, context("small buffer", d));
    d = decode(encoding, in, length, options, splits, small_capacity);
    FUZZ_CHECK(d == want, context("split with a small buffer", d));
  }

  auto both = [&] {
    return std::string(encoding_name(encoding)) + (ignore_bom ? ", ignoreBOM" : "") + "\n  input [" +
           hex(in, length) + "]\n  replacement " + describe(replacement) + "\n  fatal " + describe(fatal);
  };
  if (!fatal.error) {
    FUZZ_CHECK(replacement.text == fatal.text, "(b) fatal succeeded but the modes differ: " + both());
  } else {
    const size_t n = fatal.text.size();
    FUZZ_CHECK(replacement.text.size() > n && replacement.text.compare(0, n, fatal.text) == 0 &&
                   replacement.text[n] == 0xFFFD,
               "(b) fatal failed after " + std::to_string(n) +
                   " units, but replacement mode does not have U+FFFD there: " + both());
  }

  if (!ignore_bom) {
    Decoded kept = decode(encoding, in, length, kIgnoreBom);
    if (is_bom_encoding(encoding) && !kept.text.empty() && kept.text[0] == 0xFEFF) kept.text.erase(0, 1);
    FUZZ_CHECK(kept.text == replacement.text, "BOM: " + std::string(encoding_name(encoding)) + "\n  input [" +
                                                  hex(in, length) + "]\n  default " + describe(replacement) +
                                                  "\n  ignoreBOM minus a leading FEFF [" + hex(kept.text) +
                                                  "]");
  }
}

int fuzz_decoder(const uint8_t* data, size_t size, const int* encodings, size_t count) {
  Plan plan = read_plan(data, size, encodings, count);
  check_decoder(plan.encoding, plan.payload, plan.length, plan.own_bits & 1,
                split_points(plan.split_values, plan.length), plan.small_capacity);
  return 0;
}

// ---- encoding ---------------------------------------------------------------------------------

namespace {

// Checks on every call:
//   - the status is one of the three; read <= the input given; written <= capacity
//   - written <= (read + 1) * kMaxEncodeStep (kMaxEncodeStep bytes per scalar value, plus one step
//     for an end-of-queue or an escape ahead of an error)
//   - html mode never reports kError; kError leaves a new encoder, and so does kDone with flush
//   - kOutputFull only with a small buffer, and with progress
//   - kDone read everything, except (UTF-16 without flush) one leading surrogate at the very end
template <class Unit>
Encoded encode_chunks(int encoding, const Unit* text, size_t length, uint32_t options,
                      const std::vector<size_t>& splits, size_t capacity) {
  constexpr bool utf16 = sizeof(Unit) == 2;
  Encoded result;
  EncoderState state{};
  std::vector<uint8_t> out;
  size_t start = 0;
  auto context = [&](size_t avail, size_t cap) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%s, %s input, %s, splits %s, capacity %zu; this call: offset %zu, %zu units, capacity %zu",
                  encoding_name(encoding), utf16 ? "UTF-16" : "UTF-8", options_text(options, false).c_str(),
                  splits_text(splits).c_str(), capacity, start, avail, cap);
    std::string input = utf16 ? hex(std::u16string(reinterpret_cast<const char16_t*>(text), length))
                              : hex(reinterpret_cast<const uint8_t*>(text), length);
    return std::string(buf) + "\n  input [" + input + "]\n  output so far [" + hex(result.bytes) + "]";
  };
  for (size_t k = 0; k <= splits.size(); ++k) {
    size_t end = std::max(start, k < splits.size() ? splits[k] : length);
    bool last = k == splits.size();
    uint32_t call_options = options | (last ? kEncodeFlush : 0);
    for (;;) {
      size_t avail = end - start;
      size_t cap = capacity ? capacity : avail * kMaxEncodeStep + kMaxEncodeStep;
      out.assign(cap, 0xCD);
      EncodeResult r;
      if constexpr (utf16)
        r = encode_from_utf16(encoding, call_options, state, reinterpret_cast<const char16_t*>(text) + start,
                              avail, out.data(), cap);
      else
        r = encode_from_utf8(encoding, call_options, state, reinterpret_cast<const uint8_t*>(text) + start,
                             avail, out.data(), cap);
      FUZZ_CHECK(r.status == kDone || r.status == kOutputFull || r.status == kError, context(avail, cap));
      FUZZ_CHECK(r.read <= avail && r.written <= cap, context(avail, cap));
      FUZZ_CHECK(r.written <= (r.read + 1) * kMaxEncodeStep, context(avail, cap));
      result.bytes.insert(result.bytes.end(), out.data(), out.data() + r.written);
      start += r.read;
      if (r.status == kError) {
        FUZZ_CHECK(!(options & kHtml), "kError in html mode: " + context(avail, cap));
        FUZZ_CHECK(state.word == 0, "an error must leave a new encoder: " + context(avail, cap));
        result.error = true;
        result.code_point = r.code_point;
        result.read = start;
        return result;
      }
      if (r.status == kOutputFull) {
        FUZZ_CHECK(capacity != 0, "a buffer of length * kMaxEncodeStep + kMaxEncodeStep bytes filled: " +
                                      context(avail, cap));
        FUZZ_CHECK(r.read > 0 || r.written > 0, "kOutputFull without progress: " + context(avail, cap));
        continue;
      }
      if (last) {
        FUZZ_CHECK(r.read == avail, "kDone with flush left input unread: " + context(avail, cap));
        FUZZ_CHECK(state.word == 0, "a completed flush must leave a new encoder: " + context(avail, cap));
      } else {
        bool held = utf16 && r.read + 1 == avail && is_lead(static_cast<uint32_t>(text[start]));
        FUZZ_CHECK(r.read == avail || held, "kDone left input unread: " + context(avail, cap));
      }
      break;
    }
  }
  result.read = start;
  return result;
}

// ---- the encodability oracle ------------------------------------------------------------------
// Built from the spec's encoder steps and the index arrays the family blobs expand to (not from
// the encoders): a code point is encodable when an encoder step returns bytes for it.

constexpr uint32_t kCodeSpace = 0x110000;

// https://encoding.spec.whatwg.org/#gb18030-encoder step 5's table.
struct SideEntry {
  uint32_t code_point;
  uint8_t leading, trailing;
};
constexpr SideEntry kGb18030SideTable[] = {
    {0xE78D, 0xA6, 0xD9}, {0xE78E, 0xA6, 0xDA}, {0xE78F, 0xA6, 0xDB}, {0xE790, 0xA6, 0xDC},
    {0xE791, 0xA6, 0xDD}, {0xE792, 0xA6, 0xDE}, {0xE793, 0xA6, 0xDF}, {0xE794, 0xA6, 0xEC},
    {0xE795, 0xA6, 0xED}, {0xE796, 0xA6, 0xF3}, {0xE81E, 0xFE, 0x59}, {0xE826, 0xFE, 0x61},
    {0xE82B, 0xFE, 0x66}, {0xE82C, 0xFE, 0x67}, {0xE832, 0xFE, 0x6D}, {0xE843, 0xFE, 0x7E},
    {0xE854, 0xFE, 0x90}, {0xE864, 0xFE, 0xA0},
};

const SideEntry* side_entry(uint32_t c) {
  for (const SideEntry& e : kGb18030SideTable)
    if (e.code_point == c) return &e;
  return nullptr;
}

using CodeSet = std::vector<bool>;

template <class T>
std::unique_ptr<CodeSet> set_from_index(const T* index, uint32_t from, uint32_t to, uint32_t skip_from = 1,
                                        uint32_t skip_to = 0) {
  auto set = std::make_unique<CodeSet>(kCodeSpace);
  for (uint32_t p = from; p < to; ++p) {
    if (p >= skip_from && p <= skip_to) continue;
    if (index[p] && index[p] < kCodeSpace) (*set)[index[p]] = true;
  }
  return set;
}

// index gb18030 (every pointer), index Big5 (pointers from (0xA1 - 0x81) x 157: "index Big5
// pointer" excludes the HKSCS ones below), index jis0208 (all, and "index Shift_JIS pointer"'s view
// without 8272..8835), index EUC-KR.
const CodeSet& gb18030_set() {
  static auto s = set_from_index(index_gb18030(), 0, generated::kIndexGb18030.count);
  return *s;
}
const CodeSet& big5_set() {
  static auto s = set_from_index(index_big5(), (0xA1 - 0x81) * 157, generated::kIndexBig5.count);
  return *s;
}
const CodeSet& jis0208_set() {
  static auto s = set_from_index(index_jis0208(), 0, generated::kIndexJis0208.count);
  return *s;
}
const CodeSet& shift_jis_set() {
  static auto s = set_from_index(index_jis0208(), 0, generated::kIndexJis0208.count, 8272, 8835);
  return *s;
}
const CodeSet& euc_kr_set() {
  static auto s = set_from_index(index_euc_kr(), 0, generated::kIndexEucKr.count);
  return *s;
}

bool is_single_byte(int e) { return e >= kSingleByteFirst && e < kSingleByteFirst + kSingleByteCount; }

// Single-byte and x-user-defined: the encoder's index pointer exists iff some byte decodes to the
// code point, so the set is what the 128 non-ASCII bytes decode to, one at a time.
const CodeSet& single_byte_set(int encoding) {
  static std::unique_ptr<CodeSet> sets[kEncodingCount];
  if (!sets[encoding]) {
    sets[encoding] = std::make_unique<CodeSet>(kCodeSpace);
    for (int b = 0x80; b < 0x100; ++b) {
      uint8_t byte = static_cast<uint8_t>(b);
      Decoded d = decode(encoding, &byte, 1, kFatal);
      if (!d.error) {
        FUZZ_CHECK(d.text.size() == 1, "a single byte decoded to more than one code unit");
        (*sets[encoding])[d.text[0]] = true;
      }
    }
  }
  return *sets[encoding];
}

bool is_halfwidth_katakana(uint32_t c) { return c >= 0xFF61 && c <= 0xFF9F; }

// The code point an encoder step "sets codePoint to" before its index lookup (and reports in its
// error): U+2212 -> U+FF0D for the Japanese encoders, half-width katakana -> index ISO-2022-JP
// katakana for ISO-2022-JP.
uint32_t japanese_lookup_code_point(int encoding, uint32_t c) {
  if (c == 0x2212) return 0xFF0D;
  if (encoding == ISO_2022_JP && is_halfwidth_katakana(c)) return index_iso_2022_jp_katakana()[c - 0xFF61];
  return c;
}

// The code point a fatal-mode encoder reports for unencodable `c`.
uint32_t reported_error_code_point(int encoding, uint32_t c) {
  if (encoding == ISO_2022_JP && (c == 0x0E || c == 0x0F || c == 0x1B)) return 0xFFFD;  // step 3
  if (encoding == EUC_JP || encoding == ISO_2022_JP || encoding == SHIFT_JIS)
    return japanese_lookup_code_point(encoding, c);
  return c;
}

// What decoding encode(c) gives back, for encodable c: c itself except the spec's one-way
// mappings (gb18030/GBK side table; EUC-JP and Shift_JIS U+00A5, U+203E; U+2212 -> U+FF0D;
// ISO-2022-JP half-width katakana -> full-width).
uint32_t round_trip_image(int encoding, uint32_t c) {
  switch (encoding) {
    case GB18030:
    case GBK:
      if (const SideEntry* e = side_entry(c)) {
        uint32_t t = e->trailing;
        return index_gb18030()[(e->leading - 0x81) * 190 + t - (t < 0x7F ? 0x40 : 0x41)];
      }
      return c;
    case EUC_JP:
    case SHIFT_JIS:
      if (c == 0xA5) return 0x5C;
      if (c == 0x203E) return 0x7E;
      return c == 0x2212 ? 0xFF0D : c;
    case ISO_2022_JP:
      return japanese_lookup_code_point(encoding, c);
    default:
      return c;
  }
}

}  // namespace

bool encodable(int encoding, uint32_t c) {
  if (c >= kCodeSpace || (c >= 0xD800 && c <= 0xDFFF)) return false;
  switch (encoding) {
    case UTF_8:
      return true;
    case GB18030:  // everything but U+E5E5 (step 3): the ranges cover what index gb18030 does not
      return c != 0xE5E5;
    case GBK:
      return c < 0x80 || (c != 0xE5E5 && (c == 0x20AC || side_entry(c) || gb18030_set()[c]));
    case BIG5:
      return c < 0x80 || big5_set()[c];
    case EUC_JP:
      return c < 0x80 || c == 0xA5 || c == 0x203E || is_halfwidth_katakana(c) ||
             jis0208_set()[japanese_lookup_code_point(encoding, c)];
    case ISO_2022_JP:
      if (c == 0x0E || c == 0x0F || c == 0x1B) return false;
      return c < 0x80 || c == 0xA5 || c == 0x203E || jis0208_set()[japanese_lookup_code_point(encoding, c)];
    case SHIFT_JIS:
      return c <= 0x80 || c == 0xA5 || c == 0x203E || is_halfwidth_katakana(c) ||
             shift_jis_set()[japanese_lookup_code_point(encoding, c)];
    case EUC_KR:
      return c < 0x80 || euc_kr_set()[c];
    default:
      if (is_single_byte(encoding) || encoding == X_USER_DEFINED)
        return c < 0x80 || single_byte_set(encoding)[c];
      return false;  // no encoder
  }
}

Encoded encode_utf16(int encoding, const std::u16string& text, uint32_t options,
                     const std::vector<size_t>& splits, size_t capacity) {
  return encode_chunks(encoding, text.data(), text.size(), options, splits, capacity);
}

Encoded encode_utf8(int encoding, const Bytes& utf8, uint32_t options, const std::vector<size_t>& splits,
                    size_t capacity) {
  std::vector<size_t> at_boundaries;
  for (size_t s : splits) {
    while (s > 0 && s < utf8.size() && (utf8[s] & 0xC0) == 0x80) --s;
    at_boundaries.push_back(s);
  }
  std::sort(at_boundaries.begin(), at_boundaries.end());
  return encode_chunks(encoding, utf8.data(), utf8.size(), options, at_boundaries, capacity);
}

// The encoder properties for one text T (UTF-16, possibly with lone surrogates, which encode as
// U+FFFD):
//   - fatal mode fails iff T has a scalar value the oracle (encodable()) calls unencodable, with
//     the spec's error code point for the first one, having consumed exactly the input before it
//   - html mode never fails; its output is fatal mode's, and where fatal mode fails, fatal mode's
//     bytes then "&#<decimal code point>;" (the rest is not compared)
//   - utf16_to_utf8 writes T's scalar values as UTF-8, and into a small buffer the longest prefix
//     of whole scalar values that fits; the UTF-8 input path gives the same bytes, status and code
//     point as the UTF-16 one, in both modes
//   - chunked runs (a chunk boundary anywhere, even inside a surrogate pair; UTF-8 chunks at
//     scalar boundaries) with a small output buffer give identical results, in both modes
//   - round trip: when fatal mode succeeds, the encoding's decoder (fatal, ignoreBOM) decodes the
//     bytes without error to T's scalar values mapped by round_trip_image(): T itself for UTF-8,
//     the single-byte encodings, x-user-defined, Big5 and EUC-KR; the spec's one-way mappings
//     for gb18030/GBK (side table), EUC-JP, ISO-2022-JP and Shift_JIS
//   - for the encoding's own decoder output (kDecoderOutput): UTF-8, single-byte, x-user-defined
//     and EUC-KR must encode it, and UTF-8, single-byte and x-user-defined give back the very bytes
void check_encoder(int encoding, const std::u16string& text, TextKind kind, const Bytes& source,
                   const std::vector<uint16_t>& split_values, size_t small_capacity) {
  std::vector<size_t> offsets;
  const std::vector<uint32_t> scalars = scalar_values(text, &offsets);
  auto what = [&] {
    return std::string(encoding_name(encoding)) + "\n  text [" + hex(text) + "]" +
           (kind == TextKind::kDecoderOutput ? "\n  decoded from [" + hex(source) + "]" : "");
  };

  // The oracle's expectation.
  size_t bad = scalars.size();
  for (size_t k = 0; k < scalars.size(); ++k) {
    if (!encodable(encoding, scalars[k])) {
      bad = k;
      break;
    }
  }

  const Encoded fatal = encode_utf16(encoding, text, 0);
  const Encoded html = encode_utf16(encoding, text, kHtml);
  auto results = [&] { return what() + "\n  fatal " + describe(fatal) + "\n  html " + describe(html); };
  if (bad == scalars.size()) {
    FUZZ_CHECK(!fatal.error, "fatal mode failed on encodable text: " + results());
    FUZZ_CHECK(html.bytes == fatal.bytes, "html and fatal mode differ without an error: " + results());
  } else {
    char buf[96];
    std::snprintf(buf, sizeof buf, "first unencodable: U+%04X at unit %zu, to be reported as U+%04X",
                  scalars[bad], offsets[bad], reported_error_code_point(encoding, scalars[bad]));
    FUZZ_CHECK(fatal.error, std::string("fatal mode did not fail; ") + buf + ": " + results());
    FUZZ_CHECK(
        fatal.code_point == reported_error_code_point(encoding, scalars[bad]) && fatal.read == offsets[bad],
        std::string("fatal mode failed elsewhere; ") + buf + ": " + results());
    Bytes expected = fatal.bytes;
    std::string ref = "&#" + std::to_string(fatal.code_point) + ";";
    expected.insert(expected.end(), ref.begin(), ref.end());
    FUZZ_CHECK(html.bytes.size() >= expected.size() &&
                   std::equal(expected.begin(), expected.end(), html.bytes.begin()),
               "html output does not continue fatal output with " + ref + ": " + results());
  }

  // UTF-8: utf16_to_utf8 against the long way, then the UTF-8 input path.
  Bytes utf8;
  std::vector<size_t> utf8_offsets;  // of each scalar value
  for (uint32_t c : scalars) utf8_offsets.push_back(utf8.size()), append_utf8(c, utf8);
  utf8_offsets.push_back(utf8.size());
  {
    Bytes got(text.size() * 3 + 4);
    Utf8IntoResult u = utf16_to_utf8(text.data(), text.size(), got.data(), got.size());
    got.resize(u.written);
    FUZZ_CHECK(u.read == text.size() && got == utf8,
               "utf16_to_utf8: [" + hex(got) + "] for [" + hex(text) + "], expected [" + hex(utf8) + "]");
    // Into a small buffer: the longest prefix of whole scalar values that fits.
    Bytes small(small_capacity);
    u = utf16_to_utf8(text.data(), text.size(), small.data(), small.size());
    size_t k = 0;
    while (k < scalars.size() && utf8_offsets[k + 1] <= small_capacity) ++k;
    size_t units = k < scalars.size() ? offsets[k] : text.size();
    FUZZ_CHECK(u.read == units && u.written == utf8_offsets[k] &&
                   std::equal(small.begin(), small.begin() + u.written, utf8.begin()),
               "utf16_to_utf8 into " + std::to_string(small_capacity) + " bytes read " +
                   std::to_string(u.read) + " units and wrote " + std::to_string(u.written) +
                   " bytes; expected " + std::to_string(units) + " and " + std::to_string(utf8_offsets[k]) +
                   " for [" + hex(text) + "]");
  }
  const Encoded fatal8 = encode_utf8(encoding, utf8, 0);
  const Encoded html8 = encode_utf8(encoding, utf8, kHtml);
  FUZZ_CHECK(fatal8 == fatal, "UTF-8 input path (fatal) " + describe(fatal8) + " vs UTF-16 " + results());
  FUZZ_CHECK(html8 == html, "UTF-8 input path (html) " + describe(html8) + " vs UTF-16 " + results());
  if (fatal.error)
    FUZZ_CHECK(fatal8.read == utf8_offsets[bad], "UTF-8 input path: read at the error: " + results());

  // Chunked, with a small buffer.
  const std::vector<size_t> splits16 = split_points(split_values, text.size());
  const std::vector<size_t> splits8 = split_points(split_values, utf8.size());
  for (uint32_t options : {0u, static_cast<uint32_t>(kHtml)}) {
    const Encoded& want = options ? html : fatal;
    Encoded got = encode_utf16(encoding, text, options, splits16, small_capacity);
    FUZZ_CHECK(got == want && got.read == want.read, "chunked UTF-16 (" + options_text(options, false) +
                                                         ", splits " + splits_text(splits16) + ", capacity " +
                                                         std::to_string(small_capacity) + ") " +
                                                         describe(got) + " vs one call: " + results());
    got = encode_utf8(encoding, utf8, options, splits8, small_capacity);
    FUZZ_CHECK(got == want, "chunked UTF-8 (" + options_text(options, false) + ", splits " +
                                splits_text(splits8) + ", capacity " + std::to_string(small_capacity) + ") " +
                                describe(got) + " vs one call: " + results());
  }

  // Round trip.
  if (!fatal.error) {
    std::vector<uint32_t> image;
    for (uint32_t c : scalars) image.push_back(round_trip_image(encoding, c));
    const std::u16string expected = to_utf16(image);
    Decoded back = decode(encoding, fatal.bytes.data(), fatal.bytes.size(), kFatal | kIgnoreBom);
    FUZZ_CHECK(!back.error && back.text == expected, "round trip: decoding the bytes gives " +
                                                         describe(back) + ", expected [" + hex(expected) +
                                                         "]: " + results());
  }

  if (kind == TextKind::kDecoderOutput) {
    bool exact = encoding == UTF_8 || is_single_byte(encoding) || encoding == X_USER_DEFINED;
    if (exact || encoding == EUC_KR) FUZZ_CHECK(!fatal.error, "decoder output did not encode: " + results());
    if (exact)
      FUZZ_CHECK(fatal.bytes == source, "decoder output did not encode to its source bytes: " + results());
  }
}

}  // namespace ew::fuzz
