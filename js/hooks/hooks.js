// encoding-wasm/hooks: the Encoding Standard's hooks for other standards (HTML, URL, Fetch, XHR,
// FileReader), https://encoding.spec.whatwg.org/#specification-hooks and #legacy-hooks, as
// functions. Where @exodus/bytes (which whatwg-url and jsdom call) has the same hook, the name and
// argument order are its own (labelToName, normalizeEncoding, getBOMEncoding, legacyHookDecode), so
// a library can switch with an import alias; the rest are named after the standard's terms.
// Not imported by the main entry: the TextDecoder bundle does not carry any of it.
import { encodingId, encodingName, instanceFor, REPLACEMENT } from '../wasm/core.js';
import { runDecoder } from '../wasm/run_decoder.js';
import { runEncoder } from '../wasm/run_encoder.js';
import { encode, encoderId } from '../webidl/encode.js';
import { SPEC_NAMES } from '../generated/encodings.js';
import { HOOK_MESSAGES } from '../webidl/messages.js';
import * as MESSAGES from '../webidl/messages.js';
import { DecoderCommon } from '../wasm/with_wasm_layer.js';
import { TextEncoder } from '../webidl/text_encoder.js';
import { apply, lengthOf } from '../wasm/intrinsics.js';
import { toBytes, toDOMString } from '../webidl/webidl.js';

export { encode };

const UTF_16BE = SPEC_NAMES.indexOf('UTF-16BE');
const UTF_16LE = SPEC_NAMES.indexOf('UTF-16LE');
const UTF_8 = SPEC_NAMES.indexOf('UTF-8');
const utf8 = new TextEncoder();
const encodeUtf8 = TextEncoder.prototype.encode;

// https://encoding.spec.whatwg.org/#concept-encoding-get: the encoding's name as the standard
// writes it ("UTF-8", "Shift_JIS", "replacement"), or null when `label` is no encoding's label.
export function labelToName(label) {
  const id = encodingId(toDOMString(label));
  return id < 0 ? null : SPEC_NAMES[id];
}

// Get an encoding, with the name lower-cased as TextDecoder's `encoding` gives it, or null.
export function normalizeEncoding(label) {
  const id = encodingId(toDOMString(label));
  return id < 0 ? null : encodingName(id);
}

// The encoding a label names, as an id; a RangeError when there is none.
function labelId(label) {
  label = toDOMString(label);
  const id = encodingId(label);
  if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
  return id;
}

// https://encoding.spec.whatwg.org/#bom-sniff: "utf-8", "utf-16be" or "utf-16le" (lower-cased, as
// TextDecoder's `encoding`) when `input` starts with that encoding's byte order mark, else null.
export function getBOMEncoding(input) {
  return bomSniff(toBytes(input));
}

