// encoding-wasm/hooks: the Encoding Standard's hooks for other standards,
// https://encoding.spec.whatwg.org/#specification-hooks, #legacy-hooks, #concept-encoding-get and
// #get-an-output-encoding. Expected values come from the standard's text and data (encodings.json,
// through helpers.js), from the reference implementation (test/reference/, written from the
// standard's algorithms), and from @exodus/bytes, whose hooks share these names.
import { describe, expect, it } from 'vitest';
import * as hooks from 'encoding-wasm/hooks';
import { encode, TextDecoder } from 'encoding-wasm';
import {
  detach,
  hex,
  loadReference,
  prng,
  readEncodings,
  showBytes,
  specGetEncoding,
  thrown,
  V8_OUTSIDE_BROWSER,
} from './helpers.js';

const {
  encodeOrFail,
  getBOMEncoding,
  getOutputEncoding,
  labelToName,
  legacyHookDecode,
  normalizeEncoding,
  utf8Decode,
  utf8DecodeWithoutBOM,
  utf8DecodeWithoutBOMOrFail,
  utf8Encode,
} = hooks;

const ref = await loadReference();
const ENCODINGS = readEncodings();
const NAMES = ENCODINGS.map((e) => e.name);
const NO_ENCODER = ['replacement', 'UTF-16BE', 'UTF-16LE'];
const WITH_ENCODER = NAMES.filter((n) => !NO_ENCODER.includes(n));

// @exodus/bytes (a devDependency) where it loads; its multi-byte encodings need encoding.js.
const exodus = await import('@exodus/bytes/encoding.js').catch(() => null);

// Every kind of BufferSource over `bytes` (a Uint8Array): what TextDecoder.decode() accepts.
function bufferSources(bytes) {
  const copy = () => {
    const buffer = new ArrayBuffer(bytes.length + 4);
    new Uint8Array(buffer, 2, bytes.length).set(bytes);
    return buffer;
  };
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  const resizable = new ArrayBuffer(bytes.length, { maxByteLength: bytes.length + 8 });
  new Uint8Array(resizable).set(bytes);
  return [
    ['Uint8Array', Uint8Array.from(bytes)],
    ['Uint8Array at an offset', new Uint8Array(copy(), 2, bytes.length)],
    ['DataView', new DataView(copy(), 2, bytes.length)],
    ['Int8Array', new Int8Array(copy(), 2, bytes.length)],
    ['ArrayBuffer', Uint8Array.from(bytes).buffer],
    ['SharedArrayBuffer', shared],
    ['Uint8Array over a SharedArrayBuffer', new Uint8Array(shared)],
    ['resizable ArrayBuffer', resizable],
    ['Uint8Array over a resizable ArrayBuffer', new Uint8Array(resizable)],
  ];
}

// ASCII case and whitespace variants of a label: get an encoding strips ASCII whitespace and
// matches ASCII case-insensitively.
const variants = (label) => [label, label.toUpperCase(), ` ${label}\t`, `\n\f\r${label}`];

