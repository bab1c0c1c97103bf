// https://encoding.spec.whatwg.org/#index-pointer for the encoders of the multi-byte families whose
// indexes hold only BMP code points (index jis0208, index EUC-KR, index gb18030).
//
// A two-level table built from the decode index on first use: a directory of 256 entries (one per
// 256-code-point page: 0, or page number + 1) and, for each page that holds a code point of the
// index, 256 entries of the first pointer + 1 (0 when the code point is not in the index). Building
// walks the pointers in ascending order and keeps the first one it sees for a code point, which is
// what "the first pointer corresponding to codePoint" means. One table_alloc() block per table.
#pragma once
#include <cstdint>

namespace ew {

inline constexpr uint32_t kNullPointer = 0xFFFFFFFF;

class IndexPointerTable {
 public:
  // `index` is an expanded index (code point per pointer, 0 for null) of `count` entries, with
  // count < 0xFFFF. If memory cannot grow, lookups fall back to scanning the index (exact, slow).
  void build(const uint16_t* index, uint32_t count);
  bool built() const { return index_ != nullptr; }

  // The index pointer for `code_point`, or kNullPointer.
  uint32_t pointer(uint32_t code_point) const {
    if (code_point > 0xFFFF) return kNullPointer;
    if (!directory_) return scan(code_point);
    uint32_t page = directory_[code_point >> 8];
    if (!page) return kNullPointer;
    uint32_t entry = directory_[256 + (page - 1) * 256 + (code_point & 0xFF)];
    return entry ? entry - 1 : kNullPointer;
  }

 private:
  uint32_t scan(uint32_t code_point) const;

  const uint16_t* index_ = nullptr;
  uint32_t count_ = 0;
  const uint16_t* directory_ = nullptr;  // the 256 directory entries, then the pages
};

}  // namespace ew