function bomSniff(bytes) {
  const n = lengthOf(bytes);
  if (n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (n >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (n >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

// Runs a new instance of encoding `id`'s decoder over all of `bytes` in the "replacement" or
// "fatal" error mode; `ignoreBOM` false drops a leading byte order mark of UTF-8 or UTF-16 (what
// TextDecoder does). Fatal errors throw the TypeError TextDecoder throws.
function decodeAll(id, bytes, fatal, ignoreBOM) {
  // The replacement decoder is no TextDecoder's: the core runs it.
  if (id === REPLACEMENT) {
    const decoder = { id, name: 'replacement', fatal, ignoreBOM: true, state: { s0: 0, s1: 0 } };
    return runDecoder(instanceFor(id), decoder, bytes, true);
  }
  return new DecoderCommon(encodingName(id), { fatal, ignoreBOM }).decodeChunk(bytes, true);
}

// https://encoding.spec.whatwg.org/#decode: BOM sniff; a byte order mark overrides
// `fallbackEncoding` (a label; replacement's labels too) and is dropped; then decode with
// replacement. A RangeError when `fallbackEncoding` is no encoding's label.
export function legacyHookDecode(input, fallbackEncoding = 'utf-8') {
  const bytes = toBytes(input);
  const id = labelId(fallbackEncoding);
  const bom = bomSniff(bytes);
  // The decoder of the BOM's encoding drops it (BOM seen), as "read three/two bytes" does.
  if (bom !== null) return decodeAll(encodingId(bom), bytes, false, false);
  // No BOM: ignore BOM, so that UTF-8 or UTF-16 fallbacks keep a BOM the sniff did not see.
  return decodeAll(id, bytes, false, true);
}

// https://encoding.spec.whatwg.org/#utf-8-decode: a leading UTF-8 BOM is dropped.
export const utf8Decode = (input) => decodeAll(UTF_8, toBytes(input), false, false);

// https://encoding.spec.whatwg.org/#utf-8-decode-without-bom: a leading BOM is U+FEFF.
export const utf8DecodeWithoutBOM = (input) => decodeAll(UTF_8, toBytes(input), false, true);

// https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail: the string, or null (the
// standard's failure) when `input` is not valid UTF-8.
export function utf8DecodeWithoutBOMOrFail(input) {
  const bytes = toBytes(input);
  try {
    return decodeAll(UTF_8, bytes, true, true);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

// https://encoding.spec.whatwg.org/#utf-8-encode: a new Uint8Array. Lone surrogates become U+FFFD
// (the standard's input is scalar values; this is the conversion to them).
export const utf8Encode = (input) => apply(encodeUtf8, utf8, [toDOMString(input)]);

// https://encoding.spec.whatwg.org/#get-an-output-encoding: "UTF-8" for replacement and
// UTF-16BE/LE, else the name of the encoding `encoding` (a label) names, as labelToName gives it.
// A RangeError when it is no encoding's label.
export function getOutputEncoding(encoding) {
  return SPEC_NAMES[outputEncodingId(labelId(encoding))];
}

export const outputEncodingId = (id) => (id === REPLACEMENT || id === UTF_16BE || id === UTF_16LE ? UTF_8 : id);

// https://encoding.spec.whatwg.org/#encode-or-fail with a new encoder of the encoding `encoding`
// (a label) over all of `input`: the bytes (a new Uint8Array) when every scalar value encodes,
// otherwise the first one that does not, as a number (the standard's return value; the bytes
// before it are not returned). Percent-encoding, which goes on past each error with the same
// encoder, is percentEncodeAfterEncoding (encoding-wasm/url). A RangeError for an unknown label,
// and for replacement and UTF-16BE/LE, which have no encoder.
export function encodeOrFail(input, encoding) {
  const text = toDOMString(input);
  const id = encoderId(toDOMString(encoding));
  // One pass in the "html" mode with the error log: the output is only wanted without errors.
  const errors = [];
  const bytes = encodeWhole(id, encodingName(id), text, true, errors);
  return errors.length === 0 ? bytes : errors[1];
}

// All of `text` through a new encoder of encoding `id` (named `name`), in the "html" or "fatal"
// error mode; `errors`: null, or an array for the error log (run_encoder.js).
const encodeWhole = (id, name, text, html, errors = null) =>
  runEncoder(instanceFor(id), { id, name, html, state: 0, errors }, text, true);

// "Encode or fail" run again and again with one encoder until the input is used up, as
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding does: calls run(bytes, from, to)
// for each stretch of the encoder's output and error(codePoint) for each error, in order. One pass:
// the core's "html" mode writes each error as "&#N;" and goes on with the same encoder state, and
// its error log says where each "&#N;" is in the output (docs/design.md section 16).
export function encodeRuns(id, text, run, error) {
  const errors = [];
  const bytes = encodeWhole(id, encodingName(id), text, true, errors);
  let from = 0;
  for (let k = 0; k < errors.length; k += 3) {
    const codePoint = errors[k + 1];
    run(bytes, from, errors[k + 2]);
    error(codePoint);
    // (past "&#", the decimal digits and ";")
    from = errors[k + 2] + 3 + decimalDigits(codePoint);
  }
  run(bytes, from, bytes.length);
}

// The number of decimal digits of `n` (a code point, at most 1114111).
function decimalDigits(n) {
  let digits = 1;
  while (n >= 10) {
    n = (n - (n % 10)) / 10;
    digits++;
  }
  return digits;
}
