// A slow, literal reference implementation of every decoder and encoder of the WHATWG Encoding
// Standard (https://encoding.spec.whatwg.org/, vendored as cpp/whatwg/ and
// /work/shared/whatwg-encoding/encoding.bs), written straight from the spec's algorithm text.
//
// It is a TEST ORACLE for differential and property tests. It must never be used by the product.
//
// API:
//   getEncoding(label)                      -> encoding name or null ("get an encoding")
//   decode(name, bytes, { fatal })          -> string; TypeError in fatal mode at the first error
//   createDecoder(name, { fatal })          -> { push(bytes) -> string, end() -> string }
//   createTextDecoder(name, { fatal, ignoreBOM }) -> { decode(bytes, { stream }) -> string }, the
//                                              spec's TextDecoder, BOM handling included
//   encode(name, string, { mode })          -> Uint8Array; mode 'fatal' (default) or 'html'
//   ENCODING_NAMES                          -> the 40 encoding names, in the spec's order
//
// Decoding is the raw decoder: no BOM sniffing and no BOM stripping (but for createTextDecoder).
//
// The algorithms live in the files next to this one (one per family), with the I/O queue and
// "process a queue" / "process an item" in queue.mjs and the index lookups in indexes.mjs.

import { readEncodings, singleByteEncodings } from '../../tools/generator/whatwg_data.mjs';
import { END_OF_QUEUE, FINISHED, IOQueue, isError, isSurrogate, processItem, processQueue } from './queue.mjs';
import { Utf8Decoder, Utf8Encoder } from './utf8.mjs';
import { SingleByteDecoder, SingleByteEncoder } from './single-byte.mjs';
import { Gb18030Decoder, Gb18030Encoder, Big5Decoder, Big5Encoder } from './chinese.mjs';
import {
  EucJpDecoder,
  EucJpEncoder,
  Iso2022JpDecoder,
  Iso2022JpEncoder,
  ShiftJisDecoder,
  ShiftJisEncoder,
} from './japanese.mjs';
import { EucKrDecoder, EucKrEncoder } from './korean.mjs';
import { ReplacementDecoder, Utf16Decoder, XUserDefinedDecoder, XUserDefinedEncoder } from './misc.mjs';

const ENCODINGS = readEncodings(); // [{ name, labels, heading }] (encodings.json is small)

export const ENCODING_NAMES = Object.freeze(ENCODINGS.map((e) => e.name));

// Name -> index file name, for the single-byte encodings (ISO-8859-8-I uses iso-8859-8).
const SINGLE_BYTE_INDEX = new Map(singleByteEncodings().map((e) => [e.name, e.index]));

// https://infra.spec.whatwg.org/#ascii-whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR,
// U+0020 SPACE.
const ASCII_WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' ']);

// https://infra.spec.whatwg.org/#ascii-lowercase: only A-Z change (unlike toLowerCase(), which
// would also map e.g. U+212A KELVIN SIGN to "k").
function asciiLowercase(string) {
  return string.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x20));
}

let labelToName = null;

// https://encoding.spec.whatwg.org/#concept-encoding-get
export function getEncoding(label) {
  if (typeof label !== 'string') throw new TypeError('label must be a string');
  if (labelToName === null) {
    labelToName = new Map();
    for (const { name, labels } of ENCODINGS) {
      for (const l of labels) labelToName.set(asciiLowercase(l), name);
    }
  }
  // 1. Remove any leading and trailing ASCII whitespace from label.
  let start = 0;
  let end = label.length;
  while (start < end && ASCII_WHITESPACE.has(label[start])) start++;
  while (end > start && ASCII_WHITESPACE.has(label[end - 1])) end--;
  const stripped = label.slice(start, end);
  // 2. If label is an ASCII case-insensitive match for any of the labels, then return the
  //    corresponding encoding; otherwise return failure (null here).
  return labelToName.get(asciiLowercase(stripped)) ?? null;
}

