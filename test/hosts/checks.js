// The checks every host of the matrix runs on the real package (test/hosts/run.sh): the workerd
// worker, the esbuild-bundled pages (plain and strict CSP), and Deno and Bun outside Vitest, each
// compared with EXPECTED (written from the Encoding Standard's indexes, not computed by the package).
// Plain ES module, no imports: it runs in every one of them.

export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
export const bytesOf = (text) => Uint8Array.from(text.split(' '), (h) => parseInt(h, 16));

// { value } or { error: 'Name: message' }.
export function attempt(fn) {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: `${error?.name}: ${error?.message}` };
  }
}

// What a decoder of a family that is not loaded gives where families cannot load synchronously:
// an Error that names the import and the preload() call, never a decoder.
export function missingFamily(api, label) {
  return attempt(() => new api.TextDecoder(label).decode(bytesOf('b0 a1')));
}
export const missingFamilyOk = (result, label, family, entry = 'encoding-wasm') =>
  typeof result.error === 'string' &&
  result.error.startsWith('Error: ') &&
  result.error.includes(`'${entry}/tables/${family}'`) &&
  result.error.includes(`preload("${label}")`);

// Whether the host itself refuses eval, new Function and compiling wasm from bytes (workerd does;
// so does a page with a strict CSP, except for wasm with 'wasm-unsafe-eval').
export function hostRestrictions() {
  const emptyModule = Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00);
  return {
    eval: attempt(() => (0, eval)('1 + 1')),
    newFunction: attempt(() => new Function('return 1 + 1')()),
    wasmFromBytes: attempt(() => new WebAssembly.Module(emptyModule) instanceof WebAssembly.Module),
  };
}

// Decoding through a TextDecoder class (the main entry's, by path or by package name): the checks of
// EXPECTED that need nothing else. The families they need must be loaded (japanese with its part
// japanese-jis0212, chinese-simplified).
export function decodeChecks(TextDecoder) {
  const decode = (label, bytes, options) => attempt(() => new TextDecoder(label, options).decode(bytesOf(bytes)));
  const stream = (label, ...chunks) =>
    attempt(() => {
      const d = new TextDecoder(label);
      return chunks.map((c, i) => d.decode(bytesOf(c), { stream: i < chunks.length - 1 })).join('');
    });
  return {
    shiftJis: decode('shift_jis', '93 fa 96 7b 8c ea 82 cc 83 65 83 4c 83 58 83 67'),
    shiftJis80: decode('shift_jis', '80 a0 fd'),
    shiftJisFatal: decode('shift_jis', '82', { fatal: true }),
    shiftJisStream: stream('shift_jis', '93', 'fa 96', '7b'),
    eucJp: decode('euc-jp', 'c6 fc cb dc 8e b1'),
    eucJpJis0212: decode('euc-jp', '8f b0 a1 8f a2 b7'),
    iso2022jp: decode('iso-2022-jp', '1b 24 42 46 7c 4b 5c 1b 28 42 61'),
    gbk: decode('gbk', 'c4 e3 ba c3 a3 ac ca c0 bd e7 80'),
    gb18030: decode('gb18030', '81 30 81 30 90 30 81 30 e3 32 9a 35 84 31 a4 39'),
    windows1252: decode('windows-1252', '80 61 9f 81'),
    windows1251: decode('windows-1251', 'cf f0 e8 e2 e5 f2'),
    utf8Stream: stream('utf-8', 'e2 82', 'ac'),
    utf8BomAfterAscii: stream('utf-8', '61', 'ef bb bf'),
    utf16le: decode('utf-16le', '3d d8 00 de 00 d8'),
    // (the byte the message names)
    utf8FatalWhere: attempt(() => {
      const error = decode('utf-8', '61 62 ff', { fatal: true }).error;
      return /found at byte (\d+)/.exec(error)?.[1] ?? error;
    }),
  };
}

