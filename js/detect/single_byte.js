// The single-byte candidates. One pass over the input counts its pairs of bytes (PairCounts); each
// candidate is then judged from the counts alone, so twenty encodings cost one pass: each byte its
// decoder rejects is an error (the generator marks those bytes 255 in the encoding's map, from the
// package's own decoders; errors.js says what errors cost), and the rest is scored by the pairs of
// letter classes with a non-ASCII byte in them, with its group's bigram weights, plus the group's
// weights for the pairs of ASCII bytes, with a weight for the case of each letter after the case of
// the character before (which the classes fold).
// https://encoding.spec.whatwg.org/#single-byte-decoder
import { groupModel, UNIT } from './tables.js';

const REJECTED = 255;
const START = 0x20; // the input starts as if after a space

// How often each pair of bytes occurs; `ascii` and `high` list the pairs seen (of ASCII bytes
// only; with a byte >= 0x80), in first-seen order.
export class PairCounts {
  constructor() {
    this.counts = new Uint32Array(65536);
    this.ascii = [];
    this.high = [];
    this.previous = START;
    // Made from the counts by summarize(): the pairs with a byte >= 0x80 as compact arrays (first
    // byte, second byte, count; `highPairs` of them), how often each byte occurs, the ASCII and
    // the other bytes seen, and a number that tells this summary from every other (languageFit).
    this.first = new Uint8Array(64);
    this.second = new Uint8Array(64);
    this.pairCount = new Float64Array(64);
    this.highPairs = 0;
    this.byteCounts = new Float64Array(256);
    this.seenAscii = [];
    this.seenHigh = [];
    this.letterCounts = new Float64Array(27);
    this.letters = [];
    this.generation = 0;
  }

  // Back to no input, in time proportional to the pairs seen (for reuse by detect()).
  clear() {
    for (const pair of this.ascii) this.counts[pair] = 0;
    for (const pair of this.high) this.counts[pair] = 0;
    this.ascii.length = this.high.length = 0;
    this.previous = START;
  }

  feed(bytes) {
    const { counts } = this;
    let previous = this.previous;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      const pair = (previous << 8) | byte;
      if (counts[pair]++ === 0) ((pair & 0x8080) === 0 ? this.ascii : this.high).push(pair);
      previous = byte;
    }
    this.previous = previous;
  }

  // Fills the summary of the input so far (see the constructor), once per guess.
  summarize() {
    const { counts, high, byteCounts, seenAscii, seenHigh } = this;
    if (high.length > this.first.length) {
      const size = 2 * high.length;
      this.first = new Uint8Array(size);
      this.second = new Uint8Array(size);
      this.pairCount = new Float64Array(size);
    }
    const { first, second, pairCount } = this;
    byteCounts.fill(0);
    seenAscii.length = seenHigh.length = 0;
    this.generation = ++generation;
    for (let i = 0; i < this.ascii.length; i++) {
      const pair = this.ascii[i];
      if (byteCounts[pair & 0xff] === 0) seenAscii.push(pair & 0xff);
      byteCounts[pair & 0xff] += counts[pair];
    }
    for (let i = 0; i < high.length; i++) {
      const pair = high[i];
      const byte = pair & 0xff;
      first[i] = pair >> 8;
      second[i] = byte;
      pairCount[i] = counts[pair];
      if (byteCounts[byte] === 0) (byte < 0x80 ? seenAscii : seenHigh).push(byte);
      byteCounts[byte] += counts[pair];
    }
    this.highPairs = high.length;
    // The ASCII letters seen, by letter (case folded), for the language fits.
    const { letterCounts, letters } = this;
    letterCounts.fill(0);
    letters.length = 0;
    for (let i = 0; i < seenAscii.length; i++) {
      const letter = LATIN_CLASS[seenAscii[i]];
      if (letter === 0) continue;
      if (letterCounts[letter] === 0) letters.push(letter);
      letterCounts[letter] += byteCounts[seenAscii[i]];
    }
  }
}

// Class 0-26 of an ASCII byte for the ASCII pair weights: 0 not a letter, 1-26 a-z.
const LATIN_CLASS = new Uint8Array(128);
for (let b = 0x41; b <= 0x5a; b++) LATIN_CLASS[b] = LATIN_CLASS[b + 0x20] = b - 0x40;

// The score of a group's ASCII pairs, the same for every encoding of the group.
export function asciiPairScore(groupIndex, pairs) {
  const weights = groupModel(groupIndex).asciiPairs;
  const { counts, ascii } = pairs;
  let score = 0;
  for (let i = 0; i < ascii.length; i++) {
    const pair = ascii[i];
    score += counts[pair] * weights[LATIN_CLASS[pair >> 8] * 27 + LATIN_CLASS[pair & 0x7f]];
  }
  return score;
}

