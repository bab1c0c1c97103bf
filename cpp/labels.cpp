// https://encoding.spec.whatwg.org/#concept-encoding-get
#include "generated/labels.h"

#include "encoding.h"

namespace ew {
namespace {

// https://infra.spec.whatwg.org/#ascii-whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, U+0020 SPACE.
constexpr bool is_ascii_whitespace(char16_t c) {
  return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

int compare(const char* label, const char* key, size_t key_length) {
  for (size_t i = 0; i < key_length; ++i) {
    if (label[i] != key[i]) return static_cast<unsigned char>(label[i]) - static_cast<unsigned char>(key[i]);
  }
  return label[key_length] == '\0' ? 0 : 1;
}

}  // namespace

int get_encoding(const char16_t* label, size_t length) {
  // 1. Remove any leading and trailing ASCII whitespace from label.
  size_t begin = 0, end = length;
  while (begin < end && is_ascii_whitespace(label[begin])) ++begin;
  while (end > begin && is_ascii_whitespace(label[end - 1])) --end;
  // 2. If label is an ASCII case-insensitive match for any of the labels listed in the table, return
  //    the corresponding encoding; otherwise return failure. Only A-Z fold; any other code unit must
  //    match exactly, so a non-ASCII one never matches, and neither does U+0000 (the table's
  //    label terminator).
  size_t n = end - begin;
  if (n == 0 || n > generated::kLongestLabel) return -1;
  char key[generated::kLongestLabel];
  for (size_t i = 0; i < n; ++i) {
    char16_t c = label[begin + i];
    if (c == 0 || c >= 0x80) return -1;
    key[i] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
  }
  int lo = 0, hi = generated::kLabelCount - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int c = compare(generated::kLabelText + generated::kLabelOffset[mid], key, n);
    if (c == 0) return generated::kLabelEncoding[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

}  // namespace ew