// Decoding and encoding through the package's API (the families they need must be loaded). `api`
// is the main entry's exports with those of 'encoding-wasm/hooks' as api.hooks, of
// 'encoding-wasm/url' as api.url, of 'encoding-wasm/encoder' as api.encoder and of
// 'encoding-wasm/errors' as api.errors.
export function checks(api) {
  const { TextEncoder, encode, hooks, url, encoder, errors } = api;
  return {
    ...decodeChecks(api.TextDecoder),
    encodeShiftJis: attempt(() => hex(encode('日本語', 'shift_jis'))),
    encodeShiftJisFatal: attempt(() => hex(encode('☃', 'shift_jis'))).error?.split(':')[0] ?? 'no error',
    encodeGbkHtml: attempt(() => hex(encode('你好☃€', 'gbk', { errorMode: 'html' }))),
    encodeGb18030: attempt(() => hex(encode('\u{10000}', 'gb18030'))),
    encodeWindows1251: attempt(() => hex(encode('Привет', 'windows-1251'))),
    textEncoder: attempt(() => hex(new TextEncoder().encode('é€'))),
    labelToName: attempt(() => hooks.labelToName(' SJIS ')),
    legacyHookDecode: attempt(() => hooks.legacyHookDecode(bytesOf('82 a0'), 'shift_jis')),
    legacyHookDecodeBom: attempt(() => hooks.legacyHookDecode(bytesOf('ff fe 61 00'), 'shift_jis')),
    utf8DecodeOrFail: attempt(() => hooks.utf8DecodeWithoutBOMOrFail(bytesOf('c0'))),
    encodeOrFail: attempt(() => hooks.encodeOrFail('a☃', 'shift_jis')),
    percentEncodeShiftJis: attempt(() => url.percentEncodeAfterEncoding('Shift_JIS', '1+1 ≡ 2%20‽', 'userinfo', true)),
    percentEncodeIso2022jp: attempt(() => url.percentEncodeAfterEncoding('ISO-2022-JP', '¥', 'special-query')),
    urlencodedGbk: attempt(() => url.urlencodedSerialize([['a b', '€✓']], 'gbk')),
    streamingIso2022jp: attempt(() => {
      const e = new encoder.Encoder('iso-2022-jp', { errorMode: 'html' });
      return ['ア', '\ud83d', '\ude00¥', 'a'].map((c, i) => hex(e.encode(c, { stream: i < 3 }))).join(' | ');
    }),
    errorsUtf8: attempt(() => errors.decodeReportingErrors(bytesOf('61 e3 81 62 ff'), 'utf-8')),
    errorsShiftJis: attempt(() => {
      const d = new errors.ErrorReportingDecoder('shift_jis');
      const first = d.decode(bytesOf('61 82'), { stream: true });
      const last = d.decode(bytesOf('20 ff'));
      return { text: first.text + last.text, errors: [...first.errors, ...last.errors] };
    }),
    errorsEncode: attempt(() => {
      const { bytes, errors: found } = errors.encodeReportingErrors('a☃b', 'windows-1252');
      return { bytes: hex(bytes), errors: found };
    }),
  };
}

// What a bundled page and a worker both run, as their users would: before preload(), the families
// that were not imported must give a clear error (and the EUC-JP decoder, whose part of the japanese
// family, index jis0212, was not imported); then gbk and euc-jp are preloaded and the checks run with the
// host's exact decoders used (setNativeDelegation(true)) and with everything in wasm (what ENCODING_WASM_NATIVE=0 does in Node).
// The caller has imported 'encoding-wasm/tables/japanese' statically, and adds hostRestrictions()
// (which tries eval on purpose) itself.
export async function scenario(api) {
  api.setNativeDelegation(true);
  const before = {
    gbk: missingFamily(api, 'gbk'),
    eucKr: missingFamily(api, 'euc-kr'),
    eucJp: missingFamily(api, 'euc-jp'),
  };
  await api.preload('gbk', 'euc-jp');
  const delegated = api.nativeDelegation();
  const withDelegation = checks(api);
  api.setNativeDelegation(false);
  const wasmOnly = checks(api);
  const after = { eucKr: missingFamily(api, 'euc-kr') };
  return { before, delegated, checks: withDelegation, wasmOnly, after };
}

