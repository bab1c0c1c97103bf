// encoding-wasm/url: https://url.spec.whatwg.org/#string-percent-encode-after-encoding and
// #concept-urlencoded-serializer. Expected values come from the URL Standard's text (its sets,
// notes and examples), from the reference implementation (test/reference/, which runs the URL
// algorithm over the Encoding Standard's "encode or fail" literally), from the host's
// URLSearchParams and encodeURIComponent, and from @exodus/bytes (which whatwg-url calls).
import { describe, expect, it } from 'vitest';
import { encode } from 'encoding-wasm';
import { PERCENT_ENCODE_SETS, percentEncodeAfterEncoding, urlencodedSerialize } from 'encoding-wasm/url';
import {
  loadReference,
  prng,
  randomString as randomAlphabetString,
  readEncodings,
  thrown,
  V8_OUTSIDE_BROWSER,
  wellFormed,
} from './helpers.js';

const ref = await loadReference();
const NAMES = readEncodings().map((e) => e.name);
const NO_ENCODER = ['replacement', 'UTF-16BE', 'UTF-16LE'];
const WITH_ENCODER = NAMES.filter((n) => !NO_ENCODER.includes(n));

// @exodus/bytes (a devDependency) where it loads; its multi-byte encoders need encoding.js.
const exodus = await import('@exodus/bytes/encoding.js')
  .then(() => import('@exodus/bytes/whatwg.js'))
  .catch(() => null);

// https://url.spec.whatwg.org/#percent-encoded-bytes: every set as a predicate on code points,
// transcribed from the standard's sentences.
const c0Control = (c) => c <= 0x1f || c > 0x7e;
const SETS = {
  'c0-control': c0Control,
  fragment: (c) => c0Control(c) || [0x20, 0x22, 0x3c, 0x3e, 0x60].includes(c),
  query: (c) => c0Control(c) || [0x20, 0x22, 0x23, 0x3c, 0x3e].includes(c),
  'special-query': (c) => SETS.query(c) || c === 0x27,
  path: (c) => SETS.query(c) || [0x3f, 0x5e, 0x60, 0x7b, 0x7d].includes(c),
  userinfo: (c) => SETS.path(c) || [0x2f, 0x3a, 0x3b, 0x3d, 0x40, 0x7c].includes(c) || (c >= 0x5b && c <= 0x5e),
  component: (c) => SETS.userinfo(c) || (c >= 0x24 && c <= 0x26) || c === 0x2b || c === 0x2c,
  'application/x-www-form-urlencoded': (c) => SETS.component(c) || c === 0x21 || (c >= 0x27 && c <= 0x29) || c === 0x7e,
};
const SET_NAMES = Object.keys(SETS);
const FORM = SETS['application/x-www-form-urlencoded'];

// A set as @exodus/bytes takes it: the printable ASCII it adds to the C0 control set, in order.
const setString = (inSet) => {
  let s = '';
  for (let c = 0x20; c <= 0x7e; c++) if (inSet(c)) s += String.fromCharCode(c);
  return s;
};

