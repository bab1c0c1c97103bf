// https://encoding.spec.whatwg.org/#interface-textdecoder
import { BOM_SEEN, prepend } from './after_error.js';
import { encodingId, encodingName, instanceFor, REPLACEMENT } from './core.js';
import { decodeOnHost, fixedBytes, hostFailure } from './host_decode.js';
import { getPrototypeOf, lengthOf, Map, mapGet, mapSet, setBytes, Uint8Array } from './intrinsics.js';
import * as MESSAGES from './messages.js';
import { holdsBytes, keepTail, notHeld } from './host_tail.js';
import { hostDecoderFor, isAscii } from './native.js';
import { runDecoder } from './run_decoder.js';
import {
  cloneInterface,
  defineInterface,
  isFixedArrayBuffer,
  toBytes,
  toDecoderOptions,
  toDictionary,
  toDOMString,
} from './webidl.js';
import { stringFromLatin1 } from './strings.js';

const EMPTY = new Uint8Array(0);
// The encodings whose new decoder does not read ASCII bytes as themselves (native.js, isAscii).
const NOT_ASCII = new Set(['utf-16be', 'utf-16le', 'iso-2022-jp', 'replacement']);
// The ASCII shortcut's range of input lengths: below 64 bytes the wasm path is as fast (Node 20);
// one call of 290 KB of ASCII took 0.8 ms as one string, 0.12 ms through the wasm path's pieces.
const ASCII_MIN = 64;
const ASCII_MAX = 65528;
let isTextDecoder;

// The classes install.js puts in place of a native TextDecoder (and its TextDecoderStream) where
// tables cannot load on first use, each mapped to { Native, decode }: the native class it replaced
// and that class's decode(). An encoding whose tables are not loaded, and cannot load on first use,
// then goes to that decoder instead of throwing, so that installing the polyfill takes no encoding
// away (docs/design.md section 8). Only those classes (and their subclasses) have a fallback: the
// package's own TextDecoder never has one.
const fallbacks = new Map();
let probingFallback = false;

// A copy of `Class` (TextDecoder or TextDecoderStream) whose decoders fall back to `Native`.
export function withFallback(Class, Native) {
  const Clone = cloneInterface(Class);
  mapSet(fallbacks, Clone, { Native, decode: Native.prototype.decode });
  return Clone;
}

// The fallback ({ Native, decode }) of a decoder made by `newTarget` if there is one and it takes the
// encoding `name`, else null.
function fallbackFor(newTarget, name) {
  let fallback;
  for (let c = newTarget; c !== null && fallback === undefined; c = getPrototypeOf(c)) fallback = mapGet(fallbacks, c);
  if (fallback === undefined || probingFallback) return null;
  probingFallback = true; // a fallback built on this class must not come back here
  try {
    new fallback.Native(name);
    return fallback;
  } catch {
    return null;
  } finally {
    probingFallback = false;
  }
}

