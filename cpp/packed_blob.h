// Unpacks a family blob packed by tools/generator/packed_blob.mjs (which describes the model, the coder
// and the layout; the constants here must match it).
#pragma once
#include <cstddef>
#include <cstdint>

namespace ew {

namespace packed_blob_detail {

constexpr uint32_t kModeled = 3;   // MODELED
constexpr uint32_t kRate = 4;      // RATE
constexpr uint32_t kContexts = 7;  // CONTEXTS

struct Coder {
  const uint8_t* p;
  const uint8_t* end;
  uint32_t low, high, x;

  // `n` bits, highest first, each with the adaptive probability probs[node] (node: 1, then the bits
  // so far after a leading 1), which moves toward it. No branch on a bit, which is as
  // unpredictable as the coder makes it. Not inlined: one copy serves each kind of decision (the
  // unpacking runs once per family, so its size matters more than a call).
  [[gnu::noinline]] uint32_t tree(uint16_t* probs, uint32_t n) {
    uint32_t node = 1;
    uint32_t lo = low, hi = high, v = x;
    const uint8_t* q = p;
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t prob = probs[node];
      uint32_t mid = lo + ((hi - lo) >> 12) * prob;
      uint32_t bit = v <= mid;
      uint32_t mask = 0 - bit;
      hi = (mid & mask) | (hi & ~mask);
      lo = ((mid + 1) & ~mask) | (lo & mask);
      probs[node] =
          static_cast<uint16_t>(prob + (((4096 - prob) >> kRate) & mask) - ((prob >> kRate) & ~mask));
      while (((lo ^ hi) & 0xFF000000u) == 0) {
        lo <<= 8;
        hi = (hi << 8) | 0xFF;
        v = (v << 8) | (q < end ? *q++ : 0);
      }
      node = node * 2 + bit;
    }
    low = lo, high = hi, x = v, p = q;
    return node - (1u << n);
  }
};

}  // namespace packed_blob_detail

// Writes the `size` bytes of the blob that packed[0, packed_size) holds to `out`; false if its
// tokens do not end exactly there (not a packed blob of that size). The blob's checksum is the
// caller's to check.
[[gnu::noinline, clang::minsize]] inline bool unpack_blob(const uint8_t* packed, size_t packed_size,
                                                          uint8_t* out, size_t size) {
  using namespace packed_blob_detail;
  // The probabilities (a tree's at base[1] on): whether a token's bit length is the previous one's,
  // per context (base same_probs + c); the bit length's tree, per context; the modeled mantissa
  // bits, per bit length; the lowest bit, per context and the last lowest bit (base lowest_probs +
  // c * 2 + last).
  uint16_t probs[1 + kContexts + kContexts * 32 + 32 * 8 + 1 + kContexts * 2];
  uint16_t* const same_probs = probs;
  uint16_t* const length_probs = probs + 1 + kContexts;
  uint16_t* const mantissa_probs = length_probs + kContexts * 32;
  uint16_t* const lowest_probs = mantissa_probs + 32 * 8;
#pragma clang loop vectorize(disable) unroll(disable)
  for (auto& prob : probs) prob = 2048;

  const uint8_t* const packed_end = packed + packed_size;
  uint32_t coded_length = 0;
  const uint8_t* p = packed;
#pragma clang loop unroll(disable)
  for (uint32_t shift = 0; p < packed_end; shift += 7) {
    coded_length |= static_cast<uint32_t>(*p & 0x7F) << (shift & 31);
    if (!(*p++ & 0x80)) break;
  }
  if (coded_length > static_cast<size_t>(packed_end - p)) return false;
  Coder coder{p, p + coded_length, 0, 0xFFFFFFFFu, 0};
  // The first four bytes, as though shifted in by four decisions.
  for (int i = 0; i < 4; ++i) coder.x = (coder.x << 8) | (coder.p < coder.end ? *coder.p++ : 0);
  uint32_t plain = static_cast<uint32_t>(coder.end - packed) * 8;  // the next plain bit

  size_t at = 0;
  uint32_t k = 0;       // the previous token's bit length
  uint32_t lowest = 0;  // the last lowest bit coded with lowest_probs
  while (at < size) {
    uint32_t c = k < kContexts - 1 ? k : kContexts - 1;
    if (!coder.tree(same_probs + c, 1)) k = coder.tree(length_probs + c * 32, 5);
    uint32_t modeled = k < kModeled + 1 ? (k ? k - 1 : 0) : kModeled;
    uint32_t v = k ? (1u << modeled) | coder.tree(mantissa_probs + k * 8, modeled) : 0;
    if (k > kModeled + 1) {
      for (uint32_t b = modeled + 2; b < k; ++b, ++plain)
        v = v * 2 + (plain / 8 < packed_size ? (packed[plain / 8] >> (7 - plain % 8)) & 1 : 0);
      lowest = coder.tree(lowest_probs + c * 2 + lowest, 1);
      v = v * 2 + lowest;
    }
    // The token as a LEB128 varint.
    do {
      if (at == size) return false;
      out[at++] = static_cast<uint8_t>(v >= 0x80 ? (v & 0x7F) | 0x80 : v);
      v >>= 7;
    } while (v);
  }
  return true;
}

}  // namespace ew
