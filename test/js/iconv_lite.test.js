// encoding-wasm/iconv-lite: iconv-lite's API on the standard's encodings, in every host. Expected
// text comes from the standard's indexes (test/js/helpers.js reads them) and iconv-lite's documented
// behaviour (its README: stripBOM, addBOM, "?" for unencodable characters, write()/end()); the
// comparison with iconv-lite itself is test/js/iconv_lite_differential.test.js (Node).
import { beforeAll, describe, expect, it } from 'vitest';
import iconvDefault, * as iconv from 'encoding-wasm/iconv-lite';
import { bytes, bytesDiff, concat, singleByteTable } from './helpers.js';

const SJIS_A = Uint8Array.of(0x82, 0xa0); // あ, index jis0208 pointer 282
const CP1251_PRI = Uint8Array.of(0xcf, 0xf0, 0xe8); // При
const hasBuffer = typeof globalThis.Buffer === 'function';

beforeAll(() => iconv.preload('shift_jis', 'gbk'));

describe('labels', () => {
  it.each([
    ['win1251', 'windows-1251'],
    ['CP1251', 'windows-1251'],
    ['Windows_1251', 'windows-1251'],
    ['sjis', 'shift_jis'],
    ['Shift-JIS', 'shift_jis'],
    ['windows31j', 'shift_jis'],
    ['cp936', 'gbk'],
    ['eucjp', 'euc-jp'],
    ['ks_c_5601-1987', 'euc-kr'],
    ['big5hkscs', 'big5'],
    ['UTF8', 'utf-8'],
    ['ucs2', 'utf-16le'],
  ])('%s is %s', async (label, name) => {
    expect(iconv.encodingExists(label)).toBe(true);
    const sample = { 'windows-1251': CP1251_PRI, shift_jis: SJIS_A }[name];
    if (sample) expect(iconv.decode(sample, label)).toBe(name === 'shift_jis' ? 'あ' : 'При');
  });

  it.each(['utf32', 'UTF-7', 'cp437', 'cp850', 'maccenteuro', 'binary', 'base64', 'no-such'])(
    '%s is a RangeError naming it and the Encoding Standard',
    (label) => {
      expect(iconv.encodingExists(label)).toBe(false);
      for (const call of [
        () => iconv.decode(SJIS_A, label),
        () => iconv.encode('a', label),
        () => iconv.getDecoder(label),
        () => iconv.getEncoder(label),
        () => iconv.decodeStream(label),
      ]) {
        let error;
        try {
          call();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(RangeError);
        expect(error.message).toContain(`'${label}'`);
        expect(error.message).toContain('Encoding Standard');
      }
    },
  );

  it('rejects the replacement encoding and labels that are not strings', () => {
    expect(iconv.encodingExists('iso-2022-kr')).toBe(false);
    expect(() => iconv.decode(SJIS_A, 'iso-2022-kr')).toThrow(RangeError);
    for (const label of [undefined, null, 1251, {}]) {
      expect(iconv.encodingExists(label)).toBe(false);
      expect(() => iconv.decode(SJIS_A, label)).toThrow(TypeError);
    }
  });
});

describe('decode', () => {
  it('decodes every byte of windows-1251 as index windows-1251 says', () => {
    const { decode } = singleByteTable('windows-1251');
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const want = [...Array(128).keys(), ...decode.map((cp) => cp ?? 0xfffd)];
    expect(iconv.decode(all, 'cp1251')).toBe(String.fromCodePoint(...want));
  });

  it('takes a Buffer, any ArrayBufferView and an ArrayBuffer; anything else is a TypeError', () => {
    const buffer = new ArrayBuffer(4);
    new Uint8Array(buffer).set([0x41, 0x82, 0xa0, 0x42]);
    expect(iconv.decode(buffer, 'sjis')).toBe('AあB');
    expect(iconv.decode(new Uint8Array(buffer, 1, 2), 'sjis')).toBe('あ');
    expect(iconv.decode(new DataView(buffer, 1, 2), 'sjis')).toBe('あ');
    expect(iconv.decode(new Uint16Array(buffer, 2, 1), 'sjis')).toBe('\ufffdB');
    if (hasBuffer) expect(iconv.decode(globalThis.Buffer.from(CP1251_PRI), 'win1251')).toBe('При');
    for (const input of ['\x82\xa0', [0x82, 0xa0], null, undefined, 42])
      expect(() => iconv.decode(input, 'sjis')).toThrow(TypeError);
    // A failed call leaves later ones alone.
    expect(iconv.decode(SJIS_A, 'sjis')).toBe('あ');
  });

  it('writes U+FFFD for malformed input, as the standard does', () => {
    expect(iconv.decode(Uint8Array.of(0x61, 0x82), 'sjis')).toBe('a\ufffd');
    expect(iconv.decode(Uint8Array.of(0xe3, 0x81, 0x61), 'utf-8')).toBe('\ufffda');
  });

  it('stripBOM: dropped by default for UTF-8 and UTF-16, kept with false, a function is called', () => {
    const utf8 = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61);
    expect(iconv.decode(utf8, 'utf8')).toBe('a');
    expect(iconv.decode(utf8, 'utf8', { stripBOM: false })).toBe('\ufeffa');
    let called = 0;
    expect(iconv.decode(utf8, 'utf8', { stripBOM: () => called++ })).toBe('a');
    expect(called).toBe(1);
    expect(iconv.decode(Uint8Array.of(0xff, 0xfe, 0x61, 0), 'utf16le')).toBe('a');
    expect(iconv.decode(Uint8Array.of(0xfe, 0xff, 0, 0x61), 'utf16be')).toBe('a');
    // Only the first: a second U+FEFF is text.
    expect(iconv.decode(concat([utf8.subarray(0, 3), utf8]), 'utf8')).toBe('\ufeffa');
    // Not a BOM in the encodings that are not Unicode's, as iconv-lite: gb18030's U+FEFF stays.
    expect(iconv.decode(Uint8Array.of(0x84, 0x31, 0x95, 0x33), 'gb18030')).toBe('\ufeff');
    expect(iconv.decode(utf8, 'win1251')).toBe('п»їa');
  });

  it('options must be an object', () => {
    expect(() => iconv.decode(SJIS_A, 'sjis', 'strip')).toThrow(TypeError);
    expect(iconv.decode(SJIS_A, 'sjis', null)).toBe('あ');
  });
});

