// Deterministic input generation for the differential test (test/differential/run.mjs).
//
// Everything here is a pure function of (encoding, count, seed): the same arguments give the same
// inputs, byte for byte, on every machine. The randomness is a seeded xorshift32 PRNG; nothing reads
// Math.random() or the clock.
//
// Decoder inputs are records { bytes, flags, cuts, kind }:
//   bytes  Uint8Array, the input
//   flags  FLAG_FATAL_STREAM: the streaming decode uses fatal: true
//          FLAG_IGNORE_BOM:   every decoder of this input is created with ignoreBOM: true
//          FLAG_FLUSH_LAST:   the last chunk is passed with stream: false (otherwise every chunk is
//                             passed with stream: true and a final decode() without input flushes)
//   cuts   sorted chunk boundaries in [0, bytes.length] for the streaming decode (duplicates give
//          empty chunks); chunk i is bytes[cuts[i-1] .. cuts[i]] with cuts[-1] = 0, cuts[n] = length
//   kind   which generator made it (reported with failures)
//
// Byte ranges below come from the decoders of the Encoding Standard
// (/work/shared/whatwg-encoding/encoding.bs, https://encoding.spec.whatwg.org/), cited per family.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ref from '../reference/reference.mjs';
import { indexEntries, gb18030Ranges } from '../reference/indexes.mjs';
import { FLAG_FATAL_STREAM, FLAG_FLUSH_LAST, FLAG_IGNORE_BOM } from './batch.mjs';

export { FLAG_FATAL_STREAM, FLAG_FLUSH_LAST, FLAG_IGNORE_BOM };

// The encodings TextDecoder accepts: every encoding but replacement (lower-case names, as
// TextDecoder.encoding reports them).
export const DECODER_ENCODINGS = ref.ENCODING_NAMES.map((n) => n.toLowerCase()).filter((n) => n !== 'replacement');
// The encodings with an encoder: https://encoding.spec.whatwg.org/#get-an-encoder step 1.
export const ENCODER_ENCODINGS = DECODER_ENCODINGS.filter((n) => n !== 'utf-16be' && n !== 'utf-16le');

// encoding-wasm / TextDecoder name -> the reference's spelling of the name.
const REF_NAME = new Map(ref.ENCODING_NAMES.map((n) => [n.toLowerCase(), n]));
export const refName = (name) => REF_NAME.get(name);

const SINGLE_BYTE = new Set(
  DECODER_ENCODINGS.filter((n) => /^(ibm866|iso-8859-|koi8-|macintosh|windows-|x-mac-cyrillic)/.test(n)),
);
export const isSingleByte = (name) => SINGLE_BYTE.has(name);
const singleByteIndexName = (name) => (name === 'iso-8859-8-i' ? 'iso-8859-8' : name);

// ---- PRNG -------------------------------------------------------------------------------------

// FNV-1a over a string, to derive a per-encoding seed from the run's seed.
export function hashString(string, seed = 0x811c9dc5) {
  let h = seed >>> 0;
  for (let i = 0; i < string.length; i++) {
    h ^= string.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// xorshift32 (Marsaglia), seeded through one round of a 32-bit integer hash so that nearby seeds
// give unrelated streams.
export class Rng {
  constructor(seed) {
    let s = seed >>> 0;
    s = Math.imul(s ^ (s >>> 16), 0x7feb352d) >>> 0;
    s = Math.imul(s ^ (s >>> 15), 0x846ca68b) >>> 0;
    s = (s ^ (s >>> 16)) >>> 0;
    this.s = s || 0x9e3779b9;
  }
  u32() {
    let s = this.s;
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    this.s = s;
    return s;
  }
  // Integer in [0, n).
  int(n) {
    return n <= 0 ? 0 : Math.floor((this.u32() / 4294967296) * n);
  }
  // Integer in [lo, hi], inclusive.
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }
  chance(p) {
    return this.u32() / 4294967296 < p;
  }
  pick(array) {
    return array[this.int(array.length)];
  }
  // Picks a value from a table().
  choose(t) {
    let x = (this.u32() / 4294967296) * t.total;
    for (const e of t.entries) {
      if (x < e[0]) return e[1];
      x -= e[0];
    }
    return t.entries[t.entries.length - 1][1];
  }
  // A length: mostly 0..64 bytes, sometimes up to 4 KiB.
  length(longChance = 0.01) {
    return this.chance(longChance) ? this.range(65, 4096) : this.range(0, 64);
  }
}

// A weighted choice, built once (module level, so that no closures are allocated per choice):
// [[weight, value], ...]; the values are mostly functions of the PRNG.
export function table(entries) {
  return { entries, total: entries.reduce((n, [w]) => n + w, 0) };
}

// ---- byte-level helpers -----------------------------------------------------------------------

const R = (lo, hi) => [lo, hi];
const inR = (rng, [lo, hi]) => rng.range(lo, hi);
// A byte from one of several ranges, or now and then a byte just outside one of them.
function byteNear(rng, ranges, edgeChance = 0.15) {
  const [lo, hi] = rng.pick(ranges);
  if (rng.chance(edgeChance)) return rng.pick([lo - 1, lo, hi, hi + 1]) & 0xff;
  return rng.range(lo, hi);
}

// Bytes that sit on the range boundaries of the decoders in this file, for mutations.
const EDGE_BYTES = [
  0x00, 0x0a, 0x0d, 0x0e, 0x0f, 0x1b, 0x20, 0x21, 0x24, 0x28, 0x2f, 0x30, 0x39, 0x3a, 0x3f, 0x40, 0x41, 0x42, 0x49,
  0x4a, 0x5c, 0x7e, 0x7f, 0x80, 0x81, 0x8e, 0x8f, 0x90, 0x9f, 0xa0, 0xa1, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe3,
  0xe4, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfc, 0xfd, 0xfe, 0xff,
];

class Bytes {
  constructor() {
    this.buf = new Uint8Array(64);
    this.length = 0;
  }
  append(list) {
    if (this.length + list.length > this.buf.length) {
      const next = new Uint8Array(Math.max(2 * this.buf.length, this.length + list.length));
      next.set(this.buf);
      this.buf = next;
    }
    for (let i = 0; i < list.length; i++) this.buf[this.length++] = list[i] & 0xff;
  }
  done() {
    return this.buf.slice(0, this.length);
  }
}

function uniformBytes(rng, n) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = rng.u32() & 0xff;
  return out;
}

