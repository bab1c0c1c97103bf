// The detector's statistics (js/generated/detect_tables.js) as typed arrays, each decoded from its
// base64 text the first time a candidate needs it.
import { POINTERS, SINGLE_BYTE } from '../generated/detect_tables.js';

function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// Weights in quarter nats (the generator's UNIT); -128 marks a pointer the decoder rejects.
export const UNIT = 4;
export const UNMAPPED = -128;

const pointerTables = new Map();
// The Int8 weight of each pointer of table `name` (jis0208, jis0212, gbk, big5, euckr).
export function pointerTable(name) {
  let table = pointerTables.get(name);
  if (!table) {
    const bytes = fromBase64(POINTERS[name]);
    table = new Int8Array(bytes.buffer);
    pointerTables.set(name, table);
  }
  return table;
}

const groupModels = new Map();
// { classes, firstHigh, ascii, asciiPairs, weights, maps: Map name -> Uint8Array(128) } of a
// single-byte group.
export function groupModel(index) {
  let model = groupModels.get(index);
  if (!model) {
    const g = SINGLE_BYTE[index];
    model = {
      classes: g.classes,
      firstHigh: g.firstHigh,
      ascii: fromBase64(g.ascii),
      asciiPairs: new Int8Array(fromBase64(g.asciiPairs).buffer),
      weights: new Int8Array(fromBase64(g.weights).buffer),
      maps: new Map(g.maps.map(({ name, map }) => [name, fromBase64(map)])),
    };
    groupModels.set(index, model);
  }
  return model;
}
