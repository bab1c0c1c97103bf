// Sanity tests of the reference implementation itself (run: node --test test/reference/).
//
// Expected values are worked out by hand from the spec text (encoding.bs) and the index files,
// never by running the reference. The pointer arithmetic in comments shows the derivation.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readIndex, readRanges, readEncodings, singleByteEncodings } from '../../tools/generator/whatwg_data.mjs';
import {
  ENCODING_NAMES,
  getEncoding,
  decode,
  createDecoder,
  createTextDecoder,
  encode,
  percentEncodeAfterEncoding,
} from './reference.mjs';

const FFFD = '\uFFFD';
const bytesOf = (u8) => [...u8];
const NO_ENCODER = ['replacement', 'UTF-16BE', 'UTF-16LE'];

// --- Names and labels -------------------------------------------------------------------------

test('ENCODING_NAMES lists the 40 encodings of encodings.json', () => {
  assert.equal(ENCODING_NAMES.length, 40);
  assert.equal(new Set(ENCODING_NAMES).size, 40);
  assert.deepEqual(
    ENCODING_NAMES,
    readEncodings().map((e) => e.name),
  );
  for (const name of ['UTF-8', 'Shift_JIS', 'gb18030', 'GBK', 'x-user-defined', 'ISO-8859-8-I']) {
    assert.ok(ENCODING_NAMES.includes(name), name);
  }
});

test('getEncoding: whitespace stripping and ASCII case-insensitivity', () => {
  assert.equal(getEncoding('utf-8'), 'UTF-8');
  assert.equal(getEncoding(' \t\n\f\rUTF8 \r\n'), 'UTF-8');
  assert.equal(getEncoding('Latin1'), 'windows-1252');
  assert.equal(getEncoding('ascii'), 'windows-1252');
  assert.equal(getEncoding('utf-16'), 'UTF-16LE');
  assert.equal(getEncoding('GB2312'), 'GBK');
  assert.equal(getEncoding('x-sjis'), 'Shift_JIS');
  assert.equal(getEncoding('csiso2022kr'), 'replacement');
  assert.equal(getEncoding('iso-8859-8-i'), 'ISO-8859-8-I');
  // Not labels:
  assert.equal(getEncoding(''), null);
  assert.equal(getEncoding('utf-7'), null);
  assert.equal(getEncoding('\u000Butf-8'), null); // U+000B is not ASCII whitespace
  assert.equal(getEncoding('\u00A0utf-8'), null); // neither is U+00A0
  assert.equal(getEncoding('utf-8\u0000'), null);
  assert.equal(getEncoding('\u212Aoi8-r'), null); // KELVIN SIGN is not an ASCII "k"
  assert.equal(getEncoding('u\u0307tf-8'), null);
});

test('every label of encodings.json maps to its encoding', () => {
  for (const { name, labels } of readEncodings()) {
    for (const label of labels) {
      assert.equal(getEncoding(label), name);
      assert.equal(getEncoding(` ${label.toUpperCase()}\t`), name);
    }
  }
});

// --- Every decoder and encoder exists ---------------------------------------------------------

test('every encoding decodes; every encoder exists except replacement and UTF-16BE/LE', () => {
  for (const name of ENCODING_NAMES) {
    assert.equal(decode(name, []), '', name);
    if (name === 'replacement') assert.equal(decode(name, [0x41]), FFFD);
    else if (name.startsWith('UTF-16')) assert.equal(decode(name, [0x41, 0x41]), '\u4141');
    else assert.equal(decode(name, [0x41, 0x7a]), 'Az', name);

    if (NO_ENCODER.includes(name)) {
      assert.throws(() => encode(name, 'a'), RangeError, name);
    } else {
      assert.deepEqual(bytesOf(encode(name, 'Az')), [0x41, 0x7a], name);
      assert.deepEqual(bytesOf(encode(name, '')), [], name);
    }
  }
  assert.throws(() => decode('utf8', []), RangeError); // a label, not a name
});

// --- UTF-8 ------------------------------------------------------------------------------------

test('UTF-8 decoder: one U+FFFD per maximal subpart', () => {
  const cases = [
    [[0xe2, 0x82, 0xac], '\u20AC'],
    [[0xf0, 0x9f, 0x92, 0xa9], '\u{1F4A9}'],
    [[0xc2, 0x80], '\u0080'],
    [[0xf4, 0x8f, 0xbf, 0xbf], '\u{10FFFF}'],
    // Overlongs: C0/C1 are never valid; E0 needs A0..BF next; F0 needs 90..BF next.
    [[0xc0, 0x80], FFFD + FFFD],
    [[0xc1, 0xbf], FFFD + FFFD],
    [[0xe0, 0x80, 0x80], FFFD + FFFD + FFFD],
    [[0xe0, 0x9f, 0xbf], FFFD + FFFD + FFFD],
    [[0xf0, 0x80, 0x80, 0x80], FFFD + FFFD + FFFD + FFFD],
    // Surrogates: ED needs 80..9F next.
    [[0xed, 0xa0, 0x80], FFFD + FFFD + FFFD],
    [[0xed, 0xbf, 0xbf], FFFD + FFFD + FFFD],
    [[0xed, 0x9f, 0xbf], '\uD7FF'],
    // Above U+10FFFF: F4 needs 80..8F next; F5..FF are never valid.
    [[0xf4, 0x90, 0x80, 0x80], FFFD + FFFD + FFFD + FFFD],
    [[0xf5, 0x80], FFFD + FFFD],
    [[0xff], FFFD],
    // Truncated sequences: one error for the maximal subpart, the breaking byte is restored.
    [[0xf0, 0x9f, 0x92], FFFD],
    [[0xf0, 0x9f, 0x92, 0x41], FFFD + 'A'],
    [[0xe2, 0x82, 0xe2, 0x82, 0xac], FFFD + '\u20AC'],
    [[0xe2], FFFD],
    [[0x80, 0xbf], FFFD + FFFD],
    // A BOM is just U+FEFF to the raw decoder.
    [[0xef, 0xbb, 0xbf, 0x41], '\uFEFFA'],
  ];
  for (const [bytes, expected] of cases) assert.equal(decode('UTF-8', bytes), expected, String(bytes));
});