function checkName(name) {
  if (!ENCODING_NAMES.includes(name)) {
    throw new RangeError(`reference: unknown encoding name ${JSON.stringify(name)} (use getEncoding() for labels)`);
  }
}

// A new instance of the encoding's decoder (its variables are the spec's: test/js/errors.test.js reads
// how many bytes it holds).
export function newDecoder(name) {
  checkName(name);
  if (name === 'UTF-8') return new Utf8Decoder();
  if (SINGLE_BYTE_INDEX.has(name)) return new SingleByteDecoder(SINGLE_BYTE_INDEX.get(name));
  switch (name) {
    case 'GBK': // https://encoding.spec.whatwg.org/#gbk-decoder
    case 'gb18030':
      return new Gb18030Decoder();
    case 'Big5':
      return new Big5Decoder();
    case 'EUC-JP':
      return new EucJpDecoder();
    case 'ISO-2022-JP':
      return new Iso2022JpDecoder();
    case 'Shift_JIS':
      return new ShiftJisDecoder();
    case 'EUC-KR':
      return new EucKrDecoder();
    case 'replacement':
      return new ReplacementDecoder();
    case 'UTF-16BE':
      return new Utf16Decoder({ isUTF16BE: true });
    case 'UTF-16LE':
      return new Utf16Decoder({ isUTF16BE: false });
    case 'x-user-defined':
      return new XUserDefinedDecoder();
    default:
      throw new Error(`reference: no decoder for ${name}`);
  }
}

// https://encoding.spec.whatwg.org/#get-an-encoder
function getAnEncoder(name) {
  checkName(name);
  // 1. Assert: encoding is not replacement or UTF-16BE/LE.
  if (name === 'replacement' || name === 'UTF-16BE' || name === 'UTF-16LE') {
    throw new RangeError(`reference: ${name} has no encoder`);
  }
  // 2. Return an instance of encoding's encoder.
  if (name === 'UTF-8') return new Utf8Encoder();
  if (SINGLE_BYTE_INDEX.has(name)) return new SingleByteEncoder(SINGLE_BYTE_INDEX.get(name));
  switch (name) {
    case 'GBK': // https://encoding.spec.whatwg.org/#gbk-encoder
      return new Gb18030Encoder({ isGBK: true });
    case 'gb18030':
      return new Gb18030Encoder({ isGBK: false });
    case 'Big5':
      return new Big5Encoder();
    case 'EUC-JP':
      return new EucJpEncoder();
    case 'ISO-2022-JP':
      return new Iso2022JpEncoder();
    case 'Shift_JIS':
      return new ShiftJisEncoder();
    case 'EUC-KR':
      return new EucKrEncoder();
    case 'x-user-defined':
      return new XUserDefinedEncoder();
    default:
      throw new Error(`reference: no encoder for ${name}`);
  }
}

function toByteList(bytes) {
  if (!(bytes instanceof Uint8Array) && !Array.isArray(bytes)) {
    throw new TypeError('reference: bytes must be an array or a Uint8Array');
  }
  const list = [...bytes];
  for (const b of list) {
    if (!Number.isInteger(b) || b < 0 || b > 0xff) throw new TypeError(`reference: not a byte: ${b}`);
  }
  return list;
}

function codePointsToString(codePoints) {
  let s = '';
  for (const c of codePoints) s += String.fromCodePoint(c);
  return s;
}

// A JavaScript string as a list of scalar values: each lone surrogate becomes U+FFFD (as the
// USVString conversion of Web IDL does).
function toScalarValues(string) {
  const result = [];
  for (const ch of string) {
    const c = ch.codePointAt(0);
    result.push(isSurrogate(c) ? 0xfffd : c);
  }
  return result;
}

function decodeError(name) {
  return new TypeError(`reference: the encoded data is not valid ${name}`);
}