// ---- code point pools (for valid text and for the encoder test) -------------------------------

const poolCache = new Map();

// Code points the encoding can represent (mostly): the index's code points plus ASCII and the
// encoding's special cases. Used to build valid text through the reference encoder.
function encodablePool(name) {
  if (poolCache.has(name)) return poolCache.get(name);
  let pool;
  const ascii = Array.from({ length: 0x80 }, (_, i) => i);
  const fromIndex = (index, keep = () => true) =>
    indexEntries(index)
      .filter(([p]) => keep(p))
      .map(([, c]) => c);
  if (isSingleByte(name)) pool = [...ascii, ...fromIndex(singleByteIndexName(name))];
  else if (name === 'gbk' || name === 'gb18030') pool = [...ascii, ...fromIndex('gb18030'), 0x20ac];
  else if (name === 'big5') pool = [...ascii, ...fromIndex('big5', (p) => p >= (0xa1 - 0x81) * 157)];
  else if (name === 'euc-jp' || name === 'iso-2022-jp') {
    const kana = Array.from({ length: 0x3f }, (_, i) => 0xff61 + i);
    pool = [...ascii, ...fromIndex('jis0208'), ...kana, 0xa5, 0x203e, 0x2212];
  } else if (name === 'shift_jis') {
    const kana = Array.from({ length: 0x3f }, (_, i) => 0xff61 + i);
    pool = [...ascii, ...fromIndex('jis0208', (p) => p < 8272 || p > 8835), ...kana, 0x80, 0xa5, 0x203e, 0x2212];
  } else if (name === 'euc-kr') pool = [...ascii, ...fromIndex('euc-kr')];
  else if (name === 'x-user-defined') pool = [...ascii, ...Array.from({ length: 0x80 }, (_, i) => 0xf780 + i)];
  else pool = null; // UTF-8, UTF-16: any scalar value
  poolCache.set(name, pool);
  return pool;
}

// A random scalar value from all of Unicode, biased to the interesting planes and boundaries.
const SCALAR_EDGES = [0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfeff, 0xfffe, 0xffff, 0x10000, 0x10ffff, 0xfffd];
const ANY_SCALAR = table([
  [30, (rng) => rng.range(0, 0x7f)],
  [15, (rng) => rng.range(0x80, 0x7ff)],
  [
    25,
    (rng) => {
      const c = rng.range(0x800, 0xfffd);
      return c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
    },
  ],
  [10, (rng) => rng.range(0x10000, 0x10ffff)],
  [5, (rng) => rng.range(0x1f300, 0x1faff)],
  [5, (rng) => rng.pick(SCALAR_EDGES)],
]);
function anyScalar(rng) {
  return rng.choose(ANY_SCALAR)(rng);
}

function validCodePoint(rng, name) {
  const pool = encodablePool(name);
  if (pool === null || rng.chance(0.03)) return anyScalar(rng);
  return rng.pick(pool);
}

// Valid bytes of the encoding for a random string (the reference encoder in html mode, so that the
// rare unencodable code point becomes "&#N;"; UTF-8 and UTF-16 are written out directly). Every encoder but
// ISO-2022-JP's is stateless, so a string's bytes are the concatenation of its code points' bytes:
// those are encoded once each and cached.
const encodedCache = new Map();
const HOST_UTF8 = new globalThis.TextEncoder();
function validBytes(rng, name, maxCodePoints = 24) {
  const n = rng.range(1, maxCodePoints);
  if (name === 'utf-8' || name === 'utf-16le' || name === 'utf-16be' || name === 'iso-2022-jp') {
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCodePoint(validCodePoint(rng, name));
    if (name === 'iso-2022-jp') return ref.encode(refName(name), s, { mode: 'html' });
    // UTF-8 of scalar values (no index; the host's UTF-8 encoder, not encoding-wasm's)
    if (name === 'utf-8') return HOST_UTF8.encode(s);
    return utf16Bytes(s, name === 'utf-16be');
  }
  let cache = encodedCache.get(name);
  if (!cache) encodedCache.set(name, (cache = new Map()));
  const out = new Bytes();
  for (let i = 0; i < n; i++) {
    const c = validCodePoint(rng, name);
    let bytes = cache.get(c);
    if (!bytes) cache.set(c, (bytes = ref.encode(refName(name), String.fromCodePoint(c), { mode: 'html' })));
    out.append(bytes);
  }
  return out.done();
}

function utf16Bytes(s, bigEndian) {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    out[2 * i + (bigEndian ? 0 : 1)] = u >> 8;
    out[2 * i + (bigEndian ? 1 : 0)] = u & 0xff;
  }
  return out;
}

// ---- per-family biased generators -------------------------------------------------------------
// Each returns the bytes of one "token": a (mostly) well-formed or deliberately broken sequence of
// the family, drawn from the ranges of its decoder.

const ASCII = R(0x00, 0x7f);
const asciiToken = (rng) => [rng.chance(0.8) ? rng.range(0x20, 0x7e) : inR(rng, ASCII)];
const token = (t) => (rng) => rng.choose(t)(rng);

