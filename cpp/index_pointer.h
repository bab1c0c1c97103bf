// https://encoding.spec.whatwg.org/#index-pointer for the encoders of the multi-byte families, as
// a table from code point straight to the bytes the encoder writes for its pointer.
//
// Two levels, built from the decode index on an encoder's first use (one table_alloc() block): a
// directory with one entry per 256-code-point page (256 entries for the BMP, more for Big5's
// supplementary code points), the page's slot; and the slots, 256 entries each, of leading << 8 |
// trailing (0: no pointer). Slot 0 is a page of zeros that every page without a code point of the
// index shares, so a lookup is two loads with no test. The pointers considered are walked in
// ascending order and the first one seen for a code point is kept, which is what "the first
// pointer corresponding to codePoint" means, unless the encoding's rule says otherwise (Big5's
// last-pointer code points, Shift_JIS's excluded range).
#pragma once
#include <cstdint>

#include "encode_driver.h"
#include "tables.h"

namespace ew {

// Which pointers of an index an encoder's pointer comes from, and the bytes it writes for one.
struct PointerRule {
  uint32_t first = 0;       // pointers below are excluded (Big5's HKSCS part)
  uint32_t skip_first = 1;  // pointers skip_first..skip_last are excluded (Shift_JIS's
  uint32_t skip_last = 0;   // 8272..8835); none by default
  bool (*takes_last)(uint32_t code_point) = nullptr;  // these take their last pointer (Big5)
  uint32_t (*bytes)(uint32_t pointer) = nullptr;      // leading << 8 | trailing
};

namespace detail {
// 256 zeros: the directory and the slot of a table that is not built (the pages of nothing).
inline uint16_t g_zero_page[256];
}  // namespace detail

template <class T>  // the index's entry type: uint16_t, or uint32_t for Big5
class PointerBytesTable {
 public:
  // `index` is an expanded index (code point per pointer, 0 for null) of `count` entries. If memory
  // cannot grow, the table stays empty and bytes() scans the index (exact, slow).
  [[clang::minsize]] void build(const T* index, uint32_t count, const PointerRule& rule) {
    index_ = index;
    count_ = count;
    rule_ = rule;
    built_ = true;
    uint32_t max = 0xFFFF;
    for (uint32_t p = rule.first; p < count; ++p)
      if (index[p] > max) max = index[p];
    uint32_t pages = (max >> 8) + 1;
    // The directory and, in its first pass, a mark for each page that holds a code point.
    auto* dir = static_cast<uint16_t*>(table_alloc(pages * sizeof(uint16_t)));
    if (!dir) return;
    uint32_t slots = 1;
    for (uint32_t p = rule.first; p < count; ++p)
      if (considered(p) && index[p] && !dir[index[p] >> 8])
        dir[index[p] >> 8] = static_cast<uint16_t>(slots++);
    auto* data = static_cast<uint16_t*>(table_alloc(slots * 256 * sizeof(uint16_t)));
    if (!data) return;
    for (uint32_t p = rule.first; p < count; ++p) {
      uint32_t cp = index[p];
      if (!cp || !considered(p)) continue;
      uint16_t& entry = data[dir[cp >> 8] * 256u + (cp & 0xFF)];
      if (!entry || (rule.takes_last && rule.takes_last(cp))) entry = static_cast<uint16_t>(rule.bytes(p));
    }
    dir_ = dir;
    data_ = data;
    limit_ = pages << 8;
  }
  bool built() const { return built_; }

  // The bytes for a BMP code point (any UTF-16 code unit: a surrogate has none), 0 for none. Only
  // an answer where the table is built; 0 may also mean "out of memory: ask bytes()".
  uint16_t bmp(uint32_t unit) const { return data_[dir_[unit >> 8] * 256u + (unit & 0xFF)]; }

  // The bytes for `code_point`'s pointer, 0 for null (the exact answer, built or not).
  uint32_t bytes(uint32_t code_point) const {
    if (data_ != detail::g_zero_page) return code_point < limit_ ? bmp(code_point) : 0;
    return scan(code_point);
  }

 private:
  bool considered(uint32_t p) const { return p < rule_.skip_first || p > rule_.skip_last; }

  // Out of memory: the same answer from the index itself.
  uint32_t scan(uint32_t code_point) const {
    if (!code_point) return 0;  // 0 marks null entries, never a code point of the index
    uint32_t found = 0xFFFFFFFF;
    for (uint32_t p = rule_.first; p < count_; ++p) {
      if (index_[p] != code_point || !considered(p)) continue;
      found = p;
      if (!rule_.takes_last || !rule_.takes_last(code_point)) break;
    }
    return found == 0xFFFFFFFF ? 0 : rule_.bytes(found);
  }

  const T* index_ = nullptr;
  uint32_t count_ = 0;
  PointerRule rule_;
  bool built_ = false;
  const uint16_t* dir_ = detail::g_zero_page;
  const uint16_t* data_ = detail::g_zero_page;
  uint32_t limit_ = 0x100;  // code points below have a directory entry
};

// The steps of https://encoding.spec.whatwg.org/#big5-encoder and
// https://encoding.spec.whatwg.org/#euc-kr-encoder, which differ only in their index and how a
// pointer becomes two bytes (both in `table`, which the codec builds before its first encode): an
// ASCII code point is that byte (step 2); any other is its pointer's two bytes (steps 3. and on),
// or an error with that code point.
template <auto& table>
struct PointerPairEncoder : StatelessEncoder {
  // The code points these steps encode, for the driver's fast path: ASCII, and those with a
  // pointer in the BMP (the rest go to code_point()).
  uint32_t bytes(const EncoderState&, uint32_t cp) const {
    return cp < 0x80 ? cp : cp <= 0xFFFF ? table.bmp(cp) : 0;
  }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    uint32_t pair = table.bytes(cp);
    if (!pair) return kStepError;
    w.push(static_cast<uint8_t>(pair >> 8));
    w.push(static_cast<uint8_t>(pair));
    return kContinue;
  }
};

}  // namespace ew