// Runs the encoding's decoder over the whole input followed by end-of-queue ("process a queue"
// with an immediate I/O queue), in "replacement" or "fatal" mode.
export function decode(name, bytes, { fatal = false } = {}) {
  const decoder = newDecoder(name);
  const input = IOQueue.from(toByteList(bytes));
  const output = new IOQueue(); // « »
  const result = processQueue(decoder, input, output, fatal ? 'fatal' : 'replacement');
  if (isError(result)) throw decodeError(name);
  // result is finished, so output ends with end-of-queue.
  return codePointsToString(output.drain());
}

// The spec's TextDecoder (https://encoding.spec.whatwg.org/#interface-textdecoder) over the
// reference decoders: createTextDecoder(name, { fatal, ignoreBOM }).decode(bytes, { stream }), with
// "serialize I/O queue"'s BOM handling. A TypeError thrown in a call with { stream: true } leaves do
// not flush true, so the decoder, its state, the rest of its I/O queue (the bytes an error restored
// and those after it) and BOM seen (which only "serialize I/O queue" sets) carry on into the next call.
export function createTextDecoder(name, { fatal = false, ignoreBOM = false } = {}) {
  checkName(name);
  const mode = fatal ? 'fatal' : 'replacement';
  let decoder = null;
  let ioQueue = null;
  let bomSeen = false;
  let doNotFlush = false;

  // https://encoding.spec.whatwg.org/#concept-td-serialize
  function serialize(output) {
    let s = '';
    for (const item of output.drain()) {
      if ((name === 'UTF-8' || name === 'UTF-16BE' || name === 'UTF-16LE') && !ignoreBOM && !bomSeen) {
        bomSeen = true;
        if (item === 0xfeff) continue;
      }
      s += String.fromCodePoint(item);
    }
    return s;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder-decode
  function decode(input = undefined, { stream = false } = {}) {
    // 1. If do not flush is false, then set decoder to a new instance of the encoding's decoder,
    //    the I/O queue to « end-of-queue », and BOM seen to false.
    if (!doNotFlush) {
      decoder = newDecoder(name);
      ioQueue = new IOQueue([END_OF_QUEUE]);
      bomSeen = false;
    }
    // 2. Set do not flush to options["stream"].
    doNotFlush = stream;
    // 3. If input is given, then push a copy of input to the I/O queue (before its end-of-queue).
    if (input !== undefined) ioQueue.pushAll(toByteList(input));
    // 4. Let output be the I/O queue of scalar values « end-of-queue ».
    const output = new IOQueue([END_OF_QUEUE]);
    // 5. While true:
    while (true) {
      // 5.1. Let item be the result of reading from the I/O queue.
      const item = ioQueue.read();
      // 5.2. If item is end-of-queue and do not flush is true, then return output (serialized).
      if (item === END_OF_QUEUE && doNotFlush) return serialize(output);
      // 5.3.1. Let result be the result of processing an item with item, decoder, the I/O queue,
      //        output, and the error mode.
      const result = processItem(item, decoder, ioQueue, output, mode);
      // 5.3.2. If result is finished, then return output (serialized).
      if (result === FINISHED) return serialize(output);
      // 5.3.3. Otherwise, if result is error, throw a TypeError.
      if (isError(result)) throw decodeError(name);
    }
  }

  return { decode };
}

// A streaming decoder without BOM handling (TextDecoder with ignoreBOM): push(bytes) is
// decode(bytes, { stream: true }) and end() is decode() without input. Like TextDecoder, a call
// after end() starts over with a new decoder instance, and a call after one that threw carries on
// as createTextDecoder() says.
export function createDecoder(name, { fatal = false } = {}) {
  const d = createTextDecoder(name, { fatal, ignoreBOM: true });
  return {
    push: (bytes) => d.decode(bytes, { stream: true }),
    end: () => d.decode(),
  };
}

// https://encoding.spec.whatwg.org/#encode (with the error mode as a parameter, so that it also
// covers "encode or fail": https://encoding.spec.whatwg.org/#encode-or-fail)
export function encode(name, string, { mode = 'fatal' } = {}) {
  if (typeof string !== 'string') throw new TypeError('reference: string must be a string');
  if (mode !== 'fatal' && mode !== 'html') throw new RangeError(`reference: unknown mode ${mode}`);
  // 1. Let encoder be the result of getting an encoder from encoding.
  const encoder = getAnEncoder(name);
  // 2. Process a queue with encoder, ioQueue, output, and the error mode.
  const input = IOQueue.from(toScalarValues(string));
  const output = new IOQueue(); // « »
  const result = processQueue(encoder, input, output, mode);
  if (isError(result)) {
    const hex = result.codePoint.toString(16).toUpperCase().padStart(4, '0');
    const error = new TypeError(`reference: U+${hex} cannot be encoded in ${name}`);
    error.codePoint = result.codePoint;
    throw error;
  }
  // 3. Return output (result is finished, so output ends with end-of-queue).
  return Uint8Array.from(output.drain());
}

// https://encoding.spec.whatwg.org/#encode-or-fail
function encodeOrFail(ioQueue, encoder, output) {
  // 1. Let potentialError be the result of processing a queue with encoder, ioQueue, output, and
  //    "fatal".
  const potentialError = processQueue(encoder, ioQueue, output, 'fatal');
  // 2. Push end-of-queue to output.
  output.push(END_OF_QUEUE);
  // 3. If potentialError is an error, then return error's code point's value.
  if (isError(potentialError)) return potentialError.codePoint;
  // 4. Return null.
  return null;
}

// https://url.spec.whatwg.org/#string-percent-encode-after-encoding (the URL Standard), for the tests
// of encoding-wasm/url. `inSet(codePoint)` says whether a code point is in the percent-encode set.
export function percentEncodeAfterEncoding(name, string, inSet, spaceAsPlus = false) {
  // 1. Let encoder be the result of getting an encoder from encoding.
  const encoder = getAnEncoder(name);
  // 2. Let inputQueue be input converted to an I/O queue.
  const inputQueue = IOQueue.from(toScalarValues(string));
  // 3. Let output be the empty string.
  let output = '';
  // 4. Let potentialError be 0.
  let potentialError = 0;
  // 5. While potentialError is non-null:
  while (potentialError !== null) {
    // 5.1. Let encodeOutput be an empty I/O queue.
    const encodeOutput = new IOQueue();
    // 5.2. Set potentialError to the result of running encode or fail with inputQueue, encoder, and
    //      encodeOutput.
    potentialError = encodeOrFail(inputQueue, encoder, encodeOutput);
    // 5.3. For each byte of encodeOutput converted to a byte sequence:
    for (const byte of encodeOutput.drain()) {
      // 5.3.1. If spaceAsPlus is true and byte is 0x20 (SP), then append U+002B (+) to output and
      //        continue.
      if (spaceAsPlus && byte === 0x20) {
        output += '+';
        continue;
      }
      // 5.3.2. Let isomorph be a code point whose value is byte's value.
      const isomorph = byte;
      // 5.3.3. Assert: percentEncodeSet includes all non-ASCII code points.
      if (!inSet(0x80) || !inSet(0xff)) throw new Error('reference: the set must include all non-ASCII code points');
      // 5.3.4. If isomorph is not in percentEncodeSet, then append isomorph to output.
      // 5.3.5. Otherwise, percent-encode byte and append the result to output.
      output += inSet(isomorph)
        ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCodePoint(isomorph);
    }
    // 5.4. If potentialError is non-null, then append "%26%23", followed by the shortest sequence of
    //      ASCII digits representing potentialError in base ten, followed by "%3B", to output.
    if (potentialError !== null) output += `%26%23${potentialError}%3B`;
  }
  // 6. Return output.
  return output;
}