test('fatal decoding throws a TypeError at the first error', () => {
  assert.throws(() => decode('UTF-8', [0x41, 0xc0, 0x80], { fatal: true }), TypeError);
  assert.throws(() => decode('UTF-8', [0xe2, 0x82], { fatal: true }), TypeError);
  assert.equal(decode('UTF-8', [0xe2, 0x82, 0xac], { fatal: true }), '\u20AC');
  assert.throws(() => decode('replacement', [0x00], { fatal: true }), TypeError);
  assert.equal(decode('replacement', [], { fatal: true }), '');
  assert.throws(() => decode('windows-1253', [0xaa], { fatal: true }), TypeError);
});

test('UTF-8 encoder, and lone surrogates become U+FFFD', () => {
  assert.deepEqual(bytesOf(encode('UTF-8', '\u00e9')), [0xc3, 0xa9]);
  assert.deepEqual(bytesOf(encode('UTF-8', '\u20AC')), [0xe2, 0x82, 0xac]);
  assert.deepEqual(bytesOf(encode('UTF-8', '\u{1F4A9}')), [0xf0, 0x9f, 0x92, 0xa9]);
  assert.deepEqual(bytesOf(encode('UTF-8', '\u{10FFFF}')), [0xf4, 0x8f, 0xbf, 0xbf]);
  assert.deepEqual(bytesOf(encode('UTF-8', '\uD800a\uDC00')), [0xef, 0xbf, 0xbd, 0x61, 0xef, 0xbf, 0xbd]);
});

// --- Single-byte and x-user-defined -------------------------------------------------------------

test('single-byte decoders and encoders', () => {
  // index-windows-1252.txt: pointer 0 -> U+20AC, pointer 1 -> U+0081.
  assert.equal(decode('windows-1252', [0x80, 0x81]), '\u20AC\u0081');
  // index-windows-1253.txt has no pointer 42 (byte 0xAA).
  assert.equal(decode('windows-1253', [0xa9, 0xaa, 0xab]), '\u00A9' + FFFD + '\u00AB');
  assert.deepEqual(bytesOf(encode('windows-1252', '\u20AC')), [0x80]);
  // ISO-8859-8-I shares ISO-8859-8's index.
  assert.equal(decode('ISO-8859-8-I', [0xe0]), decode('ISO-8859-8', [0xe0]));
  assert.equal(decode('ISO-8859-8', [0xe0]), '\u05D0');
});

test('encoder errors: fatal names the code point, html emits a decimal reference', () => {
  assert.throws(
    () => encode('windows-1252', 'a\u0100'),
    (e) => e instanceof TypeError && /U\+0100/.test(e.message) && e.codePoint === 0x100,
  );
  assert.deepEqual(bytesOf(encode('windows-1252', 'a\u0100b', { mode: 'html' })), [...Buffer.from('a&#256;b')]);
  assert.deepEqual(bytesOf(encode('windows-1252', '\u{1F4A9}', { mode: 'html' })), [...Buffer.from('&#128169;')]);
  // A lone surrogate is U+FFFD by the time it reaches the encoder.
  assert.deepEqual(bytesOf(encode('windows-1252', '\uDC00', { mode: 'html' })), [...Buffer.from('&#65533;')]);
  assert.deepEqual(bytesOf(encode('Shift_JIS', 'a\u00e9b', { mode: 'html' })), [...Buffer.from('a&#233;b')]);
});

test('x-user-defined', () => {
  assert.equal(decode('x-user-defined', [0x7f, 0x80, 0xff]), '\u007F\uF780\uF7FF');
  assert.deepEqual(bytesOf(encode('x-user-defined', '\uF780\uF7FF')), [0x80, 0xff]);
  assert.throws(() => encode('x-user-defined', '\u0080'), TypeError);
  assert.throws(() => encode('x-user-defined', '\uF800'), TypeError);
});

// --- gb18030 and GBK ----------------------------------------------------------------------------

test('gb18030 decoder: two-byte and four-byte sequences', () => {
  // A6 D9: pointer (0xA6 − 0x81) × 190 + (0xD9 − 0x41) = 7182 -> U+FE10 in index-gb18030.txt.
  assert.equal(decode('gb18030', [0xa6, 0xd9]), '\uFE10');
  // A3 A0: pointer 34 × 190 + 95 = 6555 -> U+3000.
  assert.equal(decode('gb18030', [0xa3, 0xa0]), '\u3000');
  assert.equal(decode('gb18030', [0x80]), '\u20AC');
  assert.equal(decode('GBK', [0x80]), '\u20AC');
  // 81 30 81 30: ranges pointer 0 -> U+0080.
  assert.equal(decode('gb18030', [0x81, 0x30, 0x81, 0x30]), '\u0080');
  // 81 35 F4 37: pointer 5 × 1260 + (0xF4 − 0x81) × 10 + 7 = 7457 -> U+E7C7 (special case).
  assert.equal(decode('gb18030', [0x81, 0x35, 0xf4, 0x37]), '\uE7C7');
  // 84 31 A4 39: pointer 3 × 12600 + 1260 + 35 × 10 + 9 = 39419 -> 0xFFE6 + (39419 − 39394).
  assert.equal(decode('gb18030', [0x84, 0x31, 0xa4, 0x39]), '\uFFFF');
  // 84 31 A5 30: pointer 39420, in the gap 39420..188999: one error, all four bytes consumed.
  assert.equal(decode('gb18030', [0x84, 0x31, 0xa5, 0x30]), FFFD);
  assert.equal(decode('gb18030', [0x85, 0x30, 0x81, 0x30, 0x41]), FFFD + 'A');
  // 90 30 81 30: pointer 15 × 12600 = 189000 -> U+10000.
  assert.equal(decode('gb18030', [0x90, 0x30, 0x81, 0x30]), '\u{10000}');
  // E3 32 9A 35: 98 × 12600 + 2 × 1260 + 25 × 10 + 5 = 1237575 -> U+10FFFF; one more is an error.
  assert.equal(decode('gb18030', [0xe3, 0x32, 0x9a, 0x35]), '\u{10FFFF}');
  assert.equal(decode('gb18030', [0xe3, 0x32, 0x9a, 0x36]), FFFD);
  assert.equal(decode('gb18030', [0xfe, 0x39, 0xfe, 0x39]), FFFD);
});

