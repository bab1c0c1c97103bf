// WebIDL argument conversions the Encoding Standard's interfaces need.
// https://webidl.spec.whatwg.org/#es-type-mapping
import {
  apply,
  bufferOf,
  construct,
  defineProperty,
  getterOf,
  isView,
  lengthOf,
  offsetOf,
  Uint8Array,
} from '../wasm/intrinsics.js';
import * as MESSAGES from './messages.js';

const abByteLength = getterOf(ArrayBuffer.prototype, 'byteLength');
const abResizable = getterOf(ArrayBuffer.prototype, 'resizable');
// (Each getter called by a function of its own: intrinsics.js, bufferOf.)
const abByteLengthOf = (buffer) => apply(abByteLength, buffer, []);
const abResizableOf = abResizable ? (buffer) => apply(abResizable, buffer, []) : null;
const SAB = globalThis.SharedArrayBuffer;
const sabByteLength = SAB && getterOf(SAB.prototype, 'byteLength');
const typedArrayToStringTag = getterOf(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag);
const typedArrayTag = (view) => apply(typedArrayToStringTag, view, []);
const dataViewBuffer = getterOf(DataView.prototype, 'buffer');
const dataViewByteOffset = getterOf(DataView.prototype, 'byteOffset');
const dataViewByteLength = getterOf(DataView.prototype, 'byteLength');
const EMPTY = new Uint8Array(0);

// Calls a brand-checking getter; undefined when `value` lacks the brand.
function tryGet(get, value) {
  if (!get) return undefined;
  try {
    return apply(get, value, []);
  } catch {
    return undefined;
  }
}

// The byte length of an ArrayBuffer or SharedArrayBuffer (0 once detached), resizable and growable
// ones included ([AllowResizable], whatwg/encoding pull request 362); undefined for anything else.
function bufferLength(buffer) {
  const length = tryGet(abByteLength, buffer);
  return length !== undefined ? length : tryGet(sabByteLength, buffer);
}

// [AllowShared, AllowResizable] BufferSource -> the bytes it views now, as a Uint8Array over the
// same memory. "Get a copy of the buffer source" returns no bytes for a detached buffer, or for a
// view that a resizable buffer's shrinking left out of bounds; the caller copies.
export function toBytes(input) {
  if (isView(input)) {
    const tag = typedArrayTag(input);
    if (tag === undefined) {
      // A DataView. Its offset and length getters throw once it is detached or out of bounds.
      const buffer = apply(dataViewBuffer, input, []);
      const length = tryGet(dataViewByteLength, input);
      if (!length) return EMPTY;
      return new Uint8Array(buffer, apply(dataViewByteOffset, input, []), length);
    }
    // A typed array reads as 0 bytes long once detached or out of bounds.
    const length = lengthOf(input);
    if (length === 0) return EMPTY;
    // A Uint8Array is used as it is: the core reads it through internal slots only.
    return tag === 'Uint8Array' ? input : new Uint8Array(bufferOf(input), offsetOf(input), length);
  }
  const length = bufferLength(input);
  if (length === undefined) throw new TypeError(MESSAGES.notBufferSource);
  return length === 0 ? EMPTY : new Uint8Array(input, 0, length);
}

// Whether a view's memory is an ArrayBuffer of fixed length: not shared, not resizable (host
// decoders and encodeInto do not all accept the others). On every call handed to a host decoder,
// so it calls ArrayBuffer.prototype's getters directly, which throw for a SharedArrayBuffer: in
// Firefox 153 the check it replaces (`instanceof SharedArrayBuffer`, then the `resizable` getter
// by Reflect.apply in a try block) took about 65 ns of a 16-byte delegated call, this one 14 ns
// (bench/browsers/README.md).
export function isFixedArrayBuffer(view) {
  const buffer = bufferOf(view);
  try {
    return abResizableOf !== null ? !abResizableOf(buffer) : abByteLengthOf(buffer) >= 0;
  } catch {
    return false; // a SharedArrayBuffer
  }
}

// [AllowShared, AllowResizable] Uint8Array (TextEncoder.encodeInto's destination).
export function toUint8Array(value) {
  if (!isView(value) || typedArrayTag(value) !== 'Uint8Array') {
    throw new TypeError(MESSAGES.notUint8Array);
  }
  // No room once detached, or out of bounds of a resizable buffer that shrank.
  if (lengthOf(value) === 0) return EMPTY;
  return value;
}

// A dictionary argument: undefined and null read as {}, any other non-object is a TypeError.
export function toDictionary(value, what) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' && typeof value !== 'function') throw new TypeError(MESSAGES.notDictionary(what));
  return value;
}

// A TextDecoderOptions dictionary's members, read in lexicographic order (fatal, then ignoreBOM),
// each converted as it is read: https://encoding.spec.whatwg.org/#textdecoderoptions. (The main
// entry's TextDecoder reads them inline, js/webidl/text_decoder.js: the call cost its bundle 25 bytes.)
export function toDecoderOptions(options) {
  const dict = toDictionary(options, 'options');
  const fatal = dict ? !!dict.fatal : false;
  return { fatal, ignoreBOM: dict ? !!dict.ignoreBOM : false };
}

// The boolean `stream` member of an options dictionary (false when there is none).
export function toStreamOption(options) {
  const dict = toDictionary(options, 'options');
  return dict ? !!dict.stream : false;
}

// DOMString: ToString, which throws a TypeError for a Symbol.
export const toDOMString = (value) => `${value}`;

// Defines a WebIDL interface's members as the spec's bindings do: methods and attributes are
// enumerable, and the prototype carries the interface's Symbol.toStringTag.
export function defineInterface(cls, name, members) {
  for (const member of members) {
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, member);
    Object.defineProperty(cls.prototype, member, { ...descriptor, enumerable: true });
  }
  Object.defineProperty(cls.prototype, Symbol.toStringTag, { value: name, configurable: true });
}

// A second interface object for `Class`, with the same members on a prototype of its own:
// constructing it constructs a `Class` with it as new.target, so that its instances have its
// prototype, pass the brand checks of `Class`'s members, and `Class`'s constructor can tell them
// apart (text_decoder.js gives those decoders a fallback).
export function cloneInterface(Class) {
  const Clone = class {
    constructor(...args) {
      return construct(Class, args, new.target);
    }
  };
  defineProperty(Clone, 'name', { value: Class.name, configurable: true });
  for (const key of Reflect.ownKeys(Class.prototype)) {
    if (key !== 'constructor')
      defineProperty(Clone.prototype, key, Object.getOwnPropertyDescriptor(Class.prototype, key));
  }
  return Clone;
}
