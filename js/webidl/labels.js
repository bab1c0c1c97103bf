// https://encoding.spec.whatwg.org/#concept-encoding-get, matched in JS against every label of the
// standard (js/generated/lite_data.js, LITE_LABELS: 0.8 KB gzipped), so that a TextDecoder whose
// encoding the host decodes exactly needs no wasm at all (docs/design.md section 13). Every path that
// takes a label (TextDecoder, encode(), the hooks, URL encoding, iconv-lite) matches it here.
import { LITE_LABELS } from '../generated/lite_data.js';
import { charCodeOf, fromCharCode, Map, mapGet, mapSet, splitOf } from '../wasm/intrinsics.js';

// Every encoding's lower-cased name, by Encoding id (what the TextDecoder and the wasm layer use:
// generated/encodings.js ENCODING_NAMES holds the same, but a page's TextDecoder then ships the names
// once), and the id of every label, built at load time (LITE_LABELS: each encoding's labels, name
// first, split by spaces, the encodings by commas): in a TextDecoder constructor no built-in a page
// could have replaced is called. Split with the built-in, not a loop over each character: JSC runs
// load-time code in its interpreter, where that loop took 7-11 ms of a fresh Bun process.
export const NAMES = [];
const ids = { __proto__: null };
let longest = 0;
const encodings = splitOf(LITE_LABELS, ',');
for (let id = 0; id < encodings.length; id++) {
  const labels = splitOf(encodings[id], ' ');
  NAMES[id] = labels[0];
  for (let i = 0; i < labels.length; i++) {
    ids[labels[i]] = id;
    if (labels[i].length > longest) longest = labels[i].length;
  }
}

// https://infra.spec.whatwg.org/#ascii-whitespace
const white = (c) => c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;

// Results for strings seen before come from a small cache, since pages create decoders by the
// thousand (Node 20: new TextDecoder('windows-1252') about 1,000 ns without it, 150-180 with it). Only
// label-sized strings are kept: a cached megabyte label would live as long as the page.
const cache = new Map();
let cached = 0;

// The id of the encoding `label` (a string) names, or -1: leading and trailing ASCII whitespace
// removed, then an ASCII case-insensitive match (only A-Z fold).
export function encodingId(label) {
  let id = mapGet(cache, label);
  if (id !== undefined) return id;
  id = match(label);
  if (cached < 256 && label.length <= 64) {
    mapSet(cache, label, id);
    cached++;
  }
  return id;
}

function match(label) {
  let start = 0;
  let end = label.length;
  while (start < end && white(charCodeOf(label, start))) start++;
  while (end > start && white(charCodeOf(label, end - 1))) end--;
  if (end - start > longest) return -1;
  let key = '';
  for (let i = start; i < end; i++) {
    const c = charCodeOf(label, i);
    key += fromCharCode(c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
  }
  return ids[key] ?? -1;
}
