#include "jis0208.h"

namespace ew {

const PointerBytesTable<uint16_t>& jis0208_euc_jp_bytes() {
  static PointerBytesTable<uint16_t> table;
  if (!table.built()) {
    table.build(index_jis0208(), kJis0208Count,
                {.bytes = [](uint32_t p) { return (p / 94 + 0xA1) << 8 | (p % 94 + 0xA1); }});
  }
  return table;
}

}  // namespace ew
