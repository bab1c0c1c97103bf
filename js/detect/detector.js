// The detector: every candidate's decoder state machine runs over the input (fed whole or in
// chunks, with the same result) and counts its errors (each costs it ERROR_COST nats; past MAX_ERRORS
// it is out, errors.js), and the candidates are ranked by their language statistics less the cost of
// their errors, in log space. README.md "Detecting an encoding" says how.
import { SINGLE_BYTE } from './generated_tables.js';
import { toBytes } from '../webidl/webidl.js';
import { candidateNames, GROUP_OF, hintGroup } from './candidates.js';
import { DoubleByteProber, EucJpProber, Gb18030Prober, Iso2022JpProber } from './cjk.js';
import { allowed, alwaysRejected, denseErrors, ERROR_COST, UTF8_ERROR_COST } from './errors.js';
import { DETECT_MESSAGES } from './messages.js';
import { asciiLanguageFit, asciiPairScore, judgeAll, PairCounts, SingleByteCandidate } from './single_byte.js';
import { groupModel, UNIT } from './tables.js';
import { Utf8Prober } from './utf8.js';

const CJK_PROBERS = {
  shift_jis: DoubleByteProber,
  'euc-jp': EucJpProber,
  'iso-2022-jp': Iso2022JpProber,
  gbk: Gb18030Prober,
  gb18030: Gb18030Prober,
  big5: DoubleByteProber,
  'euc-kr': DoubleByteProber,
};

// Encodings without statistics. UTF-16 is only ever told by its BOM; x-user-defined decodes any
// byte, as text no one writes: last, behind every candidate with statistics.
class BomOnlyProber {
  constructor(name) {
    this.name = name;
    this.reset();
  }
  reset() {
    this.alive = false;
    this.errors = 0; // never decoded
    this.score = 0;
  }
  feed() {}
}
class XUserDefinedProber {
  constructor(name) {
    this.name = name;
    this.reset();
  }
  reset() {
    this.alive = true;
    this.errors = 0;
    this.score = 0;
  }
  feed(bytes) {
    for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) this.score -= 10 * UNIT;
  }
}

export function proberFor(name) {
  if (name === 'utf-8') return new Utf8Prober();
  if (CJK_PROBERS[name]) return new CJK_PROBERS[name](name);
  const group = GROUP_OF.get(name);
  if (typeof group === 'number') return new SingleByteCandidate(name, group);
  if (name === 'x-user-defined') return new XUserDefinedProber(name);
  return new BomOnlyProber(name);
}

// The single-byte groups that write Latin letters (firstHigh 27: a class for each ASCII letter).
const LATIN_GROUPS = SINGLE_BYTE.flatMap((g, index) => (g.firstHigh === 27 ? [index] : []));

// Each single-byte group's score of the ASCII pairs as the mixture of its own likelihood (weight 1)
// and the best Latin group's (weight e^-FOREIGN_ASCII for a Latin group, e^-FOREIGN_SCRIPT_ASCII for
// one of another script), in 1/UNIT nats: log(e^s + e^(best - foreign)). The groups not yet scored
// (NaN: no candidate of theirs is alive) stay so.
function mixForeignAscii(asciiScores, pairs) {
  let best = -Infinity;
  for (const group of LATIN_GROUPS) {
    if (Number.isNaN(asciiScores[group])) asciiScores[group] = asciiPairScore(group, pairs);
    if (asciiScores[group] > best) best = asciiScores[group];
  }
  for (let group = 0; group < asciiScores.length; group++) {
    const own = asciiScores[group];
    if (Number.isNaN(own)) continue;
    const foreign = best - (SINGLE_BYTE[group].firstHigh === 27 ? FOREIGN_ASCII : FOREIGN_SCRIPT_ASCII) * UNIT;
    asciiScores[group] = Math.max(own, foreign) + UNIT * Math.log1p(Math.exp(-Math.abs(own - foreign) / UNIT));
  }
}