test('gb18030 decoder: errors and restored bytes', () => {
  // 81 30 81 then a non-digit: restore « 0x30, 0x81, 0x20 »; then "0", then 81 20 is an error
  // with 0x20 restored (ASCII), then " ".
  assert.equal(decode('gb18030', [0x81, 0x30, 0x81, 0x20]), FFFD + '0' + FFFD + ' ');
  // 81 30 then a byte outside 0x81..0xFE: restore « 0x30, 0x20 ».
  assert.equal(decode('gb18030', [0x81, 0x30, 0x20]), FFFD + '0 ');
  // 0x7F is ASCII but not a valid trail: restored.
  assert.equal(decode('gb18030', [0x81, 0x7f]), FFFD + '\u007F');
  // 0xFF is neither: consumed.
  assert.equal(decode('gb18030', [0x81, 0xff, 0x41]), FFFD + 'A');
  assert.equal(decode('gb18030', [0xff]), FFFD);
  // end-of-queue in the middle of a sequence: one error.
  assert.equal(decode('gb18030', [0x81]), FFFD);
  assert.equal(decode('gb18030', [0x81, 0x30]), FFFD);
  assert.equal(decode('gb18030', [0x81, 0x30, 0x81]), FFFD);
});

test('gb18030 and GBK encoders', () => {
  // U+20AC: index pointer 6432 = 33 × 190 + 162 -> A2, 162 + 0x41 = E3. GBK has the 0x80 rule.
  assert.deepEqual(bytesOf(encode('gb18030', '\u20AC')), [0xa2, 0xe3]);
  assert.deepEqual(bytesOf(encode('GBK', '\u20AC')), [0x80]);
  // U+3000: the first pointer is 6176 = 32 × 190 + 96 -> A1 A1 (not A3 A0).
  assert.deepEqual(bytesOf(encode('gb18030', '\u3000')), [0xa1, 0xa1]);
  // U+FE10 is at pointer 7182 -> A6 D9; U+E78D..U+E796 and the U+E81E.. rows are the side table.
  assert.deepEqual(bytesOf(encode('gb18030', '\uFE10')), [0xa6, 0xd9]);
  assert.deepEqual(bytesOf(encode('gb18030', '\uE78D')), [0xa6, 0xd9]);
  assert.deepEqual(bytesOf(encode('gb18030', '\uE796')), [0xa6, 0xf3]);
  assert.deepEqual(bytesOf(encode('gb18030', '\uE81E')), [0xfe, 0x59]);
  assert.deepEqual(bytesOf(encode('gb18030', '\uE864')), [0xfe, 0xa0]);
  assert.deepEqual(bytesOf(encode('GBK', '\uE864')), [0xfe, 0xa0]);
  // U+E5E5 is always an error.
  assert.throws(
    () => encode('gb18030', '\uE5E5'),
    (e) => e instanceof TypeError && /U\+E5E5/.test(e.message),
  );
  assert.deepEqual(bytesOf(encode('gb18030', '\uE5E5', { mode: 'html' })), [...Buffer.from('&#58853;')]);
  // Four-byte forms (gb18030 only).
  assert.deepEqual(bytesOf(encode('gb18030', '\u0080')), [0x81, 0x30, 0x81, 0x30]);
  assert.deepEqual(bytesOf(encode('gb18030', '\uE7C7')), [0x81, 0x35, 0xf4, 0x37]);
  assert.deepEqual(bytesOf(encode('gb18030', '\u{10000}')), [0x90, 0x30, 0x81, 0x30]);
  assert.deepEqual(bytesOf(encode('gb18030', '\u{10FFFF}')), [0xe3, 0x32, 0x9a, 0x35]);
  // U+FFFD (also what a lone surrogate becomes): 39394 + 0xFFFD − 0xFFE6 = 39417 -> 84 31 A4 37.
  assert.deepEqual(bytesOf(encode('gb18030', '\uD800')), [0x84, 0x31, 0xa4, 0x37]);
  assert.throws(() => encode('GBK', '\u0080'), TypeError);
  assert.throws(() => encode('GBK', '\u{10000}'), TypeError);
});

test('index gb18030 ranges: code points increase with pointers (so "last" is unambiguous)', () => {
  const ranges = readRanges();
  assert.equal(ranges.length, 207);
  for (let i = 1; i < ranges.length; i++) {
    assert.ok(ranges[i][0] > ranges[i - 1][0] && ranges[i][1] > ranges[i - 1][1]);
  }
});

// --- Big5 ---------------------------------------------------------------------------------------

test('Big5 decoder', () => {
  // Pointers 1133, 1135, 1164, 1166 give two code points.
  assert.equal(decode('Big5', [0x88, 0x62]), '\u00CA\u0304');
  assert.equal(decode('Big5', [0x88, 0x64]), '\u00CA\u030C');
  assert.equal(decode('Big5', [0x88, 0xa3]), '\u00EA\u0304');
  assert.equal(decode('Big5', [0x88, 0xa5]), '\u00EA\u030C');
  // 88 66: pointer 7 × 157 + 0x26 = 1137 -> U+00CA.
  assert.equal(decode('Big5', [0x88, 0x66]), '\u00CA');
  // A4 40: pointer 35 × 157 = 5495 -> U+4E00.
  assert.equal(decode('Big5', [0xa4, 0x40]), '\u4E00');
  // 81 40: pointer 0 is not in the index; 0x40 is ASCII so it is restored.
  assert.equal(decode('Big5', [0x81, 0x40]), FFFD + '@');
  assert.equal(decode('Big5', [0x81, 0xa0]), FFFD); // 0xA0 is not a trail byte, not ASCII
  assert.equal(decode('Big5', [0x80]), FFFD);
  assert.equal(decode('Big5', [0xff]), FFFD);
  assert.equal(decode('Big5', [0xa4]), FFFD);
});

