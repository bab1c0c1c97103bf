// UTF-8 and UTF-16BE/LE decoding through TextDecoder, whole and streamed:
// https://encoding.spec.whatwg.org/#utf-8-decoder, #shared-utf-16-decoder, and TextDecoder's
// decode() with "do not flush" and "serialize I/O queue" (BOM handling).
//
// Every case is a byte sequence and the raw decoder's output, written out by hand from the spec.
// "serialize I/O queue" then drops a leading U+FEFF unless ignoreBOM. Each case also runs with
// ASCII padding in front (which moves the BOM away from the start) and split at every position.
import { describe, expect, it } from 'vitest';
import { nativeDelegation, TextDecoder } from './entry.js';
import {
  bytes,
  concat,
  decodeChunks,
  Failures,
  fixedChunks,
  hex,
  loadReference,
  NATIVE_OFF,
  prng,
  randomChunks,
  serialize,
  showBytes,
  showString,
  singleByteEncodings,
  splitAt,
  utf16Bytes,
  utf8Encode,
  wellFormed,
} from './helpers.js';

const R = '\ufffd';
const PAD = 'abcdefghijklmnopqrstuvwxyz012345'; // up to 31 characters of padding are used

// [bytes (hex), raw decoder output, { literal: true } when the output's U+FFFD are in the input]
const UTF8_CASES = [
  // Valid sequences at the boundaries of each length.
  ['00', '\u0000'],
  ['7F', '\u007f'],
  ['C2 80', '\u0080'],
  ['DF BF', '\u07ff'],
  ['E0 A0 80', '\u0800'],
  ['ED 9F BF', '\ud7ff'],
  ['EE 80 80', '\ue000'],
  ['EF BF BF', '\uffff'],
  ['F0 90 80 80', '\u{10000}'],
  ['F4 8F BF BF', '\u{10ffff}'],
  ['C3 A9 E2 82 AC F0 9F 98 80', '\u00e9\u20ac\u{1f600}'],
  ['EF BF BD', R, { literal: true }],
  // Overlongs: C0/C1 are never lead bytes; E0 needs A0..BF next, F0 needs 90..BF.
  ['C0 80', R + R],
  ['C1 BF', R + R],
  ['C0 AF 61', R + R + 'a'],
  ['E0 80 80', R + R + R],
  ['E0 9F BF', R + R + R],
  ['F0 80 80 80', R + R + R + R],
  ['F0 8F BF BF', R + R + R + R],
  // Surrogates: ED needs 80..9F next.
  ['ED A0 80', R + R + R],
  ['ED BF BF', R + R + R],
  ['ED A0 80 ED B0 80', R.repeat(6)],
  // Out of range: F4 needs 80..8F next; F5..FF are never lead bytes.
  ['F4 90 80 80', R + R + R + R],
  ['F5 80 80 80', R + R + R + R],
  ['F8 88 80 80 80', R.repeat(5)],
  ['FC 84 80 80 80 80', R.repeat(6)],
  ['FE', R],
  ['FF 61', R + 'a'],
  // Lone and extra continuation bytes.
  ['80', R],
  ['BF 80', R + R],
  ['61 80 62', 'a' + R + 'b'],
  ['C3 A9 A9', '\u00e9' + R],
  // Truncated sequences: at the end of input, before ASCII, before another lead byte.
  ['C3', R],
  ['E2 82', R],
  ['F0 9F 98', R],
  ['E2', R],
  ['F0', R],
  ['F0 9F', R],
  ['E2 82 61', R + 'a'],
  ['F0 9F 98 61', R + 'a'],
  ['F0 9F 61', R + 'a'],
  ['F0 61', R + 'a'],
  ['C3 C3 A9', R + '\u00e9'],
  ['E2 82 E2 82 AC', R + '\u20ac'],
  ['F0 9F 98 F0 9F 98 80', R + '\u{1f600}'],
  ['E1 80 C0', R + R],
  ['E1 80 E1 80', R + R],
  ['C2 7F', R + '\u007f'],
  ['F4 8F BF C0 80', R + R + R],
  // BOMs.
  ['EF BB BF', '\ufeff'],
  ['EF BB BF 61', '\ufeffa'],
  ['EF BB BF EF BB BF', '\ufeff\ufeff'],
  ['EF BB BF EF BB BF 62', '\ufeff\ufeffb'],
  ['61 EF BB BF', 'a\ufeff'],
  ['EF BB', R],
  ['EF BB 61', R + 'a'],
  ['EF BB BF C3', '\ufeff' + R],
  ['FF FE 61 00', R + R + 'a\u0000'],
  ['FE FF 00 61', R + R + '\u0000a'],
];

