// encoding-wasm/url: the URL Standard's percent-encoding in any encoding that has an encoder, and
// the application/x-www-form-urlencoded serializer, https://url.spec.whatwg.org/#percent-encoded-bytes
// and #concept-urlencoded-serializer. percentEncodeAfterEncoding has the name, argument order and
// percent-encode-set strings of @exodus/bytes/whatwg.js (which whatwg-url calls).
import { encodingId, instanceFor } from '../wasm/core.js';
import { encoderId } from '../webidl/encode.js';
import { encodeRuns, outputEncodingId, utf8Encode } from './hooks.js';
import { apply, charCodesToString, fromCharCode } from '../wasm/intrinsics.js';
import { HOOK_MESSAGES } from '../webidl/messages.js';
import * as MESSAGES from '../webidl/messages.js';
import { TextDecoder } from '../wasm/with_wasm_layer.js';
import { toDOMString } from '../webidl/webidl.js';

const UTF_8 = encodingId('utf-8');

// https://url.spec.whatwg.org/#c0-control-percent-encode-set and the sets built on it, each as the
// printable ASCII characters it adds to the C0 control percent-encode set (the C0 controls and
// every code point above U+007E).
const FRAGMENT = ' "<>`';
const QUERY = ' "#<>';
const PATH = QUERY + '?^`{}';
const USERINFO = PATH + '/:;=@[\\]^|';
const COMPONENT = USERINFO + '$%&+,';
export const PERCENT_ENCODE_SETS = {
  __proto__: null,
  'c0-control': '',
  fragment: FRAGMENT,
  query: QUERY,
  'special-query': QUERY + "'",
  path: PATH,
  userinfo: USERINFO,
  component: COMPONENT,
  'application/x-www-form-urlencoded': COMPONENT + "!'()~",
};

// For each set: which bytes it percent-encodes (a 256-byte table of 0 and 1). Few sets are used.
const tables = new Map();
const HEX_DIGITS = '0123456789ABCDEF';
const HEX = Array.from(HEX_DIGITS, (c) => c.charCodeAt(0));

// `set` is a set's name above, or as @exodus/bytes takes it, the printable ASCII characters added
// to the C0 control percent-encode set in increasing order (" \"#<>" is the query set). The names
// are never such strings (their characters do not increase), so the two cannot be confused.
function byteTable(set) {
  let table = tables.get(set);
  if (table !== undefined) return table;
  const added = PERCENT_ENCODE_SETS[set] ?? checkedSet(set);
  table = new Uint8Array(256).fill(1);
  for (let b = 0x20; b <= 0x7e; b++) table[b] = 0;
  for (let i = 0; i < added.length; i++) table[added.charCodeAt(i)] = 1;
  if (tables.size < 64) tables.set(set, table);
  return table;
}

function checkedSet(set) {
  for (let i = 0; i < set.length; i++) {
    const c = set.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || (i > 0 && c <= set.charCodeAt(i - 1)))
      throw new TypeError(HOOK_MESSAGES.badPercentEncodeSet(set));
  }
  return set;
}

// https://url.spec.whatwg.org/#string-percent-encode-after-encoding. `encoding` is a label of an
// encoding with an encoder (a RangeError otherwise); `input` a string, whose lone surrogates are
// U+FFFD; `percentEncodeSet` a set's name ("query", "path", ...; see PERCENT_ENCODE_SETS) or the
// characters it adds to the C0 control percent-encode set. One encoder runs over all of `input`
// (ISO-2022-JP's escapes are those of one run), and each code point it cannot encode is
// "%26%23N%3B", the percent-encoded "&#N;".
export function percentEncodeAfterEncoding(encoding, input, percentEncodeSet, spaceAsPlus = false) {
  const id = encoderId(toDOMString(encoding));
  const text = toDOMString(input);
  if (typeof percentEncodeSet !== 'string') throw new TypeError(HOOK_MESSAGES.badPercentEncodeSet(percentEncodeSet));
  if (typeof spaceAsPlus !== 'boolean') throw new TypeError(HOOK_MESSAGES.notBoolean('spaceAsPlus'));
  return percentEncode(id, text, byteTable(percentEncodeSet), spaceAsPlus);
}

// Output is ASCII: it goes through a byte buffer, made a string by a UTF-8 decoder each time it is
// full (flat strings; appending three characters at a time would make a rope node for each). Both
// are made on first use: the decoder instantiates the core, which took 0.8 ms of a fresh Node 20
// import of the main chunk of dist/runtime/, where this module is (docs/design.md section 15).
const BUFFER_LENGTH = 1 << 16;
let outputBuffer = null;
let ascii = null;
const decodeAscii = TextDecoder.prototype.decode;
// Room for a byte's "%XX", or an error's "%26%23N%3B" (N up to 1114111).
const ROOM = BUFFER_LENGTH - 32;

// Short UTF-8 input (most URL components) is encoded here, each byte's string appended: a call to
// the host's UTF-8 encoder costs more than the rest (Node 20: 0.33 of 0.79 us for 26 characters).
// Every set has every byte above 0x7F, so those are always "%XX".
const SHORT = 32;
const PERCENT = Array.from({ length: 256 }, (_, b) => `%${HEX_DIGITS[b >> 4]}${HEX_DIGITS[b & 15]}`);
const CHARS = Array.from({ length: 256 }, (_, b) => fromCharCode(b));

