// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
#include "delta_stream.h"
#include "families.h"
#include "generated/single_byte_tables.h"

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
uint16_t g_decode[kSingleByteCount][256];
bool g_decode_ready[kSingleByteCount];

const uint16_t* decode_table(int index) {
  uint16_t* t = g_decode[index];
  if (!g_decode_ready[index]) {
    g_decode_ready[index] = true;
    const uint16_t* cps = index_single_byte(index);
    for (int b = 0; b < 0x80; ++b) t[b] = static_cast<uint16_t>(b);
    for (int p = 0; p < 0x80; ++p) t[0x80 + p] = cps[p] ? cps[p] : kNull;
  }
  return t;
}

// https://encoding.spec.whatwg.org/#single-byte-decoder
struct SingleByteDecoder {
  const uint16_t* table;  // decode_table()

  // Sixteen bytes at a time: widened with SIMD when all ASCII, else through the table. Stops at a
  // byte whose code point is null, for byte() to report.
  size_t fast(DecoderState&, const uint8_t* in, size_t n, Utf16Writer& w) {
    size_t i = 0;
    for (;;) {
      i += fast_ascii(in + i, n - i, w);
      size_t block_end = n - i < 16 ? n : i + 16;
      for (; i < block_end; ++i) {
        uint16_t c = table[in[i]];
        if (c == kNull) return i;
        *w.p++ = c;
      }
      if (i == n) return i;
    }
  }

  // 2.-5. Only a byte whose index code point is null reaches this from fast(), but a byte the
  // output buffer had no room for may too.
  Step byte(DecoderState&, uint8_t b, Utf16Writer& w, Restored&) {
    uint16_t c = table[b];
    if (c == kNull) return kStepError;
    *w.p++ = c;
    return kContinue;
  }

  Step end(DecoderState&, Restored&) { return kContinue; }
};

// index pointer lookups for the encoder: (code point << 8 | pointer) sorted by code point, built on
// first use of an encoding's encoder.
uint32_t g_reverse[kSingleByteCount][128];
uint8_t g_reverse_count[kSingleByteCount];
bool g_reverse_ready[kSingleByteCount];

// https://encoding.spec.whatwg.org/#single-byte-encoder
struct SingleByteEncoder {
  const uint32_t* pairs;
  int count;

  bool ascii_passes(const EncoderState&) const { return true; }

  Step code_point(EncoderState&, uint32_t cp, ByteWriter& w) {
    if (cp < 0x80) {
      w.push(static_cast<uint8_t>(cp));
      return kContinue;
    }
    // 3. Let pointer be the index pointer for code point in index single-byte.
    int lo = 0, hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) / 2;
      uint32_t key = pairs[mid] >> 8;
      if (key == cp) {
        w.push(static_cast<uint8_t>((pairs[mid] & 0xFF) + 0x80));
        return kContinue;
      }
      if (key < cp) lo = mid + 1; else hi = mid - 1;
    }
    // 4. If pointer is null, return error with code point.
    return kStepError;
  }

  void end(EncoderState&, ByteWriter&) {}
};

void build_reverse(int index) {
  const uint16_t* table = index_single_byte(index);
  uint32_t* pairs = g_reverse[index];
  int n = 0;
  for (uint32_t p = 0; p < 128; ++p) {
    if (!table[p]) continue;
    // Insertion sort: 128 entries, once per encoding.
    uint32_t v = (static_cast<uint32_t>(table[p]) << 8) | p;
    int k = n++;
    while (k > 0 && pairs[k - 1] > v) pairs[k] = pairs[k - 1], --k;
    pairs[k] = v;
  }
  g_reverse_count[index] = static_cast<uint8_t>(n);
  g_reverse_ready[index] = true;
}

}  // namespace

DecodeResult decode_single_byte(int index, DecoderState& st, const DecodeCall& call) {
  SingleByteDecoder codec{decode_table(index)};
  return run_decoder(codec, st, call);
}

EncodeResult encode_single_byte(int index, EncoderState& st, const EncodeCall& call) {
  if (!g_reverse_ready[index]) build_reverse(index);
  SingleByteEncoder codec{g_reverse[index], g_reverse_count[index]};
  return run_encoder(codec, st, call);
}

}  // namespace ew
