// The multi-byte index tables. Each family's tables arrive as one blob (in the data segment of the
// family's own wasm module, docs/design.md section 3) and are expanded here into flat arrays indexed
// by pointer.
// Codecs read them only after the family is loaded; the JS layer loads a family before it creates
// a decoder or encoder that needs it. The families, their indexes and the accessors (index_big5()
// ...) are generated from tools/generator/boundary.mjs.
#pragma once
#include <cstddef>
#include <cstdint>

#include "delta_stream.h"
#include "generated/families.h"
#include "generated/family_layout.h"

namespace ew {

bool family_loaded(int family);

// Expands `blob` (the family's generated blob) into the family's index arrays. Returns false if the
// blob is not the one this core was generated with (size or checksum) or memory ran out.
bool load_family(int family, const uint8_t* blob, size_t size);

// load_family for the blob as tools/generator/packed_blob.mjs packs it (the combined module's form).
bool load_packed_family(int family, const uint8_t* packed, size_t packed_size);

// Fills the index arrays of `family` from its checked blob; false if memory ran out or the family
// is not in this module. Generated per module (cpp/generated/module_*.cpp); load_family calls it.
bool expand_family(int family, const uint8_t* blob);

// Zeroed memory that lives as long as the module, for tables a codec builds on first use (such as
// an encoder's code point -> pointer lookup). Returns nullptr when memory cannot grow.
void* table_alloc(size_t bytes);

// One index of a blob as a new array of `layout.count` entries, or nullptr when memory ran out:
// a delta stream from code point 0 (expand_index) or a ranked stream (expand_ranked_index, with the
// family's bitmap of used code points), as tools/generator/family_tables.mjs wrote it.
template <class T>
T* expand_index(const uint8_t* blob, const generated::IndexLayout& layout) {
  T* out = static_cast<T*>(table_alloc(layout.count * sizeof(T)));
  if (out) expand_delta_stream(blob + layout.offset, layout.count, 0, out);
  return out;
}

template <class T>
T* expand_ranked_index(const uint8_t* blob, const generated::IndexLayout& layout, uint64_t* used) {
  T* out = static_cast<T*>(table_alloc(layout.count * sizeof(T)));
  if (out) expand_ranked_stream(blob + layout.offset, layout.count, used, out);
  return out;
}

// Whether a table_alloc() has returned nullptr (memory could not grow). A family module exports it
// as ew_tables_out_of_memory.
bool tables_out_of_memory();

}  // namespace ew
