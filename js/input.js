// Putting a call's input into the wasm input buffer (the bytes to decode go in by run_decoder.js).
import { apply, charCodeOf as importedCharCodeOf, sliceOf, Uint8Array } from './intrinsics.js';

// The same function in a local constant, which V8 calls inline in copyUtf16's loop; through the
// imported binding, 20000-character encodeInto calls took 13% longer (Node 20).
const charCodeOf = importedCharCodeOf;

// Where a JS string's scalar values reach wasm fastest: the host's UTF-8 encodeInto writes them
// straight into wasm memory (DESIGN.md section 6); without one, the code units are copied.
const hostEncoder = typeof globalThis.TextEncoder === 'function' ? new globalThis.TextEncoder() : null;
const hostEncodeInto = hostEncoder && globalThis.TextEncoder.prototype.encodeInto;

// The end of the piece of `text` from `start` of at most `max` code units, never between the halves
// of a surrogate pair.
function pieceEnd(text, start, max) {
  if (text.length - start <= max) return text.length;
  const end = start + max;
  return (charCodeOf(text, end - 1) & 0xfc00) === 0xd800 ? end - 1 : end;
}

// Writes up to one buffer of `text`'s code units from `start` into the input of `instance` (a
// WasmInstance). Returns how many.
export function copyUtf16(instance, text, start) {
  const n = pieceEnd(text, start, instance.inputCapacity >> 1) - start;
  const { u16 } = instance;
  const base = instance.inputPtr >> 1;
  for (let i = 0; i < n; i++) u16[base + i] = charCodeOf(text, start + i);
  return n;
}

// Writes the next piece of `text` from `start` into the input for an encoder, as UTF-8 where the
// host can write that, else as UTF-16: { read: code units read, length: input length, utf16 }.
export function stageText(instance, text, start) {
  if (hostEncoder) {
    const end = pieceEnd(text, start, instance.inputCapacity);
    const { read, written } = apply(hostEncodeInto, hostEncoder, [
      start === 0 && end === text.length ? text : sliceOf(text, start, end),
      new Uint8Array(instance.buffer, instance.inputPtr, instance.inputCapacity),
    ]);
    return { read, length: written, utf16: false };
  }
  const n = copyUtf16(instance, text, start);
  return { read: n, length: n, utf16: true };
}
