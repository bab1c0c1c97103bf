// Exhaustive tests of the 28 legacy single-byte encodings and x-user-defined against the index
// files: https://encoding.spec.whatwg.org/#single-byte-decoder, #single-byte-encoder,
// #x-user-defined-decoder, #x-user-defined-encoder.
import { describe, expect, it } from 'vitest';
import { encode, TextDecoder } from './entry.js';
import {
  bytes,
  bytesDiff,
  concat,
  cpHex,
  decodeChunks,
  Failures,
  htmlReference,
  prng,
  randomChunks,
  scalarValues,
  showString,
  singleByteEncodings,
  singleByteTable,
  tableEncodeHtml,
  thrown,
  xUserDefinedTable,
} from './helpers.js';

const ENCODINGS = [
  ...singleByteEncodings().map(({ name, index }) => ({
    name,
    label: name.toLowerCase(),
    table: singleByteTable(index),
  })),
  { name: 'x-user-defined', label: 'x-user-defined', table: xUserDefinedTable() },
];

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

// The spec's decoder over one byte: the code point, or null for an error.
const decodeByte = (table, byte) => (byte < 0x80 ? byte : table.decode[byte - 0x80]);

// Code points to test the encoders with: every BMP code point that is not a surrogate, and a spread
// of supplementary ones.
const PROBE_CODE_POINTS = (() => {
  const list = [];
  for (let cp = 0; cp <= 0xffff; cp++) if (cp < 0xd800 || cp > 0xdfff) list.push(cp);
  for (let cp = 0x10000; cp <= 0x10ffff; cp += 0x3f1) list.push(cp);
  list.push(0x1f600, 0x10fffe, 0x10ffff, 0xe0001, 0x20000);
  return list;
})();
const PROBE_STRING =
  String.fromCodePoint(...PROBE_CODE_POINTS.slice(0, 60000)) + String.fromCodePoint(...PROBE_CODE_POINTS.slice(60000));

describe('the data', () => {
  it('has 28 single-byte encodings, each index with no pointer beyond 127', () => {
    expect(ENCODINGS).toHaveLength(29);
    for (const { name, table } of ENCODINGS) {
      expect(table.decode, name).toHaveLength(128);
      expect(table.encode.size, name).toBe(table.decode.filter((cp) => cp !== null).length);
    }
  });
});

