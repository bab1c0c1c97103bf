// encoding-wasm/hooks: the Encoding Standard's hooks for other standards (HTML, URL, Fetch, XHR,
// FileReader), https://encoding.spec.whatwg.org/#specification-hooks and #legacy-hooks, as
// functions. Where @exodus/bytes (which whatwg-url and jsdom call) has the same hook, the name and
// argument order are its own (labelToName, normalizeEncoding, getBOMEncoding, legacyHookDecode), so
// a library can switch with an import alias; the rest are named after the standard's terms.
// Not imported by the main entry: the TextDecoder bundle does not carry any of it.
import { encodingId, encodingName, instanceFor, REPLACEMENT } from './core.js';
import { runDecoder } from './run_decoder.js';
import { runEncoder } from './run_encoder.js';
import { encode, encoderId } from './encode.js';
import { SPEC_NAMES } from './generated/names.js';
import { HOOK_MESSAGES } from './messages.js';
import * as MESSAGES from './messages.js';
import { DecoderCommon } from './text_decoder.js';
import { TextEncoder } from './text_encoder.js';
import { apply, lengthOf } from './intrinsics.js';
import { toBytes, toDOMString } from './webidl.js';

export { encode };

const ISO_2022_JP = SPEC_NAMES.indexOf('ISO-2022-JP');
const UTF_16BE = SPEC_NAMES.indexOf('UTF-16BE');
const UTF_16LE = SPEC_NAMES.indexOf('UTF-16LE');
const UTF_8 = SPEC_NAMES.indexOf('UTF-8');
const utf8 = new TextEncoder();
const encodeUtf8 = TextEncoder.prototype.encode;
const { indexOf, replaceAll, slice } = String.prototype;

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
  try {
    return encodeWhole(id, encodingName(id), text, false);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  let first = null;
  encodeRuns(
    id,
    text,
    () => {},
    (codePoint) => (first ??= codePoint),
  );
  return first;
}

const ESC = 0x1b;

// All of `text` through a new encoder of encoding `id` (named `name`), in the "html" or "fatal"
// error mode.
const encodeWhole = (id, name, text, html) => runEncoder(instanceFor(id), { id, name, html, state: 0 }, text, true);

// "Encode or fail" run again and again with one encoder until the input is used up, as
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding does: calls run(bytes, from, to)
// for each stretch of the encoder's output and error(codePoint) for each error, in order.
// The core's "html" mode writes each error as "&#N;" and goes on with the same encoder state. A text
// without "&" is one run; otherwise each "&" is doubled first, so that "&&" is one and "&#" an
// error, in blocks of at least BLOCK code units that end after an "&" (no copy of the text is made
// whole). Only ISO-2022-JP has a state that a block's end (which ends the encoder's run) changes:
// after an "&" it is ASCII or Roman (from jis0208 it wrote ESC ( B first), and where it is Roman,
// the block's closing ESC ( B is dropped and the next block starts in Roman: it is encoded after a
// U+00A5, whose ESC ( J 5C is dropped.
const BLOCK = 1 << 15;

export function encodeRuns(id, text, run, error) {
  const name = encodingName(id);
  const iso2022jp = id === ISO_2022_JP;
  if (apply(indexOf, text, ['&']) < 0) {
    const bytes = encodeWhole(id, name, text, true);
    return forEachError(bytes, 0, bytes.length, iso2022jp, false, run, error);
  }
  let roman = false;
  for (let start = 0; start < text.length;) {
    const amp = text.length - start > BLOCK ? apply(indexOf, text, ['&', start + BLOCK]) : -1;
    const end = amp < 0 ? text.length : amp + 1;
    const block = apply(replaceAll, apply(slice, text, [start, end]), ['&', '&&']);
    const bytes = encodeWhole(id, name, roman ? `\u00a5${block}` : block, true);
    const from = roman ? 4 : 0;
    roman = end < text.length && iso2022jp && endsRoman(bytes);
    forEachError(bytes, from, roman ? bytes.length - 3 : bytes.length, iso2022jp, true, run, error);
    start = end;
  }
}

// Whether ISO-2022-JP output closes with ESC ( B after ESC ( J: the encoder was in Roman.
function endsRoman(bytes) {
  const n = bytes.length;
  if (n < 6 || bytes[n - 3] !== ESC) return false;
  let i = n - 4;
  while (i >= 0 && bytes[i] !== ESC) i--;
  return i >= 0 && bytes[i + 2] === 0x4a;
}

// Splits html-mode output [from, to) at its errors' "&#N;" (with `doubled`, "&&" is one "&" of the
// text's). No other byte 0x26 occurs: no multi-byte encoding's trail bytes go below 0x30, except
// ISO-2022-JP's two-byte codes, which come between ESC $ B and the next escape.
function forEachError(bytes, from, to, iso2022jp, doubled, run, error) {
  let twoByte = false;
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if (b === ESC && iso2022jp) twoByte = bytes[i + 1] === 0x24; // ESC $ B, or ESC ( B / ESC ( J
    if (b !== 0x26 || twoByte) continue;
    if (doubled && bytes[i + 1] === 0x26) {
      run(bytes, from, i + 1);
      from = i + 2;
      i++;
      continue;
    }
    run(bytes, from, i);
    let codePoint = 0;
    let j = i + 2;
    while (bytes[j] !== 0x3b) codePoint = codePoint * 10 + bytes[j++] - 0x30;
    error(codePoint);
    from = j + 1;
    i = j;
  }
  run(bytes, from, to);
}