test('Big5 encoder', () => {
  assert.deepEqual(bytesOf(encode('Big5', '\u4E00')), [0xa4, 0x40]);
  // U+2550 is at pointers 5247 and 18991: the last one -> 120 × 157 + 151 -> F9, 151 + 0x62.
  assert.deepEqual(bytesOf(encode('Big5', '\u2550')), [0xf9, 0xf9]);
  assert.equal(decode('Big5', [0xa2, 0xa4]), '\u2550'); // pointer 5247
  // U+5341 is at pointers 5287 and 5512: the last one -> 35 × 157 + 17 -> A4, 17 + 0x40.
  assert.deepEqual(bytesOf(encode('Big5', '\u5341')), [0xa4, 0x51]);
  // U+00CA is only at pointer 1137 < (0xA1 − 0x81) × 157: not encodable; nor is the pair.
  assert.throws(() => encode('Big5', '\u00CA'), TypeError);
  assert.throws(() => encode('Big5', '\u00E9'), TypeError); // only at pointer 1144
});

// --- EUC-JP -------------------------------------------------------------------------------------

test('EUC-JP decoder', () => {
  // A4 A2: pointer 3 × 94 + 1 = 283 -> U+3042.
  assert.equal(decode('EUC-JP', [0xa4, 0xa2]), '\u3042');
  assert.equal(decode('EUC-JP', [0x8e, 0xb6]), '\uFF76');
  // 8F B0 A1: jis0212 pointer 15 × 94 = 1410 -> U+4E02.
  assert.equal(decode('EUC-JP', [0x8f, 0xb0, 0xa1]), '\u4E02');
  // 8E E0: 0xE0 is not a katakana byte and 0x8E is not a jis0208 lead: error, 0xE0 consumed.
  assert.equal(decode('EUC-JP', [0x8e, 0xe0, 0x41]), FFFD + 'A');
  assert.equal(decode('EUC-JP', [0x8f, 0x41]), FFFD + 'A');
  assert.equal(decode('EUC-JP', [0xa4, 0x41]), FFFD + 'A');
  assert.equal(decode('EUC-JP', [0x8f, 0xb0]), FFFD);
  assert.equal(decode('EUC-JP', [0x8e]), FFFD);
  assert.equal(decode('EUC-JP', [0xff]), FFFD);
});

test('EUC-JP encoder', () => {
  assert.deepEqual(bytesOf(encode('EUC-JP', '\u3042')), [0xa4, 0xa2]);
  assert.deepEqual(bytesOf(encode('EUC-JP', '\u00A5\u203E')), [0x5c, 0x7e]);
  assert.deepEqual(bytesOf(encode('EUC-JP', '\uFF61\uFF9F')), [0x8e, 0xa1, 0x8e, 0xdf]);
  // U+2212 -> U+FF0D at pointer 60 -> A1, 0xA1 + 60 = DD.
  assert.deepEqual(bytesOf(encode('EUC-JP', '\u2212')), [0xa1, 0xdd]);
  // U+2170 is at pointers 8634 and 10716; EUC-JP uses the first: 91 × 94 + 80 -> FC F1.
  assert.deepEqual(bytesOf(encode('EUC-JP', '\u2170')), [0xfc, 0xf1]);
  // No jis0212 in the encoder.
  assert.throws(() => encode('EUC-JP', '\u4E02'), TypeError);
});

// --- ISO-2022-JP --------------------------------------------------------------------------------

test('ISO-2022-JP decoder: escapes and states', () => {
  const ESC = 0x1b;
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, 0x24, 0x22, ESC, 0x28, 0x42]), '\u3042');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x40, 0x24, 0x22]), '\u3042');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x4a, 0x5c, 0x7e, 0x41]), '\u00A5\u203EA');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x49, 0x31, 0x5f]), '\uFF71\uFF9F');
  assert.equal(decode('ISO-2022-JP', [0x5c, 0x7e]), '\\~');
  // An escape sequence directly after another one is an error (ISO-2022-JP output flag).
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x42]), '');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x42, ESC, 0x28, 0x42]), FFFD);
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, ESC, 0x28, 0x42, 0x41]), FFFD + 'A');
  // Unknown escapes: the two bytes after ESC are restored and decoded in the output state.
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x41]), FFFD + '(A');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x41]), FFFD + 'A');
  assert.equal(decode('ISO-2022-JP', [ESC]), FFFD);
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24]), FFFD + '$');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x4a, ESC, 0x28, 0x5c]), FFFD + '(\u00A5');
  // Trailing byte state.
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, 0x24]), FFFD);
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, 0x24, 0x0a]), FFFD); // 0x0A is consumed
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, 0x24, ESC, 0x28, 0x42, 0x41]), FFFD + 'A');
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, 0x22, 0x2f]), FFFD); // pointer 107: unmapped
  // Invalid bytes per state.
  assert.equal(decode('ISO-2022-JP', [0x0e, 0x0f, 0x80]), FFFD + FFFD + FFFD);
  assert.equal(decode('ISO-2022-JP', [ESC, 0x28, 0x49, 0x60]), FFFD);
  assert.equal(decode('ISO-2022-JP', [ESC, 0x24, 0x42, 0x0a]), FFFD);
});

