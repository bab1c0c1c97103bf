// Putting a call's input into the wasm input buffer (the bytes to decode go in by run_decoder.js).
import { charCodeOf as importedCharCodeOf, sliceOf } from './intrinsics.js';
import { writeUtf16 } from './strings.js';

// The same function in a local constant, which V8 calls inline in copyUtf16's loop; through the
// imported binding, 20000-character encodeInto calls took 13% longer (Node 20).
const charCodeOf = importedCharCodeOf;

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

// Writes the next piece of `text` from `start` into the input for an encoder, as UTF-16 code units
// (the encoders' input path, chosen by measurement: docs/design.md section 6): by Buffer#ucs2Write where it is
// the host's own, else copied one by one. Returns how many code units.
export function stageText(instance, text, start) {
  if (writeUtf16 === null) return copyUtf16(instance, text, start);
  const n = pieceEnd(text, start, instance.inputCapacity >> 1) - start;
  writeUtf16(instance.u8, n === text.length ? text : sliceOf(text, start, start + n), instance.inputPtr, n * 2);
  return n;
}
