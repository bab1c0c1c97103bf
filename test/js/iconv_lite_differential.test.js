// encoding-wasm/iconv-lite against iconv-lite 0.7 itself (the pinned devDependency), in Node: every
// name iconv-lite has is either one ours maps to a standard encoding (js/generated/iconv_lite_labels.js)
// or one ours rejects; for each mapped codec, every byte and two-byte sequence, random short inputs
// (whole and streamed), every BMP code point encoded alone, and the shared corpus (../shared/corpus,
// found as corpus.test.js finds it), decoded and encoded by both. Where they differ, the difference
// must be of a class docs/iconv-lite.md names; the test prints how many of each, per codec.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as ours from 'encoding-wasm/iconv-lite';
import { ICONV_LITE_LABELS } from '../../js/generated/iconv_lite_labels.js';
import { prng } from './helpers.js';

const iconv = createRequire(import.meta.url)('iconv-lite');
iconv.getCodec('utf8'); // loads iconv.encodings
const NAMES = Object.keys(iconv.encodings).filter((n) => !n.startsWith('_'));
const MAPPED = new Map(
  Object.entries(ICONV_LITE_LABELS).flatMap(([std, list]) => list.split(' ').map((n) => [n, std])),
);
const codecOf = (name) => {
  while (typeof iconv.encodings[name] === 'string') name = iconv.encodings[name];
  return name;
};
// One iconv-lite name per codec that ours maps.
const CODECS = [...new Set([...MAPPED.keys()].map(codecOf))].sort();
// iconv-lite codecs under a label of the standard that means another encoding there: ours gives the
// standard's (latin1 is windows-1252, iso-8859-9 windows-1254, iso-8859-11 windows-874, koi8-u the
// standard's KOI8-U, macintosh its index with € at DB, utf-16 UTF-16LE without iconv-lite's
// byte order sniffing); every difference there is of that class.
const STANDARD_LABEL = ['iso88591', 'iso885911', 'iso88599', 'koi8u', 'macintosh', 'utf16'];
// Sequences both decode to a character but another one (tools/iconv_lite_labels.mjs: cp950's F9 FE).
const KNOWN_DECODE = { cp950: { f9fe: ['\u2593', '\uffed'] } };

const corpus = process.env.ENCODING_WASM_CORPUS
  ? new URL(`file://${process.env.ENCODING_WASM_CORPUS.replace(/\/?$/, '/')}`)
  : new URL('../../../shared/corpus/', import.meta.url);
const manifest = existsSync(new URL('manifest.json', corpus))
  ? JSON.parse(readFileSync(new URL('manifest.json', corpus), 'utf8'))
  : { files: [] };

// The part of two strings between their common prefix and suffix, with the last character of the
// prefix (a U+FFFD both wrote, before which one of them reads a byte again).
function region(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (start > 0) start--;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return [a.slice(start, a.length - end), b.slice(start, b.length - end)];
}

// The class of a decoding difference (theirs: iconv-lite's text, mine: ours), or null if none applies.
function decodeClass(codec, hex, theirs, mine) {
  if (STANDARD_LABEL.includes(codec)) return "the standard's label";
  const [t, m] = region(theirs, mine);
  const known = KNOWN_DECODE[codec]?.[hex];
  if (known && t === known[0] && m === known[1]) return 'table';
  // GB18030-2005's private-use code points, where the standard (after GB18030-2022) has the characters.
  if (/^(gbk|gb18030|cp936)$/.test(codec) && /[\ue000-\uf8ff]/u.test(t) && !/[\ue000-\uf8ff\ufffd]/u.test(m))
    return 'iconv-lite private use';
  if (t.includes('\ufffd') && m.includes('\ufffd')) return 'error handling';
  if (t.includes('\ufffd')) return 'iconv-lite lacks';
  if (m.includes('\ufffd')) return 'standard lacks';
  return null;
}

// The class of an encoding difference for one code point.
function encodeClass(std, cp, theirs, mine) {
  const q = (b) => b.length === 1 && b[0] === 0x3f && cp !== 0x3f;
  if (q(theirs) && !q(mine)) return 'iconv-lite lacks';
  if (q(mine) && !q(theirs)) return 'standard lacks';
  // Both write a sequence the standard's decoder reads as the character: a duplicate mapping.
  if (ours.decode(theirs, std, { stripBOM: false }) === String.fromCodePoint(cp)) return 'other duplicate';
  return null;
}

const count = (tally, key) => (tally[key] = (tally[key] ?? 0) + 1);
const report = {};

describe('names', () => {
  it('ours takes every name it maps and rejects every other name of iconv-lite', () => {
    for (const name of NAMES) {
      const std = MAPPED.get(name);
      if (std !== undefined) {
        expect(ours.encodingExists(name), name).toBe(true);
      } else {
        expect(() => ours.decode(new Uint8Array(1), name), name).toThrow(/Encoding Standard/);
        expect(ours.encodingExists(name), name).toBe(false);
      }
    }
    for (const name of MAPPED.keys()) expect(NAMES, name).toContain(name);
  });
});