test('ISO-2022-JP encoder', () => {
  const ESC = 0x1b;
  // Spec example: U+00A5 gives 1B 28 4A 5C 1B 28 42; twice concatenated decodes as ¥ U+FFFD ¥.
  const yen = bytesOf(encode('ISO-2022-JP', '\u00A5'));
  assert.deepEqual(yen, [ESC, 0x28, 0x4a, 0x5c, ESC, 0x28, 0x42]);
  assert.equal(decode('ISO-2022-JP', [...yen, ...yen]), '\u00A5' + FFFD + '\u00A5');
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u00A5a\u203E')), [
    ESC,
    0x28,
    0x4a,
    0x5c,
    0x61,
    0x7e,
    ESC,
    0x28,
    0x42,
  ]);
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u00A5\\')), [ESC, 0x28, 0x4a, 0x5c, ESC, 0x28, 0x42, 0x5c]);
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', 'a\u3042b')), [
    0x61,
    ESC,
    0x24,
    0x42,
    0x24,
    0x22,
    ESC,
    0x28,
    0x42,
    0x62,
  ]);
  // Katakana: U+FF76 -> index ISO-2022-JP katakana pointer 21 -> U+30AB -> pointer 386 = 4 × 94 + 10.
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\uFF76')), [ESC, 0x24, 0x42, 0x25, 0x2b, ESC, 0x28, 0x42]);
  // U+2212 -> U+FF0D, pointer 60.
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u2212')), [ESC, 0x24, 0x42, 0x21, 0x5d, ESC, 0x28, 0x42]);
  // U+000E, U+000F, U+001B in ASCII and Roman states: error with U+FFFD.
  for (const c of ['\u000E', '\u000F', '\u001B', '\u00A5\u001B']) {
    assert.throws(
      () => encode('ISO-2022-JP', c),
      (e) => e instanceof TypeError && /U\+FFFD/.test(e.message),
    );
  }
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u001B', { mode: 'html' })), [...Buffer.from('&#65533;')]);
  // In jis0208 state the encoder first switches to ASCII, then the error happens.
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u3042\u000E', { mode: 'html' })), [
    ESC,
    0x24,
    0x42,
    0x24,
    0x22,
    ESC,
    0x28,
    0x42,
    ...Buffer.from('&#65533;'),
  ]);
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u3042\u00E9', { mode: 'html' })), [
    ESC,
    0x24,
    0x42,
    0x24,
    0x22,
    ESC,
    0x28,
    0x42,
    ...Buffer.from('&#233;'),
  ]);
  // In Roman state the error is reported in Roman state.
  assert.deepEqual(bytesOf(encode('ISO-2022-JP', '\u00A5\u00E9', { mode: 'html' })), [
    ESC,
    0x28,
    0x4a,
    0x5c,
    ...Buffer.from('&#233;'),
    ESC,
    0x28,
    0x42,
  ]);
  assert.throws(
    () => encode('ISO-2022-JP', '\u00E9'),
    (e) => e instanceof TypeError && /U\+00E9/.test(e.message),
  );
});

// --- Shift_JIS ----------------------------------------------------------------------------------

test('Shift_JIS decoder', () => {
  // 82 A0: (0x82 − 0x81) × 188 + 0xA0 − 0x41 = 283 -> U+3042.
  assert.equal(decode('Shift_JIS', [0x82, 0xa0]), '\u3042');
  assert.equal(decode('Shift_JIS', [0x80, 0xa1, 0xdf]), '\u0080\uFF61\uFF9F');
  // EUDC: F0 40 is pointer 47 × 188 = 8836 -> U+E000; F9 FC is 10715 -> U+E757.
  assert.equal(decode('Shift_JIS', [0xf0, 0x40]), '\uE000');
  assert.equal(decode('Shift_JIS', [0xf9, 0xfc]), '\uE757');
  // FA 40 = pointer 10716 and EE EF = pointer 8634 both give U+2170.
  assert.equal(decode('Shift_JIS', [0xfa, 0x40]), '\u2170');
  assert.equal(decode('Shift_JIS', [0xee, 0xef]), '\u2170');
  assert.equal(decode('Shift_JIS', [0x82, 0x20]), FFFD + ' ');
  assert.equal(decode('Shift_JIS', [0x82, 0xfd]), FFFD);
  assert.equal(decode('Shift_JIS', [0xa0]), FFFD);
  assert.equal(decode('Shift_JIS', [0xfd]), FFFD);
  assert.equal(decode('Shift_JIS', [0x82]), FFFD);
});

test('Shift_JIS encoder', () => {
  assert.deepEqual(bytesOf(encode('Shift_JIS', '\u3042')), [0x82, 0xa0]);
  assert.deepEqual(bytesOf(encode('Shift_JIS', '\u0080\u00A5\u203E\uFF61')), [0x80, 0x5c, 0x7e, 0xa1]);
  // U+2212 -> U+FF0D, pointer 60 -> 81, 60 + 0x40.
  assert.deepEqual(bytesOf(encode('Shift_JIS', '\u2212')), [0x81, 0x7c]);
  // U+2170: pointer 8634 is excluded (8272..8835), so 10716 = 57 × 188 -> FA 40.
  assert.deepEqual(bytesOf(encode('Shift_JIS', '\u2170')), [0xfa, 0x40]);
  // U+2252 is at 159 and 1207: the first -> 81, 159 + 0x41.
  assert.deepEqual(bytesOf(encode('Shift_JIS', '\u2252')), [0x81, 0xe0]);
  // EUDC does not round trip.
  assert.throws(() => encode('Shift_JIS', '\uE000'), TypeError);
});

// --- EUC-KR -------------------------------------------------------------------------------------

test('EUC-KR', () => {
  // B0 A1: pointer 47 × 190 + 0x60 = 9026 -> U+AC00; 81 41: pointer 0 -> U+AC02.
  assert.equal(decode('EUC-KR', [0xb0, 0xa1, 0x81, 0x41]), '\uAC00\uAC02');
  assert.equal(decode('EUC-KR', [0xb0, 0x20]), FFFD + ' ');
  assert.equal(decode('EUC-KR', [0xb0]), FFFD);
  assert.equal(decode('EUC-KR', [0x80, 0xff]), FFFD + FFFD);
  assert.deepEqual(bytesOf(encode('EUC-KR', '\uAC00\uAC02')), [0xb0, 0xa1, 0x81, 0x41]);
  assert.throws(() => encode('EUC-KR', '\u00E9'), TypeError);
});

