// Built-ins captured at load time. Once a decode or encode is under way no user code may run
// (WebIDL reads the input through internal slots), so nothing on the way to and from wasm goes
// through a lookup a page could have replaced: no getter of %TypedArray%.prototype or of
// WebAssembly.Memory.prototype, no method of String.prototype, Array.prototype or Math, no species,
// no global binding of a constructor. The modules on that path import what they use from here.
export const { Map, Uint8Array, Uint16Array, Uint32Array } = globalThis;
const { apply, construct, defineProperty, getPrototypeOf } = Reflect;
const getterOf = (object, key) => Object.getOwnPropertyDescriptor(object, key)?.get;
const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);

export { apply, construct, defineProperty, getPrototypeOf };
export const { fromCharCode } = String;
export const { isView } = ArrayBuffer;

// A typed array's buffer, byte offset and byte length (for a Uint8Array, its length) from its
// internal slots, as WebIDL reads them: an own `length` property (say 2 ** 53) or a replaced
// getter must not make a call read past the view.
const typedArrayBuffer = getterOf(TypedArrayPrototype, 'buffer');
const typedArrayByteOffset = getterOf(TypedArrayPrototype, 'byteOffset');
const typedArrayByteLength = getterOf(TypedArrayPrototype, 'byteLength');
export const bufferOf = (view) => apply(typedArrayBuffer, view, []);
export const offsetOf = (view) => apply(typedArrayByteOffset, view, []);
export const lengthOf = (view) => apply(typedArrayByteLength, view, []);

// The ArrayBuffer of a WebAssembly.Memory (a new one after it grows).
const memoryBuffer = getterOf(WebAssembly.Memory.prototype, 'buffer');
export const memoryBufferOf = (memory) => apply(memoryBuffer, memory, []);

// target.set(source, offset)
const typedArraySet = TypedArrayPrototype.set;
export const setBytes = (target, source, offset) => apply(typedArraySet, target, [source, offset]);

// A fresh Uint8Array of the `length` bytes of `buffer` at `offset`.
export function copyOut(buffer, offset, length) {
  const out = new Uint8Array(length);
  setBytes(out, new Uint8Array(buffer, offset, length), 0);
  return out;
}

// text.charCodeAt(index) and text.slice(start, end).
const { charCodeAt, slice } = String.prototype;
export const charCodeOf = (text, index) => apply(charCodeAt, text, [index]);
export const sliceOf = (text, start, end) => apply(slice, text, [start, end]);

// map.get(key) and map.set(key, value).
const { get: mapGetMethod, set: mapSetMethod } = Map.prototype;
export const mapGet = (map, key) => apply(mapGetMethod, map, [key]);
export const mapSet = (map, key, value) => apply(mapSetMethod, map, [key, value]);