// The TextDecoder alone (`decoder`: it, preload, registerFamily and native delegation, imported
// from the main entry) as its users would: the same as scenario() with a tables entry
// ('encoding-wasm/tables/japanese', imported by the caller) and preload(), its checks those of
// decodeChecks(), compared with DECODER_EXPECTED.
export async function decoderScenario(decoder) {
  decoder.setNativeDelegation(true);
  const before = { gbk: missingFamily(decoder, 'gbk'), eucJp: missingFamily(decoder, 'euc-jp') };
  await decoder.preload('gbk', 'euc-jp');
  const delegated = decoder.nativeDelegation();
  const withDelegation = decodeChecks(decoder.TextDecoder);
  decoder.setNativeDelegation(false);
  // (the TextDecoder then needs the core, which a page whose host decoders are all exact has not
  // fetched)
  await decoder.preload('windows-1252');
  const wasmOnly = decodeChecks(decoder.TextDecoder);
  const after = { eucKr: missingFamily(decoder, 'euc-kr') };
  // (what the object given exports)
  const exports = Object.keys(decoder).sort();
  return { before, delegated, checks: withDelegation, wasmOnly, after, exports };
}
export const DECODER_EXPORTS = ['TextDecoder', 'nativeDelegation', 'preload', 'registerFamily', 'setNativeDelegation'];

export const EXPECTED = {
  shiftJis: { value: '日本語のテキスト' },
  shiftJis80: { value: '\u0080\ufffd\ufffd' },
  shiftJisFatal: { error: 'TypeError' },
  shiftJisStream: { value: '日本' },
  eucJp: { value: '日本ｱ' },
  // index jis0212 pointers 1410 and 116
  eucJpJis0212: { value: '\u4e02\uff5e' },
  iso2022jp: { value: '日本a' },
  gbk: { value: '你好，世界€' },
  gb18030: { value: '\u0080\u{10000}\u{10FFFF}\uFFFF' },
  windows1252: { value: '€aŸ\u0081' },
  windows1251: { value: 'Привет' },
  utf8Stream: { value: '€' },
  utf8BomAfterAscii: { value: 'a\ufeff' },
  utf16le: { value: '\u{1f600}\ufffd' },
  encodeShiftJis: { value: '93 fa 96 7b 8c ea' },
  encodeShiftJisFatal: 'TypeError',
  encodeGbkHtml: { value: 'c4 e3 ba c3 26 23 39 37 33 31 3b 80' },
  encodeGb18030: { value: '90 30 81 30' },
  encodeWindows1251: { value: 'cf f0 e8 e2 e5 f2' },
  textEncoder: { value: 'c3 a9 e2 82 ac' },
  // The Encoding Standard's labels and hooks, and the URL Standard's examples
  // (https://url.spec.whatwg.org/#example-percent-encode-operations).
  labelToName: { value: 'Shift_JIS' },
  legacyHookDecode: { value: 'あ' },
  legacyHookDecodeBom: { value: 'a' },
  utf8DecodeOrFail: { value: null },
  encodeOrFail: { value: 0x2603 },
  percentEncodeShiftJis: { value: '1+1+%81%DF+2%20%26%238253%3B' },
  percentEncodeIso2022jp: { value: '%1B(J\\%1B(B' },
  // GBK encodes U+20AC as 0x80; U+2713 is an error.
  urlencodedGbk: { value: 'a+b=%80%26%2310003%3B' },
  // ESC $ B 25 22 (ア), nothing (a leading surrogate waits), ESC ( B "&#128512;" ESC ( J 5C (¥),
  // "a" and ESC ( B at the end.
  streamingIso2022jp: {
    value: '1b 24 42 25 22 |  | 1b 28 42 26 23 31 32 38 35 31 32 3b 1b 28 4a 5c | 61 1b 28 42',
  },
  // Where the errors are: 0xFF is not UTF-8 (found at byte 2); E3 81 cut by 62 is one error of two
  // bytes; Shift_JIS 82 then 20 (not a trailing byte, restored) is one error of one byte, and FF
  // another; U+2603 is not in windows-1252.
  utf8FatalWhere: { value: '2' },
  errorsUtf8: {
    value: {
      text: 'a\ufffdb\ufffd',
      errors: [
        { offset: 1, length: 2 },
        { offset: 4, length: 1 },
      ],
    },
  },
  errorsShiftJis: {
    value: {
      text: 'a\ufffd \ufffd',
      errors: [
        { offset: 1, length: 1 },
        { offset: 3, length: 1 },
      ],
    },
  },
  errorsEncode: { value: { bytes: '61 26 23 39 37 33 31 3b 62', errors: [{ index: 1, codePoint: 0x2603 }] } },
};