// https://encoding.spec.whatwg.org/#utf-8-decoder: lead 0xC2-0xDF (1 trail), 0xE0-0xEF (2),
// 0xF0-0xF4 (3); trail 0x80-0xBF narrowed after 0xE0 (0xA0-), 0xED (-0x9F), 0xF0 (0x90-),
// 0xF4 (-0x8F).
const u8trail = (rng) => rng.range(0x80, 0xbf);
const U8_THREE_LEADS = [0xe1, 0xe2, 0xe3, 0xe8, 0xec, 0xee, 0xef];
const U8_NARROW_LEADS = [0xe0, 0xed, 0xf0, 0xf4];
const U8_SECOND_EDGES = [0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0];
const U8_BAD_LEADS = [0xc0, 0xc1, 0xf5, 0xf8, 0xfc, 0xfe, 0xff];
const utf8Token = token(
  table([
    [20, asciiToken],
    [12, (rng) => [rng.range(0xc2, 0xdf), u8trail(rng)]],
    [6, (rng) => [0xe0, rng.range(0xa0, 0xbf), u8trail(rng)]],
    [10, (rng) => [rng.chance(0.5) ? rng.range(0xe1, 0xec) : rng.pick(U8_THREE_LEADS), u8trail(rng), u8trail(rng)]],
    [6, (rng) => [0xed, rng.range(0x80, 0x9f), u8trail(rng)]],
    [6, (rng) => [0xf0, rng.range(0x90, 0xbf), u8trail(rng), u8trail(rng)]],
    [6, (rng) => [rng.range(0xf1, 0xf3), u8trail(rng), u8trail(rng), u8trail(rng)]],
    [6, (rng) => [0xf4, rng.range(0x80, 0x8f), u8trail(rng), u8trail(rng)]],
    // the out-of-range second bytes: overlongs, surrogates, above U+10FFFF
    [10, (rng) => [rng.pick(U8_NARROW_LEADS), rng.pick(U8_SECOND_EDGES), u8trail(rng), u8trail(rng)]],
    [6, (rng) => [rng.pick(U8_BAD_LEADS), u8trail(rng)]],
    [6, (rng) => [u8trail(rng)]],
    [6, (rng) => [rng.range(0xc2, 0xf4)]], // a lead with no trail
    [3, () => [0xef, 0xbb, 0xbf]], // U+FEFF (a BOM anywhere)
  ]),
);

// https://encoding.spec.whatwg.org/#shared-utf-16-decoder: code units, lead surrogates
// 0xD800-0xDBFF, trail surrogates 0xDC00-0xDFFF, an odd byte at the end.
const U16_EDGES = [0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000];
const U16_BOMS = [0xfeff, 0xfffe];
const UTF16_UNITS = table([
  [25, (rng) => [rng.range(0, 0x7f)]],
  [15, (rng) => [rng.range(0x80, 0xd7ff)]],
  [10, (rng) => [rng.range(0xe000, 0xffff)]],
  [15, (rng) => [rng.range(0xd800, 0xdbff), rng.range(0xdc00, 0xdfff)]],
  [10, (rng) => [rng.range(0xd800, 0xdbff)]],
  [10, (rng) => [rng.range(0xdc00, 0xdfff)]],
  [5, (rng) => [rng.pick(U16_EDGES)]],
  [5, (rng) => [rng.pick(U16_BOMS)]],
]);
function utf16Token(rng, bigEndian) {
  const units = rng.choose(UTF16_UNITS)(rng);
  const out = [];
  for (const u of units) {
    if (bigEndian) out.push(u >> 8, u & 0xff);
    else out.push(u & 0xff, u >> 8);
  }
  if (rng.chance(0.03)) out.push(rng.u32() & 0xff); // an odd byte: misaligns what follows
  return out;
}
const utf16leToken = (rng) => utf16Token(rng, false);
const utf16beToken = (rng) => utf16Token(rng, true);

// https://encoding.spec.whatwg.org/#gb18030-decoder: 0x80 -> U+20AC, 0xFF error; first 0x81-0xFE;
// second 0x30-0x39 (four bytes) or 0x40-0x7E / 0x80-0xFE (two bytes); third 0x81-0xFE; fourth
// 0x30-0x39. Four-byte pointers above 39419 and below 189000 or above 1237575 are errors
// ("index gb18030 ranges code point" step 1); pointer 7457 is U+E7C7 (step 2).
function gbFourBytes(pointer) {
  const b1 = Math.floor(pointer / 12600) + 0x81;
  let r = pointer % 12600;
  const b2 = Math.floor(r / 1260) + 0x30;
  r %= 1260;
  return [b1, b2, Math.floor(r / 10) + 0x81, (r % 10) + 0x30];
}
let gbFourPointers = null;
function gbFourBytePointers() {
  if (gbFourPointers) return gbFourPointers;
  const list = [0, 7456, 7457, 7458, 39418, 39419, 39420, 39421, 188999, 189000, 189001, 1237574, 1237575, 1237576];
  for (const [p] of gb18030Ranges()) list.push(p - 1, p, p + 1);
  return (gbFourPointers = list.filter((p) => p >= 0 && p < 126 * 12600));
}
const gbLead = (rng) => rng.range(0x81, 0xfe);
const gbDigit = (rng) => rng.range(0x30, 0x39);
const GB_TWO_TRAIL = [R(0x40, 0x7e), R(0x80, 0xfe)];
const GB_FIRST_EDGES = [R(0x81, 0x84), R(0x8f, 0x90), R(0xe3, 0xe4), R(0xfd, 0xfe)];
const GB_SINGLES = [0x80, 0xff];
const GB_BAD_THIRD = [0x30, 0x39, 0x41, 0x7f, 0x80, 0xff, 0x00];
const GB_BAD_FOURTH = [0x2f, 0x3a, 0x41, 0x80, 0x81, 0xff, 0x00];
const GB_BAD_SECOND = [0x00, 0x2f, 0x3a, 0x3f, 0x7f, 0xff, 0x41];
const gb18030Token = token(
  table([
    [18, asciiToken],
    [4, (rng) => [rng.pick(GB_SINGLES)]],
    [
      18,
      (rng) => {
        const [p] = rng.pick(indexEntries('gb18030'));
        const trail = p % 190;
        return [Math.floor(p / 190) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x41)];
      },
    ],
    [10, (rng) => [gbLead(rng), byteNear(rng, GB_TWO_TRAIL)]],
    [8, (rng) => gbFourBytes(rng.pick(gbFourBytePointers()))],
    [8, (rng) => gbFourBytes(rng.chance(0.5) ? rng.range(0, 39419) : rng.range(189000, 1237575))],
    [6, (rng) => [byteNear(rng, GB_FIRST_EDGES, 0.05), gbDigit(rng), gbLead(rng), gbDigit(rng)]],
    // broken four-byte sequences: a non-0x81-0xFE third byte, a non-digit fourth byte, truncation
    [6, (rng) => [gbLead(rng), gbDigit(rng), rng.pick(GB_BAD_THIRD)]],
    [6, (rng) => [gbLead(rng), gbDigit(rng), gbLead(rng), rng.pick(GB_BAD_FOURTH)]],
    [4, (rng) => [gbLead(rng), gbDigit(rng), gbLead(rng)]],
    [4, (rng) => [gbLead(rng), rng.pick(GB_BAD_SECOND)]],
    [4, (rng) => [gbLead(rng)]],
  ]),
);

