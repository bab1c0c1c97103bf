#include "index_pointer.h"

#include "tables.h"

namespace ew {

void IndexPointerTable::build(const uint16_t* index, uint32_t count) {
  // Which pages hold a code point of the index, numbered in order of first appearance.
  uint16_t page_of[256] = {};
  uint32_t pages = 0;
  for (uint32_t p = 0; p < count; ++p)
    if (index[p] && !page_of[index[p] >> 8]) page_of[index[p] >> 8] = static_cast<uint16_t>(++pages);

  auto* table = static_cast<uint16_t*>(table_alloc((256 + pages * 256) * sizeof(uint16_t)));
  if (table) {
    for (int k = 0; k < 256; ++k) table[k] = page_of[k];
    // Ascending pointers, and an entry is written only while it is still 0: the first pointer wins.
    for (uint32_t p = 0; p < count; ++p) {
      uint32_t cp = index[p];
      if (!cp) continue;
      uint16_t& entry = table[256 + (page_of[cp >> 8] - 1) * 256 + (cp & 0xFF)];
      if (!entry) entry = static_cast<uint16_t>(p + 1);
    }
  }
  directory_ = table;
  count_ = count;
  index_ = index;
}

uint32_t IndexPointerTable::scan(uint32_t code_point) const {
  if (!code_point) return kNullPointer;  // 0 marks null entries, never a code point of the index
  for (uint32_t p = 0; p < count_; ++p)
    if (index_[p] == code_point) return p;
  return kNullPointer;
}

}  // namespace ew
