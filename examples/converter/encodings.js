// The encodings the converter offers: encoding-wasm/convert's list (the standard's encodings.json),
// not a list of our own. https://encoding.spec.whatwg.org/#names-and-labels
import { encodings } from 'encoding-wasm/convert';

// Every encoding a file can be read as (as TextDecoder's `encoding` writes it): all but
// "replacement", which decodes every input to one U+FFFD.
export const SOURCE_ENCODINGS = encodings.map(({ name }) => name.toLowerCase()).filter((n) => n !== 'replacement');

// Every output the converter writes: UTF-8 with and without a BOM, UTF-16 with a BOM (the
// Converter writes UTF-16, which the standard has no encoder for), then every other encoding with
// an encoder. { value, label, encoding (the Converter's target), bom (a byte order mark first) }.
export const TARGETS = [
  { value: 'utf-8', label: 'UTF-8', encoding: 'utf-8', bom: false },
  { value: 'utf-8-bom', label: 'UTF-8 with BOM', encoding: 'utf-8', bom: true },
  { value: 'utf-16le', label: 'UTF-16LE with BOM', encoding: 'utf-16le', bom: true },
  { value: 'utf-16be', label: 'UTF-16BE with BOM', encoding: 'utf-16be', bom: true },
  ...encodings
    .filter(({ name }) => !['UTF-8', 'UTF-16LE', 'UTF-16BE', 'replacement'].includes(name))
    .map(({ name }) => ({ value: name.toLowerCase(), label: name, encoding: name.toLowerCase(), bom: false })),
];

export const targetByValue = (value) => TARGETS.find((t) => t.value === value);

// A file name for the converted output: "notes.txt" to "notes.utf-8.txt".
export function outputName(name, target) {
  const dot = name.lastIndexOf('.');
  const suffix = target.value.replace(/[^a-z0-9-]/g, '_');
  return dot > 0 ? `${name.slice(0, dot)}.${suffix}${name.slice(dot)}` : `${name}.${suffix}`;
}