// https://encoding.spec.whatwg.org/#big5-decoder: lead 0x81-0xFE; trail 0x40-0x7E, 0xA1-0xFE;
// pointers 1133, 1135, 1164, 1166 decode to two code points; an ASCII trail is restored.
function big5PointerBytes(p) {
  const trail = p % 157;
  return [Math.floor(p / 157) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x62)];
}
const BIG5_SPECIAL = [1133, 1134, 1135, 1136, 1164, 1165, 1166, 1167];
const BIG5_TRAIL = [R(0x40, 0x7e), R(0xa1, 0xfe)];
const BIG5_BAD_TRAIL = [0x00, 0x3f, 0x7f, 0x80, 0xa0, 0xff, 0x41];
const big5Token = token(
  table([
    [20, asciiToken],
    [4, (rng) => [rng.pick(GB_SINGLES)]],
    [22, (rng) => big5PointerBytes(rng.pick(indexEntries('big5'))[0])],
    [5, (rng) => big5PointerBytes(rng.pick(BIG5_SPECIAL))],
    [12, (rng) => [rng.range(0x81, 0xfe), byteNear(rng, BIG5_TRAIL)]],
    [8, (rng) => big5PointerBytes(rng.range(0, 126 * 157 - 1))],
    [5, (rng) => [rng.range(0x81, 0xfe), rng.pick(BIG5_BAD_TRAIL)]],
    [4, (rng) => [rng.range(0x81, 0xfe)]],
  ]),
);

// https://encoding.spec.whatwg.org/#euc-jp-decoder: 0x8E + 0xA1-0xDF (katakana); 0x8F + lead +
// trail (jis0212); lead 0xA1-0xFE + trail 0xA1-0xFE (jis0208); an ASCII trail is restored.
const eucJpPointerBytes = (p) => [Math.floor(p / 94) + 0xa1, (p % 94) + 0xa1];
const EUCJP_BYTE = [R(0xa1, 0xfe)];
const EUCJP_KANA = [R(0xa1, 0xdf)];
const EUCJP_BAD_TRAIL = [0x00, 0x41, 0x7f, 0x80, 0xa0, 0xff];
const eucJpLeadish = (rng) => (rng.chance(0.5) ? rng.range(0xa1, 0xfe) : rng.chance(0.5) ? 0x8e : 0x8f);
const eucJpToken = token(
  table([
    [20, asciiToken],
    [18, (rng) => eucJpPointerBytes(rng.pick(indexEntries('jis0208'))[0])],
    [10, (rng) => [0x8f, ...eucJpPointerBytes(rng.pick(indexEntries('jis0212'))[0])]],
    [8, (rng) => [0x8e, byteNear(rng, EUCJP_KANA)]],
    [8, (rng) => [byteNear(rng, EUCJP_BYTE), byteNear(rng, EUCJP_BYTE)]],
    [6, (rng) => [0x8f, byteNear(rng, EUCJP_BYTE), byteNear(rng, EUCJP_BYTE)]],
    [6, (rng) => [eucJpLeadish(rng), rng.pick(EUCJP_BAD_TRAIL)]],
    [5, (rng) => [rng.chance(0.45) ? rng.range(0x80, 0x8d) : rng.chance(0.9) ? rng.range(0x90, 0xa0) : 0xff]],
    [4, (rng) => [eucJpLeadish(rng)]],
  ]),
);

// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder: the escape sequences ESC ( B (ASCII),
// ESC ( J (Roman), ESC ( I (katakana), ESC $ @ and ESC $ B (lead byte); 0x21-0x7E in the
// two-byte and katakana states; 0x0E, 0x0F, 0x1B and bytes >= 0x80 are errors; two escape
// sequences in a row are an error (ISO-2022-JP output flag).
const GOOD_ESC = [
  [0x1b, 0x28, 0x42],
  [0x1b, 0x28, 0x4a],
  [0x1b, 0x28, 0x49],
  [0x1b, 0x24, 0x40],
  [0x1b, 0x24, 0x42],
];
const BAD_ESC = [
  [0x1b],
  [0x1b, 0x28],
  [0x1b, 0x24],
  [0x1b, 0x1b],
  [0x1b, 0x28, 0x43],
  [0x1b, 0x24, 0x41],
  [0x1b, 0x24, 0x28, 0x44],
  [0x1b, 0x28, 0x1b],
  [0x1b, 0x24, 0x1b],
  [0x1b, 0x2e, 0x41],
  [0x1b, 0x28, 0x80],
  [0x1b, 0x24, 0x0a],
  [0x1b, 0x4e],
];
const ISO2022JP_TEXT = [R(0x21, 0x7e)];
const ISO2022JP_NEWLINES = [0x0a, 0x0d];
const ISO2022JP_SPECIALS = [0x0e, 0x0f, 0x1b, 0x00, 0x20, 0x5c, 0x7e, 0x7f, 0x80, 0xa1, 0xff];
const iso2022JpToken = token(
  table([
    [30, (rng) => rng.pick(GOOD_ESC)],
    [8, (rng) => rng.pick(BAD_ESC)],
    [
      30,
      (rng) => {
        const out = [];
        for (let n = rng.range(1, 6); n > 0; n--) out.push(byteNear(rng, ISO2022JP_TEXT, 0.1));
        return out;
      },
    ],
    [
      8,
      (rng) => {
        const [p] = rng.pick(indexEntries('jis0208'));
        return [Math.floor(p / 94) + 0x21, (p % 94) + 0x21];
      },
    ],
    [6, (rng) => [rng.pick(ISO2022JP_NEWLINES)]],
    [6, (rng) => [rng.pick(ISO2022JP_SPECIALS)]],
    [4, (rng) => [rng.range(0x80, 0xff)]],
  ]),
);

// https://encoding.spec.whatwg.org/#shift_jis-decoder: 0x80 and 0xA1-0xDF single bytes; lead
// 0x81-0x9F, 0xE0-0xFC; trail 0x40-0x7E, 0x80-0xFC; pointers 8836-10715 are EUDC (U+E000+);
// an ASCII trail is restored.
function shiftJisPointerBytes(p) {
  const lead = Math.floor(p / 188);
  const trail = p % 188;
  return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
}
const SJIS_LEAD = [R(0x81, 0x9f), R(0xe0, 0xfc)];
const SJIS_TRAIL = [R(0x40, 0x7e), R(0x80, 0xfc)];
const SJIS_SINGLES = [0x80, 0xa0, 0xfd, 0xfe, 0xff];
const SJIS_BAD_TRAIL = [0x00, 0x3f, 0x7f, 0xfd, 0xff, 0x41];
const shiftJisToken = token(
  table([
    [20, asciiToken],
    [18, (rng) => shiftJisPointerBytes(rng.pick(indexEntries('jis0208'))[0])],
    [6, (rng) => shiftJisPointerBytes(rng.range(8836, 10715))],
    [6, (rng) => [rng.chance(0.5) ? rng.pick(SJIS_SINGLES) : rng.range(0xa1, 0xdf)]],
    [10, (rng) => [byteNear(rng, SJIS_LEAD), byteNear(rng, SJIS_TRAIL)]],
    [6, (rng) => shiftJisPointerBytes(rng.range(0, 11279))],
    [5, (rng) => [byteNear(rng, SJIS_LEAD, 0), rng.pick(SJIS_BAD_TRAIL)]],
    [4, (rng) => [byteNear(rng, SJIS_LEAD, 0)]],
  ]),
);

// https://encoding.spec.whatwg.org/#euc-kr-decoder: lead 0x81-0xFE; trail 0x41-0xFE; pointer
// (lead - 0x81) × 190 + (byte - 0x41); an ASCII trail is restored.
const EUCKR_TRAIL = [R(0x41, 0xfe)];
const EUCKR_BAD_TRAIL = [0x00, 0x40, 0x5a, 0x5b, 0x60, 0x61, 0x7a, 0x7b, 0x7f, 0x80, 0xff];
const eucKrToken = token(
  table([
    [20, asciiToken],
    [4, (rng) => [rng.pick(GB_SINGLES)]],
    [
      22,
      (rng) => {
        const [p] = rng.pick(indexEntries('euc-kr'));
        return [Math.floor(p / 190) + 0x81, (p % 190) + 0x41];
      },
    ],
    [12, (rng) => [rng.range(0x81, 0xfe), byteNear(rng, EUCKR_TRAIL)]],
    [6, (rng) => [rng.range(0x81, 0xfe), rng.pick(EUCKR_BAD_TRAIL)]],
    [4, (rng) => [rng.range(0x81, 0xfe)]],
  ]),
);

// https://encoding.spec.whatwg.org/#single-byte-decoder: ASCII bytes, then index single-byte for
// 0x80-0xFF (null entries are errors).
function singleByteToken(rng) {
  return rng.chance(0.35) ? asciiToken(rng) : [rng.range(0x80, 0xff)];
}

// https://encoding.spec.whatwg.org/#x-user-defined-decoder: ASCII, else U+F780 + byte - 0x80.
function xUserDefinedToken(rng) {
  return rng.chance(0.4) ? asciiToken(rng) : [rng.range(0x80, 0xff)];
}

function tokenFor(name) {
  switch (name) {
    case 'utf-8':
      return utf8Token;
    case 'utf-16le':
      return utf16leToken;
    case 'utf-16be':
      return utf16beToken;
    case 'gbk':
    case 'gb18030':
      return gb18030Token;
    case 'big5':
      return big5Token;
    case 'euc-jp':
      return eucJpToken;
    case 'iso-2022-jp':
      return iso2022JpToken;
    case 'shift_jis':
      return shiftJisToken;
    case 'euc-kr':
      return eucKrToken;
    case 'x-user-defined':
      return xUserDefinedToken;
    default:
      return singleByteToken;
  }
}

function biasedBytes(rng, name, targetLength) {
  const token = tokenFor(name);
  const out = new Bytes();
  while (out.length < targetLength) out.append(token(rng));
  return out.done();
}

