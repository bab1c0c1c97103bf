// encoding-wasm/errors and the positions in fatal errors' messages (docs/api.md "encoding-wasm/errors").
//
// The expected errors come from the reference implementation (test/reference: the spec's decoders
// and encoders written out step by step), run over an I/O queue whose read position gives each byte's
// offset: a byte the handler restores goes back where it was read, so after each handler call the
// queue's position says which bytes were consumed for good. An error's bytes start at the first byte
// the decoder held before the call (its variables say how many: a leading byte, the bytes of a UTF-8
// sequence, ...) and end where the queue stands after the call, less the bytes the decoder holds
// then (ISO-2022-JP's 0x1B after a leading byte begins an escape sequence). Nothing here reads our
// own output to make an expectation.
import { describe, expect, it } from 'vitest';
import {
  decodeReportingErrors,
  encodeReportingErrors,
  ErrorReportingDecoder,
  ErrorReportingEncoder,
} from '../../js/errors.js';
import { Encoder } from 'encoding-wasm/encoder';
import { encode, TextDecoder } from 'encoding-wasm';
import { Gb18030Decoder } from '../reference/chinese.mjs';
import { EucJpDecoder, Iso2022JpDecoder } from '../reference/japanese.mjs';
import { Utf16Decoder } from '../reference/misc.mjs';
import { END_OF_QUEUE, FINISHED, IOQueue, isError } from '../reference/queue.mjs';
import { newDecoder, encode as referenceEncode } from '../reference/reference.mjs';
import { Utf8Decoder } from '../reference/utf8.mjs';
import { Failures, prng, splitAt } from './helpers.js';

// How many bytes the reference decoder `d` holds in its variables (the spec's names).
const held = (d) => {
  if (d instanceof Utf8Decoder) return d.bytesNeeded ? d.bytesSeen + 1 : 0;
  if (d instanceof Utf16Decoder) return (d.leadingByte !== null) + (d.leadingSurrogate !== null ? 2 : 0);
  if (d instanceof Gb18030Decoder) return (d.first !== 0) + (d.second !== 0) + (d.third !== 0);
  if (d instanceof EucJpDecoder) return d.leading ? 1 + d.jis0212 : 0;
  if (d instanceof Iso2022JpDecoder) {
    return { 'trailing byte': 1, 'escape start': 1, escape: 2 }[d.state] ?? 0;
  }
  if ('leading' in d) return d.leading ? 1 : 0;
  return 0;
};

// The reference's errors for `bytes` decoded from the start of a stream: [{ offset, length }].
// With `found`, the byte at which each error was found instead: the offset of the byte whose
// handler returned it, or the input's length for end-of-queue (what a fatal decoder's message says).
function referenceErrors(name, bytes, found = false) {
  const d = newDecoder(name);
  const queue = IOQueue.from(bytes);
  const errors = [];
  for (;;) {
    const item = queue.read();
    const at = item === END_OF_QUEUE ? bytes.length : queue.head - 1;
    const before = held(d);
    const result = d.handler(queue, item);
    if (isError(result)) {
      const start = at - before;
      errors.push(found ? at : { offset: start, length: queue.head - held(d) - start });
    }
    if (result === FINISHED) return errors;
  }
}

// The bytes each decoder's errors come from, to draw random inputs from: every kind of byte its
// algorithm tells apart (ASCII, leading and trailing ranges, bytes outside them, escapes).
const ALPHABETS = {
  'UTF-8': [
    0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf1,
    0xf4, 0xf5, 0xff,
  ],
  'UTF-16LE': [0x00, 0x41, 0xd8, 0xdb, 0xdc, 0xdf, 0xfe, 0xff],
  'UTF-16BE': [0x00, 0x41, 0xd8, 0xdb, 0xdc, 0xdf, 0xfe, 0xff],
  gb18030: [0x30, 0x39, 0x41, 0x7f, 0x80, 0x81, 0x84, 0x8f, 0xa1, 0xe3, 0xfe, 0xff, 0x31, 0x40],
  GBK: [0x30, 0x39, 0x41, 0x80, 0x81, 0x84, 0xa1, 0xfe, 0xff],
  Big5: [0x41, 0x40, 0x7e, 0x80, 0x81, 0x87, 0x88, 0xa1, 0xa4, 0xc6, 0xfe, 0xff, 0x62],
  'EUC-JP': [0x41, 0x80, 0x8e, 0x8f, 0xa1, 0xb0, 0xdf, 0xe0, 0xfe, 0xff, 0xa0],
  'ISO-2022-JP': [0x1b, 0x24, 0x28, 0x40, 0x42, 0x49, 0x4a, 0x0e, 0x0f, 0x21, 0x30, 0x5f, 0x7e, 0x80, 0x41, 0x0a],
  Shift_JIS: [0x41, 0x40, 0x7f, 0x80, 0x81, 0x9f, 0xa0, 0xa1, 0xe0, 0xef, 0xf0, 0xfc, 0xfd, 0xff],
  'EUC-KR': [0x41, 0x52, 0x80, 0x81, 0xa1, 0xc6, 0xc7, 0xfe, 0xff],
  'windows-1253': [0x41, 0x80, 0x81, 0xaa, 0xd2, 0xff],
  'ISO-8859-8': [0x41, 0xa1, 0xbf, 0xdf, 0xfb, 0xff],
  'x-user-defined': [0x41, 0x80, 0xff],
};