// The URL algorithm's per-byte steps for bytes the encoder wrote (5.3).
const percentBytes = (bytes, inSet, spaceAsPlus = false) =>
  Array.from(bytes, (b) =>
    spaceAsPlus && b === 0x20
      ? '+'
      : inSet(b)
        ? `%${b.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCharCode(b),
  ).join('');

// The code points every test string draws from: ASCII (the characters that matter to the sets and
// to "&#N;" errors, ESC, SO and SI), Latin, Greek, CJK, kana, Hangul, symbols, private use, astral,
// lone surrogates.
const ALPHABET = [
  ...' !"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~\x7f\t\n\x0e\x0f\x1b',
  '\u00a5',
  '\u00e9',
  '\u203e',
  '\u20ac',
  '\u2713',
  '\u0391',
  '\u65e5',
  '\u4f60',
  '\u30a2',
  '\uff71',
  '\uac00',
  '\ue5e5',
  '\uf780',
  '\ufffd',
  '\u{1f600}',
  '\u{2000b}',
  '\ud800',
  '\udc00',
];

const randomString = (rand, length) => randomAlphabetString(rand, ALPHABET, length);

describe('the percent-encode sets', () => {
  it('PERCENT_ENCODE_SETS names the eight sets; the form set is all but ASCII alphanumerics, *, -, . and _ (the standard’s note)', () => {
    expect(Object.keys(PERCENT_ENCODE_SETS).sort()).toEqual([...SET_NAMES].sort());
    for (let c = 0; c <= 0xff; c++) {
      const kept = /[A-Za-z0-9*\-._]/.test(String.fromCharCode(c)) && c < 0x80;
      expect(FORM(c), c.toString(16)).toBe(!kept);
    }
  });

  it('every set x every ASCII character x spaceAsPlus, by name and as @exodus/bytes’ string, in several encodings', () => {
    for (const encoding of ['UTF-8', 'windows-1252', 'Shift_JIS', 'gb18030', 'Big5', 'EUC-KR', 'x-user-defined']) {
      for (const [name, inSet] of Object.entries(SETS)) {
        for (const spaceAsPlus of [false, true]) {
          for (let c = 0; c < 0x80; c++) {
            const want = percentBytes([c], inSet, spaceAsPlus);
            const ch = String.fromCharCode(c);
            expect(percentEncodeAfterEncoding(encoding, ch, name, spaceAsPlus), `${encoding} ${name} ${c}`).toBe(want);
            expect(percentEncodeAfterEncoding(encoding, ch, setString(inSet), spaceAsPlus)).toBe(want);
          }
        }
      }
    }
  });

  it('ISO-2022-JP: every ASCII character but SO, SI and ESC is itself; those three are errors (U+FFFD)', () => {
    for (const [name, inSet] of Object.entries(SETS)) {
      for (let c = 0; c < 0x80; c++) {
        const want = [0x0e, 0x0f, 0x1b].includes(c) ? '%26%2365533%3B' : percentBytes([c], inSet);
        expect(percentEncodeAfterEncoding('iso-2022-jp', String.fromCharCode(c), name), `${name} ${c}`).toBe(want);
      }
    }
  });

  it('the component set in UTF-8 is encodeURIComponent (the standard’s note), short and long strings', () => {
    const rand = prng(7);
    for (let n = 0; n < 300; n++) {
      const s = wellFormed(randomString(rand, n % 3 === 0 ? 30 + Math.floor(rand() * 200) : 12));
      expect(percentEncodeAfterEncoding('utf-8', s, 'component')).toBe(encodeURIComponent(s));
    }
  });
});

describe('percentEncodeAfterEncoding', () => {
  // https://url.spec.whatwg.org/#example-percent-encode-operations, with the corrections of
  // whatwg/url pull request 896 (2026): the ISO-2022-JP example's set is the special-query set, the
  // userinfo set (which has U+005C) giving %5C.
  it('the URL Standard’s examples', () => {
    expect(percentEncodeAfterEncoding('Shift_JIS', ' ', 'userinfo')).toBe('%20');
    expect(percentEncodeAfterEncoding('Shift_JIS', '\u2261', 'userinfo')).toBe('%81%DF');
    expect(percentEncodeAfterEncoding('Shift_JIS', '\u203d', 'userinfo')).toBe('%26%238253%3B');
    expect(percentEncodeAfterEncoding('ISO-2022-JP', '\u00a5', 'special-query')).toBe('%1B(J\\%1B(B');
    expect(percentEncodeAfterEncoding('ISO-2022-JP', '\u00a5', 'userinfo')).toBe('%1B(J%5C%1B(B');
    expect(percentEncodeAfterEncoding('Shift_JIS', '1+1 \u2261 2%20\u203d', 'userinfo', true)).toBe(
      '1+1+%81%DF+2%20%26%238253%3B',
    );
    expect(percentEncodeAfterEncoding('UTF-8', '\u2261', 'userinfo')).toBe('%E2%89%A1');
    expect(percentEncodeAfterEncoding('UTF-8', '\u203d', 'userinfo')).toBe('%E2%80%BD');
    expect(percentEncodeAfterEncoding('UTF-8', 'Say what\u203d', 'userinfo')).toBe('Say%20what%E2%80%BD');
  });

  it('ISO-2022-JP: one encoder over the whole input; its state carries across errors and "&"', () => {
    const cases = [
      // ¥ switches to Roman; € is an error there (Roman stays); a stays; \ needs ASCII again.
      ['\u00a5\u20aca\\', '%1B(J\\%26%238364%3Ba%1B(B\\'],
      // From jis0208 an error first returns to ASCII.
      ['\u30a2\u20ac', '%1B$B%%22%1B(B%26%238364%3B'],
      // Roman passes "&" without an escape.
      ['\u00a5&\u00a5', '%1B(J\\&\\%1B(B'],
      ['\u00a5&\u20ac&\u00a5', '%1B(J\\&%26%238364%3B&\\%1B(B'],
      // A text "&#N;" is text: only errors are %26%23.
      ['&#65;\u20ac', '&%2365;%26%238364%3B'],
    ];
    for (const [input, want] of cases) {
      expect(percentEncodeAfterEncoding('iso-2022-jp', input, 'query'), JSON.stringify(input)).toBe(want);
      expect(ref.percentEncodeAfterEncoding('ISO-2022-JP', input, SETS.query)).toBe(want);
    }
  });

  // The core's error log holds 85 records a call (docs/design.md section 16): more errors than that,
  // in one call and across the calls of a long input, against the reference implementation.
  it('more unencodable code points than one call of the error log holds', () => {
    const inputs = [
      ['windows-1252', '\u3042'.repeat(300)],
      ['Shift_JIS', `${'\u00e9x'.repeat(200)}&#1;${'\u30a2'.repeat(40000)}\u20ac`],
      ['ISO-2022-JP', `${'\u30a2\u20ac\u00a5'.repeat(150)}\u000e${'a'.repeat(70000)}\u20ac`],
      ['GBK', '\u20ac\ue5e5'.repeat(120)],
    ];
    for (const [name, input] of inputs) {
      const want = ref.percentEncodeAfterEncoding(name, input, SETS.query);
      expect(percentEncodeAfterEncoding(name, input, 'query'), name).toBe(want);
    }
    expect(percentEncodeAfterEncoding('windows-1252', '\u3042'.repeat(300), 'query')).toBe(
      '%26%2312354%3B'.repeat(300),
    );
  });

  it('every encoding x a sample of scalar values, each checked against the encoder plus the set’s rule', () => {
    const rand = prng(2026);
    const sample = [];
    for (let c = 0; c < 0x10000; c += 1 + Math.floor(rand() * 40)) if (c < 0xd800 || c > 0xdfff) sample.push(c);
    for (let i = 0; i < 200; i++) sample.push(0x10000 + Math.floor(rand() * 0x100000));
    sample.push(0xa5, 0x203e, 0x80, 0xe5e5, 0xffff, 0x10ffff);
    for (const name of WITH_ENCODER) {
      const setName = SET_NAMES[name.length % SET_NAMES.length];
      const inSet = SETS[setName];
      for (const c of sample) {
        const ch = String.fromCodePoint(c);
        const error = thrown(() => ref.encode(name, ch));
        const want = error ? `%26%23${c}%3B` : percentBytes(ref.encode(name, ch), inSet);
        const got = percentEncodeAfterEncoding(name, ch, setName);
        if (got !== want) expect(got, `${name} ${setName} U+${c.toString(16)}`).toBe(want);
      }
    }
  });

  it('every encoding x random strings (one run each, errors, "&", lone surrogates), against the reference', () => {
    const rand = prng(404);
    for (const name of WITH_ENCODER) {
      for (let n = 0; n < 60; n++) {
        const input = randomString(rand, 1 + Math.floor(rand() * 16));
        const setName = SET_NAMES[Math.floor(rand() * SET_NAMES.length)];
        const spaceAsPlus = rand() < 0.3;
        const want = ref.percentEncodeAfterEncoding(name, input, SETS[setName], spaceAsPlus);
        expect(
          percentEncodeAfterEncoding(name, input, setName, spaceAsPlus),
          `${name} ${setName} ${escape(input)}`,
        ).toBe(want);
      }
    }
  });

  it('labels, in any case and with whitespace; lone surrogates are U+FFFD', () => {
    expect(percentEncodeAfterEncoding(' SJIS\n', '\u3042', 'query')).toBe('%82%A0');
    expect(percentEncodeAfterEncoding('latin1', '\u20ac\u00e9', 'query')).toBe('%80%E9');
    expect(percentEncodeAfterEncoding('utf-8', 'a\ud800b\udc00', 'query')).toBe('a%EF%BF%BDb%EF%BF%BD');
    expect(percentEncodeAfterEncoding('windows-1252', '\ud800', 'query')).toBe('%26%2365533%3B');
    expect(percentEncodeAfterEncoding('gb18030', '\ud800', 'query')).toBe('%841%A47');
  });

  it('long input: a megabyte, through several input buffers, against encode() plus the set’s rule', () => {
    const text = 'a \u00e9&\u20ac#'.repeat(200000);
    const bytes = encode(text, 'windows-1252');
    expect(percentEncodeAfterEncoding('windows-1252', text, 'query', true)).toBe(percentBytes(bytes, SETS.query, true));
    const withError = `${text}\u2713${text}`;
    expect(percentEncodeAfterEncoding('windows-1252', withError, 'query')).toBe(
      `${percentBytes(bytes, SETS.query)}%26%2310003%3B${percentBytes(bytes, SETS.query)}`,
    );
  });
});

