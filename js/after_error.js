// What a decoder keeps after a fatal error in a call with { stream: true }
// (https://encoding.spec.whatwg.org/#dom-textdecoder-decode): the error is thrown with do not flush
// still true, so the next decode() neither sets a new decoder nor empties the I/O queue. The decoder
// keeps the state the error left (the core keeps it: cpp/encoding.h, DecodeResult::restored), the
// I/O queue keeps the bytes the error restored and those after the one where it was found, and BOM
// seen stays as it was before the call ("serialize I/O queue" never ran). Both decode loops
// (run_decoder.js, lite/wasm.js) use this.
import { lengthOf, setBytes, Uint8Array } from './intrinsics.js';

// DecoderState's kBomSeen (cpp/decode_driver.h) in the state's second word (byte 7, the flags).
export const BOM_SEEN = 0x01000000;

// The I/O queue after a fatal error found at bytes[at]: the bytes the core restored (`restored`,
// its SCRATCH_RESTORED word: a count, then the bytes), then bytes[at + 1..]. The stream's bytes
// from the one at bytes[at + 1 - count].
export function queueAfterError(restored, bytes, at) {
  const count = restored & 0xff;
  const rest = lengthOf(bytes) - at - 1;
  const queue = new Uint8Array(count + rest);
  for (let k = 0; k < count; k++) queue[k] = (restored >>> (8 * (k + 1))) & 0xff;
  for (let k = 0; k < rest; k++) queue[count + k] = bytes[at + 1 + k];
  return queue;
}

// The next call's input: the I/O queue's bytes left by an error (`queue`, or null), then `bytes`.
export function prepend(queue, bytes) {
  const held = queue === null ? 0 : lengthOf(queue);
  if (held === 0) return bytes;
  const input = new Uint8Array(held + lengthOf(bytes));
  setBytes(input, queue, 0);
  setBytes(input, bytes, held);
  return input;
}