describe('labelToName and normalizeEncoding (get an encoding)', () => {
  it('every label of every encoding, in any ASCII case, with ASCII whitespace around it', () => {
    for (const { name, labels } of ENCODINGS) {
      for (const label of labels) {
        for (const v of variants(label)) {
          expect(labelToName(v), JSON.stringify(v)).toBe(name);
          expect(normalizeEncoding(v), JSON.stringify(v)).toBe(name.toLowerCase());
        }
      }
    }
  });

  it('the names as the standard writes them, replacement included', () => {
    expect(labelToName('utf8')).toBe('UTF-8');
    expect(labelToName('sjis')).toBe('Shift_JIS');
    expect(labelToName('big5-hkscs')).toBe('Big5');
    expect(labelToName('latin1')).toBe('windows-1252');
    expect(labelToName('ascii')).toBe('windows-1252');
    expect(labelToName('csiso2022kr')).toBe('replacement');
    expect(labelToName('iso-ir-58')).toBe('GBK');
    expect(labelToName('logical')).toBe('ISO-8859-8-I');
    expect(labelToName('unicodefffe')).toBe('UTF-16BE');
    expect(labelToName('utf-16')).toBe('UTF-16LE');
    expect(labelToName('x-user-defined')).toBe('x-user-defined');
  });

  it('failure is null: unknown labels, other whitespace, non-ASCII case folding', () => {
    const bad = [
      '',
      ' ',
      'utf-7',
      'utf8 ',
      'latin-1',
      '\u00a0utf-8',
      'utf-8\v',
      'utf-8\0',
      'unicode-1-1-utf-8x',
      'ut\u0130f-8',
      '\u212aoi8-r', // KELVIN SIGN: toLowerCase() would make it "k"
      'x'.repeat(100000),
    ];
    for (const label of bad.filter((l) => l !== 'utf8 ')) {
      expect(labelToName(label), JSON.stringify(label)).toBe(specGetEncoding(label));
      expect(labelToName(label), JSON.stringify(label)).toBe(null);
      expect(normalizeEncoding(label)).toBe(null);
    }
    // A label longer than any buffer that is mostly ASCII whitespace still matches.
    expect(labelToName(`${' '.repeat(70000)}utf-8${'\t'.repeat(70000)}`)).toBe('UTF-8');
  });

  it('the label is converted with ToString (a Symbol is a TypeError)', () => {
    expect(labelToName({ toString: () => 'l1' })).toBe('windows-1252');
    expect(labelToName(undefined)).toBe(null);
    expect(labelToName(null)).toBe(null);
    expect(() => labelToName(Symbol('utf-8'))).toThrow(TypeError);
    expect(() => normalizeEncoding(Symbol('utf-8'))).toThrow(TypeError);
    expect(labelToName('utf-8')).toBe('UTF-8');
  });
});

// https://encoding.spec.whatwg.org/#bom-sniff: the first row whose bytes the first three bytes
// start with.
function specBomSniff(bytes) {
  const starts = (...b) => b.every((x, i) => bytes[i] === x);
  if (starts(0xef, 0xbb, 0xbf)) return 'UTF-8';
  if (starts(0xfe, 0xff)) return 'UTF-16BE';
  if (starts(0xff, 0xfe)) return 'UTF-16LE';
  return null;
}

const BOMS = [
  ['UTF-8', [0xef, 0xbb, 0xbf]],
  ['UTF-16BE', [0xfe, 0xff]],
  ['UTF-16LE', [0xff, 0xfe]],
];

// Heads to put before a payload: every BOM, every proper prefix of one (a "split" BOM: the bytes
// that follow are not the rest of it), two BOMs, and bytes that start like none.
const HEADS = [
  [],
  ...BOMS.map(([, b]) => b),
  [0xef],
  [0xef, 0xbb],
  [0xfe],
  [0xff],
  [0xbb, 0xbf],
  [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf],
  [0xff, 0xfe, 0xff, 0xfe],
  [0xfe, 0xff, 0xfe, 0xff],
  [0xef, 0xff, 0xfe],
  [0xfe, 0xfe, 0xff],
];
const PAYLOADS = [[], [0x61], [0x61, 0x00], [0x00, 0x61], [0xe2, 0x82, 0xac], [0x82, 0xa0, 0x3d, 0xd8], [0x80, 0xff]];

describe('getBOMEncoding (BOM sniff)', () => {
  it('the three rows of the table; anything else is null', () => {
    expect(getBOMEncoding(hex('EF BB BF'))).toBe('utf-8');
    expect(getBOMEncoding(hex('EF BB BF 61'))).toBe('utf-8');
    expect(getBOMEncoding(hex('FE FF'))).toBe('utf-16be');
    expect(getBOMEncoding(hex('FF FE 00 00'))).toBe('utf-16le');
    for (const bytes of ['', 'EF', 'EF BB', 'EF BB BE', 'FE', 'FF', 'FF FF', 'FE FE', 'BB BF', '61 EF BB BF'])
      expect(getBOMEncoding(hex(bytes)), bytes).toBe(null);
  });

  it('every head before every payload, against the table, in every kind of BufferSource', () => {
    for (const head of HEADS) {
      for (const payload of PAYLOADS) {
        const bytes = Uint8Array.from([...head, ...payload]);
        const want = specBomSniff(bytes)?.toLowerCase() ?? null;
        for (const [kind, input] of bufferSources(bytes))
          expect(getBOMEncoding(input), `${showBytes(bytes)} ${kind}`).toBe(want);
      }
    }
  });
});