// UTF-16 cases as code units, plus an optional trailing odd byte; bytes are made for each
// endianness. The UTF-16 decoder: a lead surrogate waits for a trail surrogate; anything else
// after it is an error and that code unit is decoded again; a lone trail surrogate is an error;
// a leftover byte or lead surrogate at the end is one error.
const UTF16_CASES = [
  [[0x61], null, 'a'],
  [[0x00e9, 0x20ac, 0xffff, 0x0000], null, '\u00e9\u20ac\uffff\u0000'],
  [[0xd83d, 0xde00], null, '\u{1f600}'],
  [[0xd800, 0xdc00], null, '\u{10000}'],
  [[0xdbff, 0xdfff], null, '\u{10ffff}'],
  [[0xfffd], null, R, { literal: true }],
  [[0xd800], null, R],
  [[0xdc00], null, R],
  [[0xdfff, 0x61], null, R + 'a'],
  [[0xd800, 0x61], null, R + 'a'],
  [[0xd800, 0xd800], null, R + R],
  [[0xdc00, 0xdc00], null, R + R],
  [[0xd800, 0xd800, 0xdc00], null, R + '\u{10000}'],
  [[0xdc00, 0xd800, 0xdc00], null, R + '\u{10000}'],
  [[0xd83d, 0xde00, 0xde00], null, '\u{1f600}' + R],
  [[0xd800, 0xdbff, 0xdfff], null, R + '\u{10ffff}'],
  [[0xd800, 0xfeff], null, R + '\ufeff'],
  [[], 0x61, R],
  [[0x61], 0x62, 'a' + R],
  [[0xd83d], 0x00, R],
  [[0xd83d, 0xde00], 0x00, '\u{1f600}' + R],
  // BOMs: U+FEFF first is dropped; U+FFFE (the other byte order's BOM) never is.
  [[0xfeff], null, '\ufeff'],
  [[0xfeff, 0x61], null, '\ufeffa'],
  [[0xfeff, 0xfeff], null, '\ufeff\ufeff'],
  [[0x61, 0xfeff], null, 'a\ufeff'],
  [[0xfffe, 0x61], null, '\ufffea'],
  [[0xfffe, 0xfeff], null, '\ufffe\ufeff'],
  [[0xfeff], 0x00, '\ufeff' + R],
  [[0xfeff, 0xd800], null, '\ufeff' + R],
];

const utf16Case = ([units, odd, text, flags], bigEndian) => {
  const b = utf16Bytes(String.fromCharCode(...units), bigEndian);
  return [odd === null ? b : bytes(b, [odd]), text, flags];
};

const SUITES = [
  ['utf-8', UTF8_CASES.map(([h, text, flags]) => [hex(h), text, flags]), (pad) => bytes(pad)],
  ['utf-16le', UTF16_CASES.map((c) => utf16Case(c, false)), (pad) => utf16Bytes(pad, false)],
  ['utf-16be', UTF16_CASES.map((c) => utf16Case(c, true)), (pad) => utf16Bytes(pad, true)],
];

