// https://encoding.spec.whatwg.org/#interface-textdecoder
// Its way into wasm, the wasm layer (js/wasm/decoder_wasm.js), is handed to it (setWasmLayer) as the host
// loads that: at load in Node, Bun, Deno and workerd; in browsers only where a decoder would need it
// (js/host/browser/decoder_wasm.js), or by preload() and the tables entries. Importers take the
// TextDecoder from js/wasm/with_decoder_wasm.js, which loads "#host/decoder_wasm.js" first; this module does not
// import it, so that the layer, which imports this module, never waits for a module that waits
// for the layer (and a bundler puts this module in the chunk it shares with the layer).
import { ENCODING_FAMILY, FAMILIES } from '../generated/encodings.js';
import { encodingId, NAMES } from './labels.js';
import { prepend } from './after_error.js';
import { decodeOnHost, fixedBytes, hostFailure } from '../host/decode.js';
import { hostError } from '../host/error.js';
import { lengthOf, Uint8Array } from '../wasm/intrinsics.js';
import * as MESSAGES from './messages.js';
import { holdsBytes, keepTail } from '../host/tail.js';
import { hostDecoderFor } from '../host/native.js';
import { notLoaded } from '../wasm/refusal.js';
import { defineInterface, toBytes, toDictionary, toDOMString } from './webidl.js';

const EMPTY = new Uint8Array(0);
const REPLACEMENT = NAMES.indexOf('replacement');
let isTextDecoder;

// The fallback of a decoder made by `newTarget` (its constructor's new.target) for the encoding
// `name`, as { Native, decode }, or null: set by js/webidl/fallback.js, which the polyfill imports, so
// that a bundle without the polyfill does not carry it.
let fallbackFor = () => null;
export const setFallbackFor = (find) => {
  fallbackFor = find;
};

// The wasm layer ({ instanceFor, decode }: js/wasm/decoder_wasm.js useWasmLayer), or null before it is loaded.
let wasmLayer = null;
export const setWasmLayer = (layer) => {
  wasmLayer = layer;
};
// (for test/js/browser_decoder.test.js)
export const hasWasmLayer = () => wasmLayer !== null;

// Without the wasm layer: the error that says what to load for encoding `id` (js/wasm/refusal.js).
function notLoadedError(id) {
  const name = NAMES[id];
  const family = ENCODING_FAMILY[id];
  return notLoaded(name, family < 0 ? MESSAGES.coreMissing(name) : MESSAGES.familyMissing(name, FAMILIES[family]));
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
    // The decoder instance: where the host's own decoder is spec-exact for this encoding, or the
    // tables are missing and the polyfill's fallback takes it, an instance of that (no wasm needed);
    // else its eight bytes of state (BOM seen included) in the module that implements the encoding,
    // loading its tables if need be.
    const name = NAMES[id];
    let instance = null;
    let host = hostDecoderFor(name);
    if (host === null) {
      try {
        if (wasmLayer === null) throw notLoadedError(id);
        instance = wasmLayer.instanceFor(id, true);
      } catch (error) {
        host = fallbackFor(newTarget, name);
        if (!host) throw error;
      }
    }
    // The record run_decoder.js runs: id, name, fatal, ignoreBOM and state (and `errors`, which
    // encoding-wasm/errors sets); `instance` is null while a host decoder decodes.
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
    // rest of the I/O queue for the next call (a Uint8Array, maybe empty; run_decoder.js or
    // host_error.js), which is the stream's from `queueAt` bytes after the failing call's input
    // began, until that call takes it; and whether BOM seen was true when a host decoder threw
    // (the host decoder made after the error then ignores a BOM).
    this.queue = null;
    this.queueAt = 0;
    this.bomSeen = false;
    // (whether the ASCII shortcut applies: js/wasm/decode_in_wasm.js, on first use)
    this.ascii = null;
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
    if (this.bomSeen) this.host = null;
    this.bomSeen = false;
  }

  // Decode a chunk: pushes `bytes` (a Uint8Array) to the I/O queue, with end-of-queue after them when
  // `flush`, processes the queue and returns the serialized output. On a fatal error this throws a
  // TypeError; without `flush` the decoder then carries on (this.queue: after_error.js).
  decodeChunk(bytes, flush) {
    bytes = prepend(this.queue, bytes);
    this.queue = null;
    try {
      return this.Host ? this.#decodeOnHost(bytes, flush, lengthOf(bytes)) : wasmLayer.decode(this, bytes, flush);
    } catch (error) {
      if (this.queue !== null) {
        this.position += this.queueAt;
        this.tail = null;
      }
      throw error;
    }
  }

  // (`total`: the length of `bytes`.)
  #decodeOnHost(bytes, flush, total) {
    const { name } = this;
    this.host ??= new this.Host(name, { fatal: this.fatal, ignoreBOM: this.ignoreBOM || this.bomSeen });
    bytes = fixedBytes(bytes, total);
    try {
      const text = decodeOnHost(this.hostDecode, this.host, bytes, total, flush);
      // (after the call: the position of an error in it counts from before it)
      this.position += total;
      if (this.fatal && !flush && holdsBytes(this.name)) this.tail = keepTail(this.tail, bytes, total);
      return text;
    } catch (error) {
      // Whatever went wrong, the host decoder's state is gone: the next call starts anew.
      this.host = null;
      // Hosts report malformed input (fatal) as a TypeError; anything else is not about the bytes.
      if (!(error instanceof TypeError)) throw hostFailure(error);
      // Where, and with { stream: true } what carries on (host_error.js).
      const found = hostError(this.Host, this.hostDecode, name, this.tail, this.position, bytes, !flush);
      if (found.queue !== null) {
        this.queue = found.queue;
        this.queueAt = found.start - this.position;
        this.bomSeen ||= found.bomSeen;
      }
      throw new TypeError(MESSAGES.fatalDecode(name, found.at));
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
