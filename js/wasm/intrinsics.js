// Built-ins captured at load time. Once a decode or encode is under way no user code may run
// (WebIDL reads the input through internal slots), so nothing on the way to and from wasm goes
// through a lookup a page could have replaced: no getter of %TypedArray%.prototype or of
// WebAssembly.Memory.prototype, no method of String.prototype, Array.prototype or Math, no species,
// no global binding of a constructor. The modules on that path import what they use from here.
export const { Map, Uint8Array, Uint16Array, Uint32Array } = globalThis;
const { apply, construct, defineProperty, getPrototypeOf } = Reflect;
export const getterOf = (object, key) => Object.getOwnPropertyDescriptor(object, key)?.get;
const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);

// uncurryThis(fn)(self, ...args) calls fn with `self` as this: a bound Function.prototype.call, as
// Node's primordials make them, which V8 reduces to a direct call of fn (Reflect.apply with a new
// array of arguments on every call made 20000-character encodeInto calls 20% slower, Node 20).
const { bind, call } = Function.prototype;
export const uncurryThis = (fn) => apply(bind, call, [fn]);

export { apply, construct, defineProperty, getPrototypeOf };
export const { fromCharCode } = String;
// String.fromCharCode(...units) for an array-like of code units.
export const charCodesToString = (units) => apply(fromCharCode, null, units);
export const { isView } = ArrayBuffer;

// A getter called as a function of its receiver: `(self) => apply(get, self, [])`, one function
// for each getter, written out (a single call site shared by several getters is a polymorphic one,
// which made 16-byte calls in Firefox 153 about 70 ns slower). V8 makes that and uncurryThis both
// a direct call (Node 20 and Chromium 156: the same time each), while SpiderMonkey and
// JavaScriptCore call most built-in getters through uncurryThis's bound `call` far more slowly:
// Firefox 153 about 32 ns a call against 10, WebKitGTK 2.50 22-40 against 17-26 (the typed-array
// buffer and byteOffset getters, Symbol.toStringTag, ArrayBuffer's). The exception is a typed
// array's byteLength, which Firefox reads inline through uncurryThis: by Reflect.apply, 16-byte
// delegated calls took 40-130 ns longer there (two runs).

// A typed array's buffer, byte offset and byte length (for a Uint8Array, its length) from its
// internal slots, as WebIDL reads them: an own `length` property (say 2 ** 53) or a replaced
// getter must not make a call read past the view.
const typedArrayBuffer = getterOf(TypedArrayPrototype, 'buffer');
const typedArrayByteOffset = getterOf(TypedArrayPrototype, 'byteOffset');
const typedArrayByteLength = getterOf(TypedArrayPrototype, 'byteLength');
export const bufferOf = (view) => apply(typedArrayBuffer, view, []);
export const offsetOf = (view) => apply(typedArrayByteOffset, view, []);
export const lengthOf = uncurryThis(typedArrayByteLength);

// The ArrayBuffer of a WebAssembly.Memory (a new one after it grows).
const memoryBuffer = getterOf(WebAssembly.Memory.prototype, 'buffer');
export const memoryBufferOf = (memory) => apply(memoryBuffer, memory, []);

// target.set(source, offset)
export const setBytes = uncurryThis(TypedArrayPrototype.set);

// A fresh Uint8Array of the `length` bytes of `buffer` at `offset`.
export function copyOut(buffer, offset, length) {
  const out = new Uint8Array(length);
  setBytes(out, new Uint8Array(buffer, offset, length), 0);
  return out;
}

// The host's TransformStream as it is when this module loads, read on first use: null where there
// is none, else a function returning it. Node and Deno define it as a getter that loads their web
// streams, which reading it at load time made a fresh Node 20 import of the package 1.4 ms slower
// (bench/startup.mjs); the getter is kept, so a page replacing the global later changes nothing.
export const hostTransformStream = /* @__PURE__ */ (() => {
  const property = Reflect.getOwnPropertyDescriptor(globalThis, 'TransformStream');
  if (property === undefined) return null;
  const { get, value } = property;
  if (get === undefined) return typeof value === 'function' ? () => value : null;
  let stream;
  return () => (stream ??= apply(get, globalThis, []));
})();

// text.charCodeAt(index), text.slice(start, end) and text.split(separator).
export const charCodeOf = uncurryThis(String.prototype.charCodeAt);
export const sliceOf = uncurryThis(String.prototype.slice);
export const splitOf = uncurryThis(String.prototype.split);

// map.get(key) and map.set(key, value).
export const mapGet = uncurryThis(Map.prototype.get);
export const mapSet = uncurryThis(Map.prototype.set);
