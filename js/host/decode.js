// Calling a host's own decoder (one that passed the exactness probes, js/host/probes.js) for a
// TextDecoder (js/webidl/text_decoder.js).
import { apply, bufferOf, lengthOf, offsetOf, setBytes, Uint8Array } from '../wasm/intrinsics.js';
import * as MESSAGES from '../webidl/messages.js';
import { isFixedArrayBuffer } from '../webidl/webidl.js';

// Input longer than this goes to a host decoder in pieces, streamed: Node 20's fatal UTF-8 decoder
// calls a valid 512 MiB input invalid (its output would be too long), a TypeError that would read
// as malformed input; in pieces, too-long output is the RangeError of our own concatenation.
const HOST_PIECE = 1 << 24;
// The options of a host decoder's decode() calls: made once, with no prototype to read through.
const STREAM = Object.freeze({ __proto__: null, stream: true });
const END = Object.freeze({ __proto__: null, stream: false });

// `bytes` (a Uint8Array of `total` bytes) if its memory is an ArrayBuffer of fixed length, else a copy
// in one: host decoders do not all accept views of shared or resizable memory.
export function fixedBytes(bytes, total) {
  if (isFixedArrayBuffer(bytes)) return bytes;
  const copy = new Uint8Array(total);
  setBytes(copy, bytes, 0);
  return copy;
}

// The text of the `total` bytes of `bytes` (fixedBytes) from `decoder`, an instance of the host's
// class whose decode() is `decode`, with end-of-queue after them when `flush`. Throws what the host
// decoder throws (hostFailure).
export function decodeOnHost(decode, decoder, bytes, total, flush) {
  if (total <= HOST_PIECE) return apply(decode, decoder, [bytes, flush ? END : STREAM]);
  let text = '';
  for (let pos = 0; pos < total; pos += HOST_PIECE) {
    const end = total - pos < HOST_PIECE ? total : pos + HOST_PIECE;
    const piece = new Uint8Array(bufferOf(bytes), offsetOf(bytes) + pos, end - pos);
    text += apply(decode, decoder, [piece, end < total || !flush ? STREAM : END]);
  }
  return text;
}

// What to throw for `error`, thrown by a host decoder, when it is not a TypeError (hosts report
// malformed input in fatal mode as a TypeError, which the caller reports itself): output longer
// than the engine's longest string (Node: an Error, ERR_STRING_TOO_LONG) is the RangeError the wasm
// path gives; the rest goes out as it came.
export const hostFailure = (error) =>
  error instanceof RangeError || error?.code === 'ERR_STRING_TOO_LONG'
    ? new RangeError(MESSAGES.tooLong(), { cause: error })
    : error;

// Whether a new fatal decoder of `name` (class `Host`, its decode() `decode`) throws on the first
// `length` bytes of `input` (a Uint8Array over a fixed-length ArrayBuffer), streamed as decodeOnHost
// streams them, with end-of-queue after them when `end`. Any error but a TypeError goes out.
export function hostThrows(Host, decode, name, input, length, end) {
  const decoder = new Host(name, { __proto__: null, fatal: true });
  try {
    decodeOnHost(decode, decoder, new Uint8Array(bufferOf(input), offsetOf(input), length), length, end);
    return false;
  } catch (error) {
    if (error instanceof TypeError) return true;
    throw error;
  }
}

// The byte of `input` at which an exact host decoder of `name`, new and fatal, finds the first error:
// the first byte whose processing is an error (https://encoding.spec.whatwg.org/#concept-encoding-process),
// where a streamed call of the bytes up to it throws and one of the bytes before it does not; the
// input's length if none does (the error was found at end-of-queue). A binary search over streamed
// calls of prefixes, so that no wasm is needed to say where.
export function hostErrorAt(Host, decode, name, input) {
  let low = 0;
  let high = lengthOf(input);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (hostThrows(Host, decode, name, input, mid + 1, false)) high = mid;
    else low = mid + 1;
  }
  return low;
}
