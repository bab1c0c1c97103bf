// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
#include "delta_stream.h"
#include "generated/codecs.h"
#include "generated/single_byte_tables.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace ew {
namespace {

// index single-byte for each encoding, expanded from the generated delta streams on first use:
// code point for pointer 0..127 (byte 0x80..0xFF), 0 for null.
uint16_t g_index[kSingleByteCount][128];
bool g_index_ready[kSingleByteCount];

const uint16_t* index_single_byte(int index) {
  if (!g_index_ready[index]) {
    expand_delta_stream(generated::kSingleByteStreams + generated::kSingleByteOffset[index], 128, 0x7F,
                        g_index[index]);
    g_index_ready[index] = true;
  }
  return g_index[index];
}

// The decoder's view of an index: all 256 bytes (ASCII as itself), kNull for a null code point.
// U+FFFF is in no single-byte index, so it can mark null.
constexpr uint16_t kNull = 0xFFFF;

struct DecodeTable {
  uint16_t unit[256];
#ifdef __wasm_simd128__
  // The bytes whose code point is null, as a set for i8x16.swizzle: bit (b >> 4) - 8 of
  // null_rows[b & 0xF] (only bytes 0x80..0xFF can be null).
  v128_t null_rows;
  bool has_null;
  // Rows (the sixteen bytes with the same high nibble) that decode linearly, code point = byte +
  // delta, as tables for i8x16.swizzle by high nibble: linear_rows is 0xFF for such a row (rows
  // 0x0..0x7 always are, with delta 0) and delta_low/delta_high are the bytes of its 16-bit delta
  // (mod 2^16). Windows-1251's 0xC0..0xFF are U+0410..U+044F, for example.
  v128_t linear_rows, delta_low, delta_high;
  bool has_linear;  // some row of 0x80..0xFF is linear
  // A window of four rows, the 64 bytes from window_base (the highest such), none null, whose code
  // points all have the high byte window_high, with the low bytes of those code points, four
  // swizzle tables: KOI8-R's 0xC0..0xFF are the Cyrillic letters U+0410..U+044F in an order of
  // their own.
  alignas(16) uint8_t window_low[64];
  uint8_t window_base, window_high;
  bool has_window;
#endif
};
DecodeTable g_decode[kSingleByteCount];
bool g_decode_ready[kSingleByteCount];

// Builds the decoder's table of single-byte encoding `index`, on its first use. Built for size
// (minsize, and the loops neither unrolled nor vectorized): it runs once per encoding.
[[gnu::noinline, clang::minsize]] void build_decode_table(int index) {
  DecodeTable& t = g_decode[index];
  const uint16_t* cps = index_single_byte(index);
#pragma clang loop vectorize(disable) unroll(disable)
  for (int b = 0; b < 0x80; ++b) t.unit[b] = static_cast<uint16_t>(b);
#pragma clang loop vectorize(disable) unroll(disable)
  for (int p = 0; p < 0x80; ++p) t.unit[0x80 + p] = cps[p] ? cps[p] : kNull;
#ifdef __wasm_simd128__
  alignas(16) uint8_t rows[16] = {};
  for (int p = 0; p < 0x80; ++p) {
    if (!cps[p]) rows[p & 0xF] |= static_cast<uint8_t>(1 << (p >> 4)), t.has_null = true;
  }
  t.null_rows = wasm_v128_load(rows);
  alignas(16) uint8_t linear[16], low[16], high[16];
  for (int row = 0; row < 16; ++row) {
    uint16_t delta = static_cast<uint16_t>(t.unit[row << 4] - (row << 4));
    bool is_linear = true;
    for (int b = row << 4; b < (row + 1) << 4; ++b) {
      if (t.unit[b] == kNull || static_cast<uint16_t>(t.unit[b] - b) != delta) is_linear = false;
    }
    linear[row] = is_linear ? 0xFF : 0;
    low[row] = is_linear ? static_cast<uint8_t>(delta) : 0;
    high[row] = is_linear ? static_cast<uint8_t>(delta >> 8) : 0;
    if (is_linear && row >= 8) t.has_linear = true;
  }
  t.linear_rows = wasm_v128_load(linear);
  t.delta_low = wasm_v128_load(low);
  t.delta_high = wasm_v128_load(high);
  for (int base = 0xC0; base >= 0x80 && !t.has_window; base -= 0x10) {
    int b = base;
    while (b < base + 64 && t.unit[b] != kNull && t.unit[b] >> 8 == t.unit[base] >> 8) ++b;
    if (b < base + 64) continue;
#pragma clang loop vectorize(disable) unroll(disable)
    for (int k = 0; k < 64; ++k) t.window_low[k] = static_cast<uint8_t>(t.unit[base + k]);
    t.window_base = static_cast<uint8_t>(base);
    t.window_high = static_cast<uint8_t>(t.unit[base] >> 8);
    t.has_window = true;
  }
#endif
}

const DecodeTable& decode_table(int index) {
  if (!g_decode_ready[index]) {
    g_decode_ready[index] = true;
    build_decode_table(index);
  }
  return g_decode[index];
}

#ifdef __wasm_simd128__
// Whether one of the sixteen bytes `v` has a null code point in `table`.
inline bool any_null(const DecodeTable& table, v128_t v) {
  const v128_t bit_of_high_nibble = wasm_i8x16_make(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
  v128_t row = wasm_i8x16_swizzle(table.null_rows, wasm_v128_and(v, wasm_i8x16_splat(0x0F)));
  v128_t bit = wasm_i8x16_swizzle(bit_of_high_nibble, wasm_u8x16_shr(v, 4));
  return wasm_v128_any_true(wasm_v128_and(row, bit));
}

// Decodes whole sixteen-byte blocks of in[0..n) up to the first that holds a byte whose code
// point is null, and returns their length. An all-ASCII block is widened; with kLinear, a block
// whose bytes all lie in linear rows gets each row's delta added (two swizzles); a block of ASCII
// and bytes of the window gets the low bytes of its code points from four swizzles; a block with
// at most four non-ASCII bytes is widened and those four looked up; any other block goes through
// the table byte by byte. Neither a linear row nor the window holds a null, so only the last two
// kinds of block look for one (null_rows, where the table has a null): no pass of its own.
// The window is tried only without kLinear, in an instantiation of its own (kWindow; KOI8-R,
// KOI8-U, windows-1251, ...): its constants, held through the loop of the others, made them slower
// (windows-1250 0.29 -> 0.38 us per 4 KiB). Measured with ew_decode on 4 KiB of ru.koi8-r.bin
// (Node 20): 0.61 us with its blocks through the table and a null scan of its own, 0.47 us with
// the window, 0.40 us with the tests as byte masks (i8x16.bitmask; V8 makes all_true and lt_u of
// several instructions each).
// The linear test is a separate instantiation because it costs the blocks it fails: tables without
// a linear row ran 10-15% slower with it (koi8-r, windows-1250), and with kLinear the loop gives up
// (returns early, for the caller to go on without it) after four failures in a row, as on English
// windows-1252 text, whose non-ASCII bytes are mostly quotes and dashes from rows 0x80/0x90.
template <bool kLinear, bool kWindow>
size_t decode_blocks(const DecodeTable& table, const uint8_t* in, size_t n, char16_t* out) {
  const uint16_t* unit = table.unit;
  const uint8_t* p = in;
  const bool has_null = table.has_null;
  const v128_t window_base = wasm_i8x16_splat(static_cast<int8_t>(table.window_base));
  const v128_t window_high = wasm_i8x16_splat(static_cast<int8_t>(table.window_high));
  const v128_t window0 = wasm_v128_load(table.window_low), window1 = wasm_v128_load(table.window_low + 16);
  const v128_t window2 = wasm_v128_load(table.window_low + 32),
               window3 = wasm_v128_load(table.window_low + 48);
  int misses = 0;
  for (const uint8_t* end = in + (n & ~size_t{15}); p != end; p += 16, out += 16) {
    v128_t v = wasm_v128_load(p);
    uint32_t high = wasm_i8x16_bitmask(v);
    if (!high) {
      wasm_v128_store(out, wasm_u16x8_extend_low_u8x16(v));
      wasm_v128_store(out + 8, wasm_u16x8_extend_high_u8x16(v));
      continue;
    }
    if (kLinear) {
      v128_t row = wasm_u8x16_shr(v, 4);
      if (wasm_i8x16_bitmask(wasm_i8x16_swizzle(table.linear_rows, row)) == 0xFFFF) {
        v128_t low = wasm_i8x16_swizzle(table.delta_low, row);
        v128_t high_bytes = wasm_i8x16_swizzle(table.delta_high, row);
        v128_t delta0 =
            wasm_i8x16_shuffle(low, high_bytes, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
        v128_t delta1 =
            wasm_i8x16_shuffle(low, high_bytes, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
        wasm_v128_store(out, wasm_i16x8_add(wasm_u16x8_extend_low_u8x16(v), delta0));
        wasm_v128_store(out + 8, wasm_i16x8_add(wasm_u16x8_extend_high_u8x16(v), delta1));
        misses = 0;
        continue;
      }
    }
    if (kWindow) {
      // Byte - window_base is below 64 for the window's bytes and at least 64 for ASCII. A swizzle
      // gives 0 for an index past its 16 entries, so a byte of the window gets the entry of one
      // table and ASCII none; ASCII keeps its byte as the low byte, and a high byte of 0.
      v128_t at = wasm_i8x16_sub(v, window_base);
      v128_t in_window = wasm_i8x16_eq(wasm_v128_and(at, wasm_i8x16_splat(-64)), wasm_i64x2_splat(0));
      if ((high & ~wasm_i8x16_bitmask(in_window)) == 0) {
        v128_t low = wasm_v128_or(wasm_i8x16_swizzle(window0, at),
                                  wasm_i8x16_swizzle(window1, wasm_i8x16_sub(at, wasm_i8x16_splat(16))));
        low = wasm_v128_or(low, wasm_i8x16_swizzle(window2, wasm_i8x16_sub(at, wasm_i8x16_splat(32))));
        low = wasm_v128_or(low, wasm_i8x16_swizzle(window3, wasm_i8x16_sub(at, wasm_i8x16_splat(48))));
        low = wasm_v128_or(low, wasm_v128_andnot(v, in_window));
        v128_t high_bytes = wasm_v128_and(in_window, window_high);
        wasm_v128_store(
            out, wasm_i8x16_shuffle(low, high_bytes, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
        wasm_v128_store(out + 8, wasm_i8x16_shuffle(low, high_bytes, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13,
                                                    29, 14, 30, 15, 31));
        continue;
      }
    }
    if (has_null && any_null(table, v)) break;
    if (__builtin_popcount(high) <= 4) {
      // Mostly ASCII: widened, then the few others through the table.
      wasm_v128_store(out, wasm_u16x8_extend_low_u8x16(v));
      wasm_v128_store(out + 8, wasm_u16x8_extend_high_u8x16(v));
      for (; high; high &= high - 1) out[__builtin_ctz(high)] = unit[p[__builtin_ctz(high)]];
    } else {
      for (int k = 0; k < 16; ++k) out[k] = unit[p[k]];
    }
    if (kLinear && ++misses == 4) return static_cast<size_t>(p + 16 - in);
  }
  return static_cast<size_t>(p - in);
}
#endif

// https://encoding.spec.whatwg.org/#single-byte-decoder
struct SingleByteDecoder {
  using State = NoState;

  const DecodeTable& table;

  // One code unit per byte: sixteen bytes at a time up to the block with the first null
  // (decode_blocks), then the rest through the table up to that null, which is left for byte() to
  // report.
  // Measured on 4 KiB calls (node 20, wasm only, best of 100 in one process): ru.windows-1251.bin
  // took 3.8 us per call byte by byte with a null test each, 1.4 us with the null scan and blocks
  // through the table (ru.koi8-r.bin too), 0.95 us with the linear rows; pl.windows-1250.bin, one
  // Polish letter in every few blocks, 1.25 us without the mostly-ASCII case, 0.95 us with it.
  // (ew_decode alone, without the call's other steps, over the 4 KiB pieces of the files, later:
  // windows-1251 0.37 us with the null scan a pass of its own, 0.33 us with the null test in the
  // blocks that need one; koi8-r: see decode_blocks.)
  size_t fast(State&, const uint8_t* in, size_t n, Utf16Writer& w) {
    const uint16_t* unit = table.unit;
    char16_t* out = w.p;
#ifdef __wasm_simd128__
    size_t i = table.has_linear ? decode_blocks<true, false>(table, in, n, out) : 0;
    i += table.has_window ? decode_blocks<false, true>(table, in + i, n - i, out + i)
                          : decode_blocks<false, false>(table, in + i, n - i, out + i);
#else
    size_t i = 0;
#endif
    for (; i < n && unit[in[i]] != kNull; ++i) out[i] = unit[in[i]];
    w.p = out + i;
    return i;
  }

  // 2.-5. Only a byte whose index code point is null reaches this from fast(), but a byte the
  // output buffer had no room for may too.
  Step byte(State&, uint8_t b, Utf16Writer& w, Restored&) {
    uint16_t c = table.unit[b];
    if (c == kNull) return kStepError;
    *w.p++ = c;
    return kContinue;
  }

  Step end(State&, Restored&) { return kContinue; }
};

// The encoder's lookup: https://encoding.spec.whatwg.org/#index-pointer as code point -> byte in
// two levels, built on first use of an encoding's encoder. encode_page[index][cp >> 8] is the
// slot in encode_bytes of the 256-code-point page that holds cp (slot 0: the shared page of zeros),
// and the slot holds the byte (pointer + 0x80) of each of the page's code points, 0 for none, and
// for U+0001..U+007F their own byte (so that one lookup answers every code point in bytes()). All
// of it is static: the pages of every encoding together are kEncoderPages (counted here at compile
// time from the same tables), 256 bytes each, besides a 256-byte directory per encoding.
constexpr int pages_of(int index) {
  uint16_t cps[128] = {};
  expand_delta_stream(generated::kSingleByteStreams + generated::kSingleByteOffset[index], 128, 0x7F, cps);
  bool used[256] = {true};  // page 0, for ASCII
  int pages = 1;
  for (uint16_t cp : cps)
    if (cp && !used[cp >> 8]) used[cp >> 8] = true, ++pages;
  return pages;
}
constexpr int kEncoderPages = [] {
  int total = 0;
  for (int index = 0; index < kSingleByteCount; ++index) total += pages_of(index);
  return total;
}();
static_assert(kEncoderPages < 256, "slots are bytes");

uint8_t g_encode_page[kSingleByteCount][256];
uint8_t g_encode_bytes[kEncoderPages + 1][256];
int g_encode_slots = 1;  // slot 0 stays zeros
bool g_encode_ready[kSingleByteCount];

#ifdef __wasm_simd128__
// The 64 code points from `base` (a multiple of 16) that hold most of an encoding's code points,
// as four tables for i8x16.swizzle: the byte of base + k is bytes[k / 16] lane k % 16, 0 for none.
// Cyrillic (windows-1251, KOI8-R, ...) is U+0410..U+044F, for example. A sixteen-unit block of
// ASCII and these code points encodes in a few SIMD steps instead of sixteen lookups.
struct Segment {
  v128_t bytes[4];
  uint32_t base;
};
Segment g_segment[kSingleByteCount];

void build_segment(int index, const uint16_t* table) {
  uint32_t best = 0, best_count = 0;
  for (int p = 0; p < 128; ++p) {
    uint32_t base = table[p] & ~0xFu;
    if (!table[p] || base == best) continue;
    uint32_t count = 0;
    for (int q = 0; q < 128; ++q) count += table[q] >= base && table[q] < base + 64;
    if (count > best_count) best = base, best_count = count;
  }
  alignas(16) uint8_t bytes[64] = {};
  for (int p = 127; p >= 0; --p)  // descending, so that the first pointer's byte is the one left
    if (table[p] >= best && table[p] < best + 64) bytes[table[p] - best] = static_cast<uint8_t>(p + 0x80);
  for (int k = 0; k < 4; ++k) g_segment[index].bytes[k] = wasm_v128_load(bytes + 16 * k);
  g_segment[index].base = best;
}
#endif

void build_encoder_lookup(int index) {
  const uint16_t* table = index_single_byte(index);
  uint8_t* page = g_encode_page[index];
  page[0] = static_cast<uint8_t>(g_encode_slots++);
  for (int b = 1; b < 0x80; ++b) g_encode_bytes[page[0]][b] = static_cast<uint8_t>(b);
  // Ascending pointers, and a byte is written only while its entry is still 0: the first pointer
  // for a code point wins, as index pointer says.
  for (int p = 0; p < 128; ++p) {
    uint32_t cp = table[p];
    if (!cp) continue;
    if (!page[cp >> 8]) page[cp >> 8] = static_cast<uint8_t>(g_encode_slots++);
    uint8_t& entry = g_encode_bytes[page[cp >> 8]][cp & 0xFF];
    if (!entry) entry = static_cast<uint8_t>(p + 0x80);
  }
#ifdef __wasm_simd128__
  build_segment(index, table);
#endif
  g_encode_ready[index] = true;
}

// https://encoding.spec.whatwg.org/#single-byte-encoder
struct SingleByteEncoder : StatelessEncoder {
  const uint8_t* page;  // g_encode_page[index]
  static constexpr bool kOneByte = true;
#ifdef __wasm_simd128__
  const Segment* segment;  // &g_segment[index]

  // Sixteen units that are all ASCII or in the segment, whose code points all have a byte.
  bool block(const char16_t* in, uint8_t* out) const {
    v128_t a = wasm_v128_load(in), b = wasm_v128_load(in + 8);
    const v128_t base = wasm_i16x8_splat(static_cast<int16_t>(segment->base));
    const v128_t ascii_max = wasm_i16x8_splat(0x7F), last = wasm_i16x8_splat(63);
    v128_t da = wasm_i16x8_sub(a, base), db = wasm_i16x8_sub(b, base);
    v128_t in_a = wasm_v128_not(wasm_u16x8_gt(da, last)), in_b = wasm_v128_not(wasm_u16x8_gt(db, last));
    v128_t ascii_a = wasm_v128_not(wasm_u16x8_gt(a, ascii_max));
    v128_t ascii_b = wasm_v128_not(wasm_u16x8_gt(b, ascii_max));
    v128_t in_segment = wasm_i8x16_narrow_i16x8(in_a, in_b);  // 0 or -1 per unit
    if (!wasm_i8x16_all_true(wasm_v128_or(in_segment, wasm_i8x16_narrow_i16x8(ascii_a, ascii_b))))
      return false;
    // Offsets 0..63 in the segment's lanes (anything in the others: not selected below).
    v128_t k = wasm_u8x16_narrow_i16x8(wasm_v128_and(da, last), wasm_v128_and(db, last));
    const v128_t sixteen = wasm_i8x16_splat(16);
    v128_t found = wasm_i8x16_swizzle(segment->bytes[0], k);
    k = wasm_i8x16_sub(k, sixteen);
    found = wasm_v128_or(found, wasm_i8x16_swizzle(segment->bytes[1], k));
    k = wasm_i8x16_sub(k, sixteen);
    found = wasm_v128_or(found, wasm_i8x16_swizzle(segment->bytes[2], k));
    k = wasm_i8x16_sub(k, sixteen);
    found = wasm_v128_or(found, wasm_i8x16_swizzle(segment->bytes[3], k));
    if (wasm_v128_any_true(wasm_v128_and(in_segment, wasm_i8x16_eq(found, wasm_i8x16_splat(0)))))
      return false;
    wasm_v128_store(out, wasm_v128_bitselect(found, wasm_u8x16_narrow_i16x8(a, b), in_segment));
    return true;
  }
#endif

  // Steps 2 and 5 in one lookup, for the driver's loop (0 for U+0000, left to code_point()).
  uint32_t bytes(const EncoderState&, uint32_t cp) const {
    return cp <= 0xFFFF ? g_encode_bytes[page[cp >> 8]][cp & 0xFF] : 0;
  }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    // 2. An ASCII code point is its own byte.
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3. Let pointer be the index pointer for code point in index single-byte (every code point of
    //    the indexes is in the BMP).
    uint8_t b = cp <= 0xFFFF ? g_encode_bytes[page[cp >> 8]][cp & 0xFF] : 0;
    // 4. If pointer is null, return error with code point.
    if (!b) return kStepError;
    // 5. pointer + 0x80.
    w.push(b);
    return kContinue;
  }
};

}  // namespace

DecodeResult decode_single_byte(int index, DecoderState& st, const DecodeCall& call) {
  return run_decoder(SingleByteDecoder{decode_table(index)}, st, call);
}

EncodeResult encode_single_byte(int index, EncoderState& st, const EncodeCall& call) {
  if (!g_encode_ready[index]) build_encoder_lookup(index);
#ifdef __wasm_simd128__
  return run_encoder(SingleByteEncoder{.page = g_encode_page[index], .segment = &g_segment[index]}, st, call);
#else
  return run_encoder(SingleByteEncoder{.page = g_encode_page[index]}, st, call);
#endif
}

}  // namespace ew
