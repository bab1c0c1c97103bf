// The byte at which a fatal decoder reports an error, found again: the package's TextDecoder does
// not say where it failed, so the file is read again from the start with a fresh fatal decoder,
// whole chunks up to the failing one, then byte by byte with stream: true until it throws.
import { TextDecoder } from 'encoding-wasm';

// { offset, end } (end: the error is the incomplete sequence at the end of the input), or null.
export async function findMalformedByte(input, from, chunkStart) {
  const decoder = new TextDecoder(from, { fatal: true });
  let offset = 0;
  for await (const chunk of input.chunks()) {
    if (offset + chunk.length <= chunkStart) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return null; // the file changed since
      }
    } else {
      for (let i = 0; i < chunk.length; i++) {
        try {
          decoder.decode(chunk.subarray(i, i + 1), { stream: true });
        } catch {
          return { offset: offset + i, end: false };
        }
      }
    }
    offset += chunk.length;
  }
  try {
    decoder.decode();
  } catch {
    return { offset, end: true };
  }
  return null;
}