describe('encode', () => {
  it('returns a Buffer where the host has one, else a Uint8Array', () => {
    const out = iconv.encode('При', 'win1251');
    expect(bytesDiff(out, CP1251_PRI)).toBeNull();
    expect(out).toBeInstanceOf(Uint8Array);
    if (hasBuffer) expect(globalThis.Buffer.isBuffer(out)).toBe(true);
  });

  it('writes "?" for characters the encoding lacks, as iconv-lite does', () => {
    expect(bytesDiff(iconv.encode('a€😀b', 'win1251'), bytes([0x61, 0x88, 0x3f, 0x62]))).toBeNull();
    expect(bytesDiff(iconv.encode('a\ud800b\udc00', 'win1251'), bytes('a?b?'))).toBeNull();
    expect(bytesDiff(iconv.encode('あ☃', 'sjis'), bytes([0x82, 0xa0, 0x3f]))).toBeNull();
    // A literal "&#9731;" is text, not an escape.
    expect(bytesDiff(iconv.encode('&#9731;☃', 'latin1'), bytes('&#9731;?'))).toBeNull();
    // UTF-8 has every scalar value; a lone surrogate is U+FFFD.
    expect(bytesDiff(iconv.encode('\ud800', 'utf8'), bytes([0xef, 0xbf, 0xbd]))).toBeNull();
  });

  it('encodes UTF-16LE and UTF-16BE code unit by code unit; addBOM', () => {
    expect(bytesDiff(iconv.encode('a\ud800', 'utf16le'), bytes([0x61, 0, 0, 0xd8]))).toBeNull();
    expect(bytesDiff(iconv.encode('a', 'utf16be', { addBOM: true }), bytes([0xfe, 0xff, 0, 0x61]))).toBeNull();
    expect(bytesDiff(iconv.encode('a', 'utf16'), bytes([0xff, 0xfe, 0x61, 0]))).toBeNull();
    expect(bytesDiff(iconv.encode('a', 'utf16', { addBOM: false }), bytes([0x61, 0]))).toBeNull();
    expect(bytesDiff(iconv.encode('a', 'utf8', { addBOM: true }), bytes([0xef, 0xbb, 0xbf, 0x61]))).toBeNull();
    expect(bytesDiff(iconv.encode('a', 'win1251', { addBOM: true }), bytes('a'))).toBeNull();
  });

  it('a string only: anything else is a TypeError', () => {
    for (const input of [undefined, null, 5, ['a'], Uint8Array.of(0x61)])
      expect(() => iconv.encode(input, 'utf8')).toThrow(TypeError);
    expect(bytesDiff(iconv.encode('', 'sjis'), bytes([]))).toBeNull();
  });
});

