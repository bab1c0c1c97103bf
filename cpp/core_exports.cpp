// The exports only the core module has, over the buffers every module has (exports.cpp): label
// matching and TextEncoder.encodeInto's UTF-8 encoder.
#include "encoding.h"
#include "exports.h"

// The label is `length` UTF-16 code units at ew_input(). Returns the Encoding or -1. (Not in the
// lite core: encoding-wasm/lite matches labels in JS, js/lite/labels.js, and the linker then drops
// the label table.)
#if !EW_LITE
EW_EXPORT int ew_get_encoding(uint32_t length) {
  if (length > ew_input_capacity() / 2) return -1;
  return ew::get_encoding(reinterpret_cast<const char16_t*>(ew_input()), length);
}
#endif  // !EW_LITE

#if !EW_DECODE_ONLY
// TextEncoder.encodeInto's UTF-8 encoder: `length` UTF-16 code units at ew_input() into at most
// `capacity` bytes at ew_output(). Read and written land in the scratch slots kScratchRead and
// kScratchWritten.
EW_EXPORT void ew_encode_into(uint32_t length, uint32_t capacity) {
  length = length < ew_input_capacity() / 2 ? length : ew_input_capacity() / 2;
  capacity = capacity < ew_output_capacity() * 2 ? capacity : ew_output_capacity() * 2;
  ew::Utf8IntoResult r = ew::utf16_to_utf8(reinterpret_cast<const char16_t*>(ew_input()), length,
                                           reinterpret_cast<uint8_t*>(ew_output()), capacity);
  uint32_t* scratch = ew_scratch();
  scratch[ew::kScratchRead] = r.read;
  scratch[ew::kScratchWritten] = r.written;
}
#endif  // !EW_DECODE_ONLY