// --- replacement and UTF-16 ---------------------------------------------------------------------

test('replacement decoder: one error for any non-empty input', () => {
  assert.equal(decode('replacement', []), '');
  assert.equal(decode('replacement', [0x41, 0x42, 0x43]), FFFD);
});

test('UTF-16BE/LE decoders', () => {
  assert.equal(decode('UTF-16LE', [0x41, 0x00, 0xac, 0x20]), 'A\u20AC');
  assert.equal(decode('UTF-16BE', [0x00, 0x41, 0x20, 0xac]), 'A\u20AC');
  assert.equal(decode('UTF-16LE', [0x3d, 0xd8, 0xa9, 0xdc]), '\u{1F4A9}');
  assert.equal(decode('UTF-16BE', [0xd8, 0x3d, 0xdc, 0xa9]), '\u{1F4A9}');
  // No BOM handling in the raw decoder.
  assert.equal(decode('UTF-16LE', [0xff, 0xfe]), '\uFEFF');
  assert.equal(decode('UTF-16BE', [0xff, 0xfe]), '\uFFFE');
  // Odd byte at the end.
  assert.equal(decode('UTF-16LE', [0x41, 0x00, 0x42]), 'A' + FFFD);
  // A leading surrogate followed by a non-surrogate: the two bytes are restored.
  assert.equal(decode('UTF-16LE', [0x00, 0xd8, 0x41, 0x00]), FFFD + 'A');
  assert.equal(decode('UTF-16BE', [0xd8, 0x00, 0x00, 0x41]), FFFD + 'A');
  // ... followed by another leading surrogate, which then pairs with what follows.
  assert.equal(decode('UTF-16BE', [0xd8, 0x00, 0xd8, 0x00, 0xdc, 0x00]), FFFD + '\u{10000}');
  assert.equal(decode('UTF-16LE', [0x00, 0xd8, 0x00, 0xd8, 0x00, 0xdc]), FFFD + '\u{10000}');
  // Lone trailing surrogate, and a leading surrogate at the end (with or without a stray byte).
  assert.equal(decode('UTF-16LE', [0x00, 0xdc, 0x41, 0x00]), FFFD + 'A');
  assert.equal(decode('UTF-16LE', [0x00, 0xd8]), FFFD);
  assert.equal(decode('UTF-16LE', [0x00, 0xd8, 0x00]), FFFD);
});

// --- Streaming ----------------------------------------------------------------------------------

// A small deterministic PRNG (mulberry32) for the property tests.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function decodeInPieces(name, bytes, cuts, options) {
  const decoder = createDecoder(name, options);
  let out = '';
  let previous = 0;
  for (const cut of [...cuts, bytes.length]) {
    out += decoder.push(bytes.slice(previous, cut));
    previous = cut;
  }
  return out + decoder.end();
}

test('createDecoder: every two- and three-way split equals decode() on tricky inputs', () => {
  const samples = {
    'UTF-8': [0xf0, 0x9f, 0x92, 0xa9, 0xe2, 0x82, 0xe0, 0x80, 0x41, 0xf0, 0x9f],
    gb18030: [0x81, 0x30, 0x81, 0x20, 0x81, 0x35, 0xf4, 0x37, 0x81, 0x30, 0x81],
    Big5: [0x88, 0x62, 0x81, 0x40, 0xa4, 0x40, 0x88],
    'EUC-JP': [0x8f, 0xb0, 0xa1, 0x8e, 0xe0, 0x8e, 0xb6, 0x8f],
    'ISO-2022-JP': [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x41, 0x1b, 0x28, 0x4a, 0x5c, 0x1b, 0x24],
    Shift_JIS: [0x82, 0xa0, 0x82, 0x20, 0xf0, 0x40, 0x82],
    'EUC-KR': [0xb0, 0xa1, 0xb0, 0x20, 0xb0],
    replacement: [0x41, 0x42, 0x43],
    'UTF-16BE': [0xd8, 0x00, 0xd8, 0x00, 0xdc, 0x00, 0x00, 0x41, 0xd8],
    'UTF-16LE': [0x00, 0xd8, 0x41, 0x00, 0x3d, 0xd8, 0xa9, 0xdc, 0x41],
  };
  for (const [name, bytes] of Object.entries(samples)) {
    const whole = decode(name, bytes);
    for (let i = 0; i <= bytes.length; i++) {
      assert.equal(decodeInPieces(name, bytes, [i]), whole, `${name} split at ${i}`);
    }
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        assert.equal(decodeInPieces(name, bytes, [i, j]), whole, `${name} split at ${i}, ${j}`);
      }
    }
  }
});

test('createDecoder: random inputs and random splits agree with decode(), also in fatal mode', () => {
  const random = prng(20240918);
  // Byte alphabets that hit the interesting ranges of each family.
  const interesting = [
    0x00, 0x0a, 0x0e, 0x1b, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x41, 0x42, 0x49, 0x4a, 0x5c, 0x7e, 0x7f, 0x80, 0x81,
    0x84, 0x88, 0x8e, 0x8f, 0x90, 0x9f, 0xa0, 0xa1, 0xa4, 0xa6, 0xb0, 0xbf, 0xc0, 0xc2, 0xd8, 0xdc, 0xdf, 0xe0, 0xe3,
    0xed, 0xef, 0xf0, 0xf4, 0xf9, 0xfc, 0xfe, 0xff,
  ];
  for (const name of ENCODING_NAMES) {
    for (let round = 0; round < 40; round++) {
      const length = Math.floor(random() * 16);
      const bytes = Array.from({ length }, () =>
        random() < 0.7 ? interesting[Math.floor(random() * interesting.length)] : Math.floor(random() * 256),
      );
      const cuts = Array.from({ length: Math.floor(random() * 4) }, () => Math.floor(random() * (length + 1))).sort(
        (a, b) => a - b,
      );
      assert.equal(decodeInPieces(name, bytes, cuts), decode(name, bytes), `${name} ${bytes} ${cuts}`);
      let wholeThrows = false;
      try {
        decode(name, bytes, { fatal: true });
      } catch (e) {
        assert.ok(e instanceof TypeError);
        wholeThrows = true;
      }
      let piecesThrow = false;
      try {
        decodeInPieces(name, bytes, cuts, { fatal: true });
      } catch (e) {
        assert.ok(e instanceof TypeError);
        piecesThrow = true;
      }
      assert.equal(piecesThrow, wholeThrows, `${name} fatal ${bytes}`);
      // Without errors, fatal and replacement modes agree.
      if (!wholeThrows) assert.equal(decode(name, bytes, { fatal: true }), decode(name, bytes));
    }
  }
});

