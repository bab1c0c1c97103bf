// Labels: https://encoding.spec.whatwg.org/#concept-encoding-get and the TextDecoder constructor's
// label argument (WebIDL DOMString). Expectations come from encodings.json.
import { describe, expect, it } from 'vitest';
import { encode, preload, TextDecoder } from './entry.js';
import { Failures, loggingOptions, prng, readEncodings, showString, specGetEncoding } from './helpers.js';

const ENCODINGS = readEncodings();
const ALL_LABELS = ENCODINGS.flatMap((e) => e.labels.map((label) => ({ label, name: e.name })));
const WHITESPACE = ['\t', '\n', '\f', '\r', ' '];
const NO_ENCODER = new Set(['replacement', 'UTF-16BE', 'UTF-16LE']);

// The decoder's encoding for `label`, or the constructor's error.
function outcome(label) {
  try {
    return { encoding: new TextDecoder(label).encoding };
  } catch (error) {
    return { error: error?.constructor?.name ?? String(error) };
  }
}

// What the spec says new TextDecoder(label) does for a string label.
function expected(label) {
  const name = specGetEncoding(label);
  if (name === null || name === 'replacement') return { error: 'RangeError' };
  return { encoding: name.toLowerCase() };
}

// Adds a failure unless new TextDecoder(label) does what the spec says; returns what it says.
function checkAgainstSpec(label, failures) {
  const want = expected(label);
  const got = outcome(label);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    failures.add(`"${showString(label)}": got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
  return want;
}

// Alternating case: "uTf-8"; and one starting the other way: "UtF-8".
const mixedCase = (s, odd) =>
  Array.from(s, (c, i) => ((i % 2 === 0) === odd ? c.toUpperCase() : c.toLowerCase())).join('');

describe('the data', () => {
  it('has 40 encodings and 228 labels, all lowercase printable ASCII', () => {
    expect(ENCODINGS).toHaveLength(40);
    expect(ALL_LABELS).toHaveLength(228);
    for (const { label } of ALL_LABELS) expect(label).toMatch(/^[\x21-\x40\x5b-\x7e]+$/);
    expect(new Set(ALL_LABELS.map((l) => l.label)).size).toBe(228);
  });
});

describe.each(ENCODINGS.map((e) => [e.name, e]))('labels of %s', (name, { labels }) => {
  const isReplacement = name === 'replacement';

  it.each(labels)(`"%s" ${isReplacement ? 'throws a RangeError' : `gives "${name.toLowerCase()}"`}`, (label) => {
    const variants = [
      label,
      label.toUpperCase(),
      mixedCase(label, true),
      mixedCase(label, false),
      ...WHITESPACE.map((ws) => ws + label),
      ...WHITESPACE.map((ws) => label + ws),
      ...WHITESPACE.map((ws) => ws + label.toUpperCase() + ws),
      ...WHITESPACE.map((ws) => ws + ws + label + ws + ws),
      '\t\n\f\r ' + label + ' \r\f\n\t',
      '  \n\n' + mixedCase(label, false) + '\f\f\r',
      ' '.repeat(300) + label + ' '.repeat(300),
    ];
    const failures = new Failures();
    for (const variant of variants) {
      let got;
      try {
        got = new TextDecoder(variant).encoding;
      } catch (error) {
        got = error;
      }
      if (isReplacement) {
        if (!(got instanceof RangeError)) failures.add(`"${showString(variant)}": ${got}`);
      } else if (got !== name.toLowerCase()) {
        failures.add(`"${showString(variant)}": ${got}`);
      }
    }
    failures.check(expect);
  });

  it('the legacy encode() accepts the same labels (RangeError where there is no encoder)', () => {
    for (const label of labels) {
      for (const variant of [label, ` ${label.toUpperCase()}\n`]) {
        if (NO_ENCODER.has(name)) expect(() => encode('a', variant), variant).toThrow(RangeError);
        else expect(encode('a', variant), variant).toEqual(Uint8Array.of(0x61));
      }
    }
  });
});

describe('strings that are not labels', () => {
  // Each is checked against the spec's algorithm first, so a typo here cannot pass silently.
  const cases = {
    'vertical tab around a label': ['\vutf-8', 'utf-8\v', '\vlatin1\v'],
    'NO-BREAK SPACE around a label': ['\u00a0utf-8', 'utf-8\u00a0', '\u00a0utf-8\u00a0'],
    'other Unicode whitespace (String.prototype.trim would strip these)': [
      '\ufeffutf-8',
      'utf-8\ufeff',
      '\u2028utf-8',
      'utf-8\u2029',
      '\u3000utf-8',
      '\u2003utf-8',
      '\u1680utf-8',
      '\u0085utf-8',
      'utf-8\u180e',
    ],
    'KELVIN SIGN and other non-ASCII case folds': [
      '\u212aoi8-r',
      '\u212aOI8-R',
      'koi8-\u0280',
      '\u212as_c_5601-1987',
      'lat\u0131n1',
      'LAT\u0130N1',
      '\u0130so-8859-2',
      '\u0131so-8859-2',
      'unicode-1-1-utf-8'.replace('i', '\u0131'),
      'UNICODE-1-1-UTF-8'.replace('I', '\u0130'),
      'u\u017f-ascii',
      '\u017fhift_jis',
      '\uff55\uff54\uff46-8',
      'utf\u20108',
      '\u0130bm866',
    ],
    'code units whose low byte is a label character': [
      '\u0175tf-8',
      'ut\u0166-8',
      'utf\u012d8',
      'utf-\u0138',
      '\u0120utf-8',
      'utf-8\u0109',
      'utf-8\u0100',
      '\u0155TF-8',
      '\uff75tf-8',
      '\u0175\u0174\u0166\u012d\u0138',
      'latin\u0131',
    ],
    'lone surrogates': ['\ud800utf-8', 'utf-8\udfff', 'utf\ud83d-8', '\udc00'],
    'inner whitespace': ['utf -8', 'utf- 8', 'utf\t-8', 'utf-\n8', 'latin 1', 'windows-\f1252', 'u t f - 8'],
    'empty or whitespace only': ['', ' ', '\t', '\t\n\f\r ', ' '.repeat(100)],
    'NUL inside or around': ['utf-8\0', '\0utf-8', 'utf\0-8', '\0', 'latin1\0\0'],
    'junk before or after': [
      'utf-8x',
      'xutf-8',
      'utf-8 x',
      'x utf-8',
      'utf-88',
      'utf-8;',
      'utf-8.',
      '"utf-8"',
      'utf-8,latin1',
      'utf-8-',
      'utf_8',
      'utf-32',
      'iso-8859-12',
      'windows-1259',
      'latin0',
    ],
    'prefixes of labels': ['utf', 'utf-', 'windows-125', 'iso-8859-', 'x-user-define'],
  };

  it.each(Object.entries(cases))('%s: RangeError', (_, labels) => {
    for (const label of labels) {
      expect(specGetEncoding(label), `spec on "${showString(label)}"`).toBeNull();
      expect(() => new TextDecoder(label), `"${showString(label)}"`).toThrow(RangeError);
      expect(() => encode('a', label), `encode() with "${showString(label)}"`).toThrow(RangeError);
    }
  });

  it('throw the same way when asked again (nothing cached wrongly)', () => {
    for (let i = 0; i < 3; i++) {
      expect(() => new TextDecoder('\u212aoi8-r')).toThrow(RangeError);
      expect(new TextDecoder('koi8-r').encoding).toBe('koi8-r');
      expect(() => new TextDecoder('utf-8\0')).toThrow(RangeError);
      expect(new TextDecoder('utf-8').encoding).toBe('utf-8');
    }
  });

  // Every label edited one way: the constructor agrees with the spec's algorithm on each result (an
  // edit that makes another label, such as a prefix "iso-8859-1" of "iso-8859-10", must match it).
  const agreesWithSpec = (edit) => {
    const failures = new Failures();
    for (const { label } of ALL_LABELS) for (const variant of edit(label)) checkAgainstSpec(variant, failures);
    failures.check(expect);
  };
  const positions = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const insertAt = (label, i, s) => label.slice(0, i) + s + label.slice(i);
  // Whitespace that is not ASCII whitespace: U+000B, the information separators (which Python's
  // str.strip removes), NEL, NO-BREAK SPACE and Unicode spaces (which String.prototype.trim removes).
  const OTHER_WHITESPACE = [
    '\v',
    '\x1c',
    '\x1d',
    '\x1e',
    '\x1f',
    '\x85',
    '\xa0',
    '\u1680',
    '\u2000',
    '\u2028',
    '\u3000',
    '\ufeff',
  ];
  // Characters a label is likely to be followed or preceded by.
  const JUNK = ['x', '-', '0', '8', '_', '.', ':', ';', ',', '"', '\x7f', '\xe9'];

  it.each([
    [
      'other whitespace before, after, or inside the stripped run',
      (label) => OTHER_WHITESPACE.flatMap((w) => [w + label, label + w, ` ${w} ${label}`, `${label} ${w} `]),
    ],
    [
      'ASCII whitespace inside, at every position',
      (label) => positions(1, label.length - 1).flatMap((i) => WHITESPACE.map((ws) => insertAt(label, i, ws))),
    ],
    ['NUL at every position', (label) => positions(0, label.length).map((i) => insertAt(label, i, '\0'))],
    [
      'junk before or after, the label twice, a word after',
      (label) => [...JUNK.flatMap((j) => [j + label, label + j]), label + label, label + ' x', 'x ' + label],
    ],
    [
      'every prefix and every suffix',
      (label) => positions(1, label.length - 1).flatMap((n) => [label.slice(0, n), label.slice(n)]),
    ],
    [
      'Unicode case variants of k, s and i (KELVIN SIGN, LONG S, dotted and dotless I)',
      (label) =>
        positions(0, label.length - 1).flatMap((i) => {
          const lookalikes = { k: ['\u212a'], s: ['\u017f'], i: ['\u0130', '\u0131'] }[label[i]] ?? [];
          return lookalikes.map((c) => label.slice(0, i) + c + label.slice(i + 1));
        }),
    ],
  ])('every label with %s: as the spec says', (_, edit) => agreesWithSpec(edit));

  it('two labels joined by NUL, a space or a comma fail', () => {
    const failures = new Failures();
    for (const a of ALL_LABELS) {
      for (const b of ALL_LABELS) {
        for (const joint of ['\0', ' ', ',']) {
          const joined = a.label + joint + b.label;
          if (checkAgainstSpec(joined, failures).encoding) failures.add(`the spec matched "${showString(joined)}"`);
        }
      }
    }
    failures.check(expect);
  });

  // As a fuzzer would: labels edited at random (case flips, ASCII and other whitespace, lookalikes,
  // NUL, deletions, truncation, another label appended), checked against the spec's algorithm.
  it('20,000 random edits of labels: as the spec says', () => {
    const rand = prng(0x1abe1);
    const pick = (list) => list[Math.floor(rand() * list.length)];
    const inserts = [
      ...WHITESPACE,
      ...OTHER_WHITESPACE,
      ...JUNK,
      '\0',
      '\u212a',
      '\u017f',
      '\u0131',
      '\ud800',
      'A',
      'z',
    ];
    const edits = [
      (s, i) => s.slice(0, i) + (s[i] ?? '').toUpperCase() + s.slice(i + 1),
      (s, i) => insertAt(s, i, pick(inserts)),
      (s, i) => s.slice(0, i) + s.slice(i + 1),
      (s, i) =>
        s.slice(0, i) +
        String.fromCharCode((s.charCodeAt(i) || 0x20) ^ pick([0x20, 0x80, 0x100, 0xff00])) +
        s.slice(i + 1),
      (s, i) => s.slice(0, i),
      (s) => s + pick(ALL_LABELS).label,
      (s) => pick(WHITESPACE) + s + pick(WHITESPACE),
    ];
    const failures = new Failures();
    let matched = 0;
    for (let n = 0; n < 20_000; n++) {
      let variant = pick(ALL_LABELS).label;
      for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
        variant = pick(edits)(variant, Math.floor(rand() * (variant.length + 1)));
      }
      if (checkAgainstSpec(variant, failures).encoding) matched++;
    }
    failures.check(expect);
    // Both outcomes are exercised: some edits leave a label (case flips, whitespace around), most do not.
    expect(matched).toBeGreaterThan(2000);
    expect(matched).toBeLessThan(18_000);
  });

  it('every label with one character replaced by a lookalike or a same-low-byte unit fails', () =>
    agreesWithSpec((label) =>
      positions(0, label.length - 1).flatMap((i) => {
        const c = label.charCodeAt(i);
        return [c | 0x100, c | 0xff00, c ^ 0x80].map(
          (u) => label.slice(0, i) + String.fromCharCode(u) + label.slice(i + 1),
        );
      }),
    ));
});

describe('the replacement encoding', () => {
  const replacement = ENCODINGS.find((e) => e.name === 'replacement');

  it('has the six labels of the spec, and each throws a RangeError (also padded and upper-case)', () => {
    expect(replacement.labels).toEqual([
      'csiso2022kr',
      'hz-gb-2312',
      'iso-2022-cn',
      'iso-2022-cn-ext',
      'iso-2022-kr',
      'replacement',
    ]);
    for (const label of replacement.labels) {
      expect(() => new TextDecoder(label)).toThrow(RangeError);
      expect(() => new TextDecoder(` ${label.toUpperCase()}\t`, { fatal: true })).toThrow(RangeError);
    }
  });
});

describe('long labels', () => {
  it('a label padded with a lot of ASCII whitespace still matches', () => {
    for (const n of [1, 1000, 16383, 16384, 16385, 32767, 32768, 32769, 65536, 100_000, 1_000_000]) {
      const pad = ' \t\n\f\r'.repeat(Math.ceil(n / 5)).slice(0, n);
      expect(new TextDecoder(pad + 'utf-8' + pad).encoding, `padding ${n}`).toBe('utf-8');
      expect(new TextDecoder(pad + 'Latin1').encoding, `leading padding ${n}`).toBe('windows-1252');
      expect(new TextDecoder('ISO-8859-2' + pad).encoding, `trailing padding ${n}`).toBe('iso-8859-2');
    }
  });

  it('a long label that is not all whitespace around a label throws a RangeError', () => {
    for (const n of [100, 32767, 32768, 32769, 70000]) {
      expect(() => new TextDecoder('u'.repeat(n))).toThrow(RangeError);
      expect(() => new TextDecoder(' '.repeat(n) + 'utf-8\v' + ' '.repeat(n))).toThrow(RangeError);
      expect(() => new TextDecoder(' '.repeat(n) + 'utf-8' + '\u00a0'.repeat(n))).toThrow(RangeError);
      expect(() => new TextDecoder('utf-8' + 'x'.repeat(n))).toThrow(RangeError);
    }
  });
});

describe('long labels: time', () => {
  // Getting an encoding is linear in the label's length (strip, then compare); a long run of
  // whitespace between two other characters must not make it slow.
  it.each([
    ['whitespace between junk', () => 'x' + ' '.repeat(30_000) + 'y'],
    ['whitespace inside a label', () => 'utf-' + '\t'.repeat(30_000) + '8'],
    ['alternating whitespace and junk', () => ' x'.repeat(15_000) + ' '],
  ])('%s: RangeError in well under a second', (_, make) => {
    const label = make();
    expect(specGetEncoding(label)).toBeNull();
    const start = performance.now();
    expect(() => new TextDecoder(label)).toThrow(RangeError);
    const elapsed = performance.now() - start;
    expect(elapsed, `${elapsed.toFixed(0)} ms for a ${label.length}-character label`).toBeLessThan(300);
  });
});

describe('label argument conversion (WebIDL DOMString)', () => {
  it('undefined or a missing label is utf-8', () => {
    expect(new TextDecoder().encoding).toBe('utf-8');
    expect(new TextDecoder(undefined).encoding).toBe('utf-8');
    const d = new TextDecoder(undefined, { fatal: true });
    expect(d.encoding).toBe('utf-8');
    expect(d.fatal).toBe(true);
  });

  it('null is the string "null", which is not a label', () => {
    expect(() => new TextDecoder(null)).toThrow(RangeError);
  });

  it('numbers, bigints and booleans are stringified', () => {
    expect(new TextDecoder(866).encoding).toBe('ibm866');
    expect(new TextDecoder(866n).encoding).toBe('ibm866');
    expect(new TextDecoder(866.0).encoding).toBe('ibm866');
    expect(() => new TextDecoder(1252)).toThrow(RangeError);
    expect(() => new TextDecoder(866.5)).toThrow(RangeError);
    expect(() => new TextDecoder(true)).toThrow(RangeError);
    expect(() => new TextDecoder(NaN)).toThrow(RangeError);
  });

  it('objects are stringified through ToPrimitive with the string hint', () => {
    expect(new TextDecoder({ toString: () => 'latin1' }).encoding).toBe('windows-1252');
    expect(new TextDecoder({ toString: () => ' KOI8-U ' }).encoding).toBe('koi8-u');
    expect(new TextDecoder({ [Symbol.toPrimitive]: (hint) => (hint === 'string' ? 'ascii' : 'x') }).encoding).toBe(
      'windows-1252',
    );
    expect(new TextDecoder({ toString: undefined, valueOf: () => 'utf-16be' }).encoding).toBe('utf-16be');
    expect(new TextDecoder(['latin2']).encoding).toBe('iso-8859-2');
    expect(new TextDecoder(new String('utf8')).encoding).toBe('utf-8');
    expect(() => new TextDecoder(['utf-8', 'latin1'])).toThrow(RangeError);
    expect(() => new TextDecoder({})).toThrow(RangeError); // "[object Object]"
  });

  it('a Symbol, or an object without a primitive value, is a TypeError', () => {
    expect(() => new TextDecoder(Symbol('utf-8'))).toThrow(TypeError);
    expect(() => new TextDecoder(Symbol.iterator)).toThrow(TypeError);
    expect(() => new TextDecoder(Object.create(null))).toThrow(TypeError);
    expect(() => new TextDecoder({ [Symbol.toPrimitive]: () => ({}) })).toThrow(TypeError);
  });

  it("a throwing toString's error propagates unchanged", () => {
    class LabelError extends Error {}
    const error = new LabelError('from toString');
    let caught;
    try {
      new TextDecoder({
        toString() {
          throw error;
        },
      });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBe(error);
  });

  it('the label is converted before the options, and the RangeError comes after both', () => {
    const log = [];
    const label = {
      toString() {
        log.push('label');
        return 'bogus';
      },
    };
    const options = loggingOptions(log, { fatal: false, ignoreBOM: false });
    expect(() => new TextDecoder(label, options)).toThrow(RangeError);
    expect(log).toEqual(['label', 'fatal', 'ignoreBOM']);

    // An error while converting the options wins over the bad label.
    class OptionsError extends Error {}
    const bad = {
      get fatal() {
        throw new OptionsError();
      },
    };
    expect(() => new TextDecoder('bogus', bad)).toThrow(OptionsError);
    expect(() => new TextDecoder('replacement', bad)).toThrow(OptionsError);
    expect(() => new TextDecoder('bogus', 1)).toThrow(TypeError);
  });
});

describe('encoding names', () => {
  it('the encoding attribute is the name lower-cased, for every encoding but replacement', () => {
    const got = ENCODINGS.filter((e) => e.name !== 'replacement').map((e) => new TextDecoder(e.name).encoding);
    expect(got).toEqual(ENCODINGS.filter((e) => e.name !== 'replacement').map((e) => e.name.toLowerCase()));
  });

  it('preload() rejects a non-label with a RangeError and accepts labels', async () => {
    await expect(preload('bogus')).rejects.toThrow(RangeError);
    await expect(preload(' LATIN1 ', 'utf-8')).resolves.toBeUndefined();
  });
});
