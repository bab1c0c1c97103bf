#include "jis0208.h"

namespace ew {
namespace {

// index jis0208 pointer lookup (first pointer per code point).
IndexPointerTable g_first;

// index Shift_JIS pointer excludes pointers 8272 to 8835 (NEC-selected IBM extensions, duplicated
// by the IBM extensions at 10716 and up). A code point whose first pointer lies outside that range
// has the same Shift_JIS pointer. One whose first pointer p lies inside it has no pointer below
// 8272 (p is the first), so its Shift_JIS pointer is its first pointer above 8835: kept here at
// p - 8272, plus one (0 for none).
constexpr uint32_t kExcludedFirst = 8272;
constexpr uint32_t kExcludedLast = 8835;
uint16_t g_after_excluded[kExcludedLast - kExcludedFirst + 1];

}  // namespace

void jis0208_prepare_encoder() {
  if (g_first.built()) return;
  const uint16_t* index = index_jis0208();
  g_first.build(index, kJis0208Count);
  // Descending, so that the last write for a code point is its first pointer above 8835.
  for (uint32_t q = kJis0208Count; q-- > kExcludedLast + 1;) {
    if (!index[q]) continue;
    uint32_t p = g_first.pointer(index[q]);
    if (p >= kExcludedFirst && p <= kExcludedLast)
      g_after_excluded[p - kExcludedFirst] = static_cast<uint16_t>(q + 1);
  }
}

uint32_t jis0208_pointer(uint32_t code_point) { return g_first.pointer(code_point); }

uint32_t shift_jis_pointer(uint32_t code_point) {
  uint32_t p = g_first.pointer(code_point);
  if (p < kExcludedFirst || p > kExcludedLast) return p;  // includes kNullPointer
  uint32_t after = g_after_excluded[p - kExcludedFirst];
  return after ? after - 1 : kNullPointer;
}

}  // namespace ew
