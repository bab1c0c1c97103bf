// The spec's "in the range first to last, inclusive", for bytes, code units and code points.
#pragma once
#include <cstdint>

namespace ew {

constexpr bool in_range(uint32_t value, uint32_t first, uint32_t last) {
  return value >= first && value <= last;
}

}  // namespace ew