describe('legacyHookDecode (decode)', () => {
  // https://encoding.spec.whatwg.org/#decode, from the reference: the BOM's encoding if there is
  // one, after the BOM, else the fallback encoding over everything; replacement mode.
  function specDecode(bytes, fallback) {
    const bom = specBomSniff(bytes);
    if (bom === null) return ref.decode(fallback, bytes);
    return ref.decode(bom, bytes.subarray(bom === 'UTF-8' ? 3 : 2));
  }

  it('BOM sniff x every encoding as the fallback x every head (BOMs, split BOMs) x payloads', () => {
    for (const fallback of NAMES) {
      for (const head of HEADS) {
        for (const payload of PAYLOADS) {
          const bytes = Uint8Array.from([...head, ...payload]);
          expect(legacyHookDecode(bytes, fallback), `${fallback}: ${showBytes(bytes)}`).toBe(
            specDecode(bytes, fallback),
          );
        }
      }
    }
  });

  it('the fallback is a label (default UTF-8); replacement is U+FFFD for any bytes but none', () => {
    expect(legacyHookDecode(hex('E2 82 AC'))).toBe('\u20ac');
    expect(legacyHookDecode(hex('82 A0'), ' SJIS ')).toBe('\u3042');
    expect(legacyHookDecode(hex('80'), 'latin1')).toBe('\u20ac');
    expect(legacyHookDecode(hex('61 62'), 'csiso2022kr')).toBe('\ufffd');
    expect(legacyHookDecode(hex(''), 'replacement')).toBe('');
    // The BOM wins over every fallback, replacement too.
    expect(legacyHookDecode(hex('EF BB BF 61'), 'replacement')).toBe('a');
    expect(legacyHookDecode(hex('FF FE 61 00'), 'shift_jis')).toBe('a');
    expect(legacyHookDecode(hex('FE FF 00 61 D8'), 'utf-8')).toBe('a\ufffd');
    // No BOM: a fallback of UTF-16 keeps what follows as it is.
    expect(legacyHookDecode(hex('61 00 FF FE'), 'utf-16le')).toBe('a\ufeff');
  });

  it('every kind of BufferSource', () => {
    for (const [kind, input] of bufferSources(hex('FF FE 3D D8 00 DE'))) {
      expect(legacyHookDecode(input, 'windows-1252'), kind).toBe('\u{1f600}');
    }
    for (const [kind, input] of bufferSources(hex('93 FA 96 7B'))) {
      expect(legacyHookDecode(input, 'shift_jis'), kind).toBe('\u65e5\u672c');
    }
  });

  it('a thousand random inputs in random encodings, against the reference', () => {
    const rand = prng(1234);
    const alphabet = [
      0x00, 0x1b, 0x24, 0x28, 0x42, 0x41, 0x7f, 0x80, 0x81, 0xa1, 0xa4, 0xbb, 0xbf, 0xd8, 0xef, 0xfe, 0xff,
    ];
    for (let n = 0; n < 1000; n++) {
      const fallback = NAMES[Math.floor(rand() * NAMES.length)];
      const head = HEADS[Math.floor(rand() * HEADS.length)];
      const tail = Array.from(
        { length: Math.floor(rand() * 12) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      );
      const bytes = Uint8Array.from([...head, ...tail]);
      expect(legacyHookDecode(bytes, fallback), `${fallback}: ${showBytes(bytes)}`).toBe(specDecode(bytes, fallback));
    }
  });
});

describe('UTF-8 decode, UTF-8 decode without BOM, UTF-8 decode without BOM or fail', () => {
  const INPUTS = [
    '',
    'EF BB BF',
    'EF BB BF EF BB BF 61',
    'EF BB',
    'EF BB BF 80',
    '61 EF BB BF',
    'C3 A9 E2 82 AC F0 9F 98 80',
    'C0 80',
    'ED A0 80',
    'F4 90 80 80',
    'E2 82',
    'FF FE 61 00',
    'F0 9F 98',
  ];

  it('against the standard: the BOM (only the first) is dropped by UTF-8 decode only; failure is null', () => {
    for (const text of INPUTS) {
      const bytes = hex(text);
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      const withoutBom = ref.decode('UTF-8', bytes);
      expect(utf8Decode(bytes), text).toBe(bom ? ref.decode('UTF-8', bytes.subarray(3)) : withoutBom);
      expect(utf8DecodeWithoutBOM(bytes), text).toBe(withoutBom);
      const valid = thrown(() => ref.decode('UTF-8', bytes, { fatal: true })) === undefined;
      expect(utf8DecodeWithoutBOMOrFail(bytes), text).toBe(valid ? withoutBom : null);
    }
    expect(utf8Decode(hex('EF BB BF EF BB BF 61'))).toBe('\ufeffa');
    expect(utf8DecodeWithoutBOM(hex('EF BB BF 61'))).toBe('\ufeffa');
    expect(utf8DecodeWithoutBOMOrFail(hex('EF BB BF 61'))).toBe('\ufeffa');
    expect(utf8DecodeWithoutBOMOrFail(hex('61 80'))).toBe(null);
    expect(utf8DecodeWithoutBOMOrFail(hex('E2 82'))).toBe(null);
  });

  it('random inputs against the reference, in every kind of BufferSource', () => {
    const rand = prng(99);
    const alphabet = [0x00, 0x61, 0x7f, 0x80, 0xbb, 0xbf, 0xc2, 0xc3, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xff, 0x9f, 0x98];
    for (let n = 0; n < 400; n++) {
      const bytes = Uint8Array.from(
        { length: Math.floor(rand() * 10) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      );
      const want = ref.decode('UTF-8', bytes);
      const valid = thrown(() => ref.decode('UTF-8', bytes, { fatal: true })) === undefined;
      for (const [kind, input] of bufferSources(bytes)) {
        expect(utf8DecodeWithoutBOM(input), kind).toBe(want);
        expect(utf8DecodeWithoutBOMOrFail(input), kind).toBe(valid ? want : null);
      }
    }
  });
});

describe('utf8Encode (UTF-8 encode)', () => {
  it('against the reference, lone surrogates as U+FFFD', () => {
    for (const text of ['', 'a', '\u00e9\u20ac\u{1f600}', '\ud800', 'a\udc00b', '\udbff\udfff', '\u{10ffff}\ud83d']) {
      expect(Array.from(utf8Encode(text)), JSON.stringify(text)).toEqual(Array.from(ref.encode('UTF-8', text)));
    }
    expect(utf8Encode(1.5)).toEqual(Uint8Array.of(0x31, 0x2e, 0x35));
    expect(utf8Encode('x')).toBeInstanceOf(Uint8Array);
  });
});

describe('getOutputEncoding (get an output encoding)', () => {
  it('UTF-8 for replacement and UTF-16BE/LE, every other encoding itself', () => {
    for (const { name, labels } of ENCODINGS) {
      for (const label of labels)
        expect(getOutputEncoding(label), label).toBe(NO_ENCODER.includes(name) ? 'UTF-8' : name);
    }
  });
});

describe('encodeOrFail (encode or fail) and encode (the encode hook is encode(input, label, { errorMode: "html" }))', () => {
  it('the main entry’s encode', () => {
    expect(hooks.encode).toBe(encode);
    expect(Array.from(encode('a\u2713', 'latin1', { errorMode: 'html' }))).toEqual(
      Array.from(ref.encode('windows-1252', 'a\u2713', { mode: 'html' })),
    );
  });

  // Strings that every encoder can encode, and ones with code points that some cannot.
  const SAMPLES = [
    '',
    'plain ASCII & more #;',
    '\u00e9\u00fc\u20ac',
    '\u65e5\u672c\u8a9e \uff71 \u00a5\u203e',
    '\u4f60\u597d\u3002',
    '\uac00\ud7a3',
    '\u{1f600}',
    'a\ud800b',
    '\u0080\u00ff\uf780\uf7ff',
    '\u000e\u000f\u001b',
    '\ue5e5\u2603',
  ];

  it('every encoding with an encoder x samples: the bytes, or the first code point the encoder cannot encode', () => {
    for (const name of WITH_ENCODER) {
      for (const text of SAMPLES) {
        const error = thrown(() => ref.encode(name, text));
        const got = encodeOrFail(text, name);
        if (error === undefined)
          expect(Array.from(got), `${name} ${JSON.stringify(text)}`).toEqual(Array.from(ref.encode(name, text)));
        else expect(got, `${name} ${JSON.stringify(text)}`).toBe(error.codePoint);
      }
    }
  });

  it('the failing code point is the first one, after any number of "&"', () => {
    expect(encodeOrFail('&&&#65;\u2713\u2714', 'windows-1252')).toBe(0x2713);
    expect(encodeOrFail('\u00a5\u20ac', 'iso-2022-jp')).toBe(0x20ac);
    expect(encodeOrFail('\u30a2&#1;\u20ac', 'iso-2022-jp')).toBe(0x20ac);
    expect(encodeOrFail('\ud800', 'shift_jis')).toBe(0xfffd);
    expect(encodeOrFail('\u001b', 'iso-2022-jp')).toBe(0xfffd);
    expect(encodeOrFail('\ue5e5', 'gb18030')).toBe(0xe5e5);
    expect(Array.from(encodeOrFail('\ud800', 'gb18030'))).toEqual([0x84, 0x31, 0xa4, 0x37]);
  });
});

describe.skipIf(!exodus)(
  'differential against @exodus/bytes (skipped only where the devDependency cannot load in this host)',
  () => {
    it('labelToName and normalizeEncoding: every label and variant, and failures', () => {
      for (const { labels } of ENCODINGS) {
        for (const label of labels) {
          for (const v of variants(label)) {
            expect(labelToName(v), v).toBe(exodus.labelToName(v));
            expect(normalizeEncoding(v), v).toBe(exodus.normalizeEncoding(v));
          }
        }
      }
      for (const label of ['', 'utf-7', 'latin-1', 'x', '\u00a0utf-8'])
        expect(labelToName(label)).toBe(exodus.labelToName(label));
    });

    it('getBOMEncoding and legacyHookDecode: every head x payload x encoding', () => {
      for (const head of HEADS) {
        for (const payload of PAYLOADS) {
          const bytes = Uint8Array.from([...head, ...payload]);
          expect(getBOMEncoding(bytes), showBytes(bytes)).toBe(exodus.getBOMEncoding(bytes));
          for (const fallback of NAMES) {
            expect(legacyHookDecode(bytes, fallback), `${fallback}: ${showBytes(bytes)}`).toBe(
              exodus.legacyHookDecode(bytes, fallback),
            );
          }
        }
      }
    });
  },
);

describe('bad input: a clear typed error, and the hooks keep working', () => {
  const working = () => {
    expect(labelToName('sjis')).toBe('Shift_JIS');
    expect(legacyHookDecode(hex('82 A0'), 'shift_jis')).toBe('\u3042');
    expect(utf8Decode(hex('EF BB BF 61'))).toBe('a');
    expect(Array.from(encodeOrFail('\u00e9', 'latin1'))).toEqual([0xe9]);
  };

  it('inputs that are not BufferSources are TypeErrors', () => {
    const decoders = [getBOMEncoding, legacyHookDecode, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail];
    for (const fn of decoders) {
      for (const bad of ['abc', 1, null, undefined, {}, [0x61], Symbol('x'), { buffer: new ArrayBuffer(1) }]) {
        expect(() => fn(bad), `${fn.name} ${String(typeof bad)}`).toThrow(TypeError);
      }
      working();
    }
  });

  it('unknown labels are RangeErrors; so are the labels of encodings without an encoder, where an encoder is needed', () => {
    for (const label of ['utf-7', '', 'x'.repeat(10000)]) {
      expect(() => legacyHookDecode(hex('61'), label)).toThrow(RangeError);
      expect(() => getOutputEncoding(label)).toThrow(RangeError);
      expect(() => encodeOrFail('a', label)).toThrow(RangeError);
    }
    for (const label of ['replacement', 'csiso2022kr', 'utf-16', 'utf-16be', 'unicodefeff']) {
      expect(() => encodeOrFail('a', label), label).toThrow(RangeError);
      expect(thrown(() => encodeOrFail('a', label)).message).toMatch(/has no encoder/);
    }
    expect(() => encodeOrFail('a')).toThrow(RangeError); // "undefined" is no label
    expect(() => encodeOrFail(Symbol('a'), 'utf-8')).toThrow(TypeError);
    expect(() => legacyHookDecode(hex('61'), Symbol('utf-8'))).toThrow(TypeError);
    working();
  });

  it('detached buffers are no bytes; resizable ones are their current bytes', () => {
    const buffer = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61).buffer;
    const view = new Uint8Array(buffer);
    detach(buffer);
    for (const input of [buffer, view, new DataView(new ArrayBuffer(0))]) {
      expect(getBOMEncoding(input)).toBe(null);
      expect(legacyHookDecode(input, 'replacement')).toBe('');
      expect(utf8Decode(input)).toBe('');
      expect(utf8DecodeWithoutBOMOrFail(input)).toBe('');
    }
    const resizable = new ArrayBuffer(4, { maxByteLength: 8 });
    const tracking = new Uint8Array(resizable);
    tracking.set([0xfe, 0xff, 0x00, 0x61]);
    expect(legacyHookDecode(tracking, 'utf-8')).toBe('a');
    resizable.resize(1);
    expect(getBOMEncoding(tracking)).toBe(null);
    expect(legacyHookDecode(tracking, 'windows-1252')).toBe('\u00fe');
    working();
  });

  it('lone surrogates encode as U+FFFD', () => {
    expect(Array.from(utf8Encode('\udc00\ud800'))).toEqual([0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd]);
    expect(encodeOrFail('\ud800', 'windows-1252')).toBe(0xfffd);
    working();
  });

  it('long inputs: a megabyte of each, several input buffers long', () => {
    const big = 'a&\u00e9'.repeat(400000);
    expect(encodeOrFail(big, 'latin1').length).toBe(1200000);
    expect(encodeOrFail(`${big}\u2713`, 'latin1')).toBe(0x2713);
    expect(encodeOrFail(`${'&'.repeat(300000)}\u2713`, 'shift_jis')).toBe(0x2713);
    const bytes = new Uint8Array(3 << 20).fill(0x61);
    bytes.set([0xef, 0xbb, 0xbf]);
    expect(utf8Decode(bytes).length).toBe((3 << 20) - 3);
    expect(legacyHookDecode(bytes, 'shift_jis').length).toBe((3 << 20) - 3);
    working();
  });
});

describe.skipIf(!V8_OUTSIDE_BROWSER)('huge inputs (V8 outside a browser)', () => {
  it('decode output longer than the longest string is the RangeError TextDecoder gives; the hook works after', () => {
    const huge = new Uint8Array(2 ** 29 - 23);
    expect(() => legacyHookDecode(huge, 'windows-1252')).toThrow(/longer than the longest string/);
    expect(legacyHookDecode(hex('80'), 'windows-1252')).toBe('\u20ac');
    expect(new TextDecoder().decode(hex('61'))).toBe('a');
  });

  it('encode or fail over 4 Mi "&" and an unencodable code point: the code point, without a string per "&"', () => {
    expect(encodeOrFail(`${'&'.repeat(2 ** 22)}\u2713`, 'windows-1252')).toBe(0x2713);
    expect(encodeOrFail(`${'&a'.repeat(2 ** 20)}\u2713`, 'iso-2022-jp')).toBe(0x2713);
    expect(encodeOrFail('&\u2713', 'windows-1252')).toBe(0x2713);
  });
});

describe('views read through their internal slots', () => {
  it('an own length property does not change what BOM sniff and decode see', () => {
    const view = Uint8Array.of(0xef, 0xbb);
    Object.defineProperty(view, 'length', { value: 3 });
    expect(getBOMEncoding(view)).toBe(null);
    const longer = Uint8Array.of(0xfe, 0xff, 0x00, 0x61);
    Object.defineProperty(longer, 'length', { value: 1 });
    expect(getBOMEncoding(longer)).toBe('utf-16be');
    expect(legacyHookDecode(longer, 'latin1')).toBe('a');
  });
});