// ---- mutations --------------------------------------------------------------------------------

// Valid text with junk injected: bytes inserted, overwritten or deleted at random places.
const JUNK = table([
  [4, (rng) => [rng.range(0x80, 0xff)]],
  [3, (rng) => [rng.pick(EDGE_BYTES)]],
  [
    2,
    (rng) => {
      const out = [];
      for (let n = rng.range(1, 4); n > 0; n--) out.push(rng.u32() & 0xff);
      return out;
    },
  ],
  [2, (rng, name) => tokenFor(name)(rng)],
]);
function injectJunk(rng, name, bytes) {
  const a = Array.from(bytes);
  const n = rng.range(1, 4);
  for (let k = 0; k < n; k++) {
    const at = rng.int(a.length + 1);
    const junk = rng.choose(JUNK)(rng, name);
    const op = rng.int(3);
    if (op === 0 || a.length === 0) a.splice(at, 0, ...junk);
    else if (op === 1) a.splice(Math.min(at, a.length - 1), junk.length, ...junk);
    else a.splice(Math.min(at, a.length - 1), rng.range(1, 2));
  }
  return Uint8Array.from(a);
}

// A truncation of valid bytes: a prefix, a suffix, or a slice with both ends cut at random.
function truncate(rng, bytes) {
  const n = bytes.length;
  if (n === 0) return bytes;
  switch (rng.int(4)) {
    case 0:
      return bytes.subarray(0, n - rng.range(1, Math.min(3, n)));
    case 1:
      return bytes.subarray(rng.range(1, Math.min(3, n)));
    case 2: {
      const a = rng.int(n);
      return bytes.subarray(a, a + rng.range(0, n - a));
    }
    default: {
      const a = rng.range(0, Math.min(3, n));
      return bytes.subarray(a, Math.max(a, n - rng.range(0, 3)));
    }
  }
}

// ---- corpus -----------------------------------------------------------------------------------

const CORPUS_DIR = '/work/shared/corpus';
let corpusCache = null;

function swap16(bytes) {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    out[i] = bytes[i + 1];
    out[i + 1] = bytes[i];
  }
  if (bytes.length & 1) out[bytes.length - 1] = bytes[bytes.length - 1];
  return out;
}

// The corpus files (manifest.json order): [{ file, encoding, bytes }], or [] without a corpus.
export function loadCorpus(dir = CORPUS_DIR) {
  if (corpusCache) return corpusCache;
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return (corpusCache = []);
  const { files } = JSON.parse(readFileSync(manifest, 'utf8'));
  corpusCache = files
    .filter((f) => existsSync(join(dir, f.file)))
    .map((f) => ({ file: f.file, encoding: f.encoding, bytes: new Uint8Array(readFileSync(join(dir, f.file))) }));
  return corpusCache;
}

// Corpus files for an encoding: its own files (UTF-16BE gets the UTF-16LE files byte-swapped; GBK
// and gb18030 share), the invalid/random files, and a few files in other encodings (realistic
// junk for this decoder). Each entry: { file, bytes, own }.
function corpusFor(name) {
  const files = loadCorpus();
  const out = [];
  const family = (enc) => (enc === 'gbk' ? 'gb18030' : enc);
  for (const f of files) {
    if (family(f.encoding) === family(name)) out.push({ file: f.file, bytes: f.bytes, own: true });
    else if (name === 'utf-16be' && f.encoding === 'utf-16le') {
      out.push({ file: `${f.file} (byte-swapped)`, bytes: swap16(f.bytes), own: true });
    } else if (f.encoding === 'invalid/mixed') out.push({ file: f.file, bytes: f.bytes, own: false });
  }
  // Foreign text: a legacy CJK file and a UTF-8 file, so every decoder sees real-world misuse.
  for (const other of ['ja.shift_jis.bin', 'zh.gb18030.bin', 'ko.euc-kr.bin', 'ru.utf-8.txt']) {
    const f = files.find((x) => x.file === other);
    if (f && family(f.encoding) !== family(name)) out.push({ file: f.file, bytes: f.bytes, own: false });
  }
  return out;
}

function corpusSlice(rng, entries) {
  const own = entries.filter((e) => e.own);
  const e = own.length > 0 && rng.chance(0.7) ? rng.pick(own) : rng.pick(entries);
  const len = rng.chance(0.1) ? rng.range(65, 4096) : rng.range(1, 256);
  const start = rng.int(Math.max(1, e.bytes.length - len));
  return { bytes: e.bytes.subarray(start, start + len), file: e.file };
}

// ---- split points and flags -------------------------------------------------------------------

const CUT_MODES = table([
  [25, 'none'],
  [40, 'few'],
  [15, 'many'],
  [10, 'every'],
  [10, 'empty'],
]);
export function randomCuts(rng, n) {
  const cuts = [];
  const mode = rng.choose(CUT_MODES);
  if (mode === 'few') for (let k = rng.range(1, 3); k > 0; k--) cuts.push(rng.range(0, n));
  else if (mode === 'many')
    for (let k = rng.range(1, Math.min(256, Math.max(1, n >> 1))); k > 0; k--) cuts.push(rng.range(0, n));
  else if (mode === 'every' && n <= 256) for (let i = 1; i < n; i++) cuts.push(i);
  else if (mode === 'empty') {
    cuts.push(0, rng.range(0, n), rng.range(0, n), n);
    if (rng.chance(0.5)) cuts.push(0);
  } else if (mode === 'every') for (let i = 64; i < n; i += rng.range(1, 64)) cuts.push(i);
  // Chunks of large inputs stay at or under 4 KiB so the reference (linear only on small queues)
  // stays fast; how chunks are cut does not change the expected output.
  cuts.sort((a, b) => a - b);
  const out = [];
  let last = 0;
  for (const c of cuts) {
    while (c - last > 4096) out.push((last += 4096));
    out.push((last = c));
  }
  while (n - last > 4096) out.push((last += 4096));
  return out;
}