// What TextDecoder and TextDecoderStream (streams.js) share, TextDecoderCommon's encoding, error mode,
// ignore BOM and decoder instance (https://encoding.spec.whatwg.org/#interface-mixin-textdecodercommon),
// with the one function that runs the decoder over a chunk.
export class DecoderCommon {
  // The WebIDL conversions and steps 1.-5. of both constructors (#dom-textdecoder,
  // #dom-textdecoderstream): the label, then the options dictionary, whose members are read in
  // lexicographic order, each converted as it is read. `newTarget`: the constructor's new.target,
  // which tells whether there is a fallback (withFallback()).
  constructor(label, options, newTarget) {
    label = toDOMString(label);
    const dict = toDictionary(options, 'options');
    const fatal = dict ? !!dict.fatal : false;
    const ignoreBOM = dict ? !!dict.ignoreBOM : false;
    // Get an encoding; failure or replacement is a RangeError.
    const id = encodingId(label);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    if (id === REPLACEMENT) throw new RangeError(MESSAGES.replacementLabel(label));
    // The module that implements the encoding, loading its tables if need be; the decoder instance:
    // its eight bytes of state (BOM seen included), or, where the host's own decoder is spec-exact for
    // this encoding, or the tables are missing and the polyfill's fallback takes it, an instance of that.
    const name = encodingName(id);
    let instance = null;
    let host = hostDecoderFor(name);
    try {
      instance = instanceFor(id, true);
    } catch (error) {
      host = fallbackFor(newTarget, name);
      if (!host) throw error;
    }
    // The record run_decoder.js runs: id, name, fatal, ignoreBOM and state (and `errors`, which
    // encoding-wasm/errors sets).
    this.instance = instance;
    this.id = id;
    this.name = name;
    this.fatal = fatal;
    this.ignoreBOM = ignoreBOM;
    this.state = { s0: 0, s1: 0 };
    // The stream's bytes before the next chunk (fatal errors say at which byte of the stream).
    this.position = 0;
    this.errors = null;
    // The host decoder's class and its decode(), and the decoder made of it on first use.
    this.Host = host ? host.Native : null;
    this.hostDecode = host ? host.decode : null;
    this.host = null;
    // With a host UTF-8/UTF-16 decoder, fatal: the stream's last bytes, which it may be holding (host_tail.js).
    this.tail = null;
    // After a fatal error in a call with { stream: true }, until the next new decoder instance: the
    // rest of the I/O queue for the next call (run_decoder.js sets it; a Uint8Array, maybe empty)
    // until that call takes it, and `afterError`: our decoder, not the host's, carries on.
    this.queue = null;
    this.queueAt = 0;
    this.afterError = false;
    this.ascii = isAscii !== null && !NOT_ASCII.has(encodingName(id));
  }

  get encoding() {
    return this.name;
  }

  // A new instance of the decoder, with BOM seen false. A host decoder is kept: it starts anew by
  // itself after a call that flushed, and it was dropped after a fatal error. (Creating one per
  // call cost about 1.3 us per 4 KiB UTF-16 call on Node 20.)
  reset() {
    const { state } = this;
    state.s0 = 0;
    state.s1 = 0;
    this.position = 0;
    this.tail = null;
    this.queue = null;
    this.afterError = false;
  }

  // Decode a chunk: pushes `bytes` (a Uint8Array) to the I/O queue, with end-of-queue after them when
  // `flush`, processes the queue and returns the serialized output. On a fatal error this throws a
  // TypeError; without `flush` the decoder then carries on (this.queue: after_error.js).
  decodeChunk(bytes, flush) {
    bytes = prepend(this.queue, bytes);
    this.queue = null;
    try {
      return this.#decode(bytes, flush);
    } catch (error) {
      if (this.queue !== null) {
        this.position += this.queueAt;
        this.afterError = true;
      }
      throw error;
    }
  }