// The error messages' class names only (a fatal TypeError's wording is the package's business).
export function normalize(results) {
  const out = {};
  for (const [key, r] of Object.entries(results)) {
    out[key] = r && typeof r === 'object' && 'error' in r ? { error: r.error.split(':')[0] } : r;
  }
  return out;
}

// Differences between normalized results and EXPECTED, as readable lines (empty when all agree).
export function differences(results, expected = EXPECTED) {
  const got = normalize(results);
  const lines = [];
  const show = (x) =>
    JSON.stringify(x)?.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  for (const key of new Set([...Object.keys(expected), ...Object.keys(got)])) {
    const a = show(got[key]);
    const b = show(expected[key]);
    if (a !== b) lines.push(`${key}: got ${a}, want ${b}`);
  }
  return lines;
}

// The part of EXPECTED that decodeChecks() gives (its keys, from a run on a class that decodes nothing).
const DECODE_KEYS = Object.keys(decodeChecks(class {}));
export const DECODER_EXPECTED = Object.fromEntries(
  Object.entries(EXPECTED).filter(([key]) => DECODE_KEYS.includes(key)),
);

// encoding-wasm/iconv-lite as code written for iconv-lite calls it (the module object, `iconv`):
// a Shift_JIS and a windows-1251 body decoded (index jis0208: 日 93 FA, 本 96 7B, 語 8C EA, あ 82 A0;
// index windows-1251: П CF, р F0, и E8, в E2, е E5, т F2), whole and split inside a character,
// encoded back with "?" for ☃, iconv-lite's output type (a Buffer where the host has one) and its
// streams (`streams`: "node" for a stream.Transform, "web" for a TransformStream). A list of problems.
export function iconvLiteChecks(iconv, streams) {
  const problems = [];
  const expect = (what, got, want) => {
    if (got !== want) problems.push(`${what}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const sjis = bytesOf('93 fa 96 7b 8c ea 82 a0');
  const cyrillic = bytesOf('cf f0 e8 e2 e5 f2');
  const run = (what, fn, check) => {
    try {
      check(fn());
    } catch (e) {
      problems.push(`${what} threw ${e?.name}: ${e?.message}`);
    }
  };
  run(
    'decode sjis',
    () => iconv.decode(sjis, 'sjis'),
    (t) => expect('decode sjis', t, '日本語あ'),
  );
  run(
    'decode win1251',
    () => iconv.decode(cyrillic, 'win1251'),
    (t) => expect('decode win1251', t, 'Привет'),
  );
  run(
    'getDecoder',
    () => {
      const d = iconv.getDecoder('shift_jis');
      return d.write(sjis.subarray(0, 3)) + d.write(sjis.subarray(3)) + (d.end() ?? '');
    },
    (t) => expect('getDecoder split', t, '日本語あ'),
  );
  run(
    'encode cp1251',
    () => iconv.encode('Привет☃', 'cp1251'),
    (b) => {
      expect('encode cp1251', hex(b), 'cf f0 e8 e2 e5 f2 3f');
      expect('output type', b.constructor.name, typeof globalThis.Buffer === 'function' ? 'Buffer' : 'Uint8Array');
    },
  );
  run(
    'encodingExists',
    () => [iconv.encodingExists('sjis'), iconv.encodingExists('utf32')],
    (r) => expect('encodingExists sjis, utf32', String(r), 'true,false'),
  );
  run(
    'decodeStream',
    () => iconv.decodeStream('win1251'),
    (s) => expect('decodeStream', typeof s.pipe === 'function' ? 'node' : 'readable' in s ? 'web' : typeof s, streams),
  );
  return problems;
}