function randomFlags(rng) {
  let flags = 0;
  if (rng.chance(0.5)) flags |= FLAG_FATAL_STREAM;
  if (rng.chance(0.3)) flags |= FLAG_IGNORE_BOM;
  if (rng.chance(0.5)) flags |= FLAG_FLUSH_LAST;
  return flags;
}

// BOMs of the encodings with BOM handling in TextDecoder (https://encoding.spec.whatwg.org/#decode
// and #dom-textdecoder-decode "serialize I/O queue"): UTF-8, UTF-16BE, UTF-16LE.
const BOM = { 'utf-8': [0xef, 0xbb, 0xbf], 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] };

// ---- the decoder inputs ----------------------------------------------------------------------

const PAIRS = new Set(['utf-8', 'gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr']);
const NEWLINE = [0x0a];
// Sequences at the spec's special cases, per encoding.
const SPECIALS = {
  // index gb18030: the pointers whose code points changed with GB18030-2022 (0xA6D9-0xA6DF,
  // 0xA6EC-0xA6ED, 0xA6F3, 0xFE59, 0xFE61, 0xFE66, 0xFE67, 0xFE6D, 0xFE7E, 0xFE90, 0xFEA0) and
  // 0xA3A0 (U+3000); index gb18030 ranges code point steps 1-2 (pointers 39419/39420,
  // 188999/189000, 1237575/1237576, 7457).
  gb18030: [
    ...[0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xec, 0xed, 0xf3].map((t) => [0xa6, t]),
    ...[0x59, 0x61, 0x66, 0x67, 0x6d, 0x7e, 0x90, 0xa0].map((t) => [0xfe, t]),
    [0xa3, 0xa0],
    [0x84, 0x31, 0xa4, 0x39],
    [0x84, 0x31, 0xa5, 0x30],
    [0x8f, 0x39, 0xfe, 0x39],
    [0x90, 0x30, 0x81, 0x30],
    [0xe3, 0x32, 0x9a, 0x35],
    [0xe3, 0x32, 0x9a, 0x36],
    [0x81, 0x35, 0xf4, 0x37],
    [0x81, 0x30, 0x81, 0x30],
    [0xfe, 0x39, 0xfe, 0x39],
    [0x81, 0x30, 0x81],
    [0x81, 0x30],
    [0x81, 0x30, 0x81, 0x41],
    [0x81, 0x30, 0x41],
  ],
  // Big5 pointers 1133, 1135, 1164, 1166 (two code points each) and their neighbours.
  big5: [
    [0x88, 0x62],
    [0x88, 0x63],
    [0x88, 0x64],
    [0x88, 0xa3],
    [0x88, 0xa4],
    [0x88, 0xa5],
    [0x88, 0x62, 0x88, 0x64],
  ],
  // ISO-2022-JP: each escape sequence alone, twice in a row, at the end, and with one byte after.
  'iso-2022-jp': [
    ...GOOD_ESC.map((e) => e),
    ...GOOD_ESC.flatMap((e) => GOOD_ESC.map((f) => [...e, ...f])),
    ...GOOD_ESC.map((e) => [...e, 0x21, 0x21]),
    ...GOOD_ESC.map((e) => [...e, 0x0a, 0x21]),
    ...BAD_ESC.map((e) => e),
  ],
};
SPECIALS.gbk = SPECIALS.gb18030;

