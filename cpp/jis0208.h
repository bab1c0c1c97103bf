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

// Builds the encoder lookups below on first use (call before either of them).
void jis0208_prepare_encoder();

// The index pointer for `code_point` in index jis0208 (the first pointer), or kNullPointer.
// https://encoding.spec.whatwg.org/#index-pointer
uint32_t jis0208_pointer(uint32_t code_point);

// The index Shift_JIS pointer for `code_point`: the first pointer outside 8272..8835, or
// kNullPointer. https://encoding.spec.whatwg.org/#index-shift_jis-pointer
uint32_t shift_jis_pointer(uint32_t code_point);

}  // namespace ew
