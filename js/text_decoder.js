// https://encoding.spec.whatwg.org/#interface-textdecoder
import { encodingId, encodingName, instanceFor, REPLACEMENT } from './core.js';
import { copyOut } from './intrinsics.js';
import { MESSAGES } from './messages.js';
import { hostDecoderFor } from './native.js';
import { defineInterface, toBytes, toDictionary, toDOMString } from './webidl.js';

const EMPTY = new Uint8Array(0);
const SAB = globalThis.SharedArrayBuffer;
let isTextDecoder;

export class TextDecoder {
  #id;
  #fatal;
  #ignoreBOM;
  #doNotFlush = false;
  // The decoder instance: its eight bytes of state (reset means "a new instance of the decoder"),
  // or, where the host's own decoder is spec-exact for this encoding, an instance of that.
  #state = { s0: 0, s1: 0 };
  #instance;
  #Host;
  #host = null;

  static {
    isTextDecoder = (value) => value !== null && typeof value === 'object' && #id in value;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder
  constructor(label = 'utf-8', options = undefined) {
    label = toDOMString(label);
    const dict = toDictionary(options, 'options');
    // Dictionary members are read in lexicographic order, each converted as it is read.
    const fatal = dict ? !!dict.fatal : false;
    const ignoreBOM = dict ? !!dict.ignoreBOM : false;
    // 1.-2. Get an encoding; failure or replacement is a RangeError.
    const id = encodingId(label);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    if (id === REPLACEMENT) throw new RangeError(MESSAGES.replacementLabel(label));
    // 3.-5. (and the module that implements the encoding, loading its tables if need be)
    this.#instance = instanceFor(id);
    this.#id = id;
    this.#fatal = fatal;
    this.#ignoreBOM = ignoreBOM;
    this.#Host = hostDecoderFor(encodingName(id));
  }

  get encoding() {
    return encodingName(brand(this).#id);
  }

  get fatal() {
    return brand(this).#fatal;
  }

  get ignoreBOM() {
    return brand(this).#ignoreBOM;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder-decode
  decode(input = undefined, options = undefined) {
    brand(this);
    const bytes = input === undefined ? EMPTY : toBytes(input);
    const dict = toDictionary(options, 'options');
    const stream = dict ? !!dict.stream : false;
    // 1. Without do not flush, a new decoder instance (and BOM seen false, which is in its state).
    if (!this.#doNotFlush) {
      this.#state = { s0: 0, s1: 0 };
      this.#host = null;
    }
    // 2. Set do not flush to options["stream"].
    this.#doNotFlush = stream;
    // 3.-5. Process the bytes; the core copies them into wasm memory before anything else runs.
    try {
      if (this.#Host) return this.#decodeOnHost(bytes, stream);
      const name = encodingName(this.#id);
      return this.#instance.decode(this.#id, name, this.#fatal, this.#ignoreBOM, this.#state, bytes, !stream);
    } catch (error) {
      // After a fatal error the next call starts a new decoder, as after a flush.
      this.#doNotFlush = false;
      throw error;
    }
  }

  #decodeOnHost(bytes, stream) {
    this.#host ??= new this.#Host(encodingName(this.#id), { fatal: this.#fatal, ignoreBOM: this.#ignoreBOM });
    // Host decoders do not all accept views of shared memory.
    if (SAB && bytes.buffer instanceof SAB) bytes = copyOut(bytes, 0, bytes.length);
    try {
      return this.#host.decode(bytes, { stream });
    } catch {
      this.#host = null;
      throw new TypeError(MESSAGES.fatalDecode(encodingName(this.#id)));
    }
  }
}

// The brand check of every member: a TypeError on any other receiver.
function brand(value) {
  if (!isTextDecoder(value)) throw new TypeError(MESSAGES.illegalInvocation('TextDecoder'));
  return value;
}

defineInterface(TextDecoder, 'TextDecoder', ['encoding', 'fatal', 'ignoreBOM', 'decode']);