describe.each(CODECS)('%s', (codec) => {
  const std =
    MAPPED.get(codec) ??
    MAPPED.get(iconv.encodings[codec]?.encodingName) ??
    [...MAPPED].find(([n]) => codecOf(n) === codec)[1];
  const name = [...MAPPED.keys()].find((n) => codecOf(n) === codec);
  const tally = (report[`${codec} → ${std}`] = {});

  it('decodes every byte and two-byte sequence alike or with a named difference', () => {
    const unexplained = [];
    const probe = (bytes) => {
      const theirs = iconv.decode(Buffer.from(bytes), name, { stripBOM: false });
      const mine = ours.decode(bytes, name, { stripBOM: false });
      if (theirs === mine) return;
      const hex = Buffer.from(bytes).toString('hex');
      const c = decodeClass(codec, hex, theirs, mine);
      if (c) count(tally, `decode: ${c}`);
      else unexplained.push(`${hex}: ${JSON.stringify(theirs)} / ${JSON.stringify(mine)}`);
    };
    for (let a = 0; a < 256; a++) probe(Uint8Array.of(a));
    for (let a = 0x80; a < 256; a++) for (let b = 0; b < 256; b++) probe(Uint8Array.of(a, b));
    expect(unexplained.slice(0, 20)).toEqual([]);
  });

  it('decodes random input whole and streamed, alike or with a named difference', () => {
    const rand = prng(codec.length * 7919 + codec.charCodeAt(0));
    const unexplained = [];
    for (let n = 0; n < 3000; n++) {
      const bytes = Uint8Array.from({ length: 1 + Math.floor(rand() * 6) }, () => Math.floor(rand() * 256));
      const theirs = iconv.decode(Buffer.from(bytes), name, { stripBOM: false });
      const mine = ours.decode(bytes, name, { stripBOM: false });
      // Streamed byte by byte, ours gives the same as whole.
      const decoder = ours.getDecoder(name, { stripBOM: false });
      let streamed = '';
      for (let i = 0; i < bytes.length; i++) streamed += decoder.write(bytes.subarray(i, i + 1));
      streamed += decoder.end() ?? '';
      expect(streamed, Buffer.from(bytes).toString('hex')).toBe(mine);
      // And iconv-lite's own streamed decoding gives what its whole one does (or the comparison is moot).
      const theirDecoder = iconv.getDecoder(name, { stripBOM: false });
      let theirStreamed = '';
      for (let i = 0; i < bytes.length; i++) theirStreamed += theirDecoder.write(Buffer.from(bytes.subarray(i, i + 1)));
      theirStreamed += theirDecoder.end() ?? '';
      if (theirStreamed !== theirs) count(tally, 'iconv-lite streamed ≠ whole');
      if (theirs === mine) continue;
      const c = decodeClass(codec, Buffer.from(bytes).toString('hex'), theirs, mine);
      if (c) count(tally, `random: ${c}`);
      else
        unexplained.push(`${Buffer.from(bytes).toString('hex')}: ${JSON.stringify(theirs)} / ${JSON.stringify(mine)}`);
    }
    expect(unexplained.slice(0, 20)).toEqual([]);
  });

  it('encodes every BMP code point alike or with a named difference', () => {
    const unexplained = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const text = String.fromCharCode(cp);
      const theirs = iconv.encode(text, name);
      const mine = ours.encode(text, name);
      if (Buffer.compare(theirs, mine) === 0) continue;
      const c = encodeClass(std, cp, theirs, mine);
      if (c) count(tally, `encode: ${c}`);
      else unexplained.push(`U+${cp.toString(16)}: ${theirs.toString('hex')} / ${Buffer.from(mine).toString('hex')}`);
    }
    expect(unexplained.slice(0, 20)).toEqual([]);
  });
});

describe.skipIf(manifest.files.length === 0)('corpus', () => {
  const files = manifest.files.filter((f) => f.set && iconv.encodingExists(f.encoding));
  it.each(files.map((f) => [f.file, f.encoding, f.set]))(
    '%s (%s): the same text; encoded alike where both encode',
    (file, label, set) => {
      const bytes = new Uint8Array(readFileSync(new URL(file, corpus)));
      // Real text decodes to the same string, whole and in 4093-byte chunks.
      const text = ours.decode(bytes, label);
      expect(text === iconv.decode(Buffer.from(bytes), label)).toBe(true);
      const decoder = ours.getDecoder(label);
      let streamed = '';
      for (let i = 0; i < bytes.length; i += 4093) streamed += decoder.write(bytes.subarray(i, i + 4093));
      expect(streamed + (decoder.end() ?? '') === text).toBe(true);
      // The UTF-8 original encodes alike but for characters the per-code-point test classified.
      if (label.startsWith('utf')) return;
      const original = readFileSync(new URL(`${set}.utf-8.txt`, corpus), 'utf8');
      const tally = (report[`corpus ${file}`] = {});
      for (const ch of new Set(original)) {
        const theirs = iconv.encode(ch, label);
        const mine = ours.encode(ch, label);
        if (Buffer.compare(theirs, mine) === 0) continue;
        const c = encodeClass(label, ch.codePointAt(0), theirs, mine);
        expect(c, `U+${ch.codePointAt(0).toString(16)}`).not.toBeNull();
        count(tally, `encode: ${c}`);
      }
      // And, with those characters as both write them, the whole text in one call.
      const encoded = ours.encode(original, label);
      const encoder = ours.getEncoder(label);
      const parts = [];
      for (let i = 0; i < original.length; i += 4093) parts.push(encoder.write(original.slice(i, i + 4093)));
      parts.push(encoder.end() ?? new Uint8Array(0));
      expect(Buffer.compare(Buffer.concat(parts), encoded)).toBe(0);
    },
  );
});

describe('report', () => {
  it('prints the differences by class', () => {
    for (const [what, tally] of Object.entries(report))
      if (Object.keys(tally).length) console.log(`${what}: ${JSON.stringify(tally)}`);
    expect(Object.keys(report).length).toBeGreaterThan(0);
  });
});