const groupName = (name) => {
  const group = GROUP_OF.get(name);
  return typeof group === 'number' ? SINGLE_BYTE[group].group : group;
};

// In nats: a hint's weight for its group; ISO-2022-JP's for each escape into a Japanese character
// set; UTF-8's lead over the best other candidate for each multi-byte character.
const HINT_BONUS = 4;
// The ASCII of a text in a Latin-script language may be spelt as another Latin-script language
// spells it (lists of names: "Bosnia và Herzegovina | Barbados | Bangladesh" in Vietnamese), at
// prior odds e^-FOREIGN_ASCII: a Latin group's score of the ASCII pairs is the log of the mixture of
// its own and the best Latin group's likelihood, so the ASCII of such a list costs a group at most
// about this much against the others (judged on the development set: with the Estonian word list
// read right, 27 errors from 10 to 12 nats, 28 at 13-18, 29 at 8; README "Detecting an encoding").
const FOREIGN_ASCII = 11;
// The ASCII of a text in a script other than Latin (Cyrillic, Greek, Hebrew, Arabic, Thai) may be
// foreign words, English among a few words of the language ("Action items: … Also: право."), at
// prior odds e^-FOREIGN_SCRIPT_ASCII: its group's score of the ASCII pairs is the mixture of its own
// likelihood (which gives Latin words little: what tells "Café" from the same bytes read as Cyrillic)
// and the best Latin group's, so that the decision rests on the bytes >= 0x80 and their neighbours,
// where a script switch within a word costs what the training text says (tools/detect/train.mjs).
// Judged on the real-world and third-party sets made with seed 7 (whole documents 97.8% without
// the mixture; 99.6% at 11 to 18, 99.5% at 20 and 25; third-party text 100% whole at 18 to 25, 99.8%
// at 11 and 16, where Italian with "è" alone between words read as Arabic; the CLDR sets the same
// from 16, a few fewer right at 11).
const FOREIGN_SCRIPT_ASCII = 18;
const ESCAPE_BONUS = 20;
const UTF8_BONUS = 5;
const UTF8_SURE = 3;
const SPARSE = 4;
// Each error of a candidate makes its confidence at most ERROR_DOUBT / (ERROR_DOUBT + errors).
const ERROR_DOUBT = 16;
// The total of random bytes (input that is no text in any candidate), against which the totals are
// log-likelihood ratios, less its prior odds against text (e^-10).
const NOT_TEXT = -10;
const MIN_TEXT = 1e-3;

// https://encoding.spec.whatwg.org/#bom-sniff
function bomEncoding(head) {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  return null;
}

const isDetector = (value) => value instanceof EncodingDetector && value.probers !== undefined;

// The options resolved: { names, hint }. Each option is read once.
function resolve(options) {
  if (options !== undefined && options !== null && typeof options !== 'object')
    throw new TypeError(DETECT_MESSAGES.badOptions);
  const { allowUTF8 = true, candidates, hint } = options ?? {};
  return { names: candidateNames(candidates, !!allowUTF8), hint: hintGroup(hint) };
}

// Checks detect()'s options (TypeError, RangeError) without running it: sniff() where a BOM or a
// declaration decides.
export const checkOptions = (options) => void resolve(options);

// Makes `detector` a detector of `names` with `hint`, with pair counts of its own unless given.
function setUp(detector, { names, hint }, pairs = null) {
  detector.names = names;
  detector.hint = hint;
  detector.probers = names.map(proberFor);
  detector.singleByte = detector.probers.filter((p) => p instanceof SingleByteCandidate);
  detector.streaming = detector.probers.filter((p) => !(p instanceof SingleByteCandidate));
  detector.rejected = detector.streaming.map((p) => alwaysRejected(p.name));
  detector.pairs = detector.singleByte.length === 0 ? null : (pairs ?? new PairCounts());
  detector.head = [];
  detector.nonAscii = false;
  detector.length = 0; // bytes fed
  detector.high = 0; // bytes >= 0x80 fed (counted here only without pair counts)
  detector.finished = false;
  detector.asciiScores = new Float64Array(SINGLE_BYTE.length);
  detector.totals = new Float64Array(names.length);
  // guess()'s working arrays: the candidates within their errors, and their ranking.
  detector.survivors = [];
  detector.order = [];
  detector.odds = new Float64Array(names.length);
}

