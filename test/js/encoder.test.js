// encoding-wasm/encoder: streaming encoders. The bytes of a stream of chunks must be those of
// https://encoding.spec.whatwg.org/#encode over their concatenation (the reference implementation,
// test/reference/, written from the standard), in the fatal and html error modes.
import { describe, expect, it } from 'vitest';
import { Encoder, EncoderStream } from 'encoding-wasm/encoder';
import {
  bytesDiff,
  concat,
  loadReference,
  prng,
  randomString as randomAlphabetString,
  readEncodings,
  showBytes,
  showString,
  thrown,
  throughStream,
} from './helpers.js';

const ref = await loadReference();
const NO_ENCODER = ['replacement', 'UTF-16BE', 'UTF-16LE'];
const WITH_ENCODER = readEncodings()
  .map((e) => e.name)
  .filter((n) => !NO_ENCODER.includes(n));

// Code points that matter to some encoder: ASCII (ISO-2022-JP's SO, SI, ESC, \ and ~ too), U+00A5
// and U+203E (ISO-2022-JP's Roman), kana (jis0208, half-width), CJK, Hangul, Latin, the euro sign,
// unencodable ones, astral ones, and lone surrogates.
const ALPHABET = [
  'a',
  '&',
  '\\',
  '~',
  '\x0e',
  '\x1b',
  '\u00a5',
  '\u203e',
  '\u00e9',
  '\u20ac',
  '\u2713',
  '\u30a2',
  '\uff71',
  '\u65e5',
  '\u4f60',
  '\uac00',
  '\ue5e5',
  '\uf780',
  '\u{1f600}',
  '\u{2000b}',
  '\ud800',
  '\udc00',
];

const randomString = (rand, length) => randomAlphabetString(rand, ALPHABET, length);

// The reference's bytes for the whole string, or the TypeError of the fatal mode.
function oneShot(name, text, mode) {
  const error = thrown(() => ref.encode(name, text, { mode }));
  return error ? { error: 'TypeError' } : { bytes: showBytes(ref.encode(name, text, { mode })) };
}

// The bytes of `chunks` through one Encoder (the last call without stream), or the error.
function streamed(encoder, chunks) {
  const parts = [];
  try {
    chunks.forEach((chunk, i) => parts.push(encoder.encode(chunk, { stream: i < chunks.length - 1 })));
  } catch (error) {
    return { error: error.name };
  }
  return { bytes: showBytes(concat(parts)) };
}

describe('Encoder: chunks give the bytes of the whole', () => {
  it('every encoding, random strings split at every UTF-16 position, fatal and html', () => {
    const rand = prng(11);
    for (const name of WITH_ENCODER) {
      for (let n = 0; n < 12; n++) {
        const text = randomString(rand, 1 + Math.floor(rand() * 7));
        for (const mode of ['fatal', 'html']) {
          const want = oneShot(name, text, mode);
          const encoder = new Encoder(name, { errorMode: mode });
          for (let cut = 0; cut <= text.length; cut++) {
            const got = streamed(encoder, [text.slice(0, cut), text.slice(cut)]);
            expect(got, `${name} ${mode} ${showString(text)} at ${cut}`).toEqual(want);
          }
        }
      }
    }
  });

  it('every encoding, longer random strings in random chunk sizes (one encoder for many streams)', () => {
    const rand = prng(12);
    for (const name of WITH_ENCODER) {
      const encoders = { fatal: new Encoder(name), html: new Encoder(name, { errorMode: 'html' }) };
      for (let n = 0; n < 10; n++) {
        const text = randomString(rand, 20 + Math.floor(rand() * 60));
        const chunks = [];
        for (let i = 0; i < text.length;) {
          const size = Math.floor(rand() * 6);
          chunks.push(text.slice(i, i + size));
          i += size;
        }
        chunks.push('');
        for (const mode of ['fatal', 'html']) {
          expect(streamed(encoders[mode], chunks), `${name} ${mode} ${showString(text)}`).toEqual(
            oneShot(name, text, mode),
          );
        }
      }
    }
  });

  it('chunks longer than the input buffer (64 KiB) in ISO-2022-JP and GBK', () => {
    const text = '\u30a2a\u00a5&\u20ac\u{1f600}\u65e5'.repeat(20000);
    for (const name of ['ISO-2022-JP', 'GBK']) {
      const encoder = new Encoder(name, { errorMode: 'html' });
      const chunks = [text.slice(0, 70001), text.slice(70001, 140000), text.slice(140000)];
      const got = concat(chunks.map((c, i) => encoder.encode(c, { stream: i < 2 })));
      expect(bytesDiff(got, ref.encode(name, text, { mode: 'html' })), name).toBe(null);
    }
  });
});