describe('urlencodedSerialize', () => {
  it('UTF-8: the host’s URLSearchParams serializes the same', () => {
    const rand = prng(5);
    for (let n = 0; n < 200; n++) {
      const tuples = Array.from({ length: Math.floor(rand() * 4) }, () => [
        randomString(rand, Math.floor(rand() * 8)),
        randomString(rand, Math.floor(rand() * 8)),
      ]);
      const want = new URLSearchParams(tuples).toString();
      expect(urlencodedSerialize(tuples), JSON.stringify(tuples)).toBe(want);
      for (const label of ['utf-8', 'utf-16le', 'UTF-16BE', 'replacement', 'csiso2022kr']) {
        expect(urlencodedSerialize(tuples, label)).toBe(want);
      }
    }
  });

  it('legacy encodings: each name and value percent-encoded after encoding with the form set and spaceAsPlus', () => {
    const rand = prng(6);
    for (const name of WITH_ENCODER) {
      for (let n = 0; n < 20; n++) {
        const tuples = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => [
          randomString(rand, Math.floor(rand() * 6)),
          randomString(rand, Math.floor(rand() * 6)),
        ]);
        const want = tuples
          .map(
            ([k, v]) =>
              `${ref.percentEncodeAfterEncoding(name, k, FORM, true)}=${ref.percentEncodeAfterEncoding(name, v, FORM, true)}`,
          )
          .join('&');
        expect(urlencodedSerialize(tuples, name), `${name} ${JSON.stringify(tuples)}`).toBe(want);
      }
    }
    expect(
      urlencodedSerialize(
        [
          ['a b', 'c&d=e'],
          ['\u20ac', '\u2713'],
        ],
        'windows-1252',
      ),
    ).toBe('a+b=c%26d%3De&%80=%26%2310003%3B');
    expect(urlencodedSerialize([['\u00a5', '\u00a5']], 'iso-2022-jp')).toBe('%1B%28J%5C%1B%28B=%1B%28J%5C%1B%28B');
  });

  it('tuples: any iterable of pairs (arrays, iterables of two strings, a Map, URLSearchParams); values converted with ToString', () => {
    expect(urlencodedSerialize([])).toBe('');
    expect(
      urlencodedSerialize(
        new Map([
          ['a', 'b'],
          ['c', ''],
        ]),
      ),
    ).toBe('a=b&c=');
    expect(urlencodedSerialize(new URLSearchParams('x=1&y=%E2%82%AC'), 'latin1')).toBe('x=1&y=%80');
    expect(urlencodedSerialize([new Set(['k', 'v'])])).toBe('k=v');
    expect(urlencodedSerialize([[1, null]])).toBe('1=null');
  });
});

