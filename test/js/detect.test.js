// encoding-wasm/detect: BOMs, ASCII, UTF-8, every family on held-out text (detect_samples.js, UDHR
// units the tables were not trained on), the options, bad input, and three properties: a candidate
// is ruled out exactly when the package's fatal decoder (streaming, so a cut-off character at the
// end is no error) rejects the input; the answer is the same fed whole or in chunks; any bytes,
// with any options, give an answer from the candidates that TextDecoder accepts, without throwing
// (the fuzz target of issue 12, as seeded property tests).
import { describe, expect, it } from 'vitest';
import { detect, EncodingDetector } from 'encoding-wasm/detect';
import { TextDecoder, encode } from 'encoding-wasm';
import { SAMPLES } from './detect_samples.js';
import { alwaysRejected } from '../../js/detect/errors.js';
import { Failures, bytes, hex, prng, randomChunks, thrown } from './helpers.js';

const JAPANESE = ['shift_jis', 'euc-jp', 'iso-2022-jp'];
// Every encoding the detector has statistics for: the default candidates and the rest.
const DEFAULTS = [
  ...['utf-8', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255'],
  ...['windows-1256', 'windows-1257', 'windows-1258', 'windows-874', 'koi8-r', 'koi8-u', 'ibm866', 'iso-8859-2'],
  ...['iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8', 'iso-8859-13', 'x-mac-cyrillic'],
  ...['gbk', 'big5', 'euc-kr', ...JAPANESE],
];
const EXTRAS = ['gb18030', 'iso-8859-3', 'iso-8859-8-i', 'iso-8859-10', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16'];
const EVERY = [...DEFAULTS, ...EXTRAS, 'macintosh', 'x-user-defined'];

// The text `bytes` decode to in `name`, streaming (a character cut off at the end is left out).
const decodeAs = (name, input) => new TextDecoder(name).decode(input, { stream: true });
// Whether the package's decoder for `name` reports an error on `input`, as a prefix.
function rejects(name, input) {
  try {
    new TextDecoder(name, { fatal: true }).decode(input, { stream: true });
    return false;
  } catch {
    return true;
  }
}
// The number of errors the package's replacing decoder for `name` reports on `input`, as a prefix.
const replacements = (name, input) => decodeAs(name, input).split('\uFFFD').length - 1;
// Whether a candidate with `errors` on `input` is listed (errors.js): at most 32 errors; a
// double-byte one at most 4 and one for every 4 bytes >= 0x80; ISO-2022-JP with errors only with an
// escape into a Japanese set; UTF-16 never without a BOM.
const DENSE = new Set(['shift_jis', 'euc-jp', 'euc-kr', 'big5', 'gbk', 'gb18030']);
function listed(name, input, errors, escapes) {
  if (name.startsWith('utf-16') || errors > 32) return false;
  if (DENSE.has(name)) return errors <= 4 + Math.floor(input.filter((b) => b >= 0x80).length / 4);
  return name !== 'iso-2022-jp' || errors === 0 || escapes;
}
const namesOf = (result) => [result.encoding, ...result.alternatives.map((a) => a.encoding)];
function detectChunked(input, chunks, options) {
  const detector = new EncodingDetector(options);
  for (const chunk of chunks) detector.feed(chunk);
  return detector.finish();
}

describe('BOM', () => {
  it('decides, whatever follows and whatever the candidates', () => {
    for (const [bom, name] of [
      ['ef bb bf', 'utf-8'],
      ['fe ff', 'utf-16be'],
      ['ff fe', 'utf-16le'],
    ]) {
      for (const rest of [[], [0x82, 0xa0], [0xff, 0xff, 0xff], [0x41]]) {
        const input = bytes(hex(bom), rest);
        expect(detect(input)).toEqual({ encoding: name, confidence: 1, errors: 0, alternatives: [], ascii: false });
        expect(detect(input, { candidates: ['shift_jis'], allowUTF8: false }).encoding).toBe(name);
      }
    }
  });

  it('is a BOM only once complete', () => {
    expect(detect(hex('ef bb')).encoding).not.toBe('utf-8'); // a lone EF BB is not UTF-8
    expect(detectChunked(null, [hex('ef'), hex('bb'), hex('bf 41')]).encoding).toBe('utf-8');
  });
});

describe('ASCII', () => {
  it('says so, with UTF-8 where allowed, else the hinted group or the first candidate', () => {
    for (const input of [new Uint8Array(0), bytes('plain ASCII text, 0-9\n\t'), Uint8Array.of(0, 0x1b, 0x7f)]) {
      expect(detect(input)).toEqual({ encoding: 'utf-8', confidence: 1, errors: 0, alternatives: [], ascii: true });
      expect(detect(input, { allowUTF8: false })).toMatchObject({ encoding: 'windows-1252', ascii: true });
      expect(detect(input, { allowUTF8: false, hint: 'ja' })).toMatchObject({ encoding: 'shift_jis', ascii: true });
      expect(['koi8-r', 'big5']).toContain(detect(input, { candidates: ['koi8-r', 'big5'] }).encoding);
    }
  });

  it('ISO-2022-JP escapes are ASCII bytes, and they are recognised', () => {
    const input = encode('日本語のテキスト、カナ', 'iso-2022-jp');
    expect(input.every((b) => b < 0x80)).toBe(true);
    expect(detect(input)).toMatchObject({ encoding: 'iso-2022-jp', ascii: false });
    // A lone escape back to ASCII is still ASCII; an unknown escape rules ISO-2022-JP out.
    expect(detect(bytes('abc\x1b(Bdef'))).toMatchObject({ encoding: 'utf-8', ascii: true });
    expect(namesOf(detect(bytes('\x1b$Z0!'), { candidates: JAPANESE }))).not.toContain('iso-2022-jp');
  });
});

describe('UTF-8', () => {
  it('wins when it decodes cleanly and has non-ASCII, even one character', () => {
    expect(detect(bytes('Caf', hex('c3 a9'), ' au lait'))).toMatchObject({ encoding: 'utf-8', ascii: false });
    for (const { code, text } of SAMPLES) {
      const result = detect(encode(text, 'utf-8'));
      expect(result.encoding, code).toBe('utf-8');
      expect(result.confidence, code).toBeGreaterThan(0.9);
    }
  });

  it('a character cut off at the end is no error; allowUTF8: false leaves it out', () => {
    const input = encode('Grüße aus Köln', 'utf-8');
    expect(detect(input.subarray(0, input.length - 1 - 'ln'.length)).encoding).toBe('utf-8'); // ends in C3
    expect(namesOf(detect(input, { allowUTF8: false }))).not.toContain('utf-8');
    expect(() => new TextDecoder(detect(input, { allowUTF8: false }).encoding)).not.toThrow();
  });
});

describe('held-out text in every encoding of its group', () => {
  it('is decoded to the same text as by its true encoding', () => {
    const failures = new Failures();
    let checked = 0;
    for (const { code, encodings, text } of SAMPLES) {
      for (const name of encodings) {
        const input = encode(text, name);
        const { encoding } = detect(input);
        checked++;
        if (decodeAs(encoding, input) !== decodeAs(name, input)) failures.add(`${code} in ${name}: got ${encoding}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    failures.check(expect);
  });

  it('tells the Japanese encodings apart, and among them only when restricted', () => {
    const text = SAMPLES.find((s) => s.code === 'jpn').text;
    for (const name of JAPANESE) {
      expect(detect(encode(text, name)).encoding).toBe(name);
      const restricted = detect(encode(text, name), { candidates: JAPANESE });
      expect(restricted.encoding).toBe(name);
      for (const alternative of namesOf(restricted)) expect(JAPANESE).toContain(alternative);
    }
  });

  it('letters are judged with the language they fit: Czech š ž are not Polish ą, Dutch ë is not Lithuanian ė', () => {
    // ISO-8859-2 0xB9 0xBE are š ž, windows-1250's ą ľ; windows-1252 0xEB is ë, windows-1257's ė.
    for (const [text, name] of [
      ['Bangladéš\nDžibutsko\nFidži\nKeňa', 'iso-8859-2'],
      ['Albanië, Armenië en België', 'windows-1252'],
    ]) {
      const input = encode(text, name);
      expect(decodeAs(detect(input).encoding, input), name).toBe(text);
    }
  });

  it('a C1 control is unlikely text: an en dash tells windows-1250 from ISO-8859-2', () => {
    // 0x96 is U+2013 in windows-1250 and the control U+0096 in ISO-8859-2; the rest decodes the same.
    const input = encode('Praha – hlavní město České republiky', 'windows-1250');
    expect(decodeAs('iso-8859-2', input)).toContain('\u0096');
    const result = detect(input);
    expect(result.encoding).toBe('windows-1250');
    expect(result.confidence).toBeGreaterThan(0.9);
    expect(result.alternatives.find((a) => a.encoding === 'iso-8859-2').confidence).toBeLessThan(0.05);
  });
  it('case: a capital right after a lower-case letter is unlikely, words in capitals are not', () => {
    // x-mac-cyrillic 0xDF is я, windows-1251's Я: read as windows-1251, lower-case text with я gets
    // a capital inside a word ("историЯта"); the other letters decode the same in both.
    for (const text of ['историята на българския език', 'моя стая е малка', 'японски\nнемски\nмалаялам']) {
      const input = encode(text, 'x-mac-cyrillic');
      expect(decodeAs('windows-1251', input), text).not.toBe(text);
      expect(decodeAs(detect(input).encoding, input), text).toBe(text);
    }
    // Capitals only (a heading): every Cyrillic encoding is still told by its letters, and Latin
    // capitals with accents by theirs. (iconv-lite, an encoder independent of this package.)
    for (const [text, names] of [
      ['ВСЕОБЩАЯ ДЕКЛАРАЦИЯ ПРАВ ЧЕЛОВЕКА', ['koi8-r', 'windows-1251', 'iso-8859-5', 'ibm866']],
      ['ÉTATS-UNIS, RÉPUBLIQUE FRANÇAISE', ['windows-1252']],
      ['PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY', ['windows-1250', 'iso-8859-2']],
    ]) {
      for (const name of names) {
        const input = iconv ? Uint8Array.from(iconv.encode(text, name)) : encode(text, name);
        const result = detect(input);
        expect(decodeAs(result.encoding, input), `${name}: ${text}`).toBe(text);
        expect(result.confidence, `${name}: ${text}`).toBeGreaterThan(0.4);
      }
    }
  });

  it('lists of foreign names: their ASCII spelt as another Latin-script language spells it', () => {
    // Vietnamese with a few words of its own among international names, in windows-1258 (its tone
    // marks as combining characters after the base letters it has): the ASCII reads as Western
    // text, not Vietnamese, which alone read it as windows-1250 (Vietnamese ố as Central European ô
    // and U+0301 as ě). (iconv-lite, an encoder independent of this package.)
    const TONES = /[\u0300\u0301\u0303\u0309\u0323]/g;
    const windows1258Form = (text) =>
      text.normalize('NFD').replace(/(\P{M})(\p{M}*)/gu, (all, base, marks) => {
        const tones = marks.match(TONES) ?? [];
        return (base + marks.replace(TONES, '')).normalize('NFC') + tones.join('');
      });
    for (const vietnamese of [
      'Bóng đá: Manchester United, Liverpool, Arsenal, Chelsea, Barcelona, Real Madrid, Juventus, Bayern Munich, Paris Saint-Germain, Borussia Dortmund, Inter Milan, Ajax Amsterdam, Benfica, Porto, Celtic',
      'Thủ đô: London, Paris, Berlin, Madrid, Washington, Ottawa, Canberra, Wellington, Brasilia, Buenos Aires, Santiago, Lima, Mexico City, Stockholm, Oslo, Helsinki',
      'Nhạc sĩ: Mozart, Beethoven, Bach, Chopin, Schubert, Brahms, Tchaikovsky, Vivaldi, Handel, Haydn, Mendelssohn, Schumann, Wagner, Verdi, Puccini, Debussy',
    ]) {
      const text = windows1258Form(vietnamese);
      const input = iconv ? Uint8Array.from(iconv.encode(text, 'windows-1258')) : encode(text, 'windows-1258');
      expect(decodeAs('windows-1250', input), text).not.toBe(text);
      expect(decodeAs(detect(input).encoding, input), text).toBe(text);
    }
  });
});

// iconv-lite (a devDependency, an encoder independent of this package) where it loads.
const iconv = (await import('iconv-lite').catch(() => null))?.default;
const sampleText = (code) => SAMPLES.find((s) => s.code === code).text;
// `input` with junk byte `junk` put before the newline nearest after each of `count` evenly spread
// places (a few corrupt bytes in a large legacy file).
function withJunk(input, count, junk) {
  const out = [];
  let next = 1;
  for (let i = 0; i < input.length; i++) {
    if (next <= count && i >= (next * input.length) / (count + 1) && input[i] === 0x0a) {
      out.push(junk);
      next++;
    }
    out.push(input[i]);
  }
  expect(next).toBe(count + 1);
  return Uint8Array.from(out);
}

describe('a few errors in a long input', () => {
  describe.skipIf(!iconv)('(encoded by iconv-lite; skipped only where the devDependency cannot load)', () => {
    it('5 junk bytes in 60-260 KB of CJK text or UTF-8 leave its encoding the answer, with 5 errors and less sure', () => {
      const utf8 = new globalThis.TextEncoder();
      for (const [code, name, repeat] of [
        ['jpn', 'shift_jis', 330],
        ['jpn', 'euc-jp', 80],
        ['kor', 'euc-kr', 90],
        ['cmn_hans', 'gbk', 80],
        ['cmn_hant', 'big5', 80],
        ['jpn', 'utf-8', 60],
      ]) {
        const text = `${sampleText(code)}\n`.repeat(repeat);
        const clean = name === 'utf-8' ? utf8.encode(text) : Uint8Array.from(iconv.encode(text, name));
        expect(clean.length, name).toBeGreaterThan(60000);
        expect(detect(clean)).toMatchObject({ encoding: name, confidence: 1, errors: 0 });
        for (const junk of [0xfd, 0xff]) {
          const input = withJunk(clean, 5, junk);
          const result = detect(input);
          expect(result, `${name} with ${junk}`).toMatchObject({ encoding: name, errors: 5, ascii: false });
          expect(result.confidence).toBeGreaterThan(0.5);
          expect(result.confidence).toBeLessThan(0.9);
          expect(detectChunked(input, randomChunks(input, prng(junk), 5000))).toEqual(result);
        }
      }
    });

    it('a few bad bytes in a short input do not rule its encoding out (issue 22)', () => {
      // 300 bytes of Shift_JIS with one bad byte (was IBM866), 4 KB with five (also IBM866), and
      // every length from 64 bytes with one: Shift_JIS, with its errors counted.
      const text = Uint8Array.from(iconv.encode(`${sampleText('jpn')}\n`.repeat(8), 'shift_jis'));
      expect(text.length).toBeGreaterThan(4096);
      for (const [length, bad] of [
        [300, [150]],
        [4096, [300, 1100, 2000, 2900, 3800]],
        ...[64, 128, 256, 512, 1024, 2048].map((n) => [n, [n >> 1]]),
      ]) {
        const input = Uint8Array.from(text.subarray(0, length));
        for (const at of bad) input[at] = 0xfd;
        const result = detect(input);
        expect(result, `${length} bytes`).toMatchObject({
          encoding: 'shift_jis',
          errors: replacements('shift_jis', input),
        });
        expect(result.errors).toBeGreaterThanOrEqual(bad.length);
        expect(result.confidence).toBeGreaterThan(1e-6);
        expect(result.confidence).toBeLessThan(1);
      }
    });
  });

  it('a few errors in windows-1252 text do not make a CJK encoding win', () => {
    // Bytes windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) as junk in French text.
    const text = `${sampleText('fra')}\n`.repeat(13);
    const clean = encode(text, 'windows-1252');
    expect(clean.length).toBeGreaterThan(5000);
    for (const junk of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) {
      const input = withJunk(clean, 3, junk);
      const { encoding } = detect(input);
      expect(['gbk', 'big5', 'euc-kr', 'shift_jis', 'euc-jp', 'iso-2022-jp'], junk.toString(16)).not.toContain(
        encoding,
      );
      // Decoded as windows-1252 would, but for the junk.
      expect(decodeAs(encoding, input).replace(/[\uFFFD\u0081\u008D\u008F\u0090\u009D]/g, ''), junk.toString(16)).toBe(
        decodeAs('windows-1252', clean),
      );
    }
  });

  it('a single-byte reading that fits no language is not sure, even as the only candidate left', () => {
    // Japanese read as x-mac-cyrillic (which decodes every byte): a poor reading, not a sure one.
    const input = encode(sampleText('jpn'), 'shift_jis');
    const result = detect(input, { candidates: ['x-mac-cyrillic'] });
    expect(result.encoding).toBe('x-mac-cyrillic');
    expect(result.confidence).toBeLessThan(0.01);
  });
});

describe('options', () => {
  it('candidates are labels, resolved as TextDecoder resolves them, in any case and with whitespace', () => {
    const input = encode('日本語のテキストです。', 'shift_jis');
    expect(detect(input, { candidates: [' SJIS ', 'csShiftJIS'] }).encoding).toBe('shift_jis');
    expect(detect(input, { candidates: new Set(['x-sjis']) }).encoding).toBe('shift_jis');
    expect(detect(input, { candidates: ['windows-31j', 'latin1'] }).encoding).toBe('shift_jis');
    // Only candidates are answered, even when they are all ruled out (more than 32 errors: confidence
    // 0 then), and with their errors when they are not.
    const kept = detect(input, { candidates: ['euc-kr'] });
    expect(kept).toMatchObject({ encoding: 'euc-kr', errors: replacements('euc-kr', input) });
    expect(kept.errors).toBeGreaterThan(0);
    const long = bytes(input, new Uint8Array(40).fill(0xff)); // 0xFF: an error wherever it stands
    expect(replacements('euc-kr', long)).toBeGreaterThan(32);
    expect(detect(long, { candidates: ['euc-kr'] })).toMatchObject({
      encoding: 'euc-kr',
      confidence: 0,
      alternatives: [],
      ascii: false,
    });
  });

  it('a hint moves a short ambiguous input to its group', () => {
    const input = hex('b0 a4'); // one character in GBK, Big5, EUC-KR and EUC-JP, none much likelier
    for (const name of ['gbk', 'big5', 'euc-kr', 'euc-jp']) expect(rejects(name, input)).toBe(false);
    for (const [hint, group] of [
      ['ja', ['euc-jp', 'shift_jis']],
      ['ja-JP', ['euc-jp', 'shift_jis']],
      ['example.co.jp', ['euc-jp', 'shift_jis']],
      ['ko', ['euc-kr']],
      ['kr', ['euc-kr']],
      ['zh-CN', ['gbk']],
      ['zh-Hant-TW', ['big5']],
      ['www.example.com.tw', ['big5']],
    ]) {
      expect(group, hint).toContain(detect(input, { hint }).encoding);
    }
    expect(detect(input, { hint: 'qq-unknown' })).toEqual(detect(input));
  });

  it('bad options are TypeErrors and RangeErrors, and later calls still work', () => {
    const input = encode('Привет', 'koi8-r');
    expect(thrown(() => detect(input, { candidates: ['koi8-r', 'no-such-encoding'] }))).toBeInstanceOf(RangeError);
    expect(thrown(() => detect(input, { candidates: ['replacement'] }))).toBeInstanceOf(RangeError);
    expect(thrown(() => detect(input, { candidates: ['utf-8'], allowUTF8: false }))).toBeInstanceOf(RangeError);
    expect(thrown(() => detect(input, { candidates: 'koi8-r' }))).toBeInstanceOf(TypeError);
    expect(thrown(() => detect(input, { candidates: null }))).toBeInstanceOf(TypeError);
    expect(thrown(() => detect(input, { hint: 7 }))).toBeInstanceOf(TypeError);
    expect(thrown(() => detect(input, 'koi8-r'))).toBeInstanceOf(TypeError);
    expect(detect(input).encoding).toBe('koi8-r');
  });
});

describe('bad input', () => {
  it('anything but a BufferSource is a TypeError; every BufferSource works', () => {
    for (const bad of [undefined, null, 'abc', 42, {}, [0x41], { length: 1, 0: 0x41 }])
      expect(thrown(() => detect(bad))).toBeInstanceOf(TypeError);
    const input = encode('Ελληνικά κείμενα', 'windows-1253');
    expect(detect(input.buffer).encoding).toBe('windows-1253');
    expect(detect(new DataView(input.buffer)).encoding).toBe('windows-1253');
    expect(detect(new Uint16Array(input.buffer.slice(0, input.length & ~1))).ascii).toBe(false);
    if (typeof SharedArrayBuffer === 'function') {
      const shared = new Uint8Array(new SharedArrayBuffer(input.length));
      shared.set(input);
      expect(detect(shared).encoding).toBe('windows-1253');
    }
  });

  it('EncodingDetector checks its receiver and takes no input after finish()', () => {
    const detector = new EncodingDetector();
    expect(thrown(() => EncodingDetector.prototype.feed.call({}, new Uint8Array(1)))).toBeInstanceOf(TypeError);
    expect(thrown(() => EncodingDetector.prototype.guess.call({}))).toBeInstanceOf(TypeError);
    expect(thrown(() => detector.feed('abc'))).toBeInstanceOf(TypeError);
    detector.feed(bytes('abc'));
    const result = detector.finish();
    expect(thrown(() => detector.feed(bytes('def')))).toBeInstanceOf(TypeError);
    expect(detector.guess()).toEqual(result);
  });
});

describe('properties', () => {
  // Inputs shaped like each encoding's text: held-out samples, cut at random points, with random
  // bytes changed, and plain random bytes; none starts with a BOM.
  function* shapedInputs(rand, count) {
    const encoded = SAMPLES.flatMap((s) => s.encodings.map((e) => encode(s.text, e)));
    for (let n = 0; n < count; n++) {
      let input;
      if (n % 4 === 3) input = Uint8Array.from({ length: Math.floor(rand() * 64) }, () => Math.floor(rand() * 256));
      else {
        const source = encoded[Math.floor(rand() * encoded.length)];
        const start = Math.floor(rand() * source.length);
        input = source.slice(start, start + 1 + Math.floor(rand() * 200));
        for (let k = Math.floor(rand() * 3); k > 0; k--)
          input[Math.floor(rand() * input.length)] = Math.floor(rand() * 256);
      }
      if (input[0] === 0xef || input[0] === 0xfe || input[0] === 0xff) continue;
      yield input;
    }
  }

  it('a candidate is listed exactly when its decoder (streaming) reports few enough errors, with that many', () => {
    const rand = prng(12);
    const failures = new Failures();
    let tested = 0;
    for (const input of shapedInputs(rand, 1500)) {
      const result = detect(input, { candidates: EVERY });
      if (result.ascii) {
        expect(input.every((b) => b < 0x80)).toBe(true);
        continue;
      }
      tested++;
      const survivors = result.confidence === 0 ? [] : namesOf(result);
      // (ISO-2022-JP with errors is a reading only with an escape into a Japanese character set.)
      const escapes = /\x1b(\$[@B]|\([IJ])/.test(String.fromCharCode(...input));
      const accepted = EVERY.filter((name) => listed(name, input, replacements(name, input), escapes));
      if (JSON.stringify([...survivors].sort()) !== JSON.stringify([...accepted].sort()))
        failures.add(`${hex2(input)}: survivors ${survivors.sort()} but the decoders accept ${accepted.sort()}`);
      for (const { encoding, errors } of result.confidence === 0 ? [] : [result, ...result.alternatives])
        if (errors !== replacements(encoding, input)) failures.add(`${hex2(input)}: ${encoding} has ${errors} errors`);
    }
    expect(tested).toBeGreaterThan(1000);
    failures.check(expect);
  });

  it("a byte detect() rules a candidate out by without decoding is an error in every state its decoder's prefixes reach", () => {
    // errors.js ALWAYS_REJECTED: each such byte adds an error after any prefix (a lead, a lead and a
    // second byte, ISO-2022-JP's escapes), as the package's decoder (streaming) reports it: so an
    // input has at least as many errors as such bytes.
    const ESC = 0x1b;
    const prefixes = [
      [],
      [ESC, 0x28, 0x4a],
      [ESC, 0x28, 0x49],
      [ESC, 0x24, 0x42],
      [ESC, 0x24, 0x42, 0x30],
      [ESC],
      [ESC, 0x24],
    ];
    for (let p = 0; p < 256; p++) prefixes.push([p], [0x8f, p], [0x81, 0x30, p], [0x81, 0x30, 0x81, p]);
    const failures = new Failures();
    let checked = 0;
    for (const name of [...DEFAULTS, ...EXTRAS]) {
      const table = alwaysRejected(name);
      if (table === null) continue;
      for (let b = 0x80; b < 256; b++) {
        if (table[b] !== 1) continue;
        for (const prefix of prefixes) {
          checked++;
          const before = replacements(name, Uint8Array.from(prefix));
          const after = replacements(name, Uint8Array.from([...prefix, b]));
          if (after < before + 1)
            failures.add(
              `${name}: ${hex(Uint8Array.from([...prefix, b]))} has ${after} errors, ${before} without the last byte`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(100000);
    failures.check(expect);
  });

  it('errors are counted as the decoder reports them, and a long input keeps a candidate with a few', () => {
    // Held-out text repeated past 1,024 bytes, with 1 to 4 random bytes changed: a candidate is in
    // exactly when it has few enough errors (listed(), at any length); its `errors`
    // is the number of U+FFFD the package's replacing decoder (streaming) outputs; fed in chunks, the
    // same answer.
    const rand = prng(90);
    const encoded = SAMPLES.flatMap((s) => s.encodings.map((e) => encode(`${s.text}\n`.repeat(4), e)));
    const failures = new Failures();
    let withErrors = 0;
    for (let n = 0; n < 300; n++) {
      const source = encoded[Math.floor(rand() * encoded.length)];
      const start = Math.floor(rand() * 200);
      const input = source.slice(start, start + 1000 + Math.floor(rand() * 3000));
      for (let k = 1 + Math.floor(rand() * 4); k > 0; k--)
        input[Math.floor(rand() * input.length)] = Math.floor(rand() * 256);
      if (input[0] === 0xef || input[0] === 0xfe || input[0] === 0xff) continue;
      const result = detect(input, { candidates: EVERY });
      // Streamed (where a candidate may count past what the input's length allows) as whole.
      const chunked = detectChunked(input, randomChunks(input, rand, 700), { candidates: EVERY });
      if (JSON.stringify(chunked) !== JSON.stringify(result)) failures.add(`chunked differs on ${input.length} bytes`);
      if (result.ascii) continue;
      const found = new Map([result, ...result.alternatives].map((a) => [a.encoding, a.errors]));
      const escapes = /\x1b(\$[@B]|\([IJ])/.test(String.fromCharCode(...input));
      for (const name of EVERY) {
        const errors = replacements(name, input);
        const kept = listed(name, input, errors, escapes);
        if (found.has(name) !== kept || (kept && found.get(name) !== errors))
          failures.add(`${name} on ${input.length} bytes: ${errors} errors, but detect has ${found.get(name)}`);
        if (kept && errors > 0) withErrors++;
      }
    }
    expect(withErrors).toBeGreaterThan(100);
    failures.check(expect);
  });

  it('the same answer whole or in chunks, at random splits', () => {
    const rand = prng(34);
    const failures = new Failures();
    for (const input of shapedInputs(rand, 600)) {
      const options = rand() < 0.3 ? { candidates: EVERY, hint: 'ru' } : undefined;
      const whole = detect(input, options);
      const chunked = detectChunked(input, randomChunks(input, rand, 1 + Math.floor(rand() * 9)), options);
      if (JSON.stringify(whole) !== JSON.stringify(chunked)) failures.add(hex2(input));
    }
    failures.check(expect);
  });

  it('fuzz: random bytes of random lengths never throw and always name an encoding TextDecoder accepts', () => {
    const rand = prng(56);
    const failures = new Failures();
    for (let n = 0; n < 400; n++) {
      const length = Math.floor(rand() ** 3 * 5000);
      const high = rand(); // share of bytes >= 0x80
      const input = Uint8Array.from({ length }, () =>
        rand() < high ? 0x80 + Math.floor(rand() * 128) : Math.floor(rand() * 128),
      );
      let result;
      try {
        result = detect(input);
      } catch (error) {
        failures.add(`threw ${error} on ${length} bytes`);
        continue;
      }
      for (const { encoding, confidence } of [result, ...result.alternatives]) {
        if (thrown(() => new TextDecoder(encoding)) || !(confidence >= 0 && confidence <= 1))
          failures.add(`${encoding} ${confidence}`);
      }
      const chunked = detectChunked(input, randomChunks(input, rand, 1 + Math.floor(rand() * 300)));
      if (JSON.stringify(chunked) !== JSON.stringify(result)) failures.add(`chunked differs on ${length} bytes`);
    }
    failures.check(expect);
  });

  // The fuzz target of issue 12 is this property test (detect is JavaScript, so a seeded generator
  // in the test suite rather than a libFuzzer target): random bytes, random options, random chunks
  // (empty ones too) with guess() asked between them.
  it('fuzz: random options and chunkings, guesses between chunks: the same answer, from the candidates, as whole', () => {
    const rand = prng(78);
    const failures = new Failures();
    const pick = (list) => list[Math.floor(rand() * list.length)];
    const HINTS = ['ja', 'zh-TW', 'ru', 'pl', 'example.co.kr', 'gr', 'qq', ''];
    for (let n = 0; n < 300; n++) {
      const length = Math.floor(rand() ** 2 * 3000);
      const high = rand();
      const input = Uint8Array.from({ length }, () =>
        rand() < high ? 0x80 + Math.floor(rand() * 128) : Math.floor(rand() * 128),
      );
      const options = {};
      if (rand() < 0.5) options.candidates = EVERY.filter(() => rand() < 0.3).concat(pick(EVERY));
      if (rand() < 0.3) options.allowUTF8 = false;
      if (rand() < 0.3) options.hint = pick(HINTS);
      if (options.allowUTF8 === false && options.candidates?.every((c) => c === 'utf-8'))
        options.candidates.push('gbk');
      const allowed = new Set(options.candidates ?? DEFAULTS);
      if (options.allowUTF8 === false) allowed.delete('utf-8');
      const bom = [hex('ef bb bf'), hex('fe ff'), hex('ff fe')].findIndex((b) => b.every((x, i) => input[i] === x));
      if (bom >= 0) allowed.add(['utf-8', 'utf-16be', 'utf-16le'][bom]);
      const where = `${length} bytes, ${JSON.stringify(options)}`;
      let whole, chunked;
      try {
        whole = detect(input, options);
        const detector = new EncodingDetector(options);
        for (let at = 0; at < length;) {
          const size = rand() < 0.1 ? 0 : 1 + Math.floor(rand() * 400);
          detector.feed(input.subarray(at, at + size));
          at += size;
          if (rand() < 0.2) detector.guess();
        }
        chunked = detector.finish();
      } catch (error) {
        failures.add(`threw ${error} on ${where}`);
        continue;
      }
      if (JSON.stringify(chunked) !== JSON.stringify(whole)) failures.add(`chunked differs on ${where}`);
      const all = [whole, ...whole.alternatives];
      const sum = all.reduce((s, a) => s + a.confidence, 0);
      // They add up to 1 less the share of random bytes (none when a reading is far likelier).
      if (!(sum <= 1 + 1e-9) || whole.confidence > 0 !== sum > 0) failures.add(`confidences sum to ${sum} on ${where}`);
      if (new Set(all.map((a) => a.encoding)).size !== all.length) failures.add(`a name twice on ${where}`);
      for (const { encoding } of all) {
        if (thrown(() => new TextDecoder(encoding))) failures.add(`${encoding}: not a TextDecoder name`);
        if (!allowed.has(encoding)) failures.add(`${encoding} is not a candidate on ${where}`);
      }
    }
    failures.check(expect);
  });
});

// Node only (it reads the package's files): the entry point as package.json and types/ declare it,
// and nothing of it reachable from the TextDecoder entry point.
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && !process.versions.bun;
describe.skipIf(!isNode || typeof globalThis.Deno !== 'undefined')('entry point', () => {
  const ROOT = new URL('../../', import.meta.url);
  const read = async (path) => (await import('node:fs')).readFileSync(new URL(path, ROOT), 'utf8');

  // One bundle every host takes (tools/bundle_entries.mjs: it holds no host code), built from js/detect.js.
  it("package.json's ./detect and types/detect.d.ts name exactly what js/detect.js exports", async () => {
    const pkg = JSON.parse(await read('package.json'));
    expect(pkg.exports['./detect']).toEqual({ types: './types/detect.d.ts', default: './dist/detect.js' });
    const declared = [...(await read('types/detect.d.ts')).matchAll(/^export declare (?:class|function) (\w+)/gm)];
    const exported = Object.keys(await import('encoding-wasm/detect')).sort();
    expect(Object.keys(await import('../../js/detect.js')).sort()).toEqual(exported);
    expect(declared.map((m) => m[1]).sort()).toEqual(exported);
    expect(exported).toEqual(['EncodingDetector', 'detect', 'percent', 'sniff']);
  });

  it('no module the TextDecoder entry point loads imports the detector', async () => {
    const seen = new Set();
    const visit = async (path) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const [, spec] of (await read(path)).matchAll(/^(?:import|export)\b[^'"]*['"](\.[^'"]+)['"]/gm))
        await visit(new URL(spec, new URL(path, ROOT)).href.slice(ROOT.href.length));
    };
    await visit('js/index.js');
    expect(seen.size).toBeGreaterThan(5);
    expect([...seen].filter((path) => path.includes('detect'))).toEqual([]);
  });
});

const hex2 = (input) => [...input.subarray(0, 40)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
