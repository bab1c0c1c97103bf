// The package's legacy encode(input, label, { errorMode }): the Encoding Standard's "encode" with
// the "fatal" or "html" error mode (https://encoding.spec.whatwg.org/#encode,
// #concept-encoding-process). Expectations come from the spec's encoders written out simply
// (helpers.js) and the index files.
import { describe, expect, it } from 'vitest';
import { encode } from 'encoding-wasm';
import {
  bytes,
  bytesDiff,
  bytesEqual,
  cpHex,
  hex,
  prng,
  readEncodings,
  singleByteTable,
  tableEncodeHtml,
  thrown,
  utf8Encode,
} from './helpers.js';

const W1252 = singleByteTable('windows-1252');

describe('arguments', () => {
  it('the label defaults to utf-8', () => {
    expect(encode('\u20ac')).toEqual(hex('E2 82 AC'));
    expect(encode('\u20ac', undefined)).toEqual(hex('E2 82 AC'));
    expect(encode('\u20ac', undefined, { errorMode: 'html' })).toEqual(hex('E2 82 AC'));
  });

  it('returns a new Uint8Array each time, not a view of shared memory', () => {
    const a = encode('abc');
    const b = encode('xyz');
    expect(a).toBeInstanceOf(Uint8Array);
    expect(a.buffer).not.toBe(b.buffer);
    expect(a).toEqual(bytes('abc'));
    const c = encode('abc', 'latin1');
    a[0] = 0;
    expect(c).toEqual(bytes('abc'));
    expect(encode('', 'utf-8')).toEqual(new Uint8Array(0));
  });

  it('the input is converted with ToString', () => {
    expect(encode(12, 'ascii')).toEqual(bytes('12'));
    expect(encode(null)).toEqual(bytes('null'));
    expect(encode({ toString: () => '\u00e9' }, 'latin1')).toEqual(hex('E9'));
    expect(() => encode(Symbol('x'))).toThrow(TypeError);
  });

  it('errorMode: "fatal" (the default) or "html"; anything else is a TypeError', () => {
    for (const options of [undefined, null, {}, { errorMode: undefined }, { errorMode: 'fatal' }]) {
      expect(() => encode('\u0100', 'latin1', options)).toThrow(TypeError);
      expect(encode('a', 'latin1', options)).toEqual(bytes('a'));
    }
    expect(encode('\u0100', 'latin1', { errorMode: 'html' })).toEqual(bytes('&#256;'));
    expect(encode('\u0100', 'latin1', { errorMode: { toString: () => 'html' } })).toEqual(bytes('&#256;'));
    for (const errorMode of ['foo', 'HTML', 'Fatal', 'replacement', '', ' html', null, 0]) {
      expect(() => encode('a', 'utf-8', { errorMode }), String(errorMode)).toThrow(TypeError);
    }
    for (const options of [1, 'html', true]) {
      expect(() => encode('a', 'utf-8', options)).toThrow(TypeError);
    }
  });

  it('unknown labels are a RangeError', () => {
    for (const label of ['', 'utf-32', 'bogus', 'null', 'utf-8\v', '\u212aoi8-r']) {
      expect(() => encode('a', label), label).toThrow(RangeError);
    }
    expect(() => encode('a', null)).toThrow(RangeError);
  });

  it('replacement, UTF-16BE and UTF-16LE have no encoder: RangeError for each of their labels', () => {
    const labels = readEncodings()
      .filter((e) => ['replacement', 'UTF-16BE', 'UTF-16LE'].includes(e.name))
      .flatMap((e) => e.labels);
    expect(labels).toContain('utf-16');
    expect(labels).toContain('unicodefffe');
    for (const label of labels) {
      expect(() => encode('a', label), label).toThrow(RangeError);
      expect(() => encode('a', label, { errorMode: 'html' }), label).toThrow(RangeError);
    }
  });
});

describe('UTF-8', () => {
  it('encodes scalar values; lone surrogates become U+FFFD (EF BF BD) in both modes', () => {
    for (const errorMode of ['fatal', 'html']) {
      expect(encode('a\u00e9\u20ac\u{1f600}', 'utf-8', { errorMode })).toEqual(hex('61 C3 A9 E2 82 AC F0 9F 98 80'));
      expect(encode('\ud800', 'utf8', { errorMode })).toEqual(hex('EF BF BD'));
      expect(encode('\udc00\ud800x', 'utf8', { errorMode })).toEqual(hex('EF BF BD EF BF BD 78'));
      expect(encode('\ud83d\ud83d\ude00', 'utf8', { errorMode })).toEqual(hex('EF BF BD F0 9F 98 80'));
    }
  });
});

