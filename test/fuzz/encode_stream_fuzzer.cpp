// The streaming encoder (js/webidl/encoder.js, Encoder and encodeChunk(); issue 10: "a fuzz target for the
// streaming encoder"): every encoder (all encodings but replacement and UTF-16BE/LE, chosen by the
// first input byte), a text cut into chunks at fuzzer-chosen positions (anywhere, inside surrogate
// pairs too) and encoded chunk by chunk as the streaming encoder drives the core, gives exactly the
// bytes of the one-shot encode, in the fatal and the html error mode; in fatal mode the error comes
// in the chunk that holds the first unencodable code point, at the same stream index and with the
// same code point, after the same bytes.
//
// The chunk steps mirror encodeChunk() and run_encoder.js over the C++ API: a chunk is the held
// leading surrogate plus the input; with `stream`, a leading surrogate at its end is held for the
// next chunk (and one before it, which can have no trailing surrogate, becomes U+FFFD); an empty
// chunk is no call; the core is called with kEncodeFlush on the last chunk only, again while the
// output fills, and the encoder state carries over.
//
// Input: fuzz_support.h, Plan. Flag bits 0-1: 0 the payload as UTF-16LE code units (lone
// surrogates and all); 1 the same, cut at every code unit (the split points are ignored); 2 the
// payload's bytes as U+0000..U+00FF followed by the payload as UTF-16LE; 3 as 0, with every
// split point doubled (empty chunks).
#include "fuzz_support.h"

namespace {

using namespace ew;
using namespace ew::fuzz;

const std::vector<int> kEncoders = [] {
  std::vector<int> list;
  for (int e = 0; e < kEncodingCount; ++e)
    if (has_encoder(e)) list.push_back(e);
  return list;
}();

bool is_leading_surrogate(char16_t c) { return c >= 0xD800 && c <= 0xDBFF; }

std::u16string utf16le(const uint8_t* p, size_t n) {
  std::u16string s;
  for (size_t i = 0; i + 1 < n; i += 2) s += static_cast<char16_t>(p[i] | (p[i + 1] << 8));
  return s;
}

// One streaming encoder: its state between chunks, the held leading surrogate, the stream's code
// units given to the core so far, its output, and its error (fatal mode).
struct StreamEncoder {
  StreamEncoder(int encoding_, uint32_t options_, size_t capacity_)
      : encoding(encoding_), options(options_), capacity(capacity_) {}
  int encoding;
  uint32_t options;  // 0 (fatal) or kHtml
  size_t capacity;   // of each core call's output
  EncoderState state{};
  std::u16string leading;
  size_t position = 0;
  Bytes out;
  bool error = false;
  uint32_t code_point = 0;
  size_t error_index = 0;

  // encodeChunk(input, { stream }).
  void chunk(const std::u16string& input, bool stream) {
    std::u16string text = leading + input;
    leading.clear();
    if (stream && !text.empty() && is_leading_surrogate(text.back())) {
      leading = text.substr(text.size() - 1);
      text.pop_back();
      if (!text.empty() && is_leading_surrogate(text.back())) text.back() = 0xFFFD;
    }
    if (stream && text.empty()) return;
    const uint32_t call_options = options | (stream ? 0 : kEncodeFlush);
    std::vector<uint8_t> buffer(capacity);
    size_t offset = 0;
    for (;;) {
      EncodeResult r = encode_from_utf16(encoding, call_options, state, text.data() + offset,
                                         text.size() - offset, buffer.data(), buffer.size());
      out.insert(out.end(), buffer.data(), buffer.data() + r.written);
      if (r.status == kError) {
        error = true;
        code_point = r.code_point;
        error_index = position + offset + r.read;
        return;
      }
      offset += r.read;
      if (r.status == kDone) break;
      FUZZ_CHECK(r.status == kOutputFull && (r.read > 0 || r.written > 0), "a core call made no progress");
    }
    FUZZ_CHECK(offset == text.size(), "the core left input unread (the held surrogate is not in this chunk)");
    position = stream ? position + text.size() : 0;
  }
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  encodings_json();
  load_all_families();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Plan plan = read_plan(data, size, kEncoders.data(), kEncoders.size());
  std::u16string text = utf16le(plan.payload, plan.length);
  if (plan.own_bits == 2) text = std::u16string(plan.payload, plan.payload + plan.length) + text;
  std::vector<size_t> cuts = split_points(plan.split_values, text.size());
  if (plan.own_bits == 1) {
    cuts.clear();
    for (size_t i = 1; i < text.size(); ++i) cuts.push_back(i);
  } else if (plan.own_bits == 3) {
    const std::vector<size_t> once = cuts;
    cuts.clear();
    for (size_t c : once) cuts.insert(cuts.end(), {c, c});
  }

  for (uint32_t options : {0u, static_cast<uint32_t>(kHtml)}) {
    // The one-shot encode (fuzz_support.cpp checks it against the spec's oracle in encode_fuzzer).
    const Encoded whole = encode_utf16(plan.encoding, text, options);
    // Chunks of the generous capacity run_encoder.js has (its 64 KiB output), and of a small one.
    for (size_t capacity : {text.size() * kMaxEncodeStep + kMaxEncodeStep, plan.small_capacity}) {
      StreamEncoder s(plan.encoding, options, capacity);
      size_t start = 0;
      for (size_t k = 0; k <= cuts.size() && !s.error; ++k) {
        size_t end = k < cuts.size() ? cuts[k] : text.size();
        s.chunk(text.substr(start, end - start), k < cuts.size());
        start = end;
      }
      auto what = [&] {
        return std::string(encoding_name(plan.encoding)) + (options ? " html" : " fatal") + ", capacity " +
               std::to_string(capacity) + ", " + std::to_string(cuts.size() + 1) + " chunks\n  text [" +
               hex(text) + "]\n  one-shot [" + hex(whole.bytes) + "]" + (whole.error ? " error" : "") +
               "\n  streamed [" + hex(s.out) + "]" + (s.error ? " error" : "");
      };
      FUZZ_CHECK(s.out == whole.bytes && s.error == whole.error,
                 "streamed bytes differ from one-shot: " + what());
      if (whole.error) {
        FUZZ_CHECK(s.code_point == whole.code_point && s.error_index == whole.read,
                   "streamed error at index " + std::to_string(s.error_index) + " U+" +
                       std::to_string(s.code_point) + ", one-shot at " + std::to_string(whole.read) + ": " +
                       what());
      }
    }
  }
  return 0;
}
