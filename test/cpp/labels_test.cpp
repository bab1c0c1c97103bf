// https://encoding.spec.whatwg.org/#concept-encoding-get
// The labels come from cpp/whatwg/encodings.json, read at test time; the name -> Encoding table below
// is written out by hand so that a wrong enum order or a wrong generated table cannot hide.
#include <set>

#include "encodings_json.h"
#include "test_support.h"

namespace ew::test {
namespace {

const std::map<std::string, int>& encoding_by_name() {
  static const std::map<std::string, int> names = {
      {"UTF-8", UTF_8},
      {"IBM866", IBM866},
      {"ISO-8859-2", ISO_8859_2},
      {"ISO-8859-3", ISO_8859_3},
      {"ISO-8859-4", ISO_8859_4},
      {"ISO-8859-5", ISO_8859_5},
      {"ISO-8859-6", ISO_8859_6},
      {"ISO-8859-7", ISO_8859_7},
      {"ISO-8859-8", ISO_8859_8},
      {"ISO-8859-8-I", ISO_8859_8_I},
      {"ISO-8859-10", ISO_8859_10},
      {"ISO-8859-13", ISO_8859_13},
      {"ISO-8859-14", ISO_8859_14},
      {"ISO-8859-15", ISO_8859_15},
      {"ISO-8859-16", ISO_8859_16},
      {"KOI8-R", KOI8_R},
      {"KOI8-U", KOI8_U},
      {"macintosh", MACINTOSH},
      {"windows-874", WINDOWS_874},
      {"windows-1250", WINDOWS_1250},
      {"windows-1251", WINDOWS_1251},
      {"windows-1252", WINDOWS_1252},
      {"windows-1253", WINDOWS_1253},
      {"windows-1254", WINDOWS_1254},
      {"windows-1255", WINDOWS_1255},
      {"windows-1256", WINDOWS_1256},
      {"windows-1257", WINDOWS_1257},
      {"windows-1258", WINDOWS_1258},
      {"x-mac-cyrillic", X_MAC_CYRILLIC},
      {"GBK", GBK},
      {"gb18030", GB18030},
      {"Big5", BIG5},
      {"EUC-JP", EUC_JP},
      {"ISO-2022-JP", ISO_2022_JP},
      {"Shift_JIS", SHIFT_JIS},
      {"EUC-KR", EUC_KR},
      {"replacement", REPLACEMENT},
      {"UTF-16BE", UTF_16BE},
      {"UTF-16LE", UTF_16LE},
      {"x-user-defined", X_USER_DEFINED},
  };
  return names;
}

struct Label {
  std::string label;
  std::string name;
};

std::vector<Label> read_labels() {
  const EncodingsJson file = read_encodings_json(std::string(EW_WHATWG_DIR) + "/encodings.json");
  EXPECT_EQ(file.error, "");
  std::vector<Label> labels;
  for (const EncodingEntry& encoding : file.encodings)
    for (const std::string& label : encoding.labels) labels.push_back({label, encoding.name});
  return labels;
}

const std::vector<Label>& all_labels() {
  static const std::vector<Label> labels = read_labels();
  return labels;
}

bool is_label(const std::u16string& s) {
  static const std::set<std::u16string> set = [] {
    std::set<std::u16string> r;
    for (const Label& l : all_labels()) r.insert(utf16(l.label.c_str()));
    return r;
  }();
  return set.count(s) != 0;
}

int get(const std::u16string& s) { return get_encoding(s.data(), s.size()); }

std::string show(const std::u16string& s) { return "label units " + hex(s); }

const char16_t kAsciiWhitespace[] = {0x09, 0x0A, 0x0C, 0x0D, 0x20};

TEST(Labels, EncodingsJsonHasEveryLabel) {
  ASSERT_EQ(all_labels().size(), 228u);
  std::set<std::string> names, seen;
  for (const Label& l : all_labels()) {
    names.insert(l.name);
    EXPECT_TRUE(seen.insert(l.label).second) << "duplicate label " << l.label;
    EXPECT_TRUE(encoding_by_name().count(l.name)) << "unknown encoding name " << l.name;
  }
  EXPECT_EQ(names.size(), 40u);
  EXPECT_EQ(static_cast<int>(names.size()), kEncodingCount);
}

TEST(Labels, EveryLabelMapsToItsEncoding) {
  for (const Label& l : all_labels())
    EXPECT_EQ(get(utf16(l.label.c_str())), encoding_by_name().at(l.name)) << l.label;
}

TEST(Labels, LeadingAndTrailingAsciiWhitespaceIsRemoved) {
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    int want = encoding_by_name().at(l.name);
    for (char16_t ws : kAsciiWhitespace) {
      std::u16string w(1, ws);
      EXPECT_EQ(get(w + label), want) << show(w + label);
      EXPECT_EQ(get(label + w), want) << show(label + w);
      EXPECT_EQ(get(w + w + label + w + w), want) << show(w + label + w);
    }
    std::u16string all(kAsciiWhitespace, 5);
    EXPECT_EQ(get(all + label + all), want) << show(all + label + all);
    std::u16string many(300, u' ');
    EXPECT_EQ(get(many + label + many), want) << "300 spaces around " << l.label;
  }
}

TEST(Labels, AsciiCaseInsensitive) {
  for (const Label& l : all_labels()) {
    int want = encoding_by_name().at(l.name);
    std::u16string upper, mixed;
    for (size_t i = 0; i < l.label.size(); ++i) {
      char c = l.label[i];
      char up = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      upper += static_cast<char16_t>(up);
      mixed += static_cast<char16_t>(i % 2 ? up : c);
    }
    EXPECT_EQ(get(upper), want) << show(upper);
    EXPECT_EQ(get(mixed), want) << show(mixed);
    EXPECT_EQ(get(u"\t" + upper + u" "), want) << show(upper);
  }
  // Names of the table that are labels too, as the spec writes them.
  EXPECT_EQ(get(u"UTF-8"), UTF_8);
  EXPECT_EQ(get(u"Shift_JIS"), SHIFT_JIS);
  EXPECT_EQ(get(u"X-USER-DEFINED"), X_USER_DEFINED);
}

TEST(Labels, LengthIsRespected) {
  // The code units after `length` are not part of the label.
  std::u16string s = u"utf-8xyz";
  EXPECT_EQ(get_encoding(s.data(), 5), UTF_8);
  EXPECT_EQ(get_encoding(s.data(), 4), -1);  // "utf-"
  EXPECT_EQ(get_encoding(s.data(), 6), -1);  // "utf-8x"
  std::u16string t = u"latin1";
  EXPECT_EQ(get_encoding(t.data(), 0), -1);
  EXPECT_EQ(get_encoding(t.data(), 1), -1);  // "l"
  EXPECT_EQ(get_encoding(t.data(), 6), WINDOWS_1252);
}

TEST(Labels, OtherWhitespaceIsNotRemoved) {
  // Only U+0009, U+000A, U+000C, U+000D and U+0020 are ASCII whitespace.
  const char16_t others[] = {0x0B, 0x1C, 0x1F, 0x85, 0xA0, 0x1680, 0x2000, 0x2028, 0x3000, 0xFEFF};
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    for (char16_t ws : others) {
      std::u16string w(1, ws);
      EXPECT_EQ(get(w + label), -1) << show(w + label);
      EXPECT_EQ(get(label + w), -1) << show(label + w);
      EXPECT_EQ(get(u" " + w + u" " + label), -1) << show(w + label);
    }
  }
}

