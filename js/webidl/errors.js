// encoding-wasm/errors: non-standard. Where the errors are: decode with replacement while collecting
// every error's malformed bytes (offset and length in the stream), and encode in the html error mode
// while collecting every unencodable code point (its UTF-16 index in the stream and its value). The
// core records them as it meets them (cpp/decode_driver.h, cpp/encode_driver.h: the error log of the
// scratch area), in the same pass that decodes or encodes, in the modules every entry loads
// (docs/design.md section 16): run_decoder.js and run_encoder.js ask for the log when the record
// they run has an `errors` array.
// https://encoding.spec.whatwg.org/#decode-and-encode (the decoders' and encoders' error results)
import { instanceFor } from '../wasm/core.js';
import { encoderId } from './encode.js';
import { encodeChunkLogged, newEncoderRecord } from './encode_chunk.js';
import * as MESSAGES from './messages.js';
import { DecoderCommon } from '../wasm/with_wasm_layer.js';
import { Uint8Array } from '../wasm/intrinsics.js';
import { defineInterface, toBytes, toDictionary, toDOMString, toStreamOption } from './webidl.js';

const EMPTY = new Uint8Array(0);

let isDecoder;
let isEncoder;

// A TextDecoder in the replacement error mode whose decode() also says where each U+FFFD came from:
// { text, errors }, errors being [{ offset, length }] in stream order, `offset` counted in bytes from
// the start of the stream (the first byte after the last call without { stream: true }), `length`
// the malformed bytes the decoder consumed for that error (docs/api.md "encoding-wasm/errors").
export class ErrorReportingDecoder {
  #common;
  #doNotFlush = false;

  static {
    isDecoder = (value) => value !== null && typeof value === 'object' && #common in value;
  }

  // new ErrorReportingDecoder(label = 'utf-8', { ignoreBOM }): a RangeError for an unknown label or
  // replacement, as for TextDecoder.
  constructor(label = 'utf-8', options = undefined) {
    const dict = toDictionary(options, 'options');
    const common = new DecoderCommon(
      label,
      { __proto__: null, ignoreBOM: dict ? !!dict.ignoreBOM : false },
      new.target,
    );
    // Always our own decoder (a host decoder does not say where its errors are).
    common.Host = null;
    this.#common = common;
  }

  get encoding() {
    return decoderBrand(this).#common.encoding;
  }

  get ignoreBOM() {
    return decoderBrand(this).#common.ignoreBOM;
  }

  decode(input = undefined, options = undefined) {
    decoderBrand(this);
    let bytes = input === undefined ? EMPTY : toBytes(input);
    const stream = toStreamOption(options);
    // As TextDecoder's decode(): a getter of `stream` may have resized or detached the buffer.
    if (options != null && input !== undefined) bytes = toBytes(input);
    const common = this.#common;
    if (!this.#doNotFlush) common.reset();
    this.#doNotFlush = stream;
    // Offsets in the stream: the chunk starts at the stream's byte `position`.
    const position = common.position;
    const found = [];
    common.errors = found;
    let text;
    try {
      text = common.decodeChunk(bytes, !stream);
    } catch (error) {
      this.#doNotFlush = false;
      throw error;
    } finally {
      common.errors = null;
    }
    const errors = [];
    for (let k = 0; k < found.length; k += 2)
      errors[errors.length] = { offset: position + found[k], length: found[k + 1] - found[k] };
    return { text, errors };
  }
}

// new ErrorReportingDecoder(label, options).decode(input): the whole input at once.
export function decodeReportingErrors(input, label = 'utf-8', options = undefined) {
  const bytes = toBytes(input);
  return new ErrorReportingDecoder(label, options).decode(bytes);
}

// An Encoder (encoding-wasm/encoder) in the html error mode whose encode() also says which code
// points it wrote as "&#N;": { bytes, errors }, errors being [{ index, codePoint }] in stream order,
// `index` the UTF-16 index of the code point in the stream (the code units of every chunk since the
// last call without { stream: true }).
export class ErrorReportingEncoder {
  #s;

  static {
    isEncoder = (value) => value !== null && typeof value === 'object' && #s in value;
  }

  // new ErrorReportingEncoder(label = 'utf-8'): a RangeError for an unknown label and for
  // replacement, UTF-16BE and UTF-16LE, which have no encoder.
  constructor(label = 'utf-8') {
    const id = encoderId(toDOMString(label));
    // The table family loads now (or its error is thrown now), as for Encoder.
    instanceFor(id);
    this.#s = newEncoderRecord(id, true);
  }

  get encoding() {
    return encoderBrand(this).#s.name;
  }

  encode(input = '', options = undefined) {
    encoderBrand(this);
    const text = toDOMString(input);
    const stream = toStreamOption(options);
    const s = this.#s;
    // Indices in the stream: the chunk (a leading surrogate kept from the last one, then `text`)
    // starts at the stream's code unit `position`.
    const position = s.position;
    const { bytes, found } = encodeChunkLogged(s, text, stream);
    const errors = [];
    for (let k = 0; k < found.length; k += 3)
      errors[errors.length] = { index: position + found[k], codePoint: found[k + 1] };
    return { bytes, errors };
  }
}

// new ErrorReportingEncoder(label).encode(input): the whole input at once.
export function encodeReportingErrors(input, label = 'utf-8') {
  const text = toDOMString(input);
  return new ErrorReportingEncoder(label).encode(text);
}

function decoderBrand(value) {
  if (!isDecoder(value)) throw new TypeError(MESSAGES.illegalInvocation('ErrorReportingDecoder'));
  return value;
}

function encoderBrand(value) {
  if (!isEncoder(value)) throw new TypeError(MESSAGES.illegalInvocation('ErrorReportingEncoder'));
  return value;
}

defineInterface(ErrorReportingDecoder, 'ErrorReportingDecoder', ['encoding', 'ignoreBOM', 'decode']);
defineInterface(ErrorReportingEncoder, 'ErrorReportingEncoder', ['encoding', 'encode']);
