// TextDecoderStream and TextEncoderStream: https://encoding.spec.whatwg.org/#interface-textdecoderstream
// and #interface-textencoderstream ("decode and enqueue a chunk", "flush and enqueue", "encode and
// enqueue a chunk", "convert code unit to scalar value", "encode and flush"), with the WebIDL shape of
// the interfaces. Every expected chunk is written out from the spec's algorithms and indexes; the
// spec enqueues a chunk only when its output is not empty, so the lists of chunks are exact.
import { describe, expect, it } from 'vitest';
import { preload, TextDecoder, TextDecoderStream, TextEncoderStream } from 'encoding-wasm';
import { bytes, hex, loggingOptions } from './helpers.js';

await preload();

// Writes `chunks` to the stream's writable side and closes it, reading the readable side meanwhile.
// Returns { chunks, error, closeError }: what was read, the error reading ended with (or null), and
// the error close() rejected with (or null).
async function run(stream, chunks) {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const out = [];
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      out.push(value);
    }
  })().catch((error) => error);
  for (const chunk of chunks) writer.write(chunk).catch(() => {});
  const closing = writer.close().then(
    () => null,
    (error) => error,
  );
  const [error, closeError] = await Promise.all([reading, closing]);
  writer.releaseLock();
  reader.releaseLock();
  return { chunks: out, error, closeError };
}

// The strings a TextDecoderStream reads from `chunks` (hex strings or Uint8Arrays); fails on an error.
async function decodeChunks(label, chunks, options) {
  const result = await run(
    new TextDecoderStream(label, options),
    chunks.map((c) => (typeof c === 'string' ? hex(c) : c)),
  );
  expect(result.error).toBe(null);
  return result.chunks;
}

// The byte chunks (as arrays of numbers) a TextEncoderStream reads from `chunks`.
async function encodeChunks(chunks) {
  const result = await run(new TextEncoderStream(), chunks);
  expect(result.error).toBe(null);
  for (const c of result.chunks) expect(Object.prototype.toString.call(c)).toBe('[object Uint8Array]');
  return result.chunks.map((c) => Array.from(c));
}

const EF_BF_BD = [0xef, 0xbf, 0xbd];
const getter = (cls, name) => Object.getOwnPropertyDescriptor(cls.prototype, name).get;

describe('availability', () => {
  it('both classes exist exactly where the host has TransformStream', () => {
    const expected = typeof globalThis.TransformStream === 'function' ? 'function' : 'undefined';
    expect(typeof TextDecoderStream).toBe(expected);
    expect(typeof TextEncoderStream).toBe(expected);
  });
});