TEST(Labels, OnlyAsciiLettersFoldCase) {
  // Unicode case folding would map these to ASCII letters; an ASCII case-insensitive match does not.
  EXPECT_EQ(get(u"\u212Aoi8-r"), -1);     // KELVIN SIGN
  EXPECT_EQ(get(u"lat\u0131n1"), -1);     // LATIN SMALL LETTER DOTLESS I
  EXPECT_EQ(get(u"lat\u0130n1"), -1);     // LATIN CAPITAL LETTER I WITH DOT ABOVE
  EXPECT_EQ(get(u"\u017Fhift_jis"), -1);  // LATIN SMALL LETTER LONG S
  EXPECT_EQ(get(u"utf-\uFF18"), -1);      // FULLWIDTH DIGIT EIGHT
  // Every letter of every label replaced by a character that folds or narrows to it: the Unicode
  // case variants above, and the same low byte in a higher code unit (U+0100 + c, U+FF00 + c).
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    for (size_t i = 0; i < label.size(); ++i) {
      std::vector<char16_t> variants = {static_cast<char16_t>(label[i] + 0x100),
                                        static_cast<char16_t>(label[i] + 0xFF00)};
      if (label[i] == u'k') variants.push_back(0x212A);
      if (label[i] == u's') variants.push_back(0x017F);
      if (label[i] == u'i') variants.insert(variants.end(), {0x0130, 0x0131});
      for (char16_t v : variants) {
        std::u16string s = label;
        s[i] = v;
        EXPECT_EQ(get(s), -1) << show(s);
      }
    }
  }
}

