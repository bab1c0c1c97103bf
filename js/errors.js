// encoding-wasm/errors: non-standard. Where the errors are: decode with replacement while collecting
// every error's malformed bytes (offset and length in the stream), and encode in the html error mode
// while collecting every unencodable code point (its UTF-16 index in the stream and its value). The
// core records them as it meets them (cpp/decode_driver.h, cpp/encode_driver.h: the error log of the
// scratch area), in the same pass that decodes or encodes. Only modules built with the log record
// them: variants of the core and of the table modules that only this entry loads
// (dist/encoding-errors.wasm, and dist/tables/all-errors.wasm in browsers and bundlers, else
// dist/tables/<family>-errors.wasm: '#errors-core'), so the TextDecoder path carries none of it
// (docs/design.md section 16).
// https://encoding.spec.whatwg.org/#decode-and-encode (the decoders' and encoders' error results)
import { coreModule, familyModule } from '#errors-core';
import { encoderId } from './encode.js';
import { encodeChunk, newEncoderRecord } from './encoder.js';
import {
  ENCODE_RECORD_ERRORS,
  RECORD_ERRORS,
  SCRATCH_ERROR_LOG,
  SCRATCH_ERRORS,
  SCRATCH_READ,
} from './generated/abi.js';
import { DECODER_PART, ENCODING_FAMILY, FAMILIES } from './generated/encodings.js';
import { addFamily, addPart, instanceOfModule, WasmInstance } from './instance.js';
import { Uint8Array } from './intrinsics.js';
import * as MESSAGES from './messages.js';
import { DecoderCommon } from './text_decoder.js';
import { defineInterface, toBytes, toDictionary, toDOMString, toStreamOption } from './webidl.js';

const EMPTY = new Uint8Array(0);

// A module instance whose decode and encode calls record their errors (run_decoder.js and
// run_encoder.js call it as any other): each call asks the core for its error log, and each record
// goes to `add(first, second, at)`, `at` being where the call's input starts in the chunk that
// begin() announced (the input that the calls since then consumed).
class LoggingInstance extends WasmInstance {
  // (Not the implicit constructor, whose spread of its arguments calls the page's array iterator in
  // V8: an encoding's first use makes one.)
  constructor(module, family = null) {
    super(module, family);
  }

  begin(add) {
    this.add = add;
    this.consumed = 0;
  }

  instantiate() {
    super.instantiate();
    const raw = this.wasm;
    const after = (status) => {
      this.views();
      const { scratch } = this;
      for (let k = 0, n = scratch[SCRATCH_ERRORS]; k < n; k++) {
        // (a decode record's words are signed: bytes held from earlier calls come before the input)
        this.add(scratch[SCRATCH_ERROR_LOG + 2 * k] | 0, scratch[SCRATCH_ERROR_LOG + 2 * k + 1] | 0, this.consumed);
      }
      this.consumed += scratch[SCRATCH_READ];
      return status;
    };
    this.wasm = {
      __proto__: raw,
      ew_decode: (id, options, offset, length) => after(raw.ew_decode(id, options | RECORD_ERRORS, offset, length)),
      ew_encode: (id, options, offset, length) =>
        after(raw.ew_encode(id, options | ENCODE_RECORD_ERRORS, offset, length)),
    };
  }
}

// The core and the table modules built with the error log, one instance each: families that share a
// module (all-errors.wasm) share its instance, as registerFamily() does in js/core.js.
const core = new LoggingInstance(coreModule);
const families = FAMILIES.map(() => null);
// The logging instance for encoding `id` (loading its family if need be, and for a decoder,
// `decoding`, the part of it that the decoder needs: js/core.js instanceFor).
function instanceWithLog(id, decoding = false) {
  const family = ENCODING_FAMILY[id];
  if (family < 0) return core;
  families[family] ??= loggingInstance(family, null);
  const part = DECODER_PART[id];
  if (decoding && !families[part]) families[part] = loggingInstance(part, families[family]);
  return families[family];
}

// A logging instance for `family`: the one of a registered family in the same module (all-errors.wasm
// holds every family and part), or for a part in a module of its own, its `host`'s with the part's
// blob copied in, or a new one.
function loggingInstance(family, host) {
  const name = FAMILIES[family];
  const module = familyModule(name);
  // (on an encoding's first use, when a page may have replaced Array.prototype's methods)
  const shared = instanceOfModule(families, module);
  if (shared) {
    addFamily(shared, name);
    return shared;
  }
  return host ? addPart(host, name, module) : new LoggingInstance(module, name);
}

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
    // Its module instance built with the log (so no tables of the main entry are needed).
    const common = new DecoderCommon(
      label,
      { __proto__: null, ignoreBOM: dict ? !!dict.ignoreBOM : false },
      new.target,
      instanceWithLog,
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
    const errors = [];
    // Offsets in the stream: the chunk starts at common.position, the call's input at `at` in it.
    common.instance.begin((start, end, at) => {
      errors[errors.length] = { offset: common.position + at + start, length: end - start };
    });
    try {
      const text = common.decodeChunk(bytes, !stream);
      return { text, errors };
    } catch (error) {
      this.#doNotFlush = false;
      throw error;
    }
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
    this.#s = newEncoderRecord(id, true);
    this.#s.instance = instanceWithLog(id);
  }

  get encoding() {
    return encoderBrand(this).#s.name;
  }

  encode(input = '', options = undefined) {
    encoderBrand(this);
    const text = toDOMString(input);
    const stream = toStreamOption(options);
    const errors = [];
    const s = this.#s;
    // Indices in the stream: the chunk starts at s.position, the call's input at `at` in it.
    s.instance.begin((index, codePoint, at) => {
      errors[errors.length] = { index: s.position + at + index, codePoint };
    });
    const bytes = encodeChunk(s, text, stream);
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