describe('interface objects', () => {
  it.each([
    [() => TextDecoderStream, 'TextDecoderStream', ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']],
    [() => TextEncoderStream, 'TextEncoderStream', ['encoding', 'readable', 'writable']],
  ])('%#: name, length, attributes, toStringTag', (get, name, attributes) => {
    const cls = get();
    expect(cls.name).toBe(name);
    expect(cls.length).toBe(0);
    expect(Object.getPrototypeOf(cls.prototype)).toBe(Object.prototype);
    expect(Object.keys(cls.prototype).sort()).toEqual([...attributes].sort());
    for (const attribute of attributes) {
      const d = Object.getOwnPropertyDescriptor(cls.prototype, attribute);
      expect(d, attribute).toMatchObject({ enumerable: true, configurable: true, set: undefined });
      expect(d.get.name).toBe(`get ${attribute}`);
    }
    expect(Object.getOwnPropertyDescriptor(cls.prototype, Symbol.toStringTag)).toEqual({
      value: name,
      writable: false,
      enumerable: false,
      configurable: true,
    });
    const instance = new cls();
    expect(Object.prototype.toString.call(instance)).toBe(`[object ${name}]`);
    expect(Reflect.ownKeys(instance)).toEqual([]);
    expect(() => cls()).toThrow(TypeError);
  });

  it('readable and writable are a ReadableStream and a WritableStream, the same ones every time', () => {
    for (const stream of [new TextDecoderStream(), new TextEncoderStream()]) {
      expect(stream.readable).toBeInstanceOf(ReadableStream);
      expect(stream.writable).toBeInstanceOf(WritableStream);
      expect(stream.readable).toBe(stream.readable);
      expect(stream.writable).toBe(stream.writable);
    }
  });

  it('every attribute getter is a TypeError on another receiver (brand checks)', () => {
    const others = [undefined, null, {}, new TextDecoder(), Object.create(TextDecoderStream.prototype)];
    for (const name of ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']) {
      const get = getter(TextDecoderStream, name);
      for (const receiver of [...others, new TextEncoderStream()]) {
        expect(() => get.call(receiver), name).toThrow(TypeError);
      }
    }
    for (const name of ['encoding', 'readable', 'writable']) {
      const get = getter(TextEncoderStream, name);
      for (const receiver of [...others, new TextDecoderStream(), Object.create(TextEncoderStream.prototype)]) {
        expect(() => get.call(receiver), name).toThrow(TypeError);
      }
    }
    expect(() => TextDecoderStream.prototype.readable).toThrow(TypeError);
    expect(() => TextEncoderStream.prototype.encoding).toThrow(TypeError);
  });
});

describe('TextDecoderStream constructor', () => {
  it('gets the encoding from the label, as TextDecoder does', () => {
    expect(new TextDecoderStream().encoding).toBe('utf-8');
    expect(new TextDecoderStream(undefined).encoding).toBe('utf-8');
    expect(new TextDecoderStream(' \tLatin1\n').encoding).toBe('windows-1252');
    expect(new TextDecoderStream('sjis').encoding).toBe('shift_jis');
    expect(new TextDecoderStream('unicodefffe').encoding).toBe('utf-16be');
    expect(new TextDecoderStream({ toString: () => 'gb2312' }).encoding).toBe('gbk');
  });

  it('a RangeError for failure and for the labels of replacement', () => {
    for (const label of ['bogus', 'utf-8\v', '\u00a0utf-8', '', 'replacement', 'iso-2022-kr', 'hz-gb-2312', null]) {
      expect(() => new TextDecoderStream(label), String(label)).toThrow(RangeError);
    }
  });

  it('options: fatal and ignoreBOM converted to booleans; a non-object is a TypeError', () => {
    const s = new TextDecoderStream('utf-16le', { fatal: 1, ignoreBOM: 'yes' });
    expect([s.fatal, s.ignoreBOM]).toEqual([true, true]);
    const d = new TextDecoderStream('utf-8', null);
    expect([d.fatal, d.ignoreBOM]).toEqual([false, false]);
    expect(() => new TextDecoderStream('utf-8', 5)).toThrow(TypeError);
  });

  it('reads the label, then fatal, then ignoreBOM', () => {
    const log = [];
    const options = loggingOptions(log, { ignoreBOM: false, fatal: true });
    new TextDecoderStream({ toString: () => (log.push('label'), 'utf-8') }, options);
    expect(log).toEqual(['label', 'fatal', 'ignoreBOM']);
  });
});

describe('TextDecoderStream: decode and enqueue a chunk, flush and enqueue', () => {
  it('utf-8 sequences split at every position; no empty chunks', async () => {
    // U+20AC is E2 82 AC, U+1D11E is F0 9D 84 9E.
    expect(await decodeChunks('utf-8', ['E2', '82', 'AC'])).toEqual(['\u20ac']);
    expect(await decodeChunks('utf-8', ['61 F0 9D', '84', '9E 62'])).toEqual(['a', '\u{1d11e}b']);
    expect(await decodeChunks('utf-8', ['', '61', '', 'E2 82', 'AC'])).toEqual(['a', '\u20ac']);
    expect(await decodeChunks('utf-8', [])).toEqual([]);
  });

  it('an incomplete sequence at the end is U+FFFD, from the flush', async () => {
    expect(await decodeChunks('utf-8', ['61 E2 82'])).toEqual(['a', '\ufffd']);
    expect(await decodeChunks('utf-16le', ['61 00 3D'])).toEqual(['a', '\ufffd']);
    expect(await decodeChunks('shift_jis', ['82'])).toEqual(['\ufffd']);
  });

  it('utf-16le and utf-16be across chunks, including a surrogate pair', async () => {
    // U+1F600 is D83D DE00.
    expect(await decodeChunks('utf-16le', ['3D D8', '00', 'DE 61', '00'])).toEqual(['\u{1f600}', 'a']);
    expect(await decodeChunks('utf-16be', ['D8', '3D DE', '00 00', '61'])).toEqual(['\u{1f600}', 'a']);
    expect(await decodeChunks('utf-16le', ['3D D8', '61 00'])).toEqual(['\ufffda']);
  });

  it('single-byte encodings: one string per chunk', async () => {
    // index windows-1252 pointers 0 and 31, index koi8-r pointer 0x41 (0xC1).
    expect(await decodeChunks('windows-1252', ['80', '9F'])).toEqual(['\u20ac', '\u0178']);
    expect(await decodeChunks('koi8-r', ['C1 61'])).toEqual(['\u0430a']);
    expect(await decodeChunks('x-user-defined', ['80', 'FF'])).toEqual(['\uf780', '\uf7ff']);
  });

  it('multi-byte encodings across chunk boundaries', async () => {
    // Shift_JIS 93FA 967B 8CEA is 日本語 (index jis0208).
    expect(await decodeChunks('shift_jis', ['93', 'FA 96', '7B 8C', 'EA'])).toEqual(['\u65e5', '\u672c', '\u8a9e']);
    // gb18030 four-byte 84 31 A4 39 is U+FFFF (index gb18030 ranges), 90 30 81 30 is U+10000.
    expect(await decodeChunks('gb18030', ['84 31', 'A4', '39 90', '30 81 30'])).toEqual(['\uffff', '\u{10000}']);
    // Big5 88 62 is two code points (pointer 1133).
    expect(await decodeChunks('big5', ['88', '62'])).toEqual(['\u00ca\u0304']);
    // EUC-KR B0 A1 is U+AC00; EUC-JP 8F A2 AF is U+02D8 (index jis0212 pointer 108).
    expect(await decodeChunks('euc-kr', ['B0', 'A1'])).toEqual(['\uac00']);
    expect(await decodeChunks('euc-jp', ['8F', 'A2', 'AF'])).toEqual(['\u02d8']);
    // ISO-2022-JP: ESC $ B 30 21 (U+4E9C, jis0208 pointer 1410), ESC ( B, "a"; the state carries over.
    expect(await decodeChunks('iso-2022-jp', ['1B 24', '42 30', '21 1B 28 42 61'])).toEqual(['\u4e9ca']);
    // An ISO-2022-JP stream ending in the middle of a two-byte character.
    expect(await decodeChunks('iso-2022-jp', ['1B 24 42 30'])).toEqual(['\ufffd']);
  });

  it('the BOM: dropped once at the start of the stream for UTF-8 and UTF-16, kept with ignoreBOM', async () => {
    expect(await decodeChunks('utf-8', ['EF', 'BB', 'BF 61'])).toEqual(['a']);
    expect(await decodeChunks('utf-8', ['EF BB BF'])).toEqual([]);
    expect(await decodeChunks('utf-8', ['EF BB BF', 'EF BB BF'])).toEqual(['\ufeff']);
    expect(await decodeChunks('utf-8', ['EF BB', 'BF 61'], { ignoreBOM: true })).toEqual(['\ufeffa']);
    expect(await decodeChunks('utf-16be', ['FE', 'FF 00 61'])).toEqual(['a']);
    expect(await decodeChunks('utf-16le', ['FF FE 61 00'], { ignoreBOM: true })).toEqual(['\ufeffa']);
    // Not for other encodings: windows-1252 EF BB BF is ï»¿.
    expect(await decodeChunks('windows-1252', ['EF BB BF'])).toEqual(['\u00ef\u00bb\u00bf']);
  });

  it('every AllowSharedBufferSource is a chunk: ArrayBuffer, any view (its bytes), SharedArrayBuffer', async () => {
    const buffer = bytes('xabcx').buffer;
    const chunks = [
      buffer.slice(1, 2),
      new DataView(buffer, 2, 1),
      new Uint16Array(Uint8Array.of(0x63, 0x64).buffer),
      new Int8Array(buffer, 4, 1),
    ];
    if (typeof SharedArrayBuffer === 'function') {
      const shared = new Uint8Array(new SharedArrayBuffer(1));
      shared[0] = 0x21;
      chunks.push(shared.buffer, shared);
    }
    const expected = typeof SharedArrayBuffer === 'function' ? ['a', 'b', 'cd', 'x', '!', '!'] : ['a', 'b', 'cd', 'x'];
    expect(await decodeChunks('utf-8', chunks)).toEqual(expected);
  });

  // [AllowResizable] (whatwg/encoding pull request 362, web-platform-tests textdecoder-streaming).
  it('chunks over a resizable ArrayBuffer or a growable SharedArrayBuffer', async () => {
    const buffer = new ArrayBuffer(3, { maxByteLength: 8 });
    new Uint8Array(buffer).set([0x61, 0xe2, 0x82]);
    const chunks = [new Uint8Array(buffer), new DataView(buffer, 2, 1)];
    const shared = new SharedArrayBuffer(1, { maxByteLength: 4 });
    new Uint8Array(shared)[0] = 0xac;
    chunks.push(new Uint8Array(shared), shared);
    // 61 E2 82 | 82 | AC | AC: "a", then E2 82 82 is U+2082, then two lone continuation bytes.
    expect(await decodeChunks('utf-8', chunks)).toEqual(['a', '\u2082', '\ufffd', '\ufffd']);
  });

  it('a chunk that is not an AllowSharedBufferSource errors both sides with a TypeError', async () => {
    const bad = ['abc', 97, null, undefined, {}, [0x61], Symbol('x'), { buffer: new ArrayBuffer(1) }];
    for (const chunk of bad) {
      const stream = new TextDecoderStream();
      const result = await run(stream, [hex('61'), chunk, hex('62')]);
      expect(result.chunks, String(typeof chunk)).toEqual(['a']);
      expect(result.error).toBeInstanceOf(TypeError);
      expect(result.closeError).toBeInstanceOf(TypeError);
    }
  });

  it('fatal: a decoding error errors the readable and the writable side with a TypeError', async () => {
    const stream = new TextDecoderStream('utf-8', { fatal: true });
    const result = await run(stream, [hex('61'), hex('62 FF 63'), hex('64')]);
    // The chunk with the error enqueues nothing: its output is thrown away with the error.
    expect(result.chunks).toEqual(['a']);
    expect(result.error).toBeInstanceOf(TypeError);
    expect(result.closeError).toBeInstanceOf(TypeError);
    await expect(stream.writable.getWriter().closed).rejects.toBeInstanceOf(TypeError);
    await expect(stream.readable.getReader().closed).rejects.toBeInstanceOf(TypeError);
  });

  it('fatal: an incomplete sequence at the end errors the stream at close', async () => {
    const cases = [
      ['utf-8', '61', 'E2 82'],
      ['utf-16be', '00 61', 'D8 3D'],
      ['utf-16le', '61 00', '3D'],
      ['shift_jis', '61', '82'],
      ['gb18030', '61', '84 31'],
    ];
    for (const [label, a, tail] of cases) {
      const result = await run(new TextDecoderStream(label, { fatal: true }), [hex(a), hex(tail)]);
      expect(result.chunks, label).toEqual(['a']);
      expect(result.error, label).toBeInstanceOf(TypeError);
      expect(result.closeError, label).toBeInstanceOf(TypeError);
    }
  });

  it('not fatal: the same input gives U+FFFD', async () => {
    expect(await decodeChunks('utf-8', ['61', '62 FF 63', '64'])).toEqual(['a', 'b\ufffdc', 'd']);
    expect(await decodeChunks('euc-kr', ['80 61'])).toEqual(['\ufffda']);
  });

  it('works with pipeThrough', async () => {
    const source = new ReadableStream({
      start(controller) {
        for (const chunk of ['E6 97', 'A5 E6 9C AC', 'E8 AA 9E']) controller.enqueue(hex(chunk));
        controller.close();
      },
    });
    const reader = source.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
    expect(text).toBe('\u65e5\u672c\u8a9e');
  });

  it('streams keep their own state', async () => {
    const a = new TextDecoderStream('shift_jis');
    const b = new TextDecoderStream('shift_jis');
    const [ra, rb] = await Promise.all([run(a, [hex('93'), hex('FA')]), run(b, [hex('96'), hex('7B')])]);
    expect([ra.chunks, rb.chunks]).toEqual([['\u65e5'], ['\u672c']]);
  });
});

describe('TextEncoderStream: encode and enqueue a chunk, encode and flush', () => {
  it('encoding is utf-8', () => {
    expect(new TextEncoderStream().encoding).toBe('utf-8');
  });

  it('one Uint8Array per non-empty chunk, UTF-8', async () => {
    expect(await encodeChunks(['a', '\u20ac', '\u{1d11e}'])).toEqual([
      [0x61],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9d, 0x84, 0x9e],
    ]);
  });

  it('empty chunks, and chunks that are only a leading surrogate, enqueue nothing', async () => {
    expect(await encodeChunks(['', 'a', ''])).toEqual([[0x61]]);
    expect(await encodeChunks([])).toEqual([]);
    expect(await encodeChunks(['\ud83d', '', '\ude00'])).toEqual([[0xf0, 0x9f, 0x98, 0x80]]);
  });

  it('a surrogate pair split between chunks is one scalar value', async () => {
    // U+1F600 is D83D DE00, F0 9F 98 80.
    expect(await encodeChunks(['a\ud83d', '\ude00b'])).toEqual([[0x61], [0xf0, 0x9f, 0x98, 0x80, 0x62]]);
  });

  it('a leading surrogate not followed by a trailing one is U+FFFD, and the next code unit is kept', async () => {
    expect(await encodeChunks(['\ud83d', 'x'])).toEqual([[...EF_BF_BD, 0x78]]);
    expect(await encodeChunks(['\ud800', '\ud800'])).toEqual([EF_BF_BD, EF_BF_BD]);
    expect(await encodeChunks(['\ud800', '\ud800\udc00'])).toEqual([[...EF_BF_BD, 0xf0, 0x90, 0x80, 0x80]]);
  });

  it('a leading surrogate left at the end is EF BF BD, from the flush', async () => {
    expect(await encodeChunks(['a\ud83d'])).toEqual([[0x61], EF_BF_BD]);
    expect(await encodeChunks(['\ud83d'])).toEqual([EF_BF_BD]);
  });

  it('lone surrogates inside a chunk are U+FFFD', async () => {
    expect(await encodeChunks(['\ude00a\ud800b'])).toEqual([[...EF_BF_BD, 0x61, ...EF_BF_BD, 0x62]]);
  });

  it('chunks are converted with ToString; a Symbol errors the stream with a TypeError', async () => {
    expect(await encodeChunks([12, null, undefined, { toString: () => 'x' }])).toEqual([
      [0x31, 0x32],
      [0x6e, 0x75, 0x6c, 0x6c],
      [0x75, 0x6e, 0x64, 0x65, 0x66, 0x69, 0x6e, 0x65, 0x64],
      [0x78],
    ]);
    const result = await run(new TextEncoderStream(), ['a', Symbol('s'), 'b']);
    expect(result.chunks.map((c) => Array.from(c))).toEqual([[0x61]]);
    expect(result.error).toBeInstanceOf(TypeError);
    expect(result.closeError).toBeInstanceOf(TypeError);
  });

  it('round trip through both streams', async () => {
    const text = 'Zażółć gęślą jaźń \u{1f600} 日本語';
    const source = new ReadableStream({
      start(controller) {
        // Split inside the surrogate pair.
        const at = text.indexOf('\u{1f600}') + 1;
        controller.enqueue(text.slice(0, at));
        controller.enqueue(text.slice(at));
        controller.close();
      },
    });
    const reader = source.pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream()).getReader();
    let out = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) out += r.value;
    expect(out).toBe(text);
  });
});