  #decode(bytes, flush) {
    const length = lengthOf(bytes);
    if (this.Host && !this.afterError) return this.#decodeOnHost(bytes, flush, length);
    // A whole call to a new decoder, all ASCII: the bytes are the text (native.js, isAscii). Only
    // over a fixed-length ArrayBuffer (shared memory could change between the test and the copy;
    // a resizable one takes the wasm path, to keep one cheap test), and not past the size where
    // V8 makes strings in its slow large-object space (the wasm path cuts such input in pieces).
    if (
      this.ascii &&
      flush &&
      length >= ASCII_MIN &&
      length <= ASCII_MAX &&
      (this.state.s0 | this.state.s1) === 0 &&
      // Four bytes first: text that is not ASCII usually shows it there (Cyrillic, CJK), and the
      // scan it saves is about 5% of a 4 KiB call (Node 20, windows-1251).
      (bytes[0] | bytes[length >> 2] | bytes[length >> 1] | bytes[length - 1]) < 0x80 &&
      isFixedArrayBuffer(bytes) &&
      isAscii(bytes)
    ) {
      return stringFromLatin1(bytes, 0, length);
    }
    const text = runDecoder(this.instance, this, bytes, flush);
    this.position += length;
    return text;
  }

  #findError(bytes, flush) {
    const { tail } = this;
    const skip = tail === null ? 0 : notHeld(this.name, tail, this.position);
    const held = tail === null ? 0 : lengthOf(tail) - skip;
    this.tail = null;
    // A new decoder, but for BOM seen: the bytes before the held ones gave output (fatal mode), and
    // so may the held ones, which go first, by themselves (the host took them: no error).
    this.state.s0 = 0;
    this.state.s1 = this.position > held && !this.ignoreBOM ? BOM_SEEN : 0;
    if (held > 0) {
      const heldBytes = new Uint8Array(held);
      for (let i = 0; i < held; i++) heldBytes[i] = tail[skip + i];
      this.position -= held;
      runDecoder(this.instance, this, heldBytes, false);
      this.position += held;
    }
    runDecoder(this.instance, this, bytes, flush);
  }

  // (`total`: the length of `bytes`.)
  #decodeOnHost(bytes, flush, total) {
    const { name } = this;
    this.host ??= new this.Host(name, { fatal: this.fatal, ignoreBOM: this.ignoreBOM });
    bytes = fixedBytes(bytes, total);
    try {
      const text = decodeOnHost(this.hostDecode, this.host, bytes, total, flush);
      this.position += total;
      if (this.fatal && !flush && holdsBytes(this.name)) this.tail = keepTail(this.tail, bytes, total);
      return text;
    } catch (error) {
      // Whatever went wrong, the host decoder's state is gone: the next call starts anew.
      this.host = null;
      // Hosts report malformed input (fatal) as a TypeError; anything else is not about the bytes.
      if (error instanceof TypeError) {
        // Where: the host decoder is exact (native.js), so ours, from a new state, given the bytes
        // the host can have been holding and this chunk, finds the error at the same byte and
        // throws the TypeError that says where.
        if (this.instance) this.#findError(bytes, flush);
        throw new TypeError(MESSAGES.fatalDecode(name));
      }
      throw hostFailure(error);
    }
  }
}

export class TextDecoder {
  #common;
  #doNotFlush = false;

  static {
    isTextDecoder = (value) => value !== null && typeof value === 'object' && #common in value;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder
  constructor(label = 'utf-8', options = undefined) {
    this.#common = new DecoderCommon(label, options, new.target);
  }

  get encoding() {
    return brand(this).#common.encoding;
  }

  get fatal() {
    return brand(this).#common.fatal;
  }

  get ignoreBOM() {
    return brand(this).#common.ignoreBOM;
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder-decode
  decode(input = undefined, options = undefined) {
    brand(this);
    let bytes = input === undefined ? EMPTY : toBytes(input);
    const dict = toDictionary(options, 'options');
    const stream = dict ? !!dict.stream : false;
    // The bytes are read in the method's steps, after every argument is converted: a getter of
    // `stream` may have resized or detached the buffer, so they are looked at again.
    if (dict && input !== undefined) bytes = toBytes(input);
    const common = this.#common;
    // 1. Without do not flush, a new decoder instance (and BOM seen false, which is in its state).
    if (!this.#doNotFlush) common.reset();
    // 2. Set do not flush to options["stream"].
    this.#doNotFlush = stream;
    // 3.-5. Process the bytes; the core copies them into wasm memory before anything else runs.
    try {
      return common.decodeChunk(bytes, !stream);
    } catch (error) {
      // After a fatal error in a call with { stream: true } do not flush stays true and the decoder
      // carries on (after_error.js); after any other error the next call starts a new decoder.
      if (common.queue === null) this.#doNotFlush = false;
      throw error;
    }
  }
}

// The brand check of every member: a TypeError on any other receiver.
function brand(value) {
  if (!isTextDecoder(value)) throw new TypeError(MESSAGES.illegalInvocation('TextDecoder'));
  return value;
}

defineInterface(TextDecoder, 'TextDecoder', ['encoding', 'fatal', 'ignoreBOM', 'decode']);
