// What a decoder keeps after a fatal error in a call with { stream: true }
// (https://encoding.spec.whatwg.org/#dom-textdecoder-decode): the error is thrown with do not flush
// still true, so the next decode() neither sets a new decoder nor empties the I/O queue. The decoder
// keeps the state the error left (the core keeps it: cpp/encoding.h, DecodeResult::restored), the
// I/O queue keeps the bytes the error restored and those after the one where it was found, and BOM
// seen stays as it was before the call ("serialize I/O queue" never ran): run_decoder.js
// queueAfterError. Both ways of decoding (run_decoder.js, host_error.js) prepend that queue.
import { lengthOf, setBytes, Uint8Array } from '../wasm/intrinsics.js';

// The next call's input: the I/O queue's bytes left by an error (`queue`, or null), then `bytes`.
export function prepend(queue, bytes) {
  const held = queue === null ? 0 : lengthOf(queue);
  if (held === 0) return bytes;
  const input = new Uint8Array(held + lengthOf(bytes));
  setBytes(input, queue, 0);
  setBytes(input, bytes, held);
  return input;
}