const PAD = 'abcdefghijklmnopqrstuvwxyz012345';
const isUtf16 = (name) => name.startsWith('UTF-16');
// `count` ASCII characters as bytes of `name` (two per character in UTF-16).
const padding = (name, count) => {
  const out = [];
  for (const c of PAD.slice(0, count)) {
    const b = c.charCodeAt(0);
    if (name === 'UTF-16LE') out.push(b, 0);
    else if (name === 'UTF-16BE') out.push(0, b);
    else out.push(b);
  }
  return out;
};

const show = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

// Decodes `chunks` through one ErrorReportingDecoder: the text and errors of all calls.
function reportChunks(decoder, chunks) {
  let text = '';
  const errors = [];
  chunks.forEach((chunk, i) => {
    const r = decoder.decode(chunk, { stream: i < chunks.length - 1 });
    text += r.text;
    errors.push(...r.errors);
  });
  return { text, errors };
}

// The byte a fatal TextDecoder's message says it found the error at, null if it did not throw, or
// the message if it says no byte.
function fatalPosition(name, chunks) {
  const d = new TextDecoder(name, { fatal: true });
  try {
    chunks.forEach((chunk, i) => d.decode(chunk, { stream: i < chunks.length - 1 }));
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    const m = /\(the error was found at byte (\d+)\)\.$/.exec(error.message);
    return m ? Number(m[1]) : error.message;
  }
}

describe.each(Object.keys(ALPHABETS))('%s decoder errors', (name) => {
  const alphabet = ALPHABETS[name];
  const rand = prng(name.length * 7919 + name.charCodeAt(0));
  const inputs = [];
  for (let n = 0; n < 400; n++) {
    const length = 1 + Math.floor(rand() * 7);
    inputs.push(Uint8Array.from({ length }, () => alphabet[Math.floor(rand() * alphabet.length)]));
  }
  // Every byte alone, and every pair of the alphabet.
  for (const a of alphabet) {
    inputs.push(Uint8Array.of(a));
    for (const b of alphabet) inputs.push(Uint8Array.of(a, b));
  }

  it('every error of random inputs, whole and split at every position, after 0..31 characters of padding', () => {
    const failures = new Failures();
    const decoder = new ErrorReportingDecoder(name, { ignoreBOM: true });
    inputs.forEach((input, n) => {
      const pads = isUtf16(name) ? [0, 1, 3] : n % 8 === 0 ? [0, 1, 2, 3, 7, 15, 16, 31] : [n % 32];
      for (const p of pads) {
        const bytes = Uint8Array.from([...padding(name, p), ...input]);
        const want = referenceErrors(name, bytes);
        const whole = decoder.decode(bytes);
        if (JSON.stringify(whole.errors) !== JSON.stringify(want)) {
          failures.add(`${show(bytes)} whole: ${JSON.stringify(whole.errors)}, want ${JSON.stringify(want)}`);
          continue;
        }
        for (let i = 0; i <= bytes.length; i++) {
          const got = reportChunks(decoder, splitAt(bytes, [i]));
          if (JSON.stringify(got.errors) !== JSON.stringify(want)) {
            failures.add(`${show(bytes)} split at ${i}: ${JSON.stringify(got.errors)}, want ${JSON.stringify(want)}`);
          }
        }
        // Byte by byte.
        const bytewise = reportChunks(
          decoder,
          Array.from(bytes, (b) => Uint8Array.of(b)),
        );
        if (JSON.stringify(bytewise.errors) !== JSON.stringify(want)) {
          failures.add(`${show(bytes)} byte by byte: ${JSON.stringify(bytewise.errors)}`);
        }
        // A fatal TextDecoder says where it found the first error, whole, split, and byte by byte,
        // also where it hands the bytes to the host's decoder (native.js, host_tail.js).
        const found = referenceErrors(name, bytes, true);
        const half = bytes.length >> 1;
        const bytes1 = Array.from(bytes, (b) => Uint8Array.of(b));
        for (const chunks of [[bytes], splitAt(bytes, [half]), bytes1]) {
          const first = found.length ? found[0] : null;
          const got = fatalPosition(name, chunks);
          if (JSON.stringify(got) !== JSON.stringify(first)) {
            failures.add(
              `${show(bytes)} fatal in ${chunks.length}: ${JSON.stringify(got)}, want ${JSON.stringify(first)}`,
            );
          }
        }
      }
    });
    failures.check(expect);
  });

  it('more errors than one call of the core records (128), in one call and streamed', () => {
    // Every third byte (UTF-16: every other code unit, a lone trailing surrogate) is an error, but
    // in x-user-defined, which has none.
    const bytes = new Uint8Array(1000).fill(0x41);
    if (isUtf16(name)) {
      for (let i = 0; i < 1000; i += 4)
        bytes.set(name === 'UTF-16LE' ? [0x41, 0, 0x00, 0xdc] : [0, 0x41, 0xdc, 0x00], i);
    } else {
      for (let i = 3; i < 1000; i += 3) bytes[i] = name === 'ISO-2022-JP' ? 0x0e : 0xff;
    }
    const want = referenceErrors(name, bytes);
    expect(decodeReportingErrors(bytes, name, { ignoreBOM: true }).errors).toEqual(want);
    const d = new ErrorReportingDecoder(name);
    expect(reportChunks(d, [bytes.subarray(0, 500), bytes.subarray(500)]).errors).toEqual(want);
  });
});