// Checks one case, whole and split in two at every position: `input` is the padded bytes, `want`
// the expected string, or null when some call must throw a TypeError (fatal mode), in which case
// `errorPrefix` is the text before the first error, which the calls before the throw may return
// part of. Failures go to `failures`.
function checkSplits(failures, label, options, input, want, errorPrefix) {
  const what = (how) => `${label} ${JSON.stringify(options)} ${showBytes(input)} ${how}`;
  const check = (how, result) => {
    if (want !== null) {
      if (result.error) failures.add(`${what(how)}: threw ${result.error}`);
      else if (result.text !== want) {
        failures.add(`${what(how)}: got "${showString(result.text)}", want "${showString(want)}"`);
      }
    } else if (!result.error) {
      failures.add(`${what(how)}: returned "${showString(result.text)}", want a TypeError`);
    } else if (!(result.error instanceof TypeError)) {
      failures.add(`${what(how)}: threw ${result.error}, want a TypeError`);
    } else if (!errorPrefix.startsWith(result.before)) {
      failures.add(`${what(how)}: returned "${showString(result.before)}" before the error`);
    }
  };
  const d = new TextDecoder(label, options);
  // Whole, in one non-streaming call (a decoder reused across cases: each call starts afresh).
  let whole;
  try {
    whole = { text: d.decode(input), error: null };
  } catch (error) {
    whole = { text: null, error, before: '' };
  }
  check('whole', whole);
  // (A new decoder for each split: after a fatal error in a streaming call the decoder carries on,
  // exact_after_error.test.js.)
  for (let i = 0; i <= input.length; i++) {
    check(`split at ${i}`, decodeChunks(new TextDecoder(label, options), splitAt(input, [i])));
  }
  // And the decoder is fine afterwards whatever happened (its last call ended the stream).
  const after = d.decode(utf16OrUtf8(label, 'ok'));
  if (after !== 'ok') failures.add(`${what('then "ok"')}: got "${showString(after)}"`);
}

const utf16OrUtf8 = (label, text) => (label === 'utf-8' ? bytes(text) : utf16Bytes(text, label === 'utf-16be'));

describe.each(SUITES)('%s', (label, cases, padBytes) => {
  describe.each(cases.map((c) => [showBytes(c[0]), ...c]))('%s', (_, input, raw, flags) => {
    const hasError = raw.includes(R) && !flags?.literal;

    it('with 0..31 characters of ASCII padding, split at every position', () => {
      const failures = new Failures();
      for (let p = 0; p < 32; p++) {
        const pad = PAD.slice(0, p);
        const padded = bytes(padBytes(pad), input);
        const text = pad + raw;
        checkSplits(failures, label, {}, padded, serialize(text), null);
        // ignoreBOM only changes anything where there is a U+FEFF.
        if (text.includes('\ufeff')) checkSplits(failures, label, { ignoreBOM: true }, padded, text, null);
        if (hasError) {
          checkSplits(failures, label, { fatal: true }, padded, null, serialize(text).split(R)[0]);
        } else {
          checkSplits(failures, label, { fatal: true }, padded, serialize(text), null);
        }
      }
      failures.check(expect);
    });

    it('split into three pieces at every pair of positions, and byte by byte', () => {
      const failures = new Failures();
      const d = new TextDecoder(label);
      const want = serialize(raw);
      for (let i = 0; i <= input.length; i++) {
        for (let j = i; j <= input.length; j++) {
          const got = decodeChunks(d, splitAt(input, [i, j]));
          if (got.text !== want) failures.add(`split at ${i}, ${j}: got "${showString(got.text)}"`);
        }
      }
      const oneByOne = decodeChunks(
        d,
        Array.from(input, (_, k) => input.subarray(k, k + 1)),
      );
      if (oneByOne.text !== want) failures.add(`byte by byte: got "${showString(oneByOne.text)}"`);
      // Empty chunks in between change nothing.
      const withEmpty = decodeChunks(
        d,
        Array.from(input, (_, k) => [input.subarray(k, k + 1), new Uint8Array(0)]).flat(),
      );
      if (withEmpty.text !== want) failures.add(`with empty chunks: got "${showString(withEmpty.text)}"`);
      failures.check(expect);
    });
  });
});