// How well the group's languages fit the bytes seen (pairs.summarize() first), by the class of
// each byte (classOf): a language's fit is the sum of its weights (tools/detect/train.mjs), and the
// group's the log of the mean of exp(fit) over its languages (each language equally likely a
// priori; in 1/UNIT nats like every score). The fits of the ASCII bytes are the same for every
// encoding of a group: computed once a guess. With `onlyAscii`, the fit of the ASCII bytes alone.
const fits = new Float64Array(64);
let generation = 0; // counts summarize() calls: a group's ASCII fits are valid for one of them
export function languageFit(model, classOf, pairs, onlyAscii = false) {
  const { byteCounts, seenHigh } = pairs;
  const { languages } = model;
  const count = languages.length;
  const asciiFits = (model.asciiFits ??= new Float64Array(count));
  if (model.asciiGeneration !== pairs.generation) {
    model.asciiGeneration = pairs.generation;
    // Only letters are weighed: a class for each in a Latin-script group, else class 1 for all.
    const { letterCounts, letters } = pairs;
    const latin = model.firstHigh === 27;
    for (let l = 0; l < count; l++) {
      const adapt = languages[l];
      let fit = 0;
      for (let i = 0; i < letters.length; i++) fit += letterCounts[letters[i]] * adapt[latin ? letters[i] : 1];
      asciiFits[l] = fit;
    }
  }
  if (onlyAscii && model.asciiOnlyGeneration === pairs.generation) return model.asciiOnlyFit;
  fits.set(asciiFits);
  if (!onlyAscii) {
    // By class: languageWeights[class * count + language].
    const { languageWeights, adapted } = model;
    for (let i = 0; i < seenHigh.length; i++) {
      const k = classOf[seenHigh[i]];
      if (adapted[k] !== 1) continue; // (undefined for a rejected byte)
      const n = byteCounts[seenHigh[i]];
      const row = k * count;
      for (let l = 0; l < count; l++) fits[l] += n * languageWeights[row + l];
    }
  }
  let fit = fits[0];
  if (count > 1) {
    let best = -Infinity;
    for (let l = 0; l < count; l++) if (fits[l] > best) best = fits[l];
    let sum = 0;
    for (let l = 0; l < count; l++) sum += Math.exp((fits[l] - best) / UNIT);
    fit = best + UNIT * Math.log(sum / count);
  }
  if (onlyAscii) {
    model.asciiOnlyGeneration = pairs.generation;
    model.asciiOnlyFit = fit;
  }
  return fit;
}

// The class of every byte for encoding `name`: ASCII from the group, 0x80-0xFF from the encoding.
const classTables = new Map();
function classesOf(name, model) {
  let table = classTables.get(name);
  if (!table) {
    table = new Uint8Array(256);
    table.set(model.ascii, 0);
    table.set(model.maps.get(name), 128);
    classTables.set(name, table);
  }
  return table;
}

// The case of every byte's character for encoding `name` (0: no letter or no case, 1: lower, 2:
// upper): ASCII's own, 0x80-0xFF from the generator.
const caseTables = new Map();
function casesOf(name, model) {
  let table = caseTables.get(name);
  if (!table) {
    table = new Uint8Array(256);
    table.fill(2, 0x41, 0x5b).fill(1, 0x61, 0x7b);
    table.set(model.cases.get(name), 128);
    caseTables.set(name, table);
  }
  return table;
}

// classOf and caseOf in one table: class | case << 8.
function classesAndCases(classOf, caseOf) {
  const both = new Uint16Array(256);
  for (let b = 0; b < 256; b++) both[b] = classOf[b] | (caseOf[b] << 8);
  return both;
}

export class SingleByteCandidate {
  constructor(name, groupIndex) {
    this.name = name;
    this.group = groupIndex;
    this.model = null; // all three loaded by the first judge()
    this.classOf = null;
    this.classAndCase = null;
    this.reset();
  }

  // Back to no input (detect() reuses its candidates).
  reset() {
    this.alive = true;
    this.errors = 0;
    this.score = 0;
  }

  // Sets errors, alive and score from the pair counts of all the input so far (pairs.summarize()
  // first): each byte its decoder rejects is an error (out with more than `most`, the errors the
  // input may have); the pairs of the other bytes are scored.
  judge(pairs, most) {
    this.model ??= groupModel(this.group);
    const classOf = (this.classOf ??= classesOf(this.name, this.model));
    const { seenHigh, byteCounts } = pairs;
    let errors = 0;
    for (let i = 0; i < seenHigh.length; i++) if (classOf[seenHigh[i]] === REJECTED) errors += byteCounts[seenHigh[i]];
    this.errors = errors;
    this.alive = errors <= most;
    if (!this.alive) {
      this.score = 0;
      return;
    }
    const { weights, classes, caseWeights } = this.model;
    // Each byte's class (low 8 bits) and case (above): one load a byte.
    const both = (this.classAndCase ??= classesAndCases(classOf, casesOf(this.name, this.model)));
    const { first, second, pairCount, highPairs } = pairs;
    let score = 0;
    if (errors === 0)
      for (let i = 0; i < highPairs; i++) {
        const a = both[first[i]];
        const b = both[second[i]];
        score += pairCount[i] * (weights[(a & 0xff) * classes + (b & 0xff)] + caseWeights[(a >> 8) * 3 + (b >> 8)]);
      }
    else
      for (let i = 0; i < highPairs; i++) {
        const a = both[first[i]];
        const b = both[second[i]];
        if ((a & 0xff) !== REJECTED && (b & 0xff) !== REJECTED)
          score += pairCount[i] * (weights[(a & 0xff) * classes + (b & 0xff)] + caseWeights[(a >> 8) * 3 + (b >> 8)]);
      }
    this.score = score + languageFit(this.model, classOf, pairs);
  }
}
