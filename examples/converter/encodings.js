// The encodings the converter offers, from the package's label data (js/generated/labels.js,
// generated from the standard's encodings.json), not a list of our own.
// https://encoding.spec.whatwg.org/#names-and-labels
import { ENCODING_LABELS } from '../../js/generated/labels.js';

// Every encoding a file can be read as (as TextDecoder's `encoding` writes it): all but
// "replacement", which decodes every input to one U+FFFD.
export const SOURCE_ENCODINGS = ENCODING_LABELS.map(([name]) => name.toLowerCase()).filter((n) => n !== 'replacement');

// Every output the converter writes: UTF-8 with and without a BOM, UTF-16 with a BOM (written by
// utf16.js: the standard has no UTF-16 encoder), then every other encoding with an encoder.
// { value, label, encoding (the Encoder's label, or null for UTF-16), bom (bytes to write first) }.
export const TARGETS = [
  { value: 'utf-8', label: 'UTF-8', encoding: 'utf-8', bom: [] },
  { value: 'utf-8-bom', label: 'UTF-8 with BOM', encoding: 'utf-8', bom: [0xef, 0xbb, 0xbf] },
  { value: 'utf-16le', label: 'UTF-16LE with BOM', encoding: null, bom: [0xff, 0xfe] },
  { value: 'utf-16be', label: 'UTF-16BE with BOM', encoding: null, bom: [0xfe, 0xff] },
  ...ENCODING_LABELS.filter(([name]) => !['UTF-8', 'UTF-16LE', 'UTF-16BE', 'replacement'].includes(name)).map(
    ([name]) => ({ value: name.toLowerCase(), label: name, encoding: name.toLowerCase(), bom: [] }),
  ),
];

export const targetByValue = (value) => TARGETS.find((t) => t.value === value);

// Encodings whose encoder writes every code point: nothing can be lost converting to them.
export const isUnicodeTarget = (target) => target.encoding === null || target.encoding === 'utf-8';

// A file name for the converted output: "notes.txt" to "notes.utf-8.txt".
export function outputName(name, target) {
  const dot = name.lastIndexOf('.');
  const suffix = target.value.replace(/[^a-z0-9-]/g, '_');
  return dot > 0 ? `${name.slice(0, dot)}.${suffix}${name.slice(dot)}` : `${name}.${suffix}`;
}