export class EncodingDetector {
  // options: { allowUTF8 = true, candidates (encoding labels), hint (language tag or domain) }.
  constructor(options = undefined) {
    setUp(this, resolve(options));
  }

  // Adds the next bytes (any BufferSource) of the input.
  feed(chunk) {
    if (!isDetector(this)) throw new TypeError(DETECT_MESSAGES.notDetector);
    const bytes = toBytes(chunk);
    if (this.finished) throw new TypeError(DETECT_MESSAGES.finished);
    this.length += bytes.length;
    for (let i = 0; this.head.length < 3 && i < bytes.length; i++) this.head.push(bytes[i]);
    if (!this.nonAscii) for (let i = 0; i < bytes.length && !this.nonAscii; i++) this.nonAscii = bytes[i] >= 0x80;
    if (this.pairs) this.pairs.feed(bytes);
    else for (let i = 0; i < bytes.length; i++) this.high += bytes[i] >> 7;
    for (const prober of this.streaming) if (prober.alive) prober.feed(bytes);
  }

  // The best guess for the bytes fed so far.
  guess() {
    if (!isDetector(this)) throw new TypeError(DETECT_MESSAGES.notDetector);
    const bom = bomEncoding(this.head);
    if (bom) return { encoding: bom, confidence: 1, errors: 0, alternatives: [], ascii: false };
    const most = allowed(this.length);
    let iso2022 = null;
    for (const p of this.streaming)
      if (p.name === 'iso-2022-jp' && p.alive && p.errors <= most && p.switches > 0) iso2022 = p;
    // (Single-byte candidates have no errors in ASCII, so they need no judging here.)
    if (!this.nonAscii && !iso2022) return this.asciiResult(this.probers.filter((p) => p.alive && p.errors <= most));
    // Each group's score of the ASCII pairs, computed once (NaN: not yet).
    const { pairs, asciiScores, survivors } = this;
    asciiScores.fill(NaN);
    if (pairs) {
      pairs.summarize();
      judgeAll(this.singleByte, pairs, most);
    }
    let alive = false;
    for (const candidate of this.singleByte) {
      const { group } = candidate;
      if (candidate.alive && Number.isNaN(asciiScores[group])) asciiScores[group] = asciiPairScore(group, pairs);
      alive ||= candidate.alive;
    }
    if (alive) mixForeignAscii(asciiScores, pairs);
    survivors.length = 0;
    const dense = denseErrors(this.highCount());
    let cjk = false; // whether a survivor has no single-byte group
    for (const p of this.probers)
      // (ISO-2022-JP with errors but no escape into a Japanese set is 8-bit text, no reading.)
      if (p.alive && p.errors <= most && !(p.switches === 0 && p.errors > 0) && !(p.dense && p.errors > dense)) {
        survivors.push(p);
        if (p.group === undefined) cjk = true;
      }
    if (survivors.length === 0) {
      // (Its errors as counted when it was ruled out: counting may stop there.)
      const [first] = this.probers;
      const errors = Math.min(first.errors, (first.dense ? Math.min(most, dense) : most) + 1);
      return { encoding: first.name, confidence: 0, errors, alternatives: [], ascii: false };
    }
    // The ASCII in CJK text is Latin-script text: scored as the best Latin group and its best
    // language score it.
    let latinAscii = 0;
    if (pairs && cjk) {
      latinAscii = -Infinity;
      for (const group of LATIN_GROUPS) {
        if (Number.isNaN(asciiScores[group])) asciiScores[group] = asciiPairScore(group, pairs);
        latinAscii = Math.max(latinAscii, asciiScores[group] + asciiLanguageFit(groupModel(group), pairs));
      }
    }

    const { totals, order, odds } = this; // a number for each candidate (survivors.length used)
    const count = survivors.length;
    let utf8 = -1;
    for (let i = 0; i < count; i++) {
      const p = survivors[i];
      let total =
        (p.score + (p.group !== undefined ? asciiScores[p.group] : latinAscii)) / UNIT - ERROR_COST * p.errors;
      if (p === iso2022) total += ESCAPE_BONUS * p.switches;
      if (this.hint !== null && groupName(p.name) === this.hint) total += HINT_BONUS;
      totals[i] = total;
      if (p.name === 'utf-8') utf8 = i;
    }
    if (utf8 >= 0 && (survivors[utf8].nonAscii > 0 || survivors[utf8].errors > 0)) {
      // Ahead of the best other reading by its multi-byte characters, behind it by its errors.
      const { nonAscii, errors } = survivors[utf8];
      // Its floor is random bytes (0) where it has characters and no errors, or characters enough not to be chance
      // (UTF8_SURE), or is mostly ASCII (fewer than 1 byte in SPARSE >= 0x80: a few characters and a
      // bad byte in ASCII text); else it is only ahead of the best other reading, as legacy text
      // dense in bytes >= 0x80 makes a few valid sequences by chance.
      const high = this.highCount();
      const floor =
        count === 1 || (nonAscii > 0 && (errors === 0 || nonAscii >= UTF8_SURE || high * SPARSE < this.length));
      let others = floor ? 0 : -Infinity;
      for (let i = 0; i < count; i++) if (i !== utf8 && totals[i] > others) others = totals[i];
      // (Without the floor, an error counts twice: such input read as UTF-8 has errors.)
      totals[utf8] = others + UTF8_BONUS * nonAscii - (floor ? 1 : 2) * UTF8_ERROR_COST * errors;
    }
    // Highest total first; a tie goes to the earlier candidate (the order of DEFAULT_CANDIDATES, or
    // of the candidates given: an insertion sort, a few dozen at most), never to iteration order.
    order.length = count;
    for (let i = 0; i < count; i++) {
      let at = i;
      for (; at > 0 && totals[order[at - 1]] < totals[i]; at--) order[at] = order[at - 1];
      order[at] = i;
    }
    // The confidences: the softmax of the totals (log-likelihoods: differences of them, taken from
    // the best, so the best reading's share is at least 1 / count however low the totals), times
    // the share of text against random bytes (NOT_TEXT: a reading much less likely than random
    // bytes is not sure; at least MIN_TEXT, so a best guess is never below MIN_TEXT / count), times
    // ERROR_DOUBT / (ERROR_DOUBT + errors) for the errors of each.
    const best = totals[order[0]];
    let sum = 0;
    for (let k = 0; k < count; k++) sum += odds[k] = Math.exp(totals[order[k]] - best);
    const text = Math.max(MIN_TEXT, 1 / (1 + Math.exp(NOT_TEXT - best) / sum));
    const ranked = (k) => {
      const { name, errors } = survivors[order[k]];
      // (Never 0, which says ruled out, even for a reading e^-745 less likely than the best.)
      const confidence = Math.max(Number.MIN_VALUE, ((text * odds[k]) / sum) * (ERROR_DOUBT / (ERROR_DOUBT + errors)));
      return { encoding: name, confidence, errors };
    };
    const alternatives = new Array(count - 1);
    for (let k = 1; k < count; k++) alternatives[k - 1] = ranked(k);
    const { encoding, confidence, errors } = ranked(0);
    return { encoding, confidence, errors, alternatives, ascii: false };
  }

