// The export only the core module has, over the buffers every module has (exports.cpp):
// TextEncoder.encodeInto's UTF-8 encoder. (Labels are matched in JS: js/webidl/labels.js.)
#include "encoding.h"
#include "exports.h"

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
