// get_encoding (https://encoding.spec.whatwg.org/#concept-encoding-get) against a slow, obviously
// correct version: remove leading and trailing ASCII whitespace (U+0009, U+000A, U+000C, U+000D,
// U+0020), ASCII-lowercase (A-Z only), look the result up among the labels of
// cpp/whatwg/encodings.json (read at startup, path EW_ENCODINGS_JSON). Also: never crashes, reads
// only the `length` units it is given (an exact-size heap copy for ASan, and the same label
// followed by other units), and is deterministic.
//
// Input, byte 0 chooses the label:
//   0  the rest as UTF-16LE code units
//   1  the rest's bytes as code units U+0000..U+00FF
//   2  a real label (bytes 1-2 pick it) edited by (op, arg) byte pairs: flip a letter's case,
//      add whitespace or a near-miss of it (U+000B, U+0000, U+00A0, U+3000, U+FEFF...) at either end
//      or inside, replace a character by a lookalike (U+212A KELVIN SIGN for k, U+017F for s,
//      U+0130/U+0131 for i, full-width forms, the same low byte with a high byte set), delete,
//      truncate, append an ASCII character
#include <algorithm>
#include <map>
#include <memory>

#include "fuzz_support.h"

namespace {

using ew::fuzz::encodings_json;

struct Labels {
  std::map<std::u16string, int> by_label;
  std::vector<std::u16string> all;
};

const Labels& labels() {
  static const Labels table = [] {
    Labels t;
    const auto& entries = encodings_json();
    for (size_t e = 0; e < entries.size(); ++e) {
      for (const std::string& label : entries[e].labels) {
        std::u16string s(label.begin(), label.end());
        t.by_label[s] = static_cast<int>(e);
        t.all.push_back(s);
      }
    }
    return t;
  }();
  return table;
}

bool is_ascii_whitespace(char16_t c) { return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20; }

int reference_get_encoding(const std::u16string& label) {
  size_t begin = 0, end = label.size();
  while (begin < end && is_ascii_whitespace(label[begin])) ++begin;
  while (end > begin && is_ascii_whitespace(label[end - 1])) --end;
  std::u16string key;
  for (size_t i = begin; i < end; ++i) {
    char16_t c = label[i];
    key += (c >= u'A' && c <= u'Z') ? static_cast<char16_t>(c + 0x20) : c;
  }
  auto it = labels().by_label.find(key);
  return it == labels().by_label.end() ? -1 : it->second;
}

constexpr char16_t kSpaces[] = {0x09, 0x0A,   0x0C,   0x0D,   0x20,   0x0B,   0x00, 0xA0,
                                0x85, 0x1680, 0x2000, 0x2028, 0x3000, 0xFEFF, 0x1C, 0x120};
constexpr size_t kSpaceCount = sizeof kSpaces / sizeof kSpaces[0];

char16_t lookalike(char16_t c, uint8_t which) {
  switch (which % 8) {
    case 0:
      return c == u'k' || c == u'K' ? 0x212A : static_cast<char16_t>(c + 0x100);
    case 1:
      return c == u's' || c == u'S' ? 0x017F : static_cast<char16_t>(c | 0xFF00);
    case 2:
      return c == u'i' || c == u'I' ? 0x0130 : static_cast<char16_t>(c + 0x80);
    case 3:
      return c == u'i' || c == u'I' ? 0x0131 : static_cast<char16_t>(c + 0xFF00);
    case 4:
      return c >= 0x21 && c <= 0x7E ? static_cast<char16_t>(c + 0xFEE0) : c;  // full-width form
    case 5:
      return static_cast<char16_t>(c ^ 0x20);  // case flip, or a different punctuation mark
    case 6:
      return static_cast<char16_t>(c + 0x10000 - 0x20);  // wraps: '-' -> U+000D etc.
    default:
      return static_cast<char16_t>(c + 0xD800);  // a surrogate
  }
}

std::u16string edited_label(const uint8_t* p, size_t n) {
  const auto& all = labels().all;
  size_t pos = 0;
  auto next = [&]() -> uint8_t { return pos < n ? p[pos++] : 0; };
  uint16_t pick = next();
  pick = static_cast<uint16_t>(pick | (next() << 8));
  std::u16string s = all[pick % all.size()];
  while (pos < n) {
    uint8_t op = next(), arg = next();
    size_t len = s.size();
    switch (op % 8) {
      case 0:
        if (len) {
          char16_t& c = s[arg % len];
          if ((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')) c ^= 0x20;
        }
        break;
      case 1:
        s.insert(s.begin(), kSpaces[arg % kSpaceCount]);
        break;
      case 2:
        s.push_back(kSpaces[arg % kSpaceCount]);
        break;
      case 3:
        s.insert(s.begin() + (arg >> 4) % (len + 1), kSpaces[arg % kSpaceCount]);
        break;
      case 4:
        if (len) s[arg % len] = lookalike(s[arg % len], static_cast<uint8_t>(arg >> 5));
        break;
      case 5:
        if (len) s.erase(arg % len, 1);
        break;
      case 6:
        s.resize(arg % (len + 1));
        break;
      default:
        s.push_back(static_cast<char16_t>(arg & 0x7F));
        break;
    }
  }
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Every label must be stored as get_encoding's step 2 compares it: lowercase, no whitespace.
  for (const std::u16string& label : labels().all) {
    for (char16_t c : label)
      FUZZ_CHECK(!(c >= u'A' && c <= u'Z') && !is_ascii_whitespace(c) && c > 0 && c < 0x80,
                 "encodings.json has a label that is not lowercase ASCII without whitespace");
  }
  FUZZ_CHECK(labels().all.size() >= 200, "encodings.json: too few labels");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::u16string label;
  switch (data[0] % 3) {
    case 0:
      for (size_t i = 1; i + 1 < size; i += 2) label += static_cast<char16_t>(data[i] | (data[i + 1] << 8));
      break;
    case 1:
      label.assign(data + 1, data + size);
      break;
    default:
      label = edited_label(data + 1, size - 1);
      break;
  }
  const int want = reference_get_encoding(label);

  // An exact-size heap copy: ASan reports any read past `length`.
  const size_t n = label.size();
  std::unique_ptr<char16_t[]> exact(new char16_t[n ? n : 1]);
  std::copy(label.begin(), label.end(), exact.get());
  const int got = ew::get_encoding(exact.get(), n);
  const std::string what = "label [" + ew::fuzz::hex(label) + "]: get_encoding " + std::to_string(got) +
                           " (" + (got >= 0 ? ew::fuzz::encoding_name(got) : "failure") + "), expected " +
                           std::to_string(want) + " (" +
                           (want >= 0 ? ew::fuzz::encoding_name(want) : "failure") + ")";
  FUZZ_CHECK(got == want, what);
  FUZZ_CHECK(ew::get_encoding(exact.get(), n) == got, "not deterministic: " + what);
  // Followed by more units, which must not matter.
  for (char16_t tail : {u'8', u' ', u'\0', u'-'}) {
    std::u16string longer = label + tail;
    FUZZ_CHECK(ew::get_encoding(longer.data(), n) == got, "looked past length: " + what);
  }
  return 0;
}
