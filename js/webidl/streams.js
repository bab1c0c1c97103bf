// https://encoding.spec.whatwg.org/#interface-textdecoderstream and #interface-textencoderstream,
// built on the host's TransformStream as it is when this module loads.
//
// A host without TransformStream gets neither class: both exports are undefined there, and the
// polyfill installs neither (there is no stream to hand the readable and writable ends out of).
import { apply, charCodeOf, hostTransformStream, sliceOf, Uint8Array } from '../wasm/intrinsics.js';
import * as MESSAGES from './messages.js';
import { DecoderCommon } from '../wasm/with_decoder_wasm.js';
import { TextEncoder } from './text_encoder.js';
import { defineInterface, toBytes, toDOMString } from './webidl.js';

const EMPTY = new Uint8Array(0);
const utf8 = new TextEncoder();
const encodeUtf8 = TextEncoder.prototype.encode;
let isTextDecoderStream;
let isTextEncoderStream;

// "Set up" a TransformStream with a transform and a flush algorithm. A null-prototype transformer,
// and strategies, so that nothing a page adds to Object.prototype (start, highWaterMark, ...) is read.
function newTransform(transform, flush) {
  const HostTransformStream = hostTransformStream();
  return new HostTransformStream({ __proto__: null, transform, flush }, { __proto__: null }, { __proto__: null });
}

class TextDecoderStream {
  #common;
  #readable;
  #writable;

  static {
    isTextDecoderStream = (value) => value !== null && typeof value === 'object' && #common in value;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoderstream
  constructor(label = 'utf-8', options = undefined) {
    // 1.-3., and "set up a text decoder stream" 1.-6.: the encoding, error mode, ignore BOM and a new
    // decoder instance, as TextDecoder gets them.
    const common = new DecoderCommon(label, options, new.target);
    // 7.-11. The transform stream. Chunks that are not an AllowSharedBufferSource, and fatal errors,
    // throw a TypeError from the algorithm, which errors both ends of the stream.
    const transform = newTransform(
      // https://encoding.spec.whatwg.org/#decode-and-enqueue-a-chunk
      (chunk, controller) => {
        const output = common.decodeChunk(toBytes(chunk), false);
        if (output !== '') controller.enqueue(output);
      },
      // https://encoding.spec.whatwg.org/#flush-and-enqueue
      (controller) => {
        const output = common.decodeChunk(EMPTY, true);
        if (output !== '') controller.enqueue(output);
      },
    );
    this.#common = common;
    this.#readable = transform.readable;
    this.#writable = transform.writable;
  }

  get encoding() {
    return decoderStream(this).#common.encoding;
  }

  get fatal() {
    return decoderStream(this).#common.fatal;
  }

  get ignoreBOM() {
    return decoderStream(this).#common.ignoreBOM;
  }

  get readable() {
    return decoderStream(this).#readable;
  }

  get writable() {
    return decoderStream(this).#writable;
  }
}

class TextEncoderStream {
  // The leading surrogate carried over from the end of the last chunk, or '' for null.
  #leadingSurrogate = '';
  #readable;
  #writable;

  static {
    isTextEncoderStream = (value) => value !== null && typeof value === 'object' && #readable in value;
  }

  // https://encoding.spec.whatwg.org/#dom-textencoderstream
  constructor() {
    const transform = newTransform(
      (chunk, controller) => this.#encodeAndEnqueue(chunk, controller),
      (controller) => this.#encodeAndFlush(controller),
    );
    this.#readable = transform.readable;
    this.#writable = transform.writable;
  }

  // https://encoding.spec.whatwg.org/#encode-and-enqueue-a-chunk. "Convert code unit to scalar value"
  // over the chunk comes down to: a leading surrogate carried over goes in front of it, and a leading
  // surrogate at its very end is carried over to the next chunk. Every other lone surrogate is U+FFFD,
  // which is what UTF-8 encoding a string does.
  #encodeAndEnqueue(chunk, controller) {
    let text = this.#leadingSurrogate + toDOMString(chunk);
    const last = charCodeOf(text, text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#leadingSurrogate = sliceOf(text, text.length - 1, text.length);
      text = sliceOf(text, 0, text.length - 1);
    } else {
      this.#leadingSurrogate = '';
    }
    // No empty chunks: the spec enqueues only if the output is not empty.
    if (text !== '') controller.enqueue(apply(encodeUtf8, utf8, [text]));
  }

  // https://encoding.spec.whatwg.org/#encode-and-flush: an unpaired leading surrogate at the end
  // is U+FFFD, EF BF BD.
  #encodeAndFlush(controller) {
    if (this.#leadingSurrogate === '') return;
    const bytes = new Uint8Array(3);
    bytes[0] = 0xef;
    bytes[1] = 0xbf;
    bytes[2] = 0xbd;
    controller.enqueue(bytes);
  }

  get encoding() {
    encoderStream(this);
    return 'utf-8';
  }

  get readable() {
    return encoderStream(this).#readable;
  }

  get writable() {
    return encoderStream(this).#writable;
  }
}

function decoderStream(value) {
  if (!isTextDecoderStream(value)) throw new TypeError(MESSAGES.illegalInvocation('TextDecoderStream'));
  return value;
}

function encoderStream(value) {
  if (!isTextEncoderStream(value)) throw new TypeError(MESSAGES.illegalInvocation('TextEncoderStream'));
  return value;
}

defineInterface(TextDecoderStream, 'TextDecoderStream', ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']);
defineInterface(TextEncoderStream, 'TextEncoderStream', ['encoding', 'readable', 'writable']);

const ExportedTextDecoderStream = hostTransformStream ? TextDecoderStream : undefined;
const ExportedTextEncoderStream = hostTransformStream ? TextEncoderStream : undefined;
export { ExportedTextDecoderStream as TextDecoderStream, ExportedTextEncoderStream as TextEncoderStream };