describe('ErrorReportingDecoder', () => {
  it('counts the BOM in the offsets, and the text is what TextDecoder gives', () => {
    const bytes = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62);
    const r = decodeReportingErrors(bytes);
    expect(r).toEqual({ text: new TextDecoder().decode(bytes), errors: [{ offset: 4, length: 1 }] });
  });

  it('offsets count from the start of the stream, and a call without stream starts a new one', () => {
    const d = new ErrorReportingDecoder('shift_jis');
    expect(d.decode(Uint8Array.of(0x61, 0x62), { stream: true })).toEqual({ text: 'ab', errors: [] });
    expect(d.decode(Uint8Array.of(0x81), { stream: true })).toEqual({ text: '', errors: [] });
    expect(d.decode(Uint8Array.of(0x20, 0x80))).toEqual({ text: '\ufffd \x80', errors: [{ offset: 2, length: 1 }] });
    expect(d.decode(Uint8Array.of(0xff))).toEqual({ text: '\ufffd', errors: [{ offset: 0, length: 1 }] });
  });

  it('answers bad input with typed errors and keeps working', () => {
    expect(() => new ErrorReportingDecoder('no such label')).toThrow(RangeError);
    expect(() => new ErrorReportingDecoder('replacement')).toThrow(RangeError);
    expect(() => decodeReportingErrors('not bytes')).toThrow(TypeError);
    expect(() => decodeReportingErrors(new Uint8Array(1), 'bogus')).toThrow(RangeError);
    expect(() => new ErrorReportingDecoder().decode(42)).toThrow(TypeError);
    expect(() => ErrorReportingDecoder.prototype.decode.call({}, new Uint8Array(1))).toThrow(TypeError);
    const buffer = new ArrayBuffer(4);
    const detached = new Uint8Array(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    expect(decodeReportingErrors(detached)).toEqual({ text: '', errors: [] });
    if (typeof ArrayBuffer.prototype.resize === 'function') {
      const resizable = new ArrayBuffer(2, { maxByteLength: 8 });
      const view = new Uint8Array(resizable);
      view.set([0x61, 0xc3]);
      resizable.resize(3);
      expect(decodeReportingErrors(view)).toEqual({ text: 'a\ufffd\0', errors: [{ offset: 1, length: 1 }] });
    }
    expect(decodeReportingErrors(Uint8Array.of(0x61, 0x80))).toEqual({
      text: 'a\ufffd',
      errors: [{ offset: 1, length: 1 }],
    });
  });
});

// The encoders' errors: each scalar value of the input (a lone surrogate is U+FFFD) that the
// reference encoder cannot encode on its own (which of them ISO-2022-JP can encode does not depend
// on its state: its state switches come before the error).
function referenceEncodeErrors(name, text) {
  const errors = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i);
    const units = cp > 0xffff ? 2 : 1;
    const scalar = cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp;
    try {
      referenceEncode(name, String.fromCodePoint(scalar));
    } catch (error) {
      // (ISO-2022-JP reports U+000E, U+000F and U+001B as U+FFFD.)
      errors.push({ index: i, codePoint: error.codePoint });
    }
    i += units;
  }
  return errors;
}

