// Expands the compact index forms written by tools/generator/delta_stream.mjs (which describes both).
#pragma once
#include <cstddef>
#include <cstdint>

namespace ew {

// One LEB128 varint at `p`, which it advances.
constexpr uint32_t read_varint(const uint8_t*& p) {
  uint32_t v = 0;
  for (int shift = 0;; shift += 7) {
    uint8_t b = *p++;
    v |= static_cast<uint32_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
}

constexpr int32_t unzigzag(uint32_t v) {
  return (v & 1) ? -static_cast<int32_t>((v + 1) >> 1) : static_cast<int32_t>(v >> 1);
}

// Delta stream: writes `count` code points to `out` (0 for null, which no index maps to) and
// returns the number of stream bytes read. `previous` is the code point the stream's deltas start
// from.
template <class T>
constexpr size_t expand_delta_stream(const uint8_t* stream, size_t count, uint32_t previous, T* out) {
  const uint8_t* p = stream;
  for (size_t i = 0; i < count; ++i) {
    uint32_t v = 0;
    for (int shift = 0;; shift += 7) {
      uint8_t b = *p++;
      v |= static_cast<uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
    if (v == 0) {
      out[i] = 0;
      previous += 1;
      continue;
    }
    v -= 1;
    int32_t delta = (v & 1) ? -static_cast<int32_t>((v + 1) >> 1) : static_cast<int32_t>(v >> 1);
    previous = previous + 1 + delta;
    out[i] = static_cast<T>(previous);
  }
  return static_cast<size_t>(p - stream);
}

// The unused code point `k` (from 0) places after `from`, in `used` (a bit per code point set for the
// used ones). The stream's encoder only ranks code points within RANK_WINDOW of `from`, so this
// reads a few words at most.
inline uint32_t unused_after(const uint64_t* used, uint32_t from, uint32_t k) {
  uint32_t w = (from + 1) >> 6;
  uint64_t clear = ~used[w] & (~uint64_t{0} << ((from + 1) & 63));
  for (uint32_t n; k >= (n = static_cast<uint32_t>(__builtin_popcountll(clear))); clear = ~used[++w]) k -= n;
  for (; k; --k) clear &= clear - 1;
  return (w << 6) + static_cast<uint32_t>(__builtin_ctzll(clear));
}

// The unused code point `k` (from 0) places before `from`.
inline uint32_t unused_before(const uint64_t* used, uint32_t from, uint32_t k) {
  uint32_t w = (from - 1) >> 6;
  uint64_t clear = ~used[w] & (~uint64_t{0} >> (63 - ((from - 1) & 63)));
  for (uint32_t n; k >= (n = static_cast<uint32_t>(__builtin_popcountll(clear))); clear = ~used[--w]) k -= n;
  for (; k; --k) clear &= ~(uint64_t{1} << (63 - __builtin_clzll(clear)));
  return (w << 6) + 63 - static_cast<uint32_t>(__builtin_clzll(clear));
}

// Ranked stream: writes `count` code points to `out` (0 for null) and returns the number of
// stream bytes read. `used` holds a bit per code point up to the family's largest, cleared before
// the family's first ranked table and shared by its ranked tables in blob order; this sets the
// bits of the code points it writes. The stream is the generated one (its family blob's checksum
// was checked), so every code point lies inside `used`.
template <class T>
[[clang::minsize]] size_t expand_ranked_stream(const uint8_t* stream, size_t count, uint64_t* used, T* out) {
  constexpr int32_t kRankLimit = 64;   // RANK_LIMIT in delta_stream.mjs
  uint32_t cursors[2] = {0, 0x20000};  // RANKED_CURSORS
  const uint8_t* p = stream;
  int c = 0;
  for (size_t i = 0; i < count;) {
    uint32_t t = read_varint(p);
    if (t == 1) {  // the entry's own token follows
      c ^= 1;
      continue;
    }
    if (t == 0) {
      out[i++] = 0;
      continue;
    }
    int32_t m = unzigzag(t - 2);
    uint32_t cp;
    if (m >= kRankLimit)
      cp = cursors[c] + 1 + static_cast<uint32_t>(m - kRankLimit);
    else if (m <= -kRankLimit)
      cp = cursors[c] + 1 + static_cast<uint32_t>(m + kRankLimit);
    else if (m >= 0)
      cp = unused_after(used, cursors[c], static_cast<uint32_t>(m));
    else
      cp = unused_before(used, cursors[c], static_cast<uint32_t>(-m - 1));
    used[cp >> 6] |= uint64_t{1} << (cp & 63);
    cursors[c] = cp;
    out[i++] = static_cast<T>(cp);
  }
  return static_cast<size_t>(p - stream);
}

}  // namespace ew
