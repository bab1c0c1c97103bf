// The single-byte candidates. One pass over the input counts its pairs of bytes (PairCounts); each
// candidate is then judged from the counts alone, so twenty encodings cost one pass: ruled out if
// a byte its decoder rejects occurs (the generator marks those bytes 255 in the encoding's map, from
// the package's own decoders), else scored by the pairs of letter classes with a non-ASCII byte in
// them, with its group's bigram weights, plus the group's weights for the pairs of ASCII bytes.
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
    // How often each byte occurs and the bytes seen, made from the pairs by bytes().
    this.byteCounts = new Float64Array(256);
    this.seen = [];
  }

  // Back to no input, in time proportional to the pairs seen (for reuse by detect()).
  clear() {
    for (const pair of this.ascii) this.counts[pair] = 0;
    for (const pair of this.high) this.counts[pair] = 0;
    this.ascii.length = this.high.length = 0;
    this.previous = START;
  }

  // Fills byteCounts and seen: every byte is the second of one pair.
  bytes() {
    const { counts, byteCounts, seen } = this;
    byteCounts.fill(0);
    seen.length = 0;
    for (const list of [this.ascii, this.high])
      for (let i = 0; i < list.length; i++) {
        const pair = list[i];
        if (byteCounts[pair & 0xff] === 0) seen.push(pair & 0xff);
        byteCounts[pair & 0xff] += counts[pair];
      }
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

// How well the group's languages fit the bytes seen (pairs.bytes() first), by the class of each
// byte (classOf): a language's fit is the sum of its weights (tools/detect/train.mjs), and the
// group's the log of the mean of exp(fit) over its languages (each language equally likely a
// priori; in 1/UNIT nats like every score).
const fits = new Float64Array(64);
export function languageFit(model, classOf, pairs, onlyAscii = false) {
  const { byteCounts, seen } = pairs;
  const { languages } = model;
  let best = -Infinity;
  for (let l = 0; l < languages.length; l++) {
    const adapt = languages[l];
    let fit = 0;
    for (let i = 0; i < seen.length; i++) {
      const byte = seen[i];
      if (!onlyAscii || byte < 0x80) fit += byteCounts[byte] * adapt[classOf[byte]];
    }
    fits[l] = fit;
    if (fit > best) best = fit;
  }
  let sum = 0;
  for (let l = 0; l < languages.length; l++) sum += Math.exp((fits[l] - best) / UNIT);
  return best + UNIT * Math.log(sum / languages.length);
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

export class SingleByteCandidate {
  constructor(name, groupIndex) {
    this.name = name;
    this.group = groupIndex;
    this.alive = true;
    this.score = 0;
    this.model = null; // both loaded by the first judge()
    this.classOf = null;
  }

  // Sets alive and score from the pair counts of all the input so far.
  judge(pairs) {
    this.model ??= groupModel(this.group);
    const classOf = (this.classOf ??= classesOf(this.name, this.model));
    const { weights, classes } = this.model;
    const { counts, high } = pairs;
    let score = 0;
    for (let i = 0; i < high.length; i++) {
      const pair = high[i];
      const a = classOf[pair >> 8];
      const b = classOf[pair & 0xff];
      if (a === REJECTED || b === REJECTED) {
        this.alive = false;
        this.score = 0;
        return;
      }
      score += counts[pair] * weights[a * classes + b];
    }
    this.score = score + languageFit(this.model, classOf, pairs);
  }
}