const ENCODE_ALPHABET = [
  'a',
  '\u00e9',
  '\u20ac',
  '\u4e00',
  '\u3042',
  '\uac00',
  '\u0416',
  '\u00a5',
  '\u203e',
  '\ufffd',
  '\ud83d\ude00',
  '\ud800',
  '\udc00',
  '\u000e',
  '\u001b',
  '\ue5e5',
  '\uff61',
  '\u2212',
];
const ENCODERS = [
  'UTF-8',
  'windows-1252',
  'windows-1251',
  'ISO-8859-2',
  'x-user-defined',
  'gb18030',
  'GBK',
  'Big5',
  'EUC-JP',
  'ISO-2022-JP',
  'Shift_JIS',
  'EUC-KR',
];

describe.each(ENCODERS)('%s encoder errors', (name) => {
  it('every unencodable code point of random strings, whole and split at every position', () => {
    const failures = new Failures();
    const rand = prng(name.length * 31 + 5);
    const encoder = new ErrorReportingEncoder(name);
    for (let n = 0; n < 200; n++) {
      let text = '';
      for (let k = 1 + Math.floor(rand() * 10); k > 0; k--)
        text += ENCODE_ALPHABET[Math.floor(rand() * ENCODE_ALPHABET.length)];
      const want = referenceEncodeErrors(name, text);
      const bytes = referenceEncode(name, text, { mode: 'html' });
      const whole = encodeReportingErrors(text, name);
      if (JSON.stringify(whole.errors) !== JSON.stringify(want)) {
        failures.add(`${JSON.stringify(text)} whole: ${JSON.stringify(whole.errors)}, want ${JSON.stringify(want)}`);
      }
      expect(Array.from(whole.bytes)).toEqual(Array.from(bytes));
      for (let i = 0; i <= text.length; i++) {
        const a = encoder.encode(text.slice(0, i), { stream: true });
        const b = encoder.encode(text.slice(i));
        const errors = [...a.errors, ...b.errors];
        if (JSON.stringify(errors) !== JSON.stringify(want)) {
          failures.add(
            `${JSON.stringify(text)} split at ${i}: ${JSON.stringify(errors)}, want ${JSON.stringify(want)}`,
          );
        }
      }
      // Fatal: the first one's index and code point, whole and streamed.
      const message = (f) => {
        try {
          f();
          return null;
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          return error.message;
        }
      };
      const first = want[0];
      const hex = first && first.codePoint.toString(16).toUpperCase().padStart(4, '0');
      const expected = first ? `U+${hex} at index ${first.index} ` : null;
      const got = message(() => encode(text, name));
      if (first ? !got?.includes(expected) : got !== null) failures.add(`${JSON.stringify(text)} encode(): ${got}`);
      const cut = text.length >> 1;
      const streamed = message(() => {
        const e = new Encoder(name);
        e.encode(text.slice(0, cut), { stream: true });
        e.encode(text.slice(cut));
      });
      if (first ? !streamed?.includes(expected) : streamed !== null) {
        failures.add(`${JSON.stringify(text)} Encoder in two: ${streamed}`);
      }
    }
    failures.check(expect);
  });
});

describe('ErrorReportingEncoder', () => {
  it('more errors than one call of the core records (128)', () => {
    const text = 'a\u4e00'.repeat(300);
    const want = Array.from({ length: 300 }, (_, k) => ({ index: 2 * k + 1, codePoint: 0x4e00 }));
    expect(encodeReportingErrors(text, 'windows-1252').errors).toEqual(want);
  });

  it('answers bad input with typed errors and keeps working', () => {
    expect(() => new ErrorReportingEncoder('utf-16le')).toThrow(RangeError);
    expect(() => new ErrorReportingEncoder('replacement')).toThrow(RangeError);
    expect(() => new ErrorReportingEncoder('bogus')).toThrow(RangeError);
    expect(() => encodeReportingErrors('a', 'utf-16be')).toThrow(RangeError);
    expect(() =>
      encodeReportingErrors({
        toString: () => {
          throw new TypeError('x');
        },
      }),
    ).toThrow(TypeError);
    expect(() => ErrorReportingEncoder.prototype.encode.call({}, 'a')).toThrow(TypeError);
    expect(encodeReportingErrors('\ud800', 'windows-1252')).toEqual({
      bytes: Uint8Array.from('&#65533;', (c) => c.charCodeAt(0)),
      errors: [{ index: 0, codePoint: 0xfffd }],
    });
    const e = new ErrorReportingEncoder('shift_jis');
    expect(e.encode('a\ud83d', { stream: true }).errors).toEqual([]);
    expect(e.encode('\ude00').errors).toEqual([{ index: 1, codePoint: 0x1f600 }]);
  });
});