describe('streaming state: flushing, BOM, errors', () => {
  it('decode() with no arguments flushes pending bytes', () => {
    for (const [label, head, want] of [
      ['utf-8', 'E2 82', R],
      ['utf-8', 'F0', R],
      ['utf-16le', '61', R],
      ['utf-16le', '3D D8', R],
      ['utf-16be', 'D8 3D DE', R],
    ]) {
      const d = new TextDecoder(label);
      expect(d.decode(hex(head), { stream: true })).toBe('');
      expect(d.decode()).toBe(want);
      const f = new TextDecoder(label, { fatal: true });
      expect(f.decode(hex(head), { stream: true })).toBe('');
      expect(() => f.decode()).toThrow(TypeError);
    }
  });

  it('decode(undefined, {stream: true}) and empty chunks keep the pending bytes', () => {
    const d = new TextDecoder('utf-8', { fatal: true });
    expect(d.decode(hex('F0'), { stream: true })).toBe('');
    expect(d.decode(undefined, { stream: true })).toBe('');
    expect(d.decode(new Uint8Array(0), { stream: true })).toBe('');
    expect(d.decode(hex('9F'), { stream: true })).toBe('');
    expect(d.decode(new ArrayBuffer(0), { stream: true })).toBe('');
    expect(d.decode(hex('98 80'), { stream: true })).toBe('\u{1f600}');
    expect(d.decode(new Uint8Array(0))).toBe('');
  });

  it('a flush resets the decoder: the next call starts clean', () => {
    const d = new TextDecoder('utf-8');
    expect(d.decode(hex('E2'), { stream: true })).toBe('');
    expect(d.decode()).toBe(R);
    expect(d.decode(hex('82 AC'))).toBe(R + R);
    expect(d.decode(hex('E2 82'), { stream: true })).toBe('');
    expect(d.decode(hex('AC'), { stream: false })).toBe('\u20ac');
    expect(d.decode(hex('AC'))).toBe(R);

    const u = new TextDecoder('utf-16le');
    expect(u.decode(hex('3D D8'), { stream: true })).toBe('');
    expect(u.decode(new Uint8Array(0))).toBe(R);
    expect(u.decode(hex('00 DE'))).toBe(R);
    expect(u.decode(hex('61'), { stream: true })).toBe('');
    expect(u.decode()).toBe(R);
    expect(u.decode(hex('00 62 00'))).toBe('\u6200' + R);
  });

  it('the BOM is dropped once per stream, and again after a flush', () => {
    for (const [label, bom, a, b] of [
      ['utf-8', 'EF BB BF', '61', '62'],
      ['utf-16le', 'FF FE', '61 00', '62 00'],
      ['utf-16be', 'FE FF', '00 61', '00 62'],
    ]) {
      const d = new TextDecoder(label);
      expect(d.decode(hex(bom + a), { stream: true })).toBe('a');
      expect(d.decode(hex(bom + b), { stream: true })).toBe('\ufeffb');
      expect(d.decode(hex(bom))).toBe('\ufeff');
      // A new stream: the BOM goes again.
      expect(d.decode(hex(bom + a))).toBe('a');
      expect(d.decode(hex(bom + b))).toBe('b');
      // A stream that is only a BOM, then one that starts with one.
      expect(d.decode(hex(bom), { stream: true })).toBe('');
      expect(d.decode(hex(bom))).toBe('\ufeff');
      expect(d.decode(hex(bom + bom))).toBe('\ufeff');
      // Byte by byte with empty calls in between: output is empty until the BOM completes.
      const bomBytes = hex(bom);
      for (const byte of bomBytes) {
        expect(d.decode(Uint8Array.of(byte), { stream: true })).toBe('');
        expect(d.decode(undefined, { stream: true })).toBe('');
      }
      expect(d.decode(hex(a))).toBe('a');
      // ignoreBOM keeps it, always.
      const keep = new TextDecoder(label, { ignoreBOM: true });
      expect(keep.decode(hex(bom + a), { stream: true })).toBe('\ufeffa');
      expect(keep.decode(hex(bom))).toBe('\ufeff');
      expect(keep.decode(hex(bom))).toBe('\ufeff');
    }
  });

  it('a BOM of the other byte order is not dropped, and other encodings keep U+FEFF', () => {
    expect(new TextDecoder('utf-16le').decode(hex('FE FF 61 00'))).toBe('\ufffea');
    expect(new TextDecoder('utf-16be').decode(hex('FF FE 00 61'))).toBe('\ufffea');
    expect(new TextDecoder('utf-8').decode(hex('FF FE 61'))).toBe(R + R + 'a');
    // The UTF-8 BOM is just bytes for UTF-16, and single-byte encodings do no BOM handling at all.
    expect(new TextDecoder('utf-16le').decode(hex('EF BB BF 00'))).toBe('\ubbef\u00bf');
    expect(new TextDecoder('windows-1252').decode(hex('EF BB BF'))).toBe('\u00ef\u00bb\u00bf');
    // "utf-16" is UTF-16LE; it does not sniff a big-endian BOM.
    expect(new TextDecoder('utf-16').decode(hex('FE FF 00 61'))).toBe('\ufffe\u6100');
  });

  it('fatal: a TypeError for an error in a non-streaming call, then a fresh decoder', () => {
    for (const [label, bad, good, want] of [
      ['utf-8', '61 62 FF 63', '63 64', 'cd'],
      ['utf-8', 'E2 82', 'AC', R],
      ['utf-16le', '61 00 00 DC', '00 DC', R],
      ['utf-16be', '00 61 00', '00 61', 'a'],
    ]) {
      const d = new TextDecoder(label, { fatal: true });
      expect(() => d.decode(hex(bad))).toThrow(TypeError);
      if (want === R) expect(() => d.decode(hex(good))).toThrow(TypeError);
      else expect(d.decode(hex(good))).toBe(want);
      // The BOM is dropped again: "BOM seen" was reset too.
      const bom = label === 'utf-8' ? 'EF BB BF 61' : label === 'utf-16le' ? 'FF FE 61 00' : 'FE FF 00 61';
      expect(() => d.decode(hex(bad))).toThrow(TypeError);
      expect(d.decode(hex(bom))).toBe('a');
    }
  });

  it('fatal, streaming (the web-platform-tests case): errors at the flush', () => {
    const d = new TextDecoder('utf-16le', { fatal: true });
    const odd = hex('00');
    const even = hex('00 00');
    expect(d.decode(odd, { stream: true })).toBe('');
    expect(d.decode(odd)).toBe('\u0000');
    expect(() => {
      d.decode(even, { stream: true });
      d.decode(odd);
    }).toThrow(TypeError);
    expect(() => {
      d.decode(odd, { stream: true });
      d.decode(even);
    }).toThrow(TypeError);
    expect(d.decode(even, { stream: true })).toBe('\u0000');
    expect(d.decode(even)).toBe('\u0000');
  });

  it('fatal: after an error in a streaming call, the stream carries on', () => {
    // https://encoding.spec.whatwg.org/#dom-textdecoder-decode: do not flush stays true, so the rest
    // of the I/O queue (the bytes the error restored and those after it) comes before the next
    // call's bytes. Traced by hand (and the reference, exact_after_error.test.js): UTF-8: E2 82 then
    // FF restores FF, an error again in the next call; UTF-16LE: after the leading surrogate D83D,
    // 0061 is restored: the queue 61 00 3D, then FF FE 61 00 is 'a', U+FF3D, U+61FE and a pending
    // 00 (BOM seen is set by the 'a', so no BOM is dropped), which the flush finds.
    for (const [label, pending, bad, next, then] of [
      ['utf-8', 'E2 82', 'FF E2', 'EF BB BF 61', null],
      ['utf-16le', '3D D8', '61 00 3D', 'FF FE 61 00', 'a\uff3d\u61fe'],
      ['utf-16be', 'D8', '3D 00 61 D8', 'FE FF 00 61', null],
    ]) {
      const d = new TextDecoder(label, { fatal: true });
      expect(d.decode(hex(pending), { stream: true })).toBe('');
      expect(() => d.decode(hex(bad), { stream: true })).toThrow(TypeError);
      if (then === null) expect(() => d.decode(hex(next), { stream: true })).toThrow(TypeError);
      else expect(d.decode(hex(next), { stream: true })).toBe(then);
      expect(() => d.decode()).toThrow(TypeError);
      // That call ended the stream.
      expect(d.decode(hex(label === 'utf-8' ? '61' : label === 'utf-16le' ? '61 00' : '00 61'))).toBe('a');
    }
  });

  it('outputs of streaming calls never split a surrogate pair or hold a lone surrogate', () => {
    const input = bytes(utf8Encode('\u{1f600}'.repeat(8)), utf16Bytes('x'));
    const d = new TextDecoder('utf-8');
    for (let size = 1; size <= 9; size++) {
      for (const chunk of randomChunks(input, prng(size), size)) {
        const out = d.decode(chunk, { stream: true });
        expect(wellFormed(out)).toBe(out);
      }
      d.decode();
    }
    const le = new TextDecoder('utf-16le');
    const units = utf16Bytes('\u{1f600}'.repeat(8));
    for (let i = 0; i < units.length; i++) {
      const out = le.decode(units.subarray(i, i + 1), { stream: true });
      expect(wellFormed(out)).toBe(out);
    }
    expect(le.decode()).toBe('');
  });
});

