// encoding-wasm/encoder: non-standard streaming encoders for every encoding that has an encoder
// (https://encoding.spec.whatwg.org/#encode, run over a stream of strings), the legacy counterpart
// of TextEncoder and TextEncoderStream. The one-shot encode() of the main entry, with the encoder's
// state (ISO-2022-JP's) and a leading surrogate at a chunk's end kept for the next chunk.
import { instanceFor } from '../wasm/core.js';
import { encodeChunk, newEncoderRecord } from './encode_chunk.js';
import { encoderId } from './encode.js';
import { hostTransformStream } from '../wasm/intrinsics.js';
import * as MESSAGES from './messages.js';
import { defineInterface, toDictionary, toDOMString, toStreamOption } from './webidl.js';

let isEncoder;
let isEncoderStream;

// The label, then the options dictionary's errorMode ("fatal", the default, or "html").
function construct(label, options) {
  label = toDOMString(label);
  const dict = toDictionary(options, 'options');
  const errorMode = dict?.errorMode === undefined ? 'fatal' : toDOMString(dict.errorMode);
  if (errorMode !== 'fatal' && errorMode !== 'html') throw new TypeError(MESSAGES.badErrorMode(errorMode));
  const id = encoderId(label);
  // The table family loads now (or its error is thrown now), not on the first chunk.
  instanceFor(id);
  return { id, html: errorMode === 'html', errorMode };
}

export class Encoder {
  #s;
  #errorMode;

  static {
    isEncoder = (value) => value !== null && typeof value === 'object' && #s in value;
  }

  // new Encoder(label = 'utf-8', { errorMode }): a RangeError for an unknown label and for
  // replacement, UTF-16BE and UTF-16LE, which have no encoder; a TypeError for another errorMode.
  constructor(label = 'utf-8', options = undefined) {
    const { id, html, errorMode } = construct(label, options);
    this.#s = newEncoderRecord(id, html);
    this.#errorMode = errorMode;
  }

  get encoding() {
    return brand(this).#s.name;
  }

  get errorMode() {
    return brand(this).#errorMode;
  }

  // Encodes a chunk; with { stream: true } more follow. The bytes of all chunks are those encode()
  // gives for their concatenation: a leading surrogate at a chunk's end waits for the next chunk
  // (at the end of the input it is U+FFFD), ISO-2022-JP's state carries over, and the call without
  // stream processes end-of-queue (ISO-2022-JP's escape back to ASCII) and starts the encoder anew.
  // In the fatal error mode an unencodable code point throws a TypeError (with its index in the
  // stream), and the encoder starts anew.
  encode(input = '', options = undefined) {
    brand(this);
    const text = toDOMString(input);
    return encodeChunk(this.#s, text, toStreamOption(options));
  }
}

class EncoderStream {
  #encoder;
  #readable;
  #writable;

  static {
    isEncoderStream = (value) => value !== null && typeof value === 'object' && #encoder in value;
  }

  // new EncoderStream(label = 'utf-8', { errorMode }): strings in, Uint8Arrays out. A fatal error
  // errors both sides with the TypeError.
  constructor(label = 'utf-8', options = undefined) {
    const encoder = new Encoder(label, options);
    const HostTransformStream = hostTransformStream();
    const transform = new HostTransformStream(
      {
        __proto__: null,
        transform: (chunk, controller) => {
          const bytes = encoder.encode(chunk, { stream: true });
          if (bytes.length > 0) controller.enqueue(bytes);
        },
        flush: (controller) => {
          const bytes = encoder.encode();
          if (bytes.length > 0) controller.enqueue(bytes);
        },
      },
      { __proto__: null },
      { __proto__: null },
    );
    this.#encoder = encoder;
    this.#readable = transform.readable;
    this.#writable = transform.writable;
  }

  get encoding() {
    return streamBrand(this).#encoder.encoding;
  }

  get errorMode() {
    return streamBrand(this).#encoder.errorMode;
  }

  get readable() {
    return streamBrand(this).#readable;
  }

  get writable() {
    return streamBrand(this).#writable;
  }
}

function brand(value) {
  if (!isEncoder(value)) throw new TypeError(MESSAGES.illegalInvocation('Encoder'));
  return value;
}

function streamBrand(value) {
  if (!isEncoderStream(value)) throw new TypeError(MESSAGES.illegalInvocation('EncoderStream'));
  return value;
}

defineInterface(Encoder, 'Encoder', ['encoding', 'errorMode', 'encode']);
defineInterface(EncoderStream, 'EncoderStream', ['encoding', 'errorMode', 'readable', 'writable']);

// Undefined where the host has no TransformStream when the package loads.
const ExportedEncoderStream = hostTransformStream ? EncoderStream : undefined;
export { ExportedEncoderStream as EncoderStream };
