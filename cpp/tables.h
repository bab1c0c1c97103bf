// The multi-byte index tables. Each family's tables arrive as one blob (a separately loaded wasm
// data module, DESIGN.md section 3) and are expanded here into flat arrays indexed by pointer.
// Codecs read them only after the family is loaded; the JS layer loads a family before it creates
// a decoder or encoder that needs it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "generated/family_layout.h"

namespace ew {

enum Family : int {
  kChineseSimplified,   // GBK, gb18030: index gb18030, index gb18030 ranges
  kChineseTraditional,  // Big5: index Big5
  kJapanese,            // EUC-JP, ISO-2022-JP, Shift_JIS: index jis0208, jis0212, ISO-2022-JP katakana
  kKorean,              // EUC-KR: index EUC-KR
};
inline constexpr int kFamilyCount = generated::kFamilyCount;

// The family an encoding's decoder and encoder need, or -1 (defined in decoder.cpp).
int family_of(int encoding);
bool family_loaded(int family);

// Expands `blob` (the family's generated blob) into the family's index arrays. Returns false if the
// blob is not the one this core was generated with (size or checksum) or memory ran out.
bool load_family(int family, const uint8_t* blob, size_t size);

// Index arrays, one entry per pointer, 0 for null (no index maps a pointer to U+0000). Valid only
// once the family is loaded. Sizes are generated::kIndex*.count.
const uint16_t* index_gb18030();
const uint32_t* index_gb18030_ranges_pointer();     // ascending
const uint32_t* index_gb18030_ranges_code_point();  // ascending, parallel to the pointers
const uint32_t* index_big5();                       // has code points above U+FFFF
const uint16_t* index_jis0208();
const uint16_t* index_jis0212();
const uint16_t* index_iso_2022_jp_katakana();
const uint16_t* index_euc_kr();

// Zeroed memory that lives as long as the module, for tables a codec builds on first use (such as
// an encoder's code point -> pointer lookup). Returns nullptr when memory cannot grow.
void* table_alloc(size_t bytes);

// Whether a table_alloc() has returned nullptr (memory could not grow). A family module exports it
// as ew_tables_out_of_memory.
bool tables_out_of_memory();

}  // namespace ew
