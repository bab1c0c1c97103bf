// The I/O queue after a host decoder's fatal error in a call with { stream: true }, for
// encoding-wasm/lite (https://encoding.spec.whatwg.org/#dom-textdecoder-decode; ../after_error.js).
// The host's decoders that lite uses are exact (./exact.js) and decode UTF-8, UTF-16BE/LE and the
// single-byte encodings, whose decoders an error always leaves new: what carries on is the rest of
// the I/O queue, the bytes after the one where the error was found or, where the error restored
// bytes to the queue, from those. The host decoder, exact, says where its first error is and
// whether it was holding bytes there; no wasm is needed.
import { apply, bufferOf, lengthOf, offsetOf, Uint8Array } from '../intrinsics.js';

const STREAM = Object.freeze({ __proto__: null, stream: true });

// Whether a new fatal decoder of `host` for `name` throws on bytes[0..length) with { stream: true }
// (then, with `end`, on end-of-queue after them: it was holding bytes).
function fails(host, name, bytes, length, end) {
  const decoder = new host.Native(name, { __proto__: null, fatal: true, ignoreBOM: true });
  try {
    apply(host.decode, decoder, [new Uint8Array(bufferOf(bytes), offsetOf(bytes), length), STREAM]);
    if (end) apply(host.decode, decoder, []);
    return false;
  } catch (error) {
    if (error instanceof TypeError) return true;
    throw error;
  }
}

// The I/O queue's bytes after the first error of a new decoder of `name` over `bytes` (a
// Uint8Array of fixed length, with an error): those after the byte where the error was found, and
// that byte too (UTF-8: it ended a sequence begun before it, and is restored), or the code unit it
// ends (UTF-16: after a leading surrogate, a code unit that is not a trailing one is restored).
export function queueAfterHostError(host, name, bytes) {
  const total = lengthOf(bytes);
  // The shortest prefix that throws ends with the byte where the error was found (a binary search:
  // every longer prefix throws too).
  let low = 1;
  let high = total;
  if (!fails(host, name, bytes, total, false)) return new Uint8Array(0);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (fails(host, name, bytes, middle, false)) high = middle;
    else low = middle + 1;
  }
  const at = low - 1;
  let next = at + 1;
  if (name === 'utf-8' && fails(host, name, bytes, at, true)) next = at;
  else if ((name === 'utf-16le' || name === 'utf-16be') && at > 0 && fails(host, name, bytes, at - 1, true)) {
    next = at - 1;
  }
  const queue = new Uint8Array(total - next);
  for (let k = 0; k < total - next; k++) queue[k] = bytes[next + k];
  return queue;
}

// Whether a new decoder of `host` for `name` (ignoring BOMs) gives output for `bytes` (a Uint8Array
// of fixed length without errors, with { stream: true }): then BOM seen would be true after them.
export function givesOutput(host, name, bytes) {
  const decoder = new host.Native(name, { __proto__: null, fatal: true, ignoreBOM: true });
  return apply(host.decode, decoder, [bytes, STREAM]) !== '';
}