// `count` decoder inputs for `name`. { wholeCorpusFiles: true } adds each of the encoding's own
// corpus files whole (hundreds of KiB each) on top of `count`.
export function generateDecoderInputs(name, count, { seed = 1, wholeCorpusFiles = false } = {}) {
  const rng = new Rng(hashString(name, seed));
  const corpus = corpusFor(name);
  const records = [];
  const utf16 = name === 'utf-16le' || name === 'utf-16be';
  const add = (bytes, kind) => {
    // 1 to 31 ASCII characters in front now and then, to move the interesting bytes across the
    // implementations' ASCII fast paths (encoding_rs' testing.rs pads every case this way)
    if (kind !== 'byte' && kind !== 'empty' && rng.chance(0.05)) {
      const out = new Bytes();
      for (let n = rng.range(1, 31); n > 0; n--) {
        const c = rng.range(0x20, 0x7e);
        out.append(utf16 ? (name === 'utf-16le' ? [c, 0] : [0, c]) : [c]);
      }
      out.append(bytes);
      bytes = out.done();
      kind += '+pad';
    }
    if (BOM[name] && rng.chance(0.08)) {
      const bom = BOM[name];
      const out = new Bytes();
      out.append(bom);
      if (rng.chance(0.2)) out.append(bom);
      out.append(bytes);
      const a = out.done();
      bytes = rng.chance(0.2) ? a.subarray(0, rng.range(1, bom.length)) : a;
      kind += '+bom';
    }
    records.push({ bytes, flags: randomFlags(rng), cuts: randomCuts(rng, bytes.length), kind });
  };

  // Every single byte, and the empty input.
  for (let b = 0; b < 256 && records.length < count; b++) add(Uint8Array.of(b), 'byte');
  if (records.length < count) add(new Uint8Array(0), 'empty');
  // Every two-byte sequence starting with a byte >= 0x80 (and EUC-JP's every 0x8F three-byte
  // sequence), each followed by a newline that ends whatever the pair left open, packed into
  // inputs of `perInput` sequences.
  if (PAIRS.has(name)) {
    const perInput = count >= 50000 ? 16 : 64;
    const sequences = [];
    for (let lead = 0x80; lead <= 0xff; lead++)
      for (let trail = 0; trail <= 0xff; trail++) sequences.push([lead, trail]);
    if (name === 'euc-jp')
      for (let b = 0xa1; b <= 0xfe; b++) for (let c = 0xa1; c <= 0xfe; c++) sequences.push([0x8f, b, c]);
    for (let i = 0; i < sequences.length && records.length < count; i += perInput) {
      const out = new Bytes();
      for (const seq of sequences.slice(i, i + perInput)) {
        out.append(seq);
        out.append(NEWLINE);
      }
      add(out.done(), 'pairs');
    }
  }
  // The spec's special cases of this encoding, each on its own.
  for (const bytes of SPECIALS[name] ?? []) if (records.length < count) add(Uint8Array.from(bytes), 'special');

  const kinds = table([
    [25, 'uniform'],
    [30, name === 'iso-2022-jp' ? 'escape-soup' : 'biased'],
    [10, 'truncated'],
    [15, 'junk'],
    [corpus.length > 0 ? 10 : 0, 'corpus'],
    [5, 'edges'],
    [5, 'concat'],
  ]);
  while (records.length < count) {
    const kind = rng.choose(kinds);
    switch (kind) {
      case 'uniform':
        add(uniformBytes(rng, rng.length()), kind);
        break;
      case 'biased':
      case 'escape-soup':
        add(biasedBytes(rng, name, rng.length()), kind);
        break;
      case 'truncated':
        add(truncate(rng, validBytes(rng, name)), kind);
        break;
      case 'junk':
        add(injectJunk(rng, name, validBytes(rng, name)), kind);
        break;
      case 'corpus': {
        const { bytes, file } = corpusSlice(rng, corpus);
        add(rng.chance(0.2) ? injectJunk(rng, name, bytes) : bytes, `corpus:${file}`);
        break;
      }
      case 'edges': {
        const n = rng.range(1, 6);
        const out = new Uint8Array(n);
        for (let i = 0; i < n; i++) out[i] = rng.pick(EDGE_BYTES);
        add(out, kind);
        break;
      }
      default: {
        // valid text, biased junk and valid text again: resynchronisation after errors
        const out = new Bytes();
        out.append(validBytes(rng, name, 8));
        out.append(biasedBytes(rng, name, rng.range(1, 8)));
        out.append(validBytes(rng, name, 8));
        add(out.done(), kind);
      }
    }
  }

  if (wholeCorpusFiles) {
    for (const e of corpus.filter((c) => c.own)) {
      records.push({
        bytes: e.bytes,
        flags: randomFlags(rng),
        cuts: randomCuts(rng, e.bytes.length),
        kind: `corpus-file:${e.file}`,
      });
    }
  }
  return records;
}

// ---- the encoder inputs ----------------------------------------------------------------------

// Code points for the encoder test: the encoding's own index (so most strings are encodable), the
// indexes of its neighbours (often unencodable), the encoders' special cases, anything else.
const ENCODER_SPECIALS = [
  0x00, 0x0e, 0x0f, 0x1b, 0x5c, 0x7e, 0x7f, 0x80, 0xa5, 0x203e, 0x2212, 0x20ac, 0xe5e5, 0xe7c7, 0xe78d, 0xe78e, 0xe78f,
  0xe790, 0xe791, 0xe792, 0xe793, 0xe794, 0xe795, 0xe796, 0xe81e, 0xe826, 0xe82b, 0xe82c, 0xe832, 0xe843, 0xe854,
  0xe864, 0xfe10, 0xfe12, 0x9fb4, 0xff61, 0xff9f, 0xfffd, 0xffff, 0x10000, 0x10ffff, 0x2550, 0x255e, 0x2561, 0x256a,
  0x5341, 0x5345, 0xf780, 0xf7ff, 0x3000, 0x30fb,
];
const OTHER_INDEXES = ['jis0208', 'jis0212', 'big5', 'euc-kr', 'gb18030', 'windows-1252', 'koi8-u'];

const ENCODER_UNITS = table([
  [55, (rng, name) => String.fromCodePoint(validCodePoint(rng, name))],
  [15, (rng) => String.fromCodePoint(rng.pick(indexEntries(rng.pick(OTHER_INDEXES)))[1])],
  [10, (rng) => String.fromCodePoint(rng.pick(ENCODER_SPECIALS))],
  [10, (rng) => String.fromCodePoint(anyScalar(rng))],
  [5, (rng) => String.fromCharCode(rng.range(0xd800, 0xdfff))], // a lone surrogate (USVString: U+FFFD)
  [5, (rng) => String.fromCharCode(rng.range(0x20, 0x7e))],
]);

export function generateEncoderStrings(name, count, { seed = 1 } = {}) {
  const rng = new Rng(hashString(`encoder:${name}`, seed));
  const strings = [];
  while (strings.length < count) {
    const n = rng.chance(0.01) ? rng.range(33, 512) : rng.range(0, 32);
    let s = '';
    for (let i = 0; i < n; i++) s += rng.choose(ENCODER_UNITS)(rng, name);
    strings.push(s);
  }
  return strings;
}

// As a script, prints the inputs: `node test/differential/generate.mjs ENCODING [COUNT] [SEED]`,
// one line each (kind, flags, cuts, hex), then how many of each kind.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name = 'utf-8', count = '20', seed = '1'] = process.argv.slice(2);
  if (!DECODER_ENCODINGS.includes(name)) throw new RangeError(`not a TextDecoder encoding name: ${name}`);
  const records = generateDecoderInputs(name, Number(count), { seed: Number(seed) });
  const kinds = {};
  for (const r of records) {
    const kind = r.kind.replace(/:.*/, '');
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    console.log(`${r.kind}\tflags=${r.flags}\tcuts=${r.cuts.join(',')}\t${Buffer.from(r.bytes).toString('hex')}`);
  }
  console.log(kinds);
}
