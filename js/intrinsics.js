// Built-ins captured at load time. Once a decode or encode is under way no user code may run
// (WebIDL reads the input through internal slots), so nothing here goes through a property lookup
// a page could have replaced, such as %TypedArray%.prototype.set or Uint8Array[Symbol.species].
const { apply } = Reflect;
const typedArraySet = Object.getPrototypeOf(Uint8Array.prototype).set;
const fromCharCode = String.fromCharCode;

export { apply, fromCharCode };

// A typed array's buffer, byte offset and byte length (for a Uint8Array, its length) from its
// internal slots, as WebIDL reads them: an own `length` property (say 2 ** 53) or a replaced
// getter must not make a call read past the view.
const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const slotGetter = (key) => {
  const get = Object.getOwnPropertyDescriptor(typedArrayProto, key).get;
  return (view) => apply(get, view, []);
};
export const bufferOf = slotGetter('buffer');
export const offsetOf = slotGetter('byteOffset');
export const lengthOf = slotGetter('byteLength');

// target.set(source, offset)
export const setBytes = (target, source, offset) => apply(typedArraySet, target, [source, offset]);

// A fresh Uint8Array of `length` bytes copied from `source` (a Uint8Array) at `offset`.
export function copyOut(source, offset, length) {
  const out = new Uint8Array(length);
  setBytes(out, new Uint8Array(source.buffer, source.byteOffset + offset, length), 0);
  return out;
}

// String.fromCharCode(...units) for an array-like of code units.
export const charCodesToString = (units) => apply(fromCharCode, null, units);
