// Where a host decoder's fatal error is, in a stream's later chunks. The host's decoders are exact
// (native.js), but after one throws, the bytes it held from earlier chunks are gone; our decoder,
// given those bytes and the failing chunk, finds the error at the same byte and says where
// (https://encoding.spec.whatwg.org/#concept-encoding-process). The host decodes UTF-8, UTF-16BE/LE
// and single-byte encodings; only the first two hold bytes between chunks, at most three: a UTF-8
// sequence's lead and up to two continuation bytes, or UTF-16's odd byte and a lead surrogate.
import { lengthOf, Uint8Array } from '../wasm/intrinsics.js';

const HELD_MAX = 3;

// Whether the decoder of `name` (one the host decodes) can hold bytes between chunks.
export const holdsBytes = (name) => name === 'utf-8' || name === 'utf-16le' || name === 'utf-16be';

// The last (at most three) bytes of the stream so far: those of `old` (the tail before this chunk)
// followed by this chunk's `total` bytes.
export function keepTail(old, bytes, total) {
  // (Built-ins that page code can replace are not called here: intrinsics.js.)
  const had = old === null ? 0 : lengthOf(old);
  const fromOld = total >= HELD_MAX ? 0 : had < HELD_MAX - total ? had : HELD_MAX - total;
  const size = fromOld + (total < HELD_MAX ? total : HELD_MAX);
  const tail = new Uint8Array(size);
  for (let i = 0; i < fromOld; i++) tail[i] = old[had - fromOld + i];
  for (let i = fromOld; i < size; i++) tail[i] = bytes[total - size + i];
  return tail;
}

// How many of `tail`'s bytes (ending at stream offset `position`) come before the bytes the
// decoder of `name` (UTF-8 or UTF-16BE/LE: holdsBytes) can be holding: those it cannot be holding,
// as they end a character.
export function notHeld(name, tail, position) {
  const length = lengthOf(tail);
  if (name === 'utf-8') {
    // A held sequence starts at its lead byte: continuation bytes before one ended a character.
    let skip = 0;
    while (skip < length && (tail[skip] & 0xc0) === 0x80) skip++;
    return skip;
  }
  // UTF-16: code units start at even offsets; a trail surrogate ended a pair.
  let skip = (position - length) & 1;
  if (skip + 2 <= length) {
    const unit = name === 'utf-16le' ? tail[skip] | (tail[skip + 1] << 8) : (tail[skip] << 8) | tail[skip + 1];
    if (unit >= 0xdc00 && unit <= 0xdfff) skip += 2;
  }
  return skip;
}