test('createDecoder: state is kept across push() and a call after end() starts over', () => {
  const d = createDecoder('Shift_JIS');
  assert.equal(d.push([0x82]), '');
  assert.equal(d.push([0xa0, 0x82]), '\u3042');
  assert.equal(d.end(), FFFD);
  assert.equal(d.push([0xa0]), FFFD); // fresh decoder: 0xA0 alone is an error
  assert.equal(d.end(), '');
  const r = createDecoder('replacement');
  assert.equal(r.push([1]), FFFD);
  assert.equal(r.push([2, 3]), '');
  assert.equal(r.end(), '');
});

// The spec's decode() steps, traced by hand: a TypeError thrown in a call with { stream: true }
// leaves do not flush true, so the next call keeps the decoder, the rest of the I/O queue and BOM
// seen (set only by "serialize I/O queue", which the failing call never reached).
test('createTextDecoder: what carries over after a fatal error', () => {
  const throws = (f) => assert.throws(f, TypeError);
  // ISO-2022-JP: ESC ( J sets the output state Roman; 0x0E is an error; ~ is then U+203E.
  const j = createTextDecoder('ISO-2022-JP', { fatal: true });
  assert.equal(j.decode([0x1b, 0x28, 0x4a], { stream: true }), '');
  throws(() => j.decode([0x0e], { stream: true }));
  assert.equal(j.decode([0x7e]), '\u203e');
  assert.equal(j.decode([0x7e]), '~'); // the call before ended the stream
  // An error in a call without stream: the next call sets a new decoder.
  assert.equal(j.decode([0x1b, 0x28, 0x4a], { stream: true }), '');
  throws(() => j.decode([0x0e]));
  assert.equal(j.decode([0x7e]), '~');
  // UTF-8: the bytes after the error stay queued; C3 then 0x41 restores 0x41.
  const u = createTextDecoder('UTF-8', { fatal: true });
  throws(() => u.decode([0xff, 0x41], { stream: true }));
  assert.equal(u.decode([0x42]), 'AB');
  throws(() => u.decode([0xc3, 0x41], { stream: true }));
  assert.equal(u.decode(), 'A');
  // gb18030: 81 30 81 41 restores « 30, 81, 41 »: '0' and the pointer of 81 41 (1: U+4E04 in index-gb18030.txt).
  const g = createTextDecoder('gb18030', { fatal: true });
  assert.equal(g.decode([0x81, 0x30, 0x81], { stream: true }), '');
  throws(() => g.decode([0x41], { stream: true }));
  assert.equal(g.decode(), '0\u4e04');
  // BOM seen: not set by a failing call's output, kept once set.
  const b = createTextDecoder('UTF-8', { fatal: true });
  throws(() => b.decode([0xef, 0xbb, 0xbf, 0xff], { stream: true }));
  assert.equal(b.decode([0xef, 0xbb, 0xbf, 0x41]), 'A');
  assert.equal(b.decode([0x41], { stream: true }), 'A');
  throws(() => b.decode([0xff], { stream: true }));
  assert.equal(b.decode([0xef, 0xbb, 0xbf]), '\ufeff');
  // ignoreBOM keeps every BOM; replacement mode never throws.
  assert.equal(createTextDecoder('UTF-16LE', { ignoreBOM: true }).decode([0xff, 0xfe, 0x41]), '\ufeff\ufffd');
});

// --- Round trips over the indexes ---------------------------------------------------------------

// For each two-byte index: decoding the bytes of every pointer gives the index code point (bytes
// computed with the spec's pointer formulas), and encoding that code point gives bytes that decode
// to the same code point. Where a code point occurs only once in the index, the encoder must give
// back exactly the same bytes unless the spec excludes that pointer from encoding.
function checkIndexRoundTrip(
  name,
  indexName,
  pointerToBytes,
  { notEncodable = () => false, special = new Map(), encodesAs = new Map(), decodeOnly = false } = {},
) {
  const index = readIndex(indexName);
  const occurrences = new Map();
  for (const codePoint of index.values()) occurrences.set(codePoint, (occurrences.get(codePoint) ?? 0) + 1);
  let exact = 0;
  for (const [pointer, codePoint] of index) {
    const bytes = pointerToBytes(pointer);
    if (bytes === null) continue;
    const expected = special.get(pointer) ?? String.fromCodePoint(codePoint);
    const decoded = decode(name, bytes);
    assert.equal(decoded, expected, `${name} pointer ${pointer}`);
    if (special.has(pointer)) continue;
    if (decodeOnly) {
      let encoded = null;
      try {
        encoded = bytesOf(encode(name, decoded));
      } catch (e) {
        assert.ok(e instanceof TypeError);
      }
      if (encoded !== null) assert.equal(decode(name, encoded), decoded, `${name} pointer ${pointer} re-encoded`);
      continue;
    }
    if (encodesAs.has(pointer)) {
      assert.deepEqual(bytesOf(encode(name, decoded)), encodesAs.get(pointer), `${name} pointer ${pointer}`);
      continue;
    }
    if (notEncodable(pointer, codePoint)) {
      if (occurrences.get(codePoint) === 1) assert.throws(() => encode(name, decoded), TypeError, `${name} ${pointer}`);
      continue;
    }
    const encoded = bytesOf(encode(name, decoded));
    assert.equal(decode(name, encoded), decoded, `${name} pointer ${pointer} re-encoded`);
    if (occurrences.get(codePoint) === 1) {
      assert.deepEqual(encoded, bytes, `${name} pointer ${pointer} exact`);
      exact++;
    }
  }
  if (!decodeOnly) assert.ok(exact > 1000, `${name}: ${exact} exact round trips`);
}