describe('getDecoder and getEncoder', () => {
  it('give the whole text for input split at every position', () => {
    const input = concat([CP1251_PRI, bytes('x')]);
    // 82 20: a lead byte before a byte that cannot trail, which is then ASCII again.
    const sjis = concat([bytes('a'), SJIS_A, Uint8Array.of(0x82, 0x20), SJIS_A, Uint8Array.of(0x82)]);
    const utf8 = Uint8Array.of(0xef, 0xbb, 0xbf, 0xf0, 0x9f, 0x98, 0x80, 0xe2, 0x82);
    for (const [data, label, want] of [
      [input, 'win1251', 'Приx'],
      [sjis, 'sjis', 'aあ\ufffd あ\ufffd'],
      [utf8, 'utf8', '😀\ufffd'],
    ])
      for (let i = 0; i <= data.length; i++)
        for (let j = i; j <= data.length; j++) {
          const decoder = iconv.getDecoder(label);
          const text =
            decoder.write(data.subarray(0, i)) +
            decoder.write(data.subarray(i, j)) +
            decoder.write(data.subarray(j)) +
            (decoder.end() ?? '');
          expect(text, `${label} split at ${i}, ${j}`).toBe(want);
        }
  });

  it('end() gives undefined when nothing is left', () => {
    const decoder = iconv.getDecoder('sjis');
    expect(decoder.write(SJIS_A)).toBe('あ');
    expect(decoder.end()).toBeUndefined();
    const encoder = iconv.getEncoder('win1251');
    expect(bytesDiff(encoder.write('При'), CP1251_PRI)).toBeNull();
    expect(encoder.end()).toBeUndefined();
  });

  it('an encoder keeps a surrogate pair split between writes', () => {
    for (const label of ['utf8', 'gb18030', 'utf16le']) {
      const encoder = iconv.getEncoder(label);
      const out = concat([encoder.write('a\ud83d'), encoder.write('\ude00b'), encoder.end() ?? bytes([])]);
      expect(bytesDiff(out, iconv.encode('a😀b', label)), label).toBeNull();
    }
    const encoder = iconv.getEncoder('win1251');
    const out = concat([encoder.write('a\ud83d'), encoder.end()]);
    expect(bytesDiff(out, bytes('a?'))).toBeNull();
    // A write that is not a string is a TypeError, and the encoder still works.
    expect(() => encoder.write(1)).toThrow(TypeError);
  });

  it('ISO-2022-JP keeps its state across writes', () => {
    const encoder = iconv.getEncoder('iso-2022-jp');
    const out = concat([encoder.write('ア'), encoder.write('イ☃'), encoder.end() ?? bytes([])]);
    expect(bytesDiff(out, iconv.encode('アイ☃', 'iso-2022-jp'))).toBeNull();
    expect(bytesDiff(out, bytes([0x1b, 0x24, 0x42, 0x25, 0x22, 0x25, 0x24, 0x1b, 0x28, 0x42, 0x3f]))).toBeNull();
  });
});

// Node's Transform where the host resolves package.json "imports" #host/iconv_lite_stream.js with "node"
// (Node, Bun), else a web TransformStream.
const isNodeStream = (s) => typeof s.pipe === 'function';

// Every chunk a ReadableStream gives, read with a reader: WebKit's ReadableStream has no async
// iterator, so `for await` over one is a TypeError there.
async function readAll(readable) {
  const reader = readable.getReader();
  const parts = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return parts;
}

describe('decodeStream and encodeStream', () => {
  it('decode a stream of chunks', async () => {
    const stream = iconv.decodeStream('sjis');
    const chunks = [Uint8Array.of(0x61, 0x82), Uint8Array.of(0xa0), Uint8Array.of(0x82)];
    let text;
    if (isNodeStream(stream)) {
      text = await new Promise((resolve, reject) => {
        stream.collect((error, result) => (error ? reject(error) : resolve(result)));
        for (const chunk of chunks) stream.write(chunk);
        stream.end();
      });
    } else {
      const readable = new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      }).pipeThrough(stream);
      text = (await readAll(readable)).join('');
    }
    expect(text).toBe('aあ\ufffd');
  });

  it('encode a stream of strings', async () => {
    const stream = iconv.encodeStream('win1251');
    const chunks = ['Пр', 'и\ud83d', '\ude00'];
    let parts = [];
    if (isNodeStream(stream)) {
      const all = await new Promise((resolve, reject) => {
        stream.collect((error, result) => (error ? reject(error) : resolve(result)));
        for (const chunk of chunks) stream.write(chunk);
        stream.end();
      });
      parts = [all];
    } else {
      const readable = new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      }).pipeThrough(stream);
      parts = await readAll(readable);
    }
    expect(bytesDiff(concat(parts), concat([CP1251_PRI, bytes('?')]))).toBeNull();
  });

  it('a chunk of the wrong type is a TypeError', async () => {
    const stream = iconv.decodeStream('utf8');
    if (isNodeStream(stream)) {
      // Node's Transform turns a string into its UTF-8 bytes (as under iconv-lite) and rejects a number.
      expect(() => stream.write(42)).toThrow(TypeError);
    } else {
      // (The readable side is read, so the transform runs: a TransformStream waits for a reader.)
      const read = stream.readable
        .getReader()
        .read()
        .catch((e) => e);
      const written = stream.writable
        .getWriter()
        .write('text')
        .catch((e) => e);
      expect(await written).toBeInstanceOf(TypeError);
      expect(await read).toBeInstanceOf(TypeError);
    }
  });
});

it('the default export is the module, as require("iconv-lite") gives it', () => {
  for (const name of ['decode', 'encode', 'encodingExists', 'getDecoder', 'getEncoder', 'decodeStream', 'encodeStream'])
    expect(iconvDefault[name]).toBe(iconv[name]);
  expect(iconv.toEncoding).toBe(iconv.encode);
  expect(iconv.fromEncoding).toBe(iconv.decode);
});