  // How many bytes >= 0x80 were fed.
  highCount() {
    const { pairs } = this;
    if (pairs === null) return this.high;
    pairs.summarize();
    let high = 0;
    for (let i = 0; i < pairs.seenHigh.length; i++) high += pairs.byteCounts[pairs.seenHigh[i]];
    return high;
  }

  // The final guess; the detector takes no more input.
  finish() {
    const result = this.guess();
    this.finished = true;
    return result;
  }

  // ASCII decodes the same in every ASCII-compatible candidate: UTF-8 where allowed, else the
  // hinted group's first, else the first that survived.
  asciiResult(survivors) {
    const compatible = survivors.filter((p) => p.name !== 'iso-2022-jp');
    const pick =
      compatible.find((p) => p.name === 'utf-8') ??
      compatible.find((p) => this.hint !== null && groupName(p.name) === this.hint) ??
      compatible[0] ??
      survivors[0];
    const encoding = pick ? pick.name : this.names[0];
    return { encoding, confidence: pick ? 1 : 0, errors: pick ? pick.errors : 0, alternatives: [], ascii: true };
  }
}

// The encoding of `bytes` (any BufferSource): { encoding, confidence, alternatives, ascii }.
// It keeps the detectors it made, one for each set of candidates and hint (a few: more empty the
// cache), and resets one for each call rather than making its candidates anew; they share one set
// of pair counts, cleared after each call (a detector of its own would allocate 256 KB for a few
// bytes). No code of the caller runs between the options and the answer (the options are read
// first; the input is read through the intrinsic getters), so no call can start while one runs.
let scratch = null;
const kept = new Map();
const KEEP = 16;
export function detect(bytes, options = undefined) {
  const defaults = options === undefined || options === null;
  const config = defaults ? null : resolve(options);
  scratch ??= new PairCounts();
  try {
    const key = defaults ? '' : `${config.names}|${config.hint}`;
    let detector = kept.get(key);
    if (detector) reset(detector);
    else {
      if (kept.size >= KEEP) kept.clear();
      detector = Object.create(EncodingDetector.prototype);
      setUp(detector, config ?? resolve(options), scratch);
      kept.set(key, detector);
    }
    // The length is known: a candidate stops once it has more errors than it may have.
    const input = toBytes(bytes);
    const most = allowed(input.length);
    for (const prober of detector.streaming) if (prober.maxErrors !== undefined) prober.maxErrors = most;
    if (detector.pairs === null) detector.feed(input);
    else feedWhole(detector, input, most);
    return detector.finish();
  } finally {
    scratch.clear();
  }
}