describe.each(ENCODINGS.map((e) => [e.name, e]))('%s', (name, { label, table }) => {
  const unmappedBytes = [];
  for (let b = 0x80; b <= 0xff; b++) if (table.decode[b - 0x80] === null) unmappedBytes.push(b);
  const wantAll = String.fromCodePoint(...Array.from(ALL_BYTES, (b) => decodeByte(table, b) ?? 0xfffd));

  it(`decodes all 256 bytes per the index (${unmappedBytes.length} unmapped)`, () => {
    const d = new TextDecoder(label);
    expect(d.encoding).toBe(name.toLowerCase());
    const got = d.decode(ALL_BYTES);
    expect(showString(got)).toBe(showString(wantAll));
    // Reversed order, and each byte alone.
    expect(d.decode(ALL_BYTES.slice().reverse())).toBe([...wantAll].reverse().join(''));
    const failures = new Failures();
    for (let b = 0; b < 256; b++) {
      const one = d.decode(Uint8Array.of(b));
      if (one !== wantAll[b]) failures.add(`byte ${cpHex(b)}: got ${showString(one)}`);
    }
    failures.check(expect);
  });

  it('fatal: each unmapped byte alone throws a TypeError; mapped bytes decode', () => {
    const d = new TextDecoder(label, { fatal: true });
    const failures = new Failures();
    for (let b = 0; b < 256; b++) {
      const cp = decodeByte(table, b);
      const result = thrown(() => d.decode(Uint8Array.of(0x41, b, 0x42)));
      if (cp === null) {
        if (!(result instanceof TypeError)) failures.add(`byte ${cpHex(b)}: ${result ?? 'no error'}`);
      } else if (result) {
        failures.add(`byte ${cpHex(b)} threw ${result}`);
      } else {
        const got = d.decode(Uint8Array.of(0x41, b, 0x42));
        if (got !== `A${String.fromCodePoint(cp)}B`) failures.add(`byte ${cpHex(b)}: got ${showString(got)}`);
      }
    }
    // All mapped bytes together.
    const mapped = ALL_BYTES.filter((b) => decodeByte(table, b) !== null);
    expect(d.decode(mapped)).toBe(String.fromCodePoint(...Array.from(mapped, (b) => decodeByte(table, b))));
    failures.check(expect);
  });

  it('streams byte by byte, and ignores BOMs (no BOM handling outside UTF-8/UTF-16)', () => {
    const d = new TextDecoder(label);
    expect(decodeChunks(d, randomChunks(ALL_BYTES, prng(1), 3)).text).toBe(wantAll);
    expect(
      decodeChunks(
        d,
        randomChunks(ALL_BYTES, () => 0, 1),
      ).text,
    ).toBe(wantAll);
    const bomLike = Uint8Array.of(0xef, 0xbb, 0xbf, 0xff, 0xfe);
    const want = Array.from(bomLike, (b) => String.fromCodePoint(decodeByte(table, b) ?? 0xfffd)).join('');
    expect(d.decode(bomLike)).toBe(want);
    expect(new TextDecoder(label, { ignoreBOM: true }).decode(bomLike)).toBe(want);
  });

  it('encodes ASCII and every code point of the index to its byte', () => {
    const ascii = String.fromCharCode(...ALL_BYTES.subarray(0, 0x80));
    expect(encode(ascii, label)).toEqual(ALL_BYTES.subarray(0, 0x80));
    const cps = [...table.encode.keys()];
    const text = String.fromCodePoint(...cps);
    expect(encode(text, label)).toEqual(Uint8Array.from(cps, (cp) => table.encode.get(cp)));
    expect(encode(text, label, { errorMode: 'html' })).toEqual(Uint8Array.from(cps, (cp) => table.encode.get(cp)));
    const failures = new Failures();
    for (const [cp, byte] of table.encode) {
      const got = encode(String.fromCodePoint(cp), label);
      if (got.length !== 1 || got[0] !== byte) failures.add(`U+${cpHex(cp)}: got ${Array.from(got)}`);
    }
    failures.check(expect);
  });

  it('html mode: every BMP code point and a spread of astral ones, unmapped ones as &#N;', () => {
    const got = encode(PROBE_STRING, label, { errorMode: 'html' });
    const want = tableEncodeHtml(table, PROBE_STRING);
    expect(got.length).toBe(want.length);
    expect(bytesDiff(got, want)).toBeNull();
  });

  it('fatal mode: unmapped code points throw a TypeError naming them', () => {
    const unmapped = PROBE_CODE_POINTS.filter((cp) => cp >= 0x80 && !table.encode.has(cp));
    // Every unmapped one up to U+02FF, then a sample, each alone and after mapped text.
    const sample = unmapped.filter((cp, i) => cp < 0x300 || i % 509 === 0 || cp > 0xfff8);
    const failures = new Failures();
    const prefix = 'ok ' + String.fromCodePoint(...[...table.encode.keys()].slice(0, 5));
    for (const cp of sample) {
      for (const text of [String.fromCodePoint(cp), prefix + String.fromCodePoint(cp) + 'tail']) {
        const error = thrown(() => encode(text, label));
        if (!(error instanceof TypeError)) failures.add(`U+${cpHex(cp)}: ${error ?? 'no error'}`);
        else if (!error.message.includes(`U+${cpHex(cp)}`)) failures.add(`U+${cpHex(cp)}: message "${error.message}"`);
      }
    }
    failures.check(expect);
    expect(() => encode('\0\x7f', label)).not.toThrow();
  });

  it('lone surrogates are U+FFFD, which no single-byte index maps', () => {
    expect(table.encode.has(0xfffd)).toBe(false);
    for (const s of ['\ud800', '\udfff', '\udc00\ud800']) {
      const error = thrown(() => encode(`a${s}b`, label));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toContain('U+FFFD');
      const n = scalarValues(s).length;
      expect(encode(`a${s}b`, label, { errorMode: 'html' })).toEqual(
        bytes('a', ...Array(n).fill(htmlReference(0xfffd)), 'b'),
      );
    }
  });

  it('a large input (256 KiB of random bytes) decodes and re-encodes', () => {
    const rand = prng(name.length * 31 + 7);
    const input = new Uint8Array(1 << 18);
    for (let i = 0; i < input.length; i++) input[i] = (rand() * 256) | 0;
    const chars = Array.from(ALL_BYTES, (b) => String.fromCodePoint(decodeByte(table, b) ?? 0xfffd));
    let want = '';
    for (let i = 0; i < input.length; i++) want += chars[input[i]];
    const d = new TextDecoder(label);
    expect(d.decode(input) === want).toBe(true);
    expect(decodeChunks(d, randomChunks(input, rand, 100_000)).text === want).toBe(true);
    // Mapped bytes only: decode then encode gives the bytes back.
    const mapped = input.filter((b) => decodeByte(table, b) !== null);
    const text = new TextDecoder(label, { fatal: true }).decode(mapped);
    expect(bytesDiff(encode(text, label), mapped)).toBeNull();
  });
  // The decoder takes sixteen bytes at a time by kind of block (cpp/single_byte.cpp): all ASCII,
  // all in rows that decode linearly, ASCII and a window of four rows, at most four non-ASCII
  // bytes, any other. Blocks of each kind in a random order, at every alignment, against the index.
  it('blocks of ASCII, of one 64-byte range of 0x80..0xFF, and mixed, at every alignment', () => {
    const rand = prng(name.length * 17 + 3);
    const pick = (lo, n) => lo + ((rand() * n) | 0);
    const input = new Uint8Array(1 << 15);
    for (let i = 0; i < input.length; i += 16) {
      const kind = pick(0, 5);
      const base = pick(0x80, 0x41); // a 64-byte range starting at 0x80..0xC0
      let high = pick(1, 4);
      for (let k = i; k < i + 16; k++) {
        const ascii = pick(0x20, 0x5f);
        if (kind === 0) input[k] = ascii;
        else if (kind === 1) input[k] = pick(base, 64);
        else if (kind === 2) input[k] = rand() < 0.5 ? ascii : pick(base, 64);
        else if (kind === 3) input[k] = high-- > 0 && rand() < 0.5 ? pick(0x80, 0x80) : ascii;
        else input[k] = pick(0, 256);
      }
    }
    // The expected text of the whole input, and of its mapped bytes, once: each byte decodes to one
    // code unit (every index maps into the BMP), so a shifted part's text is a slice of it.
    expect(wantAll).toHaveLength(256);
    const want = Array.from(input, (b) => wantAll[b]).join('');
    const mappedAll = input.filter((b) => decodeByte(table, b) !== null);
    const wantMappedAll = Array.from(mappedAll, (b) => wantAll[b]).join('');
    // mappedBefore[i]: how many of the input's first i bytes are mapped.
    const mappedBefore = new Uint32Array(input.length + 1);
    input.forEach((b, i) => (mappedBefore[i + 1] = mappedBefore[i] + (decodeByte(table, b) !== null)));
    const failures = new Failures();
    const d = new TextDecoder(label);
    for (let shift = 0; shift < 16; shift++) {
      const end = input.length - 15 + shift;
      if (d.decode(input.subarray(shift, end)) !== want.slice(shift, end))
        failures.add(`replacement, shifted by ${shift}`);
      // Fatal: the mapped bytes decode; one unmapped byte (if any) after them throws.
      const [from, to] = [mappedBefore[shift], mappedBefore[end]];
      const mapped = mappedAll.subarray(from, to);
      const fatal = new TextDecoder(label, { fatal: true });
      if (fatal.decode(mapped) !== wantMappedAll.slice(from, to)) failures.add(`fatal, shifted by ${shift}`);
      if (unmappedBytes.length) {
        const bad = bytes(
          mapped.subarray(0, 1000 + shift * 37),
          Uint8Array.of(unmappedBytes[shift % unmappedBytes.length]),
        );
        if (!(thrown(() => fatal.decode(bad)) instanceof TypeError))
          failures.add(`fatal, no error, shifted by ${shift}`);
      }
    }
    failures.check(expect);
  });
});