describe('Encoder: ISO-2022-JP state and surrogates across chunks', () => {
  const run = (chunks, errorMode = 'html') => {
    const encoder = new Encoder('iso-2022-jp', { errorMode });
    return chunks.map((c, i) => showBytes(encoder.encode(c, { stream: i < chunks.length - 1 })));
  };

  it('the state carries over; the last call (no stream) writes ESC ( B', () => {
    // ア is jis0208 0x25 0x22 (index-jis0208 pointer 2 + ...): ESC $ B 25 22; ¥ is Roman 5C.
    expect(run(['\u30a2', '\u30a2', ''])).toEqual(['1B 24 42 25 22', '25 22', '1B 28 42']);
    expect(run(['\u00a5', 'a', '\\'])).toEqual(['1B 28 4A 5C', '61', '1B 28 42 5C']);
    expect(run(['\u00a5', '\u30a2', 'a'])).toEqual(['1B 28 4A 5C', '1B 24 42 25 22', '1B 28 42 61']);
    // In ASCII the final call has nothing to write.
    expect(run(['a', ''])).toEqual(['61', '']);
    // html: an error from jis0208 returns to ASCII first.
    expect(run(['\u30a2', '\u20ac'])).toEqual(['1B 24 42 25 22', '1B 28 42 26 23 38 33 36 34 3B']);
  });

  it('a leading surrogate at a chunk’s end waits for the next chunk; lone ones are U+FFFD', () => {
    // U+1F600 is no ISO-2022-JP code point: &#128512;
    expect(run(['a\ud83d', '\ude00'])).toEqual(['61', '26 23 31 32 38 35 31 32 3B']);
    expect(run(['\ud83d', '', '\ude00', ''])).toEqual(['', '', '26 23 31 32 38 35 31 32 3B', '']);
    expect(run(['a\ud83d', 'b'])).toEqual(['61', '26 23 36 35 35 33 33 3B 62']);
    expect(run(['a\ud83d'])).toEqual(['61 26 23 36 35 35 33 33 3B']);
    expect(run(['a\ud83d', ''])).toEqual(['61', '26 23 36 35 35 33 33 3B']);
    const gb = new Encoder('gb18030');
    expect(showBytes(gb.encode('\ud83d', { stream: true }))).toBe('');
    // U+1F600: pointer 189000 + 0xF600 = 251976 = 19 * 12600 + 9 * 1260 + 123 * 10 + 6, so the
    // bytes are 0x81 + 19, 0x30 + 9, 0x81 + 123, 0x30 + 6 (gb18030 encoder, step 9).
    expect(showBytes(gb.encode('\ude00'))).toBe('94 39 FC 36');
  });

  it('fatal: the TypeError names the code point; the encoder starts anew (state and surrogate dropped)', () => {
    const encoder = new Encoder('iso-2022-jp');
    expect(showBytes(encoder.encode('\u30a2', { stream: true }))).toBe('1B 24 42 25 22');
    const error = thrown(() => encoder.encode('\u20ac', { stream: true }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/U\+20AC/);
    expect(showBytes(encoder.encode('\u30a2'))).toBe('1B 24 42 25 22 1B 28 42');
    // A leading surrogate held back by the failing call is dropped: the next trailing one is lone.
    const gb = new Encoder('gb18030');
    expect(() => gb.encode('\ue5e5\ud83d', { stream: true })).toThrow(TypeError);
    expect(showBytes(gb.encode('\ude00'))).toBe('84 31 A4 37');
  });
});

describe('EncoderStream', () => {
  const read = async (stream, chunks) => (await throughStream(stream, chunks)).map(showBytes);

  it.skipIf(!EncoderStream)(
    'strings in, bytes out; no empty chunks; the flush writes ISO-2022-JP’s escape',
    async () => {
      const stream = new EncoderStream('iso-2022-jp', { errorMode: 'html' });
      expect(stream.encoding).toBe('iso-2022-jp');
      expect(stream.errorMode).toBe('html');
      expect(await read(stream, ['\u30a2', '\ud83d', '\ude00', 'a'])).toEqual([
        '1B 24 42 25 22',
        '1B 28 42 26 23 31 32 38 35 31 32 3B',
        '61',
      ]);
      expect(await read(new EncoderStream('shift_jis'), ['\u65e5\u672c', '\u8a9e'])).toEqual(['93 FA 96 7B', '8C EA']);
      expect(await read(new EncoderStream('iso-2022-jp'), ['\u30a2'])).toEqual(['1B 24 42 25 22', '1B 28 42']);
    },
  );

  it.skipIf(!EncoderStream)('fatal: an unencodable code point errors both sides with the TypeError', async () => {
    await expect(read(new EncoderStream('windows-1252'), ['a', '\u2713'])).rejects.toThrow(TypeError);
  });
});

describe('bad input', () => {
  it('labels: unknown and without an encoder are RangeErrors; errorMode must be fatal or html', () => {
    for (const label of ['utf-7', '', 'replacement', 'utf-16', 'utf-16be']) {
      expect(() => new Encoder(label), label).toThrow(RangeError);
      if (EncoderStream) expect(() => new EncoderStream(label), label).toThrow(RangeError);
    }
    expect(() => new Encoder('gbk', { errorMode: 'replacement' })).toThrow(TypeError);
    expect(() => new Encoder('gbk', 'html')).toThrow(TypeError);
    expect(() => new Encoder(Symbol('gbk'))).toThrow(TypeError);
    expect(new Encoder().encoding).toBe('utf-8');
    expect(new Encoder(' SJIS ').encoding).toBe('shift_jis');
  });

  it('inputs are converted with ToString (a Symbol is a TypeError, and the encoder keeps its state)', () => {
    const encoder = new Encoder('iso-2022-jp');
    expect(showBytes(encoder.encode(12, { stream: true }))).toBe('31 32');
    expect(showBytes(encoder.encode('\u00a5', { stream: true }))).toBe('1B 28 4A 5C');
    expect(() => encoder.encode(Symbol('x'), { stream: true })).toThrow(TypeError);
    expect(() => encoder.encode('a', 'stream')).toThrow(TypeError);
    expect(showBytes(encoder.encode('a'))).toBe('61 1B 28 42');
  });

  it('members are TypeErrors on other receivers', () => {
    const encoder = new Encoder('gbk');
    expect(() => Encoder.prototype.encode.call({}, 'a')).toThrow(TypeError);
    expect(() => Object.getOwnPropertyDescriptor(Encoder.prototype, 'encoding').get.call(encoder.encode)).toThrow(
      TypeError,
    );
    expect(Object.prototype.toString.call(encoder)).toBe('[object Encoder]');
    expect(showBytes(encoder.encode('\u4f60'))).toBe('C4 E3');
  });
});