test('round trips: gb18030 and GBK two-byte pointers', () => {
  const toBytes = (p) => {
    const trail = p % 190;
    return [Math.floor(p / 190) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x41)];
  };
  checkIndexRoundTrip('gb18030', 'gb18030', toBytes);
  // In GBK, U+20AC (pointer 6432) encodes as 0x80 instead.
  checkIndexRoundTrip('GBK', 'gb18030', toBytes, { encodesAs: new Map([[6432, [0x80]]]) });
});

test('round trips: gb18030 four-byte range starts', () => {
  for (const [pointer, codePoint] of readRanges()) {
    const bytes = [
      Math.floor(pointer / 12600) + 0x81,
      Math.floor((pointer % 12600) / 1260) + 0x30,
      Math.floor((pointer % 1260) / 10) + 0x81,
      (pointer % 10) + 0x30,
    ];
    assert.equal(decode('gb18030', bytes), String.fromCodePoint(codePoint));
    assert.deepEqual(bytesOf(encode('gb18030', String.fromCodePoint(codePoint))), bytes, `pointer ${pointer}`);
  }
});

test('round trips: Big5', () => {
  checkIndexRoundTrip(
    'Big5',
    'big5',
    (p) => {
      const trail = p % 157;
      return [Math.floor(p / 157) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x62)];
    },
    {
      notEncodable: (pointer) => pointer < (0xa1 - 0x81) * 157,
      special: new Map([
        [1133, '\u00CA\u0304'],
        [1135, '\u00CA\u030C'],
        [1164, '\u00EA\u0304'],
        [1166, '\u00EA\u030C'],
      ]),
    },
  );
});

test('round trips: EUC-JP (jis0208 and jis0212), ISO-2022-JP, Shift_JIS', () => {
  checkIndexRoundTrip('EUC-JP', 'jis0208', (p) => (p < 94 * 94 ? [Math.floor(p / 94) + 0xa1, (p % 94) + 0xa1] : null));
  // jis0212 decodes through 0x8F but is never used by the encoder (which may use jis0208).
  checkIndexRoundTrip('EUC-JP', 'jis0212', (p) => [0x8f, Math.floor(p / 94) + 0xa1, (p % 94) + 0xa1], {
    decodeOnly: true,
  });
  checkIndexRoundTrip('ISO-2022-JP', 'jis0208', (p) =>
    p < 94 * 94 ? [0x1b, 0x24, 0x42, Math.floor(p / 94) + 0x21, (p % 94) + 0x21, 0x1b, 0x28, 0x42] : null,
  );
  checkIndexRoundTrip(
    'Shift_JIS',
    'jis0208',
    (p) => {
      const lead = Math.floor(p / 188);
      const trail = p % 188;
      return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
    },
    { notEncodable: (pointer) => pointer >= 8272 && pointer <= 8835 },
  );
});

test('round trips: EUC-KR', () => {
  checkIndexRoundTrip('EUC-KR', 'euc-kr', (p) => [Math.floor(p / 190) + 0x81, (p % 190) + 0x41]);
});

test('round trips: single-byte encodings', () => {
  const singleByte = singleByteEncodings();
  assert.equal(singleByte.length, 28);
  for (const { name, index } of singleByte) checkSingleByte(name, readIndex(index));
});

function checkSingleByte(name, index) {
  for (let byte = 0; byte < 256; byte++) {
    const codePoint = byte < 0x80 ? byte : index.get(byte - 0x80);
    const decoded = decode(name, [byte]);
    if (codePoint === undefined) {
      assert.equal(decoded, FFFD, `${name} ${byte}`);
      continue;
    }
    assert.equal(decoded, String.fromCodePoint(codePoint), `${name} ${byte}`);
    assert.deepEqual(bytesOf(encode(name, decoded)), [byte], `${name} ${byte}`);
  }
}

// --- percent-encode after encoding (the URL Standard) ------------------------------------------

test("percentEncodeAfterEncoding: the URL Standard's examples (with whatwg/url pull request 896)", () => {
  // https://url.spec.whatwg.org/#userinfo-percent-encode-set, written out.
  const userinfo = (c) => c < 0x20 || c > 0x7e || ' "#<>?^`{}/:;=@[\\]|'.includes(String.fromCharCode(c));
  const specialQuery = (c) => c < 0x20 || c > 0x7e || ' "#<>\''.includes(String.fromCharCode(c));
  assert.equal(percentEncodeAfterEncoding('Shift_JIS', ' ', userinfo), '%20');
  assert.equal(percentEncodeAfterEncoding('Shift_JIS', '\u2261', userinfo), '%81%DF');
  assert.equal(percentEncodeAfterEncoding('Shift_JIS', '\u203d', userinfo), '%26%238253%3B');
  assert.equal(percentEncodeAfterEncoding('ISO-2022-JP', '\u00a5', specialQuery), '%1B(J\\%1B(B');
  assert.equal(percentEncodeAfterEncoding('ISO-2022-JP', '\u00a5', userinfo), '%1B(J%5C%1B(B');
  assert.equal(
    percentEncodeAfterEncoding('Shift_JIS', '1+1 \u2261 2%20\u203d', userinfo, true),
    '1+1+%81%DF+2%20%26%238253%3B',
  );
  assert.equal(percentEncodeAfterEncoding('UTF-8', 'Say what\u203d', userinfo), 'Say%20what%E2%80%BD');
  // The encoder lives across errors: ISO-2022-JP stays in Roman after the error for U+20AC.
  assert.equal(percentEncodeAfterEncoding('ISO-2022-JP', '\u00a5\u20aca', userinfo), '%1B(J%5C%26%238364%3Ba%1B(B');
});
