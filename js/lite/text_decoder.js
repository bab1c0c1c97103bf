// https://encoding.spec.whatwg.org/#interface-textdecoder for encoding-wasm/lite: the standard's
// TextDecoder, with the WebIDL conversions of the main entry's (js/webidl.js), over the host's exact
// decoders (./host.js) and the lite core and decode-only families (./wasm.js).
import { FATAL, IGNORE_BOM } from '../generated/abi.js';
import { decodeOnHost, fixedBytes, hostFailure } from '../host_decode.js';
import { hostError } from '../host_error.js';
import { lengthOf, Uint8Array } from '../intrinsics.js';
import * as MESSAGES from '../messages.js';
import { defineInterface, toBytes, toDecoderOptions, toDOMString, toStreamOption } from '../webidl.js';
import { prepend } from '../after_error.js';
import { holdsBytes, keepTail } from '../host_tail.js';
import { host } from './exact.js';
import { delegated } from './host.js';
import { encodingId, NAMES } from '../labels.js';
import { decodeInWasm, moduleFor } from './wasm.js';

const EMPTY = new Uint8Array(0);
let isTextDecoder;

export class TextDecoder {
  // The encoding's id, error mode, ignore BOM and do not flush; the module that decodes it in wasm
  // with the decoder's state ({ id, options, s0, s1 }: ./wasm.js), or the host's decoder (made on
  // first use).
  #id;
  #fatal;
  #ignoreBOM;
  #doNotFlush = false;
  #module = null;
  #state;
  #host = null;
  // After a fatal error in a call with { stream: true } (../after_error.js), on the host's decoder:
  // the rest of the I/O queue for the next call, and whether BOM seen was true (the host decoder
  // made after the error then ignores a BOM); in fatal streaming calls, the stream's last bytes,
  // which the host decoder may be holding (../host_tail.js), and how many bytes it was given.
  #queue = null;
  #bomSeen = false;
  #tail = null;
  #position = 0;

  static {
    isTextDecoder = (value) => value !== null && typeof value === 'object' && #id in value;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder
  constructor(label = 'utf-8', options = undefined) {
    label = toDOMString(label);
    const { fatal, ignoreBOM } = toDecoderOptions(options);
    const id = encodingId(label);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    if (NAMES[id] === 'replacement') throw new RangeError(MESSAGES.replacementLabel(label));
    if (!delegated(id)) this.#module = moduleFor(id);
    this.#id = id;
    this.#fatal = fatal;
    this.#ignoreBOM = ignoreBOM;
    this.#state = { id, options: (fatal ? FATAL : 0) | (ignoreBOM ? IGNORE_BOM : 0), s0: 0, s1: 0 };
  }

  get encoding() {
    return NAMES[brand(this).#id];
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
    // The arguments in WebIDL's order (a bad input is a TypeError before the options are read); the
    // bytes are taken after the options, whose `stream` getter may have resized or detached them.
    if (input !== undefined) toBytes(input);
    const stream = toStreamOption(options);
    const bytes = input === undefined ? EMPTY : toBytes(input);
    const state = this.#state;
    // 1. Without do not flush, a new decoder instance (BOM seen false is in its state).
    if (!this.#doNotFlush) {
      state.s0 = state.s1 = 0;
      state.queue = this.#queue = this.#tail = null;
      this.#position = 0;
      if (this.#bomSeen) this.#host = null;
      this.#bomSeen = false;
    }
    // 2. Set do not flush to options["stream"]. 3.-5. Process the bytes, after those an error left.
    this.#doNotFlush = stream;
    const queue = this.#module !== null ? state.queue : this.#queue;
    state.queue = this.#queue = null;
    try {
      return this.#module !== null
        ? decodeInWasm(this.#module, state, prepend(queue, bytes), !stream)
        : this.#onHost(prepend(queue, bytes), stream);
    } catch (error) {
      // After a fatal error in a call with { stream: true } the decoder carries on; after any other
      // error the next call starts a new decoder, as after a flush.
      if ((this.#module !== null ? state.queue : this.#queue) == null) this.#doNotFlush = false;
      throw error;
    }
  }

  // The host's decoder over `bytes`; it starts anew by itself after a call that flushed.
  #onHost(bytes, stream) {
    const total = lengthOf(bytes);
    const name = NAMES[this.#id];
    this.#host ??= new host.Native(name, {
      __proto__: null,
      fatal: this.#fatal,
      ignoreBOM: this.#ignoreBOM || this.#bomSeen,
    });
    bytes = fixedBytes(bytes, total);
    const tracked = this.#fatal && stream;
    try {
      const text = decodeOnHost(host.decode, this.#host, bytes, total, !stream);
      if (tracked) {
        if (holdsBytes(name)) this.#tail = keepTail(this.#tail, bytes, total);
        this.#position += total;
      }
      return text;
    } catch (error) {
      // Whatever went wrong, the host decoder's state is gone.
      this.#host = null;
      if (error instanceof TypeError) {
        if (tracked) this.#afterError(name, bytes);
        throw new TypeError(MESSAGES.fatalDecode(name));
      }
      throw hostFailure(error);
    }
  }

  // A fatal error in a call with { stream: true }: a new host decoder carries on from the rest of
  // the I/O queue, with BOM seen as it was (../host_error.js).
  #afterError(name, bytes) {
    const found = hostError(host.Native, host.decode, name, this.#tail, this.#position, bytes, true);
    this.#bomSeen ||= found.bomSeen;
    this.#queue = found.queue;
    this.#tail = null;
    this.#position = 0;
  }
}

// The brand check of every member: a TypeError on any other receiver.
function brand(value) {
  if (!isTextDecoder(value)) throw new TypeError(MESSAGES.illegalInvocation('TextDecoder'));
  return value;
}

defineInterface(TextDecoder, 'TextDecoder', ['encoding', 'fatal', 'ignoreBOM', 'decode']);
