// The single-byte candidates. One pass over the input counts its pairs of bytes (PairCounts); each
// candidate is then judged from the counts alone, so twenty encodings cost one pass: each byte its
// decoder rejects is an error (the generator marks those bytes 255 in the encoding's map, from the
// package's own decoders; errors.js says what errors cost), and the rest is scored by the pairs of
// letter classes with a non-ASCII byte in them, with its group's bigram weights, plus the group's
// weights for the pairs of ASCII bytes, with a weight for the case of each letter after the case of
// the character before (which the classes fold).
// https://encoding.spec.whatwg.org/#single-byte-decoder
import { groupModel, UNIT, weighed } from './tables.js';

export const REJECTED = 255;
const START = 0x20; // the input starts as if after a space

// How often each pair of bytes occurs; `ascii` and `high` list the pairs seen (of ASCII bytes
// only; with a byte >= 0x80), in first-seen order.
export class PairCounts {
  constructor() {
    this.counts = new Uint32Array(65536);
    this.ascii = [];
    this.high = [];
    this.previous = START;
    this.tag = false; // within a tag
    // Made from the counts by summarize(): the pairs with a byte >= 0x80 as compact arrays (first
    // byte, second byte, count; `highPairs` of them), how often each byte >= 0x80 occurs and which
    // were seen, the ASCII letters seen and how often (by LATIN_CLASS), and a number that tells
    // this summary from every other (the language fits' caches); and the ASCII pairs by the
    // classes they are scored by (LATIN_CLASS, 27 x 27), `asciiCounts`, listed in `asciiClasses`.
    this.asciiCounts = new Float64Array(27 * 27);
    this.asciiClasses = [];
    this.first = new Uint8Array(64);
    this.second = new Uint8Array(64);
    this.pairCount = new Float64Array(64);
    this.highPairs = 0;
    this.byteCounts = new Float64Array(256);
    this.seenHigh = [];
    this.letterCounts = new Float64Array(27);
    this.letters = [];
    this.letterTotal = 0;
    this.generation = 0;
    this.summarized = false; // whether the summary is of all the pairs counted
  }

  // Back to no input, in time proportional to the pairs seen (for reuse by detect()).
  clear() {
    const { counts, high, ascii } = this;
    for (let i = 0; i < high.length; i++) counts[high[i]] = 0;
    for (let i = 0; i < ascii.length; i++) counts[ascii[i]] = 0;
    high.length = ascii.length = 0;
    this.previous = START;
    this.tag = false;
    this.summarized = false;
  }

  feed(bytes) {
    const { counts } = this;
    let { previous, tag } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      const pair = (previous << 8) | byte;
      previous = byte;
      // Within a tag (from < to >) pairs of ASCII bytes are markup, no evidence of a language.
      if (byte === 0x3c) tag = true;
      else if (byte === 0x3e) tag = false;
      else if (tag && (pair & 0x8080) === 0) continue;
      if (counts[pair]++ === 0) ((pair & 0x8080) === 0 ? this.ascii : this.high).push(pair);
    }
    this.previous = previous;
    this.tag = tag;
    this.summarized = false;
  }

  // Fills the summary of the input so far (see the constructor), unless it is up to date.
  summarize() {
    if (this.summarized) return;
    this.summarized = true;
    const { counts, high, byteCounts, seenHigh, letterCounts, letters, asciiCounts, asciiClasses, ascii } = this;
    if (high.length > this.first.length) {
      const size = 2 * high.length;
      this.first = new Uint8Array(size);
      this.second = new Uint8Array(size);
      this.pairCount = new Float64Array(size);
    }
    const { first, second, pairCount } = this;
    byteCounts.fill(0);
    seenHigh.length = 0;
    letterCounts.fill(0);
    letters.length = 0;
    let letterTotal = 0;
    this.generation = ++generation;
    // The ASCII pairs by class; each byte is the second of one pair: the ASCII letters (case folded)
    // by the second's class.
    for (let i = 0; i < asciiClasses.length; i++) asciiCounts[asciiClasses[i]] = 0;
    asciiClasses.length = 0;
    for (let i = 0; i < ascii.length; i++) {
      const pair = ascii[i];
      const n = counts[pair];
      const letter = LATIN_CLASS[pair & 0xff];
      const classes = LATIN_CLASS[pair >> 8] * 27 + letter;
      if (asciiCounts[classes] === 0) asciiClasses.push(classes);
      asciiCounts[classes] += n;
      if (letter === 0) continue;
      if (letterCounts[letter] === 0) letters.push(letter);
      letterCounts[letter] += n;
      letterTotal += n;
    }
    for (let i = 0; i < high.length; i++) {
      const pair = high[i];
      const byte = pair & 0xff;
      const n = counts[pair];
      first[i] = pair >> 8;
      second[i] = byte;
      pairCount[i] = n;
      if (byte >= 0x80) {
        if (byteCounts[byte] === 0) seenHigh.push(byte);
        byteCounts[byte] += n;
      } else if (LATIN_CLASS[byte] !== 0) {
        const letter = LATIN_CLASS[byte];
        if (letterCounts[letter] === 0) letters.push(letter);
        letterCounts[letter] += n;
        letterTotal += n;
      }
    }
    this.highPairs = high.length;
    this.letterTotal = letterTotal;
  }
}

