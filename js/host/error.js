// A fatal error thrown by the host's own decoder, for the TextDecoder (js/webidl/text_decoder.js):
// where it was found, and after a call with { stream: true } what carries
// on (https://encoding.spec.whatwg.org/#dom-textdecoder-decode: the error is thrown with do not
// flush still true; after_error.js). The host's decoders that are used are exact (host_probes.js)
// and decode UTF-8, UTF-16BE/LE and the single-byte encodings, whose decoders an error always
// leaves new: what carries on is the rest of the I/O queue and BOM seen. After the host decoder
// throws, the bytes it held from earlier chunks are gone; a new one, given those it can have been
// holding (host_tail.js) and the chunk, finds the error at the same byte. That one binary search
// (host_decode.js hostErrorAt) says both where the error is and where the I/O queue goes on; no
// wasm is needed.
import { prepend } from '../webidl/after_error.js';
import { hostErrorAt, hostThrows } from './decode.js';
import { apply, bufferOf, lengthOf, offsetOf, Uint8Array } from '../wasm/intrinsics.js';
import { notHeld } from './tail.js';

const STREAM = Object.freeze({ __proto__: null, stream: true });

// The error of a host decoder of `name` (class `Host`, its decode() `decode`) that threw on `bytes`
// (a Uint8Array over a fixed-length ArrayBuffer) after `position` bytes of the stream whose last ones
// are `tail` (host_tail.js keepTail, or null). Returns { at, start, queue, bomSeen }: `at`, the byte
// of the stream where the error was found; with `stream`, `queue`, the rest of the I/O queue (a
// Uint8Array), which is the stream's from byte `start`, and `bomSeen`, whether BOM seen was true
// before this call.
export function hostError(Host, decode, name, tail, position, bytes, stream) {
  const skip = tail === null ? 0 : notHeld(name, tail, position);
  const held = tail === null ? 0 : lengthOf(tail) - skip;
  const heldBytes = held > 0 ? new Uint8Array(bufferOf(tail), offsetOf(tail) + skip, held) : null;
  const input = prepend(heldBytes, bytes);
  const at = hostErrorAt(Host, decode, name, input);
  const found = { at: position - held + at, start: 0, queue: null, bomSeen: false };
  if (!stream) return found;
  // The queue goes on after the byte where the error was found, or from the bytes the error
  // restored to it: UTF-8's byte that ended a sequence begun before it (the decoder was holding
  // bytes before it), or UTF-16's code unit that follows a leading surrogate.
  let next = at + 1;
  const utf16 = name === 'utf-16le' || name === 'utf-16be';
  if (name === 'utf-8' && hostThrows(Host, decode, name, input, at, true)) next = at;
  else if (utf16 && at > 0 && hostThrows(Host, decode, name, input, at - 1, true)) next = at - 1;
  const rest = lengthOf(input) - next;
  const queue = new Uint8Array(rest);
  for (let k = 0; k < rest; k++) queue[k] = input[next + k];
  found.start = position - held + next;
  found.queue = queue;
  // BOM seen: the stream's bytes before the held ones gave output (fatal mode, no error: each ended
  // a character), or the held ones did.
  found.bomSeen = position > held || (held > 0 && givesOutput(Host, decode, name, heldBytes));
  return found;
}

// Whether a new decoder (ignoring BOMs) gives output for `bytes` (no errors) with { stream: true }.
function givesOutput(Host, decode, name, bytes) {
  const decoder = new Host(name, { __proto__: null, fatal: true, ignoreBOM: true });
  return apply(decode, decoder, [bytes, STREAM]) !== '';
}