TEST(Labels, InnerWhitespaceDoesNotMatch) {
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    for (size_t i = 1; i < label.size(); ++i) {
      for (char16_t ws : kAsciiWhitespace) {
        std::u16string s = label;
        s.insert(s.begin() + i, ws);
        EXPECT_EQ(get(s), -1) << show(s);
      }
    }
  }
}

TEST(Labels, EmptyAndWhitespaceOnlyFail) {
  EXPECT_EQ(get(u""), -1);
  EXPECT_EQ(get(u" "), -1);
  EXPECT_EQ(get(u"\t\n\f\r "), -1);
  EXPECT_EQ(get(std::u16string(100, u' ')), -1);
  EXPECT_EQ(get(std::u16string(1, u'\0')), -1);
}

TEST(Labels, NulInsideDoesNotMatch) {
  EXPECT_EQ(get(std::u16string(u"utf-8\0", 6)), -1);
  EXPECT_EQ(get(std::u16string(u"x-x-big5\0", 9)), -1);  // the last label of a sorted table
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    for (size_t i = 0; i <= label.size(); ++i) {
      std::u16string s = label;
      s.insert(s.begin() + i, u'\0');
      EXPECT_EQ(get(s), -1) << show(s);
    }
  }
}

TEST(Labels, TwoLabelsJoinedByNulDoNotMatch) {
  // A NUL-terminated label table must not let a NUL in the input run into the next table entry.
  for (const Label& a : all_labels()) {
    for (const Label& b : all_labels()) {
      std::u16string s = utf16(a.label.c_str()) + u'\0' + utf16(b.label.c_str());
      EXPECT_EQ(get(s), -1) << show(s);
    }
  }
}

TEST(Labels, LabelFollowedByJunkDoesNotMatch) {
  const char16_t junk[] = {u'x', u'-', u'0', u'8', u'_', u'.', u':', u';', 0x7F, 0xE9};
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    for (char16_t j : junk) {
      std::u16string after = label + j, before = std::u16string(1, j) + label;
      if (!is_label(after)) EXPECT_EQ(get(after), -1) << show(after);
      if (!is_label(before)) EXPECT_EQ(get(before), -1) << show(before);
    }
    EXPECT_EQ(get(label + label), -1) << show(label + label);
    std::u16string junked = label + u" x";
    EXPECT_EQ(get(junked), -1) << show(junked);
  }
  EXPECT_EQ(get(u"utf-8x"), -1);
  EXPECT_EQ(get(u"utf-88"), -1);
  EXPECT_EQ(get(u"utf-16lex"), -1);
}

TEST(Labels, PrefixOfALabelDoesNotMatch) {
  for (const Label& l : all_labels()) {
    std::u16string label = utf16(l.label.c_str());
    for (size_t n = 1; n < label.size(); ++n) {
      std::u16string prefix = label.substr(0, n), suffix = label.substr(n);
      if (!is_label(prefix)) EXPECT_EQ(get(prefix), -1) << show(prefix);
      if (!is_label(suffix)) EXPECT_EQ(get(suffix), -1) << show(suffix);
    }
  }
  EXPECT_EQ(get(u"utf-"), -1);
  EXPECT_EQ(get(u"iso-8859-"), -1);
}

}  // namespace
}  // namespace ew::test