// Class 0-26 of an ASCII byte for the ASCII pair weights: 0 not a letter, 1-26 a-z.
const LATIN_CLASS = new Uint8Array(128);
for (let b = 0x41; b <= 0x5a; b++) LATIN_CLASS[b] = LATIN_CLASS[b + 0x20] = b - 0x40;

// The score of a group's ASCII pairs, the same for every encoding of the group.
export function asciiPairScore(groupIndex, pairs) {
  const weights = groupModel(groupIndex).asciiPairs;
  const { asciiCounts, asciiClasses } = pairs;
  let score = 0;
  // (Pairs of two non-letters, class 0 after class 0: digits, punctuation, spaces, markup: no
  // evidence of a language.)
  for (let i = 0; i < asciiClasses.length; i++)
    if (asciiClasses[i] !== 0) score += asciiCounts[asciiClasses[i]] * weights[asciiClasses[i]];
  return score;
}

// How well the group's languages fit the bytes seen (pairs.summarize() first): a language's fit is
// the sum of its weights (tools/detect/train.mjs) for the letters seen, ASCII and those >= 0x80 (by
// their classes' rows of model.languageWeights, in judge()); the group's fit is the log of the mean
// of exp(fit) over its languages (each language equally likely a priori; in 1/UNIT nats like every
// score). The fits are sums of integer counts times integer weights, exact in any order.
// The fits of the ASCII letters are the same for every encoding of a group: computed once a guess.
const fits = new Float64Array(64);
let generation = 0; // counts summarize() calls: a group's ASCII fits are valid for one of them
function asciiFitsOf(model, pairs) {
  const { asciiFits } = model;
  if (model.asciiGeneration === pairs.generation) return asciiFits;
  model.asciiGeneration = pairs.generation;
  const { languageWeights, count } = model;
  asciiFits.fill(0);
  // Only letters are weighed: a class for each in a Latin-script group, else class 1 for all.
  const { letterCounts, letters } = pairs;
  if (model.firstHigh === 27)
    for (let i = 0; i < letters.length; i++) {
      const n = letterCounts[letters[i]];
      const row = letters[i] * count;
      for (let l = 0; l < count; l++) asciiFits[l] += n * languageWeights[row + l];
    }
  else if (pairs.letterTotal !== 0)
    for (let l = 0; l < count; l++) asciiFits[l] = pairs.letterTotal * languageWeights[count + l];
  return asciiFits;
}
// log(mean(exp(fits[l] / UNIT))) in 1/UNIT nats, the languages in order. The fits are integers, so
// each exp((fits[l] - best) / UNIT) is that of a whole number of quarter nats below 0: EXPS keeps
// them as Math.exp gives them, computed when first needed (NaN: not yet).
const EXPS = new Float64Array(4096).fill(NaN);
function mixed(count) {
  let fit = fits[0];
  if (count > 1) {
    let best = -Infinity;
    for (let l = 0; l < count; l++) if (fits[l] > best) best = fits[l];
    let sum = 0;
    for (let l = 0; l < count; l++) {
      const below = best - fits[l];
      if (below >= EXPS.length) sum += Math.exp((fits[l] - best) / UNIT);
      else {
        let e = EXPS[below];
        if (e !== e) e = EXPS[below] = Math.exp((fits[l] - best) / UNIT);
        sum += e;
      }
    }
    fit = best + UNIT * Math.log(sum / count);
  }
  return fit;
}
// The fit of the ASCII letters alone, all languages together (the same for all a group's encodings).
export function asciiLanguageFit(model, pairs) {
  if (model.asciiOnlyGeneration === pairs.generation) return model.asciiOnlyFit;
  fits.set(asciiFitsOf(model, pairs));
  model.asciiOnlyGeneration = pairs.generation;
  return (model.asciiOnlyFit = mixed(model.count));
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

// classOf and caseOf in one table, with the row term of each class (tables.js pairWeights):
// class | case << 8 | row term << 10 (a class ruled out has none).
function classesAndCases(classOf, caseOf, rowTerms) {
  const both = new Int32Array(256);
  for (let b = 0; b < 256; b++) {
    const k = classOf[b];
    both[b] = k | (caseOf[b] << 8) | ((k === REJECTED ? 0 : rowTerms[k]) << 10);
  }
  return both;
}

export class SingleByteCandidate {
  constructor(name, groupIndex) {
    this.name = name;
    this.group = groupIndex;
    this.model = null; // all three loaded when first needed (load())
    this.classOf = null;
    this.classAndCase = null;
    this.reset();
  }

  load() {
    this.model = groupModel(this.group);
    this.classOf = classesOf(this.name, this.model);
    // Each byte's class (low 8 bits), case and row term (above), for the pair loop: one load a byte.
    this.classAndCase = classesAndCases(this.classOf, casesOf(this.name, this.model), this.model.rowTerms);
  }

  // Back to no input (detect() reuses its candidates).
  reset() {
    this.alive = true;
    this.errors = 0;
    this.score = 0;
  }

  // Sets errors, alive and score from the pair counts of all the input so far (pairs.summarize()
  // first): each byte its decoder rejects is an error (out with more than `most`, the errors the
  // input may have); the pairs of the other bytes are scored, and the letters by language.
  judge(pairs, most) {
    if (this.model === null) this.load();
    const { classOf, model } = this;
    const { seenHigh, byteCounts } = pairs;
    const { count, languageWeights, adapted } = model;
    // One pass over the bytes >= 0x80 seen: the errors, and each language's fit to them.
    fits.set(asciiFitsOf(model, pairs));
    let errors = 0;
    for (let i = 0; i < seenHigh.length; i++) {
      const byte = seenHigh[i];
      const k = classOf[byte];
      if (k === REJECTED) errors += byteCounts[byte];
      else if (adapted[k] === 1 || (adapted[k] === 0 && weighed(model, k))) {
        const n = byteCounts[byte];
        const row = k * count;
        for (let l = 0; l < count; l++) fits[l] += n * languageWeights[row + l];
      }
    }
    this.errors = errors;
    this.alive = errors <= most;
    if (!this.alive) {
      this.score = 0;
      return;
    }
    // A pair's weight: weights[class of a * classes + class of b] + the row term of a's class.
    const { weights, classes, caseWeights } = model;
    const both = this.classAndCase;
    const { first, second, pairCount, highPairs } = pairs;
    let score = 0;
    if (errors === 0)
      for (let i = 0; i < highPairs; i++) {
        const a = both[first[i]];
        const b = both[second[i]];
        const k = a & 0xff;
        score +=
          pairCount[i] *
          (weights[k * classes + (b & 0xff)] + (a >> 10) + caseWeights[((a >> 8) & 3) * 3 + ((b >> 8) & 3)]);
      }
    else
      for (let i = 0; i < highPairs; i++) {
        const a = both[first[i]];
        const b = both[second[i]];
        const k = a & 0xff;
        if (k !== REJECTED && (b & 0xff) !== REJECTED)
          score +=
            pairCount[i] *
            (weights[k * classes + (b & 0xff)] + (a >> 10) + caseWeights[((a >> 8) & 3) * 3 + ((b >> 8) & 3)]);
      }
    this.score = score + mixed(count);
  }

  // Whether this reads every byte >= 0x80 seen (pairs.seenHigh) as `other`, an encoding of the same
  // group, does: the same classes and cases, so the same errors and score (KOI8-U for Russian text
  // as KOI8-R, ISO-8859-7 for most Greek as windows-1253; not x-mac-cyrillic as windows-1251 where
  // 0xDF is я in one and Я in the other).
  readsLike(other, pairs) {
    if (this.model === null) this.load();
    if (other.model === null) other.load();
    const a = this.classAndCase;
    const b = other.classAndCase;
    const { seenHigh } = pairs;
    for (let i = 0; i < seenHigh.length; i++) if (a[seenHigh[i]] !== b[seenHigh[i]]) return false;
    return true;
  }
}

// Judges each candidate (pairs.summarize() first), or takes the judgement of an earlier candidate
// of its group that reads the input the same.
export function judgeAll(candidates, pairs, most) {
  for (let c = 0; c < candidates.length; c++) {
    const candidate = candidates[c];
    let twin = null;
    for (let d = 0; d < c && twin === null; d++) {
      const other = candidates[d];
      if (other.group === candidate.group && candidate.readsLike(other, pairs)) twin = other;
    }
    if (twin === null) candidate.judge(pairs, most);
    else {
      candidate.errors = twin.errors;
      candidate.alive = twin.alive;
      candidate.score = twin.score;
    }
  }
}
