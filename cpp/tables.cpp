#include "tables.h"

#include <cstring>

#include "exports.h"
#include "packed_blob.h"

namespace ew {
namespace {

bool g_loaded[kFamilyCount];
bool g_out_of_memory;  // a table_alloc() has failed

uint32_t fnv1a(const uint8_t* p, size_t n) {
  uint32_t h = 0x811c9dc5u;
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x01000193u;
  return h;
}

}  // namespace

bool family_loaded(int family) { return family >= 0 && family < kFamilyCount && g_loaded[family]; }

[[clang::minsize]] bool load_family(int family, const uint8_t* blob, size_t size) {
  if (family < 0 || family >= kFamilyCount) return false;
  if (g_loaded[family]) return true;
  if (size != generated::kFamilyBlobSize[family] || fnv1a(blob, size) != generated::kFamilyChecksum[family])
    return false;
  g_loaded[family] = expand_family(family, blob);
  return g_loaded[family];
}

[[clang::minsize]] bool load_packed_family(int family, const uint8_t* packed, size_t packed_size) {
  if (family < 0 || family >= kFamilyCount) return false;
  if (g_loaded[family]) return true;
  // One buffer for the unpacked blob of whichever family loads, kept for the next one (the
  // expanded tables do not point into it).
  static uint8_t* blob = nullptr;
  if (!blob) {
    uint32_t largest = 0;
    for (uint32_t size : generated::kFamilyBlobSize) largest = size > largest ? size : largest;
    blob = static_cast<uint8_t*>(table_alloc(largest));
    if (!blob) return false;
  }
  size_t size = generated::kFamilyBlobSize[family];
  return unpack_blob(packed, packed_size, blob, size) && load_family(family, blob, size);
}

bool tables_out_of_memory() { return g_out_of_memory; }

#ifdef __wasm__
// A bump allocator over memory.grow: tables are never freed, and nothing else allocates.
void* table_alloc(size_t bytes) {
  static uintptr_t next = 0, end = 0;
  bytes = (bytes + 15) & ~size_t{15};
  if (end - next < bytes) {
    size_t pages = (bytes + 65535) / 65536;
    size_t old = __builtin_wasm_memory_grow(0, pages);
    if (old == static_cast<size_t>(-1)) {
      g_out_of_memory = true;
      return nullptr;
    }
    // Fresh pages are zeroed. Whatever was left of the previous grow is abandoned.
    next = old * 65536;
    end = next + pages * 65536;
  }
  void* p = reinterpret_cast<void*>(next);
  next += bytes;
  return p;
}
#else
// Natively (tests, fuzzers): a fixed arena, enough for every family and its encoder tables.
void* table_alloc(size_t bytes) {
  alignas(16) static uint8_t arena[8 << 20];
  static size_t used = 0;
  bytes = (bytes + 15) & ~size_t{15};
  if (sizeof arena - used < bytes) {
    g_out_of_memory = true;
    return nullptr;
  }
  void* p = arena + used;
  used += bytes;
  return p;
}
#endif

}  // namespace ew

// 1 if a table allocation of this module has failed because memory could not grow, which is how
// the JS layer tells "out of memory" from "wrong blob" when ew_family_init returns 0.
EW_EXPORT uint32_t ew_tables_out_of_memory() { return ew::tables_out_of_memory(); }