// detect()'s feed of the whole input: the pair counts first; then each other candidate, unless its
// decoder always rejects more of the bytes seen than the input may have errors (it would stop at
// most + 1 errors: it is out with those, without running).
function feedWhole(detector, bytes, most) {
  const { pairs, streaming, rejected } = detector;
  detector.length = bytes.length;
  for (let i = 0; i < 3 && i < bytes.length; i++) detector.head.push(bytes[i]);
  pairs.feed(bytes);
  pairs.summarize();
  const { seenHigh, byteCounts } = pairs;
  detector.nonAscii = seenHigh.length > 0;
  const dense = denseErrors(detector.highCount());
  // ISO-2022-JP with a byte >= 0x80 (an error) and no escape is no reading (guess()): not run.
  const escapes = seenHigh.length === 0 || bytes.indexOf(0x1b) >= 0;
  for (let k = 0; k < streaming.length; k++) {
    const prober = streaming[k];
    if (!prober.alive) continue;
    if (!escapes && prober.switches !== undefined) {
      prober.errors = most + 1;
      prober.alive = false;
      continue;
    }
    const limit = prober.dense ? Math.min(most, dense) : most;
    if (prober.maxErrors !== undefined) prober.maxErrors = limit;
    const table = rejected[k];
    if (table !== null) {
      let errors = 0;
      for (let i = 0; i < seenHigh.length; i++) if (table[seenHigh[i]] === 1) errors += byteCounts[seenHigh[i]];
      if (errors > limit) {
        prober.errors = limit + 1;
        prober.alive = false;
        continue;
      }
    }
    prober.feed(bytes);
  }
}

// Back to no input, the candidates kept.
function reset(detector) {
  for (const prober of detector.probers) prober.reset();
  detector.head.length = 0;
  detector.nonAscii = false;
  detector.length = 0;
  detector.high = 0;
  detector.finished = false;
}
