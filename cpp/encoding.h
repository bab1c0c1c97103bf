// The core's public C++ API: decode to UTF-16, encode from UTF-8 or UTF-16. (Getting an encoding from
// a label is JS's: js/webidl/labels.js.)
// https://encoding.spec.whatwg.org/
// Results are values ({status, read, written}); nothing here throws or allocates.
#pragma once
#include <cstddef>
#include <cstdint>

#include "generated/abi.h"        // DecodeOption, EncodeOption, Status
#include "generated/encodings.h"  // Encoding, has_encoder

namespace ew {

// A decoder instance's state: eight bytes the caller keeps between calls (docs/design.md section 5).
// A zeroed state is a new decoder. `codec` holds the encoding's decoder's variables, as the State
// struct each family file declares (decode_driver.h); `flags` belongs to the driver. Taken as two
// little-endian 32-bit words (as JS keeps them), neither ever reaches 2^31: bytes 3 and 7 stay
// below 0x80, so JS holds both as small integers.
struct DecoderState {
  uint8_t codec[7];
  uint8_t flags;  // owned by the driver (kBomSeen)
};
static_assert(sizeof(DecoderState) == 8);

struct DecodeResult {
  uint32_t status;
  uint32_t read;     // bytes consumed; with kError, those before the byte at which the error was
                     // found (all of them for an error found at end-of-queue)
  uint32_t begin;    // output starts at out[begin] (1 when a leading BOM was dropped)
  uint32_t written;  // output ends at out[written]
  // With kError in a call without kFlush: the bytes the error restored to the I/O queue, which the
  // decoder (whose state the error left: do not flush stays true) processes next, before
  // in[read + 1..] and then any later input; the count in bits 0-7, then up to three bytes, the
  // first in bits 8-15. Those bytes and in[read + 1..] are the stream's bytes just before and after
  // in[read + 1]. (A fatal error in a call with kFlush leaves a new decoder, and 0 here.)
  uint32_t restored;
};

// Whether this build records errors (kRecordErrors, kEncodeRecordErrors) at all: the core, the
// family modules and the native builds have it; the lite core (dist/encoding-lite.wasm, the
// decoders' core) is built with EW_ERROR_LOG=0 (tools/generator/boundary.mjs, docs/design.md section 16).
#ifndef EW_ERROR_LOG
#define EW_ERROR_LOG 1
#endif
inline constexpr bool kErrorLogBuilt = EW_ERROR_LOG;

// Whether this build has the encoders' exports (ew_encode, and the core's ew_encode_into): the
// lite core (the decoders' core a browser's TextDecoder loads) is built with EW_DECODE_ONLY=1, which leaves
// them out, so the linker drops every encoder and its lookups (tools/generator/boundary.mjs, VARIANTS;
// docs/design.md section 13).
#ifndef EW_DECODE_ONLY
#define EW_DECODE_ONLY 0
#endif

// Whether this is the lite core (dist/encoding-lite.wasm: EW_LITE=1, with EW_DECODE_ONLY=1 and no SIMD):
// the decode driver skips every codec's fast() path and runs the spec's handler for each byte, so
// that the module holds little more than the handlers and the single-byte tables
// (docs/design.md section 13).
#ifndef EW_LITE
#define EW_LITE 0
#endif
inline constexpr bool kLiteBuilt = EW_LITE;

// Where the drivers record errors (the scratch area's error log at the wasm boundary): decode
// (kRecordErrors, replacement mode), the malformed bytes of each error as [start, end) relative to
// the call's input (start is negative for bytes held from earlier calls; decode_driver.h defines
// which bytes), two words each; encode (html mode with kEncodeRecordErrors), the input index of
// each unencodable code point, the code point (the encoder's error: ISO-2022-JP's is U+FFFD for
// U+000E, U+000F and U+001B) and where its "&#N;" starts in the output, three words each. A driver
// given a log stops early (kOutputFull) once it has fewer than kErrorLogMargin records of room left.
struct ErrorLog {
  uint32_t count;
  uint32_t capacity;  // in records
  uint32_t* records;  // capacity records of two words (decode) or three (encode)
  [[gnu::noinline]] void add(uint32_t first, uint32_t second) {
    records[2 * count] = first;
    records[2 * count + 1] = second;
    ++count;
  }
  [[gnu::noinline]] void add(uint32_t first, uint32_t second, uint32_t third) {
    records[3 * count] = first;
    records[3 * count + 1] = second;
    records[3 * count + 2] = third;
    ++count;
  }
};
// The most errors one decoder step records with the bytes it restores (and end-of-queue).
inline constexpr uint32_t kErrorLogMargin = 8;

// An output capacity for `byte_length` bytes of input that never fills (kOutputFull): at most one
// code unit per byte, plus what the state pending from earlier calls can still produce (a few
// units: U+FFFD and restored bytes), plus the room the driver keeps free for one more step.
constexpr size_t max_utf16_length(size_t byte_length) { return byte_length + 32; }

// Decodes `in` with `encoding`'s decoder, continuing from and updating `state`, and writes UTF-16
// code units to `out` (capacity `out_capacity`, at least 16). Implements the decoder loop of
// https://encoding.spec.whatwg.org/#dom-textdecoder-decode including "serialize I/O queue" (BOM).
// With a log and kRecordErrors (replacement mode), records every error (where kErrorLogBuilt).
DecodeResult decode_to_utf16(int encoding, uint32_t options, DecoderState& state, const uint8_t* in,
                             size_t length, char16_t* out, size_t out_capacity, ErrorLog* log = nullptr);

// An encoder instance's state (only ISO-2022-JP has one).
struct EncoderState {
  uint32_t word;
};

struct EncodeResult {
  uint32_t status;
  uint32_t read;        // input code units consumed (bytes for UTF-8 input, units for UTF-16)
  uint32_t written;     // bytes written
  uint32_t code_point;  // with kError: the code point that cannot be encoded
};

// Worst-case bytes written per input scalar value ("&#1114111;" or an escape plus a character).
constexpr size_t kMaxEncodeStep = 16;

// Encodes scalar values given as well-formed UTF-8 (as TextEncoder.encodeInto writes them). With a
// log and kHtml | kEncodeRecordErrors, records every unencodable code point.
EncodeResult encode_from_utf8(int encoding, uint32_t options, EncoderState& state, const uint8_t* in,
                              size_t length, uint8_t* out, size_t out_capacity, ErrorLog* log = nullptr);
// Encodes UTF-16 code units; a lone surrogate is U+FFFD ("convert to I/O queue" of a USVString).
// An unpaired leading surrogate at the very end of `in` is left unread unless kEncodeFlush is set.
EncodeResult encode_from_utf16(int encoding, uint32_t options, EncoderState& state, const char16_t* in,
                               size_t length, uint8_t* out, size_t out_capacity, ErrorLog* log = nullptr);

// The UTF-8 encoder with TextEncoder.encodeInto's contract: writes whole scalar values only while
// they fit, lone surrogates as U+FFFD. https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto
struct Utf8IntoResult {
  uint32_t read;     // UTF-16 code units consumed
  uint32_t written;  // bytes written
};
Utf8IntoResult utf16_to_utf8(const char16_t* in, size_t length, uint8_t* out, size_t out_capacity);

}  // namespace ew
