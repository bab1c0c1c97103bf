// An encoder run over a string in wasm.
import { HTML, FLUSH, STATUS_DONE, STATUS_ERROR } from './instance.js';
import { bufferOf, copyOut, lengthOf, setBytes, Uint8Array } from './intrinsics.js';
import { stageText } from './input.js';
import { MESSAGES } from './messages.js';

// `out` (a Uint8Array whose first `size` bytes are output so far, or null) with the `n` bytes at
// `at` in `buffer` appended: in place while they fit, else in a new array of twice the size.
function append(out, size, buffer, at, n) {
  if (out === null) return copyOut(buffer, at, n);
  const capacity = lengthOf(out);
  if (size + n > capacity) {
    const bigger = new Uint8Array(size + n > capacity * 2 ? size + n : capacity * 2);
    setBytes(bigger, new Uint8Array(bufferOf(out), 0, size), 0);
    out = bigger;
  }
  setBytes(out, new Uint8Array(buffer, at, n), size);
  return out;
}

// Runs `encoder` (a record of { id, name, html, state }: the encoding's id and name, the "html"
// error mode (else "fatal") and the encoder's state word) in `instance` (its WasmInstance) over
// `text`; with `flush` the input ends here. Returns the output in a new Uint8Array; throws a
// TypeError naming the first code point that cannot be encoded (fatal).
export const runEncoder = (instance, encoder, text, flush) =>
  instance.run(encode, 'encoding', encoder.name, encoder, text, flush);

function encode(instance, encoder, text, flush) {
  const { id, name } = encoder;
  let out = null;
  let size = 0;
  let start = 0;
  do {
    instance.enter();
    const input = stageText(instance, text, start);
    start += input.read;
    const options = (encoder.html ? HTML : 0) | (flush && start === text.length ? FLUSH : 0);
    const utf16 = input.utf16 ? 1 : 0;
    let offset = 0;
    for (;;) {
      instance.scratch[0] = encoder.state;
      instance.inWasm = true;
      const status = instance.wasm.ew_encode(id, options, offset, input.length - offset, utf16);
      instance.inWasm = false;
      // The first use of an encoder builds its lookup tables, which may grow memory.
      instance.views();
      const { scratch } = instance;
      encoder.state = scratch[0];
      const read = scratch[2];
      const written = scratch[4];
      if (status === STATUS_ERROR) throw new TypeError(MESSAGES.fatalEncode(name, scratch[5]));
      out = append(out, size, instance.buffer, instance.outputPtr, written);
      size += written;
      offset += read;
      if (status === STATUS_DONE) break;
    }
  } while (start < text.length);
  return size === lengthOf(out) ? out : copyOut(bufferOf(out), 0, size);
}
