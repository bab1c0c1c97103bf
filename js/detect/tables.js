// The detector's statistics (js/detect/generated_tables.js) as typed arrays, each decoded from its
// base64 text the first time a candidate needs it.
import { POINTERS, SINGLE_BYTE } from './generated_tables.js';

// The host's own base64 decoder where it has one (Uint8Array.fromBase64; Node's and Bun's Buffer):
// at first use the loop below runs in the interpreter, several milliseconds for the CJK tables.
const { Buffer } = globalThis;
function fromBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  if (typeof Buffer?.from === 'function') return Buffer.from(text, 'base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
// The bytes of `text` as Int8 (a Buffer may be a view into a shared pool: keep its offset).
const int8FromBase64 = (text) => {
  const bytes = fromBase64(text);
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
};

// Weights in quarter nats (the generator's UNIT); -128 marks a pointer the decoder rejects.
export const UNIT = 4;
export const UNMAPPED = -128;

// Where number() reads next.
let at = 0;
// The number at bytes[at] (7 bits a byte, low first); moves `at` past it.
function number(bytes) {
  let n = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    n |= (byte & 0x7f) << shift;
    if (byte < 0x80) return n;
  }
}

// The Int8 array that runs of one value make (generated_tables.js POINTERS: the array's length, then
// each run's byte and length). One pass, as the first call runs it in the interpreter.
function fromRuns(text) {
  const bytes = fromBase64(text);
  at = 0;
  const table = new Int8Array(number(bytes));
  for (let filled = 0; at < bytes.length;) {
    const value = (bytes[at++] << 24) >> 24;
    const length = number(bytes);
    if (value !== 0) table.fill(value, filled, filled + length);
    filled += length;
  }
  return table;
}

const pointerTables = new Map();
// The Int8 weight of each pointer of table `name` (jis0208, jis0212, gbk, big5, euckr).
export function pointerTable(name) {
  let table = pointerTables.get(name);
  if (!table) {
    table = fromRuns(POINTERS[name]);
    pointerTables.set(name, table);
  }
  return table;
}

// The weights of a group's pairs of classes a, b, less the row term of a (weights[a * classes + b] +
// rowTerms[a]; judge() adds it back from each candidate's byte table): the column term where the
// training text shows no pair, the listed weight less the row term where it does (see the
// generator's singleByteModel). Made without a loop over every pair (one copy of the column terms a
// row, then the listed pairs), as the first call runs it in the interpreter.
function pairWeights({ classes, rows, columns, pairs }) {
  const weights = new Int16Array(classes * classes);
  const line = Int16Array.from(columns);
  for (let a = 0; a < classes; a++) weights.set(line, a * classes);
  const listed = fromBase64(pairs);
  at = 0;
  for (let index = 0; at < listed.length;) {
    index += number(listed);
    weights[index] = ((listed[at++] << 24) >> 24) - rows[(index / classes) | 0];
  }
  return weights;
}

const groupModels = new Map();
// { classes, firstHigh, count (languages), ascii, asciiPairs, weights, rowTerms, languageWeights,
// adapted, maps: Map name -> Uint8Array(128), cases: the same for the case of each byte's character,
// caseWeights: Int8 3 x 3 } of a single-byte group, and the language fits' caches.
export function groupModel(index) {
  let model = groupModels.get(index);
  if (!model) {
    const g = SINGLE_BYTE[index];
    const count = g.languages;
    model = {
      classes: g.classes,
      firstHigh: g.firstHigh,
      count,
      ascii: fromBase64(g.ascii),
      asciiPairs: int8FromBase64(g.asciiPairs),
      weights: pairWeights(g),
      rowTerms: Int16Array.from(g.rows),
      // Each language's weight for each class: languageWeights[class * count + language].
      languageWeights: int8FromBase64(g.adapt),
      // adapted[class]: whether any language weighs the class (1) or none does (2), or 0: not yet
      // known (weighed(), when a byte of the class is first seen).
      adapted: new Uint8Array(256),
      asciiFits: new Float64Array(count), // the fit of each language to the ASCII letters
      asciiGeneration: -1,
      asciiOnlyFit: 0, // and of the ASCII letters alone, all languages together
      asciiOnlyGeneration: -1,
      maps: new Map(g.maps.map(({ name, map }) => [name, fromBase64(map)])),
      cases: new Map(g.maps.map(({ name, cases }) => [name, fromBase64(cases)])),
      caseWeights: Int8Array.from(g.cases),
    };
    groupModels.set(index, model);
  }
  return model;
}

// Whether any language of `model` weighs class k (a class < model.classes), known from its first use.
export function weighed(model, k) {
  let state = model.adapted[k];
  if (state === 0) {
    const { languageWeights, count } = model;
    state = 2;
    for (let l = 0; l < count; l++) if (languageWeights[k * count + l] !== 0) state = 1;
    model.adapted[k] = state;
  }
  return state === 1;
}