describe('large inputs (bigger than the 64 KiB internal buffer)', () => {
  const rand = prng(0x5eed);

  // A random string of `n` scalar values: ASCII, 2-, 3- and 4-byte UTF-8 in some mix.
  function randomText(n, { surrogates = 0 } = {}) {
    const parts = [];
    for (let i = 0; i < n; i++) {
      const r = rand();
      let cp;
      if (r < surrogates) cp = 0xd800 + Math.floor(rand() * 0x800);
      else if (r < 0.4) cp = Math.floor(rand() * 0x80);
      else if (r < 0.6) cp = 0x80 + Math.floor(rand() * 0x780);
      else if (r < 0.85) {
        do cp = 0x800 + Math.floor(rand() * 0xf800);
        while (cp >= 0xd800 && cp <= 0xdfff);
      } else cp = 0x10000 + Math.floor(rand() * 0x100000);
      parts.push(String.fromCodePoint(cp));
    }
    return parts.join('');
  }

  // Pieces of UTF-8 (bytes and the raw decoder's output) that each leave the decoder in its
  // initial state, so that any concatenation decodes to the concatenation of their outputs.
  const UTF8_PIECES = [
    ...UTF8_CASES.filter(([h]) => !/^EF BB BF/.test(h)).map(([h, text]) => [hex(h + ' 7A'), text + 'z']),
    [bytes('plain ascii text '), 'plain ascii text '],
    [hex('C3 A9 E2 82 AC F0 9F 98 80'), '\u00e9\u20ac\u{1f600}'],
  ];

  const check = (label, input, want, chunkings) => {
    const d = new TextDecoder(label);
    const whole = d.decode(input);
    expect(whole.length).toBe(want.length);
    expect(whole === want, `${label}, whole`).toBe(true);
    for (const [name, chunks] of chunkings) {
      const got = decodeChunks(d, chunks).text;
      if (got !== want) {
        let k = 0;
        while (k < want.length && got?.charCodeAt(k) === want.charCodeAt(k)) k++;
        expect.fail(`${label}, ${name}: first difference at ${k}: "${showString(got?.slice(k, k + 8) ?? 'null')}"`);
      }
    }
  };

  const chunkingsOf = (input) => [
    ['random chunks up to 200 KB', randomChunks(input, rand, 200_000)],
    ['random chunks up to 70 bytes', randomChunks(input, rand, 70)],
    ['65535-byte chunks', fixedChunks(input, 65535)],
    ['65536-byte chunks', fixedChunks(input, 65536)],
    ['65537-byte chunks', fixedChunks(input, 65537)],
  ];

  it('valid UTF-8, about 3.5 MB', () => {
    const text = randomText(1_600_000);
    const input = utf8Encode(text);
    expect(input.length).toBeGreaterThan(3_000_000);
    check('utf-8', input, text, chunkingsOf(input));
    expect(new TextDecoder('utf-8', { fatal: true }).decode(input) === text).toBe(true);
  });

  it('UTF-8 with errors of every kind, about 3 MB', () => {
    const inputs = [];
    let want = '';
    let size = 0;
    while (size < 3_000_000) {
      const [b, text] = UTF8_PIECES[Math.floor(rand() * UTF8_PIECES.length)];
      inputs.push(b);
      want += text;
      size += b.length;
    }
    const input = concat(inputs);
    check('utf-8', input, want, chunkingsOf(input));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(input)).toThrow(TypeError);
  });

  it('a BOM at the start of a large input is dropped once', () => {
    const text = randomText(100_000);
    const input = bytes(hex('EF BB BF'), utf8Encode(text));
    check('utf-8', input, text, [['65536-byte chunks', fixedChunks(input, 65536)]]);
  });

  it('multi-byte sequences across 64 KiB and 128 KiB boundaries', () => {
    const failures = new Failures();
    for (const base of [32768, 65536, 131072, 196608]) {
      for (let k = base - 5; k <= base + 1; k++) {
        for (const [h, text] of [
          ['C3 A9', '\u00e9'],
          ['E2 82 AC', '\u20ac'],
          ['F0 9F 98 80', '\u{1f600}'],
          ['F0 9F 98 7A', R + 'z'],
          ['E2 82 E2 82 AC', R + '\u20ac'],
        ]) {
          const input = bytes('a'.repeat(k), hex(h), 'b');
          const want = 'a'.repeat(k) + text + 'b';
          for (const fatal of [false, true]) {
            let got;
            try {
              got = new TextDecoder('utf-8', { fatal }).decode(input);
            } catch (e) {
              got = e;
            }
            const ok = fatal && want.includes(R) ? got instanceof TypeError : got === want;
            if (!ok)
              failures.add(
                `${k} ASCII then ${h} (fatal ${fatal}): got ${typeof got === 'string' ? showString(got.slice(k - 2)) : got}`,
              );
          }
        }
      }
    }
    failures.check(expect);
  });

  it.each([
    ['utf-16le', false],
    ['utf-16be', true],
  ])('%s, over 2 MB with lone surrogates, even and odd lengths', (label, bigEndian) => {
    const text = randomText(1_000_000, { surrogates: 0.01 });
    const input = utf16Bytes(text, bigEndian);
    expect(input.length).toBeGreaterThan(2_000_000);
    check(label, input, wellFormed(text), chunkingsOf(input));
    const odd = bytes(input, [0x41]);
    check(label, odd, wellFormed(text) + R, [['random chunks', randomChunks(odd, rand, 100_000)]]);
    // Surrogate pairs across the internal buffer's boundaries.
    for (let k = 32764; k <= 32770; k++) {
      const t = 'a'.repeat(k) + '\u{1f600}b' + '\u{10ffff}'.repeat(40000);
      expect(new TextDecoder(label, { fatal: true }).decode(utf16Bytes(t, bigEndian)) === t, `${k}`).toBe(true);
    }
  });
});