describe('the html error mode and errors', () => {
  it('astral code points are one reference, not two', () => {
    expect(encode('\u{1f600}', 'windows-1252', { errorMode: 'html' })).toEqual(bytes('&#128512;'));
    expect(encode('a\u{10ffff}b', 'koi8-r', { errorMode: 'html' })).toEqual(bytes('a&#1114111;b'));
    expect(encode('\u{10000}', 'x-user-defined', { errorMode: 'html' })).toEqual(bytes('&#65536;'));
  });

  it('lone surrogates are U+FFFD first: &#65533; in html mode, an error naming U+FFFD in fatal', () => {
    expect(encode('a\ud800b', 'windows-1252', { errorMode: 'html' })).toEqual(bytes('a&#65533;b'));
    expect(encode('\udfff\ud800', 'windows-1252', { errorMode: 'html' })).toEqual(bytes('&#65533;&#65533;'));
    const error = thrown(() => encode('a\ud800b', 'windows-1252'));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('U+FFFD');
  });

  it('fatal: a TypeError naming the first code point that cannot be encoded', () => {
    for (const [text, cp] of [
      ['\u0100', 0x100],
      ['abc\u{1f600}\u0100', 0x1f600],
      ['\u20ac\u0152\u2603\u2600', 0x2603],
      ['x'.repeat(100_000) + '\u{10ffff}', 0x10ffff],
    ]) {
      const error = thrown(() => encode(text, 'windows-1252'));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(new RegExp(`U\\+${cpHex(cp)}\\b`));
    }
  });

  it('an encoder is usable after a fatal error (no state leaks into the next call)', () => {
    expect(() => encode('a\u0100', 'latin1')).toThrow(TypeError);
    expect(encode('\u20ac', 'latin1')).toEqual(hex('80'));
    expect(() => encode('\u{1f600}', 'iso-8859-2')).toThrow(TypeError);
    expect(encode('b', 'iso-8859-2')).toEqual(bytes('b'));
  });
});

describe('long strings (several MB, across the internal 64 KiB chunks)', () => {
  const rand = prng(20240611);

  // A random string of code units: ASCII, Latin-1, windows-1252 specials, other BMP, astral, and
  // (with `lone`) lone surrogates.
  function randomString(n, lone) {
    const specials = [...W1252.encode.keys()].filter((cp) => cp > 0xff);
    const out = [];
    while (out.length < n) {
      const r = rand();
      if (r < 0.35) out.push(String.fromCharCode(0x20 + Math.floor(rand() * 0x5f)));
      else if (r < 0.5) out.push(String.fromCharCode(0xa0 + Math.floor(rand() * 0x60)));
      else if (r < 0.6) out.push(String.fromCharCode(specials[Math.floor(rand() * specials.length)]));
      else if (r < 0.75) out.push(String.fromCharCode(0x100 + Math.floor(rand() * 0xd700)));
      else if (r < 0.95) out.push(String.fromCodePoint(0x10000 + Math.floor(rand() * 0x100000)));
      else if (lone) out.push(String.fromCharCode(0xd800 + Math.floor(rand() * 0x800)));
      else out.push('~');
    }
    return out.join('');
  }

  it('UTF-8: about 4.5 MB with lone surrogates', () => {
    const text = randomString(2_000_000, true);
    const want = utf8Encode(text);
    expect(want.length).toBeGreaterThan(4_000_000);
    expect(bytesDiff(encode(text), want)).toBeNull();
    expect(bytesDiff(encode(text, 'utf-8', { errorMode: 'html' }), want)).toBeNull();
  });

  it('windows-1252 html mode: several MB of output, with lone surrogates', () => {
    const text = randomString(1_000_000, true);
    const want = tableEncodeHtml(W1252, text);
    expect(want.length).toBeGreaterThan(3_000_000);
    expect(bytesDiff(encode(text, 'windows-1252', { errorMode: 'html' }), want)).toBeNull();
  });

  it('windows-1252 fatal: all-encodable text of several MB, then one bad code point far in', () => {
    const encodable = [...W1252.encode.keys(), ...Array.from({ length: 0x60 }, (_, i) => 0x20 + i)];
    const parts = [];
    for (let i = 0; i < 2_000_000; i++)
      parts.push(String.fromCharCode(encodable[Math.floor(rand() * encodable.length)]));
    const text = parts.join('');
    const want = tableEncodeHtml(W1252, text);
    expect(want.length).toBe(text.length);
    expect(bytesDiff(encode(text, 'windows-1252'), want)).toBeNull();
    const error = thrown(() => encode(text.slice(0, 1_500_000) + '\u{1f600}' + text.slice(1_500_000), 'latin1'));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('U+1F600');
  });

  it('an html-mode output much larger than the input: 1M astral characters', () => {
    const text = '\u{1f600}'.repeat(1_000_000);
    const got = encode(text, 'windows-1252', { errorMode: 'html' });
    expect(got.length).toBe(9_000_000);
    expect(bytesDiff(got, bytes('&#128512;'.repeat(1_000_000)))).toBeNull();
  });

  it('surrogate pairs and lone surrogates at every offset around chunk boundaries', () => {
    const failures = [];
    for (const base of [16384, 21845, 32768, 65536]) {
      for (let k = base - 4; k <= base + 4; k++) {
        for (const [prefix, tail] of [
          ['a', '\u{1f600}\u{1f600}'],
          ['\u20ac', '\u{10348}z'],
          ['\u00e9', '\ud800\ud800\udc00'],
          ['a', '\udc00'],
          ['\u{1f600}', '\ud83dx'],
        ]) {
          const text = prefix.repeat(Math.ceil(k / prefix.length)).slice(0, k) + tail + 'end';
          // (slice may cut a pair in two; the expectation treats the lone half as U+FFFD too.)
          if (!bytesEqual(encode(text), utf8Encode(text))) failures.push(`utf-8 ${k} ${prefix}`);
          const html = encode(text, 'windows-1252', { errorMode: 'html' });
          if (!bytesEqual(html, tableEncodeHtml(W1252, text))) failures.push(`windows-1252 ${k} ${prefix}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
