// encoding-wasm/encoder: non-standard streaming encoders for every encoding that has an encoder
// (https://encoding.spec.whatwg.org/#encode, run over a stream of strings), the legacy counterpart
// of TextEncoder and TextEncoderStream. The one-shot encode() of the main entry, with the encoder's
// state (ISO-2022-JP's) and a leading surrogate at a chunk's end kept for the next chunk.
import { encodingName, instanceFor } from '../wasm/core.js';
import { runEncoder } from '../wasm/run_encoder.js';
import { encoderId } from './encode.js';
import { apply, charCodeOf, hostTransformStream } from '../wasm/intrinsics.js';
import * as MESSAGES from './messages.js';
import { defineInterface, toDictionary, toDOMString, toStreamOption } from './webidl.js';

const { slice } = String.prototype;
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

// A stream of chunks through one encoder: `s` is its record ({ id, name, html, state, leading,
// position, errors }: the encoding, the error mode, the encoder instance's state word (instance.js),
// a leading surrogate that ended the last chunk or '', the code units of the stream before the next
// chunk, for the index of an error, and null or the array run_encoder.js records errors in). `input` is a
// string; with `stream` more follow. Shared with encoding-wasm/errors.
export function encodeChunk(s, input, stream) {
  let text = s.leading + input;
  s.leading = '';
  if (stream) {
    const last = charCodeOf(text, text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      s.leading = apply(slice, text, [-1]);
      text = apply(slice, text, [0, -1]);
      // A leading surrogate before it has no trailing one: U+FFFD now, as the core writes it at
      // the end of the input only once flushed (it leaves one unread while more may follow).
      const before = charCodeOf(text, text.length - 1);
      if (before >= 0xd800 && before <= 0xdbff) text = apply(slice, text, [0, -1]) + '\ufffd';
    }
    if (text === '') return new Uint8Array(0);
  }
  const encoder = { id: s.id, name: s.name, html: s.html, state: s.state, position: s.position, errors: s.errors };
  try {
    const bytes = runEncoder(instanceFor(s.id), encoder, text, !stream);
    s.state = encoder.state;
    s.position = stream ? s.position + text.length : 0;
    return bytes;
  } catch (error) {
    s.state = 0;
    s.leading = '';
    s.position = 0;
    throw error;
  }
}

// A new record for encodeChunk().
export const newEncoderRecord = (id, html) => ({
  id,
  name: encodingName(id),
  html,
  state: 0,
  leading: '',
  position: 0,
  errors: null,
});

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