describe('differential against the reference implementation (random short inputs)', async () => {
  const ref = await loadReference();
  const ALPHABET = [
    0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0,
    0xf1, 0xf4, 0xf5, 0xff, 0xfe, 0xbb, 0xd8, 0xdb, 0xdc, 0xdf, 0x3d,
  ];

  it.each([
    ['utf-8', 'UTF-8'],
    ['utf-16le', 'UTF-16LE'],
    ['utf-16be', 'UTF-16BE'],
  ])('%s: 3000 random inputs, whole and split, fatal and not', (label, name) => {
    const rand = prng(label.length * 7919);
    const failures = new Failures();
    for (let iteration = 0; iteration < 3000; iteration++) {
      const n = Math.floor(rand() * 24);
      const input = Uint8Array.from({ length: n }, () => ALPHABET[Math.floor(rand() * ALPHABET.length)]);
      let want;
      try {
        want = serialize(ref.decode(name, input, { fatal: true }));
      } catch {
        want = null;
      }
      const replaced = serialize(ref.decode(name, input));
      const cuts = [Math.floor(rand() * (n + 1)), Math.floor(rand() * (n + 1))].sort((a, b) => a - b);
      for (const chunks of [[input], splitAt(input, cuts)]) {
        const got = decodeChunks(new TextDecoder(label), chunks).text;
        if (got !== replaced)
          failures.add(
            `${showBytes(input)} in ${chunks.length}: got "${showString(got)}", want "${showString(replaced)}"`,
          );
        const fatal = decodeChunks(new TextDecoder(label, { fatal: true }), chunks);
        if (want === null ? !(fatal.error instanceof TypeError) : fatal.text !== want) {
          failures.add(
            `${showBytes(input)} fatal in ${chunks.length}: got ${fatal.error ?? `"${showString(fatal.text)}"`}`,
          );
        }
      }
    }
    failures.check(expect);
  });
});

describe('native delegation', () => {
  // Encodings whose every byte decodes by itself: what an exhaustive probe can prove exact.
  const BYTEWISE = ['utf-8', 'utf-16le', 'utf-16be', 'x-user-defined', ...singleByteEncodings().map((e) => e.name)];
  it('is off when ENCODING_WASM_NATIVE=0, and only ever covers UTF-8, UTF-16 and single-byte encodings', () => {
    if (NATIVE_OFF) expect(nativeDelegation()).toEqual([]);
    const names = BYTEWISE.map((name) => name.toLowerCase());
    for (const name of nativeDelegation()) expect(names).toContain(name);
  });
});