function percentEncodeShortUtf8(text, table, spaceAsPlus) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out += spaceAsPlus && c === 0x20 ? '+' : table[c] ? PERCENT[c] : CHARS[c];
      continue;
    }
    // https://encoding.spec.whatwg.org/#utf-8-encoder, after a lone surrogate becomes U+FFFD.
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = text.charCodeAt(i + 1);
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else {
        c = 0xfffd;
      }
    }
    if (c < 0x800) out += PERCENT[0xc0 | (c >> 6)];
    else if (c < 0x10000) out += PERCENT[0xe0 | (c >> 12)] + PERCENT[0x80 | ((c >> 6) & 63)];
    else out += PERCENT[0xf0 | (c >> 18)] + PERCENT[0x80 | ((c >> 12) & 63)] + PERCENT[0x80 | ((c >> 6) & 63)];
    out += PERCENT[0x80 | (c & 63)];
  }
  return out;
}

// Short input in a legacy encoding (a query's value, a form field): each byte's string appended, as
// for short UTF-8; the output buffer and its decoder cost more than the rest at this size.
function percentEncodeShort(id, text, table, spaceAsPlus) {
  let out = '';
  encodeRuns(
    id,
    text,
    (bytes, from, to) => {
      for (let i = from; i < to; i++) {
        const b = bytes[i];
        out += spaceAsPlus && b === 0x20 ? '+' : table[b] ? PERCENT[b] : CHARS[b];
      }
    },
    (codePoint) => {
      out += `%26%23${codePoint}%3B`;
    },
  );
  return out;
}

function percentEncode(id, text, table, spaceAsPlus) {
  if (text.length <= SHORT) {
    return id === UTF_8
      ? percentEncodeShortUtf8(text, table, spaceAsPlus)
      : percentEncodeShort(id, text, table, spaceAsPlus);
  }
  const buffer = (outputBuffer ??= new Uint8Array(BUFFER_LENGTH));
  let out = '';
  let n = 0;
  // The one RangeError appending can give: output longer than the engine's longest string.
  const flush = () => {
    // Short output is quicker from the code units themselves than through a decoder call.
    const piece =
      n <= 64
        ? charCodesToString(buffer.subarray(0, n))
        : apply(decodeAscii, (ascii ??= new TextDecoder()), [buffer.subarray(0, n)]);
    n = 0;
    try {
      out += piece;
    } catch (error) {
      throw new RangeError(HOOK_MESSAGES.tooLongString(out.length + piece.length), { cause: error });
    }
  };
  // https://url.spec.whatwg.org/#string-percent-encode-after-encoding, step 5.3 for bytes [from, to).
  const append = (bytes, from, to) => {
    while (from < to) {
      if (n > ROOM) flush();
      // As many bytes as surely fit, three output bytes each, with a local count.
      const end = Math.min(to, from + Math.floor((ROOM - n) / 3) + 1);
      let k = n;
      for (let i = from; i < end; i++) {
        const b = bytes[i];
        if (spaceAsPlus && b === 0x20) {
          buffer[k++] = 0x2b;
        } else if (table[b]) {
          buffer[k++] = 0x25;
          buffer[k++] = HEX[b >> 4];
          buffer[k++] = HEX[b & 15];
        } else {
          buffer[k++] = b;
        }
      }
      n = k;
      from = end;
    }
  };
  // Step 5.4: "%26%23", the code point in decimal, "%3B".
  const appendError = (codePoint) => {
    if (n > ROOM) flush();
    for (const c of `%26%23${codePoint}%3B`) buffer[n++] = c.charCodeAt(0);
  };
  if (id === UTF_8) {
    const bytes = utf8Encode(text);
    append(bytes, 0, bytes.length);
  } else {
    encodeRuns(id, text, append, appendError);
  }
  flush();
  return out;
}

// https://url.spec.whatwg.org/#concept-urlencoded-serializer: `tuples` is an iterable of
// [name, value] pairs (arrays, or any iterable of two strings, such as a URLSearchParams' entries);
// `encoding` a label (default UTF-8), whose output encoding is used (UTF-8 for replacement and
// UTF-16BE/LE). A TypeError for tuples that are not pairs, a RangeError for an unknown label.
export function urlencodedSerialize(tuples, encoding = 'UTF-8') {
  encoding = toDOMString(encoding);
  const found = encodingId(encoding);
  if (found < 0) throw new RangeError(MESSAGES.badLabel(encoding));
  const id = outputEncodingId(found);
  if (id !== UTF_8) instanceFor(id); // a family that cannot load fails before any output
  if (!isIterable(tuples)) throw new TypeError(HOOK_MESSAGES.notTuples);
  const table = byteTable('application/x-www-form-urlencoded');
  let output = '';
  for (const tuple of tuples) {
    const pair = Array.isArray(tuple) ? tuple : isIterable(tuple) ? Array.from(tuple) : null;
    if (pair === null || pair.length !== 2) throw new TypeError(HOOK_MESSAGES.notTuples);
    const name = percentEncode(id, toDOMString(pair[0]), table, true);
    const value = percentEncode(id, toDOMString(pair[1]), table, true);
    if (output !== '') output += '&';
    output += `${name}=${value}`;
  }
  return output;
}

const isIterable = (value) =>
  value !== null && typeof value === 'object' && typeof value[Symbol.iterator] === 'function';
