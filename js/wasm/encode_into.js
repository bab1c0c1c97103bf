// TextEncoder.encodeInto's UTF-8 encoder in wasm, for hosts without one and for destinations the
// host's refuses (text_encoder.js).
import { SCRATCH_READ, SCRATCH_WRITTEN } from '../generated/abi.js';
import { copyUtf16 } from './input.js';
import { lengthOf, setBytes, Uint8Array } from './intrinsics.js';

// Encodes whole scalar values of `text` while they fit into `destination` (a Uint8Array), with the
// core's `instance`. Returns { read, written }.
export const encodeInto = (instance, text, destination) =>
  instance.run(encodeUtf8Into, 'encoding UTF-8 into a buffer', undefined, text, destination);

function encodeUtf8Into(instance, text, destination) {
  const capacity = lengthOf(destination);
  let read = 0;
  let written = 0;
  while (read < text.length) {
    instance.enter();
    const n = copyUtf16(instance, text, read);
    // The capacity is a u32: a destination of 4 GiB or more must not wrap to a small one.
    const room = capacity - written < instance.outputBytes ? capacity - written : instance.outputBytes;
    instance.inWasm = true;
    instance.wasm.ew_encode_into(n, room);
    instance.inWasm = false;
    instance.views();
    const { scratch } = instance;
    const r = scratch[SCRATCH_READ];
    const w = scratch[SCRATCH_WRITTEN];
    setBytes(destination, new Uint8Array(instance.buffer, instance.outputPtr, w), written);
    read += r;
    written += w;
    if (r < n) break;
  }
  return { read, written };
}
