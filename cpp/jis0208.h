// What EUC-JP, ISO-2022-JP and Shift_JIS share: index jis0208 lookups in both directions.
// https://encoding.spec.whatwg.org/#index-jis0208
// Valid only once the Japanese family is loaded.
#pragma once
#include <cstdint>

#include "generated/family_layout.h"
#include "index_pointer.h"
#include "tables.h"

namespace ew {

inline constexpr uint32_t kJis0208Count = generated::kIndexJis0208.count;

// The index code point for `pointer` in index jis0208 (`table` is index_jis0208()), 0 for null,
// including pointers past the end of the index.
inline uint32_t jis0208_code_point(const uint16_t* table, uint32_t pointer) {
  return pointer < kJis0208Count ? table[pointer] : 0;
}

// The EUC-JP encoder's lookup, built on first call: for each code point, the bytes of its index
// pointer in index jis0208 (the first pointer), pointer / 94 + 0xA1 and pointer % 94 + 0xA1.
// ISO-2022-JP writes the same pair less 0x80 in each byte. Every first pointer is below 8836, so
// both bytes stay in 0xA1..0xFE.
const PointerBytesTable<uint16_t>& jis0208_euc_jp_bytes();

}  // namespace ew