describe('x-user-defined', () => {
  it('0x80..0xFF <-> U+F780..U+F7FF, and nothing else above ASCII encodes', () => {
    const d = new TextDecoder('x-user-defined', { fatal: true });
    for (let b = 0x80; b <= 0xff; b++) {
      expect(d.decode(Uint8Array.of(b))).toBe(String.fromCharCode(0xf780 + b - 0x80));
      expect(encode(String.fromCharCode(0xf780 + b - 0x80), 'x-user-defined')).toEqual(Uint8Array.of(b));
    }
    for (const cp of [0x80, 0xff, 0xf77f, 0xf800, 0xfffd, 0x1f780]) {
      expect(() => encode(String.fromCodePoint(cp), 'x-user-defined')).toThrow(TypeError);
      expect(encode(String.fromCodePoint(cp), 'x-user-defined', { errorMode: 'html' })).toEqual(htmlReference(cp));
    }
  });
});

describe('labels that share tables', () => {
  it('ISO-8859-8 and ISO-8859-8-I decode the same; latin1, ascii and windows-1252 are one encoding', () => {
    const a = new TextDecoder('iso-8859-8').decode(ALL_BYTES);
    const b = new TextDecoder('iso-8859-8-i').decode(ALL_BYTES);
    expect(new TextDecoder('iso-8859-8-i').encoding).toBe('iso-8859-8-i');
    expect(a).toBe(b);
    const w = new TextDecoder('windows-1252').decode(ALL_BYTES);
    expect(new TextDecoder('latin1').decode(ALL_BYTES)).toBe(w);
    expect(new TextDecoder('ascii').decode(ALL_BYTES)).toBe(w);
    expect(new TextDecoder('iso-8859-1').decode(ALL_BYTES)).toBe(w);
    // windows-1252 0x80 is the euro sign; ISO-8859-1's C1 controls are not used.
    expect(w.charCodeAt(0x80)).toBe(0x20ac);
    expect(concat([encode('\u20ac\u0080', 'latin1', { errorMode: 'html' })])).toEqual(bytes([0x80], '&#128;'));
  });
});
