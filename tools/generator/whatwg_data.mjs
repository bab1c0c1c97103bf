// Readers for the vendored WHATWG Encoding Standard data in cpp/whatwg/.
// Shared by the table generator and the tests, so both read the index files the same way.
import { readFileSync } from 'node:fs';

export const WHATWG_DIR = new URL('../../cpp/whatwg/', import.meta.url);

// encodings.json as a flat list: [{ name, labels, heading }], in the spec's order.
export function readEncodings() {
  const groups = JSON.parse(readFileSync(new URL('encodings.json', WHATWG_DIR), 'utf8'));
  return groups.flatMap((g) => g.encodings.map((e) => ({ ...e, heading: g.heading })));
}

// An index file as a Map pointer -> code point (https://encoding.spec.whatwg.org/#indexes).
// Lines are "pointer<TAB>0xCODEPOINT<TAB>..." with '#' comments.
export function readIndex(name) {
  const text = readFileSync(new URL(`index-${name}.txt`, WHATWG_DIR), 'utf8');
  const map = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [pointer, codePoint] = line.split('\t');
    map.set(Number(pointer), Number(codePoint));
  }
  return map;
}

// index gb18030 ranges as [[pointer, codePoint], ...] in pointer order.
export function readRanges() {
  return [...readIndex('gb18030-ranges')].sort((a, b) => a[0] - b[0]);
}

// The single-byte encodings of the spec's "Legacy single-byte encodings" section, each with the
// name of its index file (ISO-8859-8-I shares ISO-8859-8's index).
export function singleByteEncodings() {
  return readEncodings()
    .filter((e) => e.heading === 'Legacy single-byte encodings')
    .map((e) => ({ name: e.name, index: e.name === 'ISO-8859-8-I' ? 'iso-8859-8' : e.name.toLowerCase() }));
}