describe.skipIf(!exodus)(
  'differential against @exodus/bytes (skipped only where the devDependency cannot load in this host)',
  () => {
    it('percentEncodeAfterEncoding: every encoding x every set (as its string) x random strings', () => {
      const rand = prng(31337);
      for (const name of WITH_ENCODER) {
        for (const inSet of Object.values(SETS)) {
          const set = setString(inSet);
          for (let n = 0; n < 12; n++) {
            const input = randomString(rand, Math.floor(rand() * 14));
            const spaceAsPlus = rand() < 0.5;
            expect(percentEncodeAfterEncoding(name, input, set, spaceAsPlus), `${name} "${set}" ${escape(input)}`).toBe(
              exodus.percentEncodeAfterEncoding(name, input, set, spaceAsPlus),
            );
          }
        }
      }
    });
  },
);

describe('bad input: a clear typed error, and the functions keep working', () => {
  const working = () => {
    expect(percentEncodeAfterEncoding('shift_jis', '\u3042 ', 'query')).toBe('%82%A0%20');
    expect(urlencodedSerialize([['a', '\u00e9']], 'latin1')).toBe('a=%E9');
  };

  it('unknown labels are RangeErrors, and so are labels of encodings without an encoder for percent-encoding', () => {
    for (const label of ['utf-7', '', 'x'.repeat(5000)]) {
      expect(() => percentEncodeAfterEncoding(label, 'a', 'query')).toThrow(RangeError);
      expect(() => urlencodedSerialize([['a', 'b']], label)).toThrow(RangeError);
    }
    for (const label of ['replacement', 'utf-16', 'UTF-16BE']) {
      const error = thrown(() => percentEncodeAfterEncoding(label, 'a', 'query'));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toMatch(/has no encoder/);
    }
    working();
  });

  it('sets that are neither a name nor increasing printable ASCII, and a non-boolean spaceAsPlus, are TypeErrors', () => {
    for (const set of [
      'QUERY',
      'query ',
      ' "#<>\u0080',
      '\x1f',
      'ba',
      'aa',
      ' "#<>~\x7f',
      1,
      null,
      undefined,
      ['query'],
    ]) {
      const error = thrown(() => percentEncodeAfterEncoding('utf-8', 'a', set));
      expect(error, String(set)).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(/percent-encode set/);
    }
    expect(percentEncodeAfterEncoding('utf-8', 'a~', '')).toBe('a~');
    expect(percentEncodeAfterEncoding('utf-8', 'a~', '~')).toBe('a%7E');
    for (const spaceAsPlus of [1, 'true', null, {}]) {
      expect(() => percentEncodeAfterEncoding('utf-8', 'a b', 'query', spaceAsPlus)).toThrow(TypeError);
    }
    expect(() => percentEncodeAfterEncoding('utf-8', Symbol('a'), 'query')).toThrow(TypeError);
    expect(percentEncodeAfterEncoding('utf-8', 12, 'query')).toBe('12');
    working();
  });

  it('tuples that are not an iterable of pairs are TypeErrors', () => {
    const bad = [
      undefined,
      null,
      'ab',
      1,
      {},
      [['a']],
      [['a', 'b', 'c']],
      ['ab'],
      [1],
      [null],
      [{}],
      [[Symbol('a'), 'b']],
    ];
    for (const tuples of bad) {
      expect(() => urlencodedSerialize(tuples), `${bad.indexOf(tuples)}`).toThrow(TypeError);
    }
    working();
  });
});

describe.skipIf(!V8_OUTSIDE_BROWSER)('huge inputs (V8 outside a browser)', () => {
  it('output longer than the longest string is a RangeError that says so; the function works after', () => {
    // 2 ** 28 spaces are "%20" each: three times the longest string.
    const error = thrown(() => percentEncodeAfterEncoding('utf-8', ' '.repeat(2 ** 28), 'query'));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toMatch(/longer than the longest string this JavaScript engine can make/);
    working();
    function working() {
      expect(percentEncodeAfterEncoding('windows-1252', '\u00e9', 'query')).toBe('%E9');
    }
  });
});
