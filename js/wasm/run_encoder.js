// An encoder run over a string in wasm.
import {
  ENCODE_FLUSH,
  ENCODE_RECORD_ERRORS,
  HTML,
  SCRATCH_CODE_POINT,
  SCRATCH_ERROR_LOG,
  SCRATCH_ERRORS,
  SCRATCH_READ,
  SCRATCH_STATE0,
  SCRATCH_WRITTEN,
  STATUS_DONE,
  STATUS_ERROR,
  STATUS_UNAVAILABLE,
} from '../generated/abi.js';
import { copyOut, lengthOf, setBytes, Uint8Array } from './intrinsics.js';
import { stageText } from './input.js';
import * as MESSAGES from '../webidl/messages.js';
import * as WASM_MESSAGES from './messages.js';

// Runs `encoder` (a record of { id, name, html, state, position, errors }: the encoding's id and
// name, the "html" error mode (else "fatal"), the encoder's state word, optionally the stream's code
// units before `text`, and in the html mode optionally an array that receives every unencodable code
// point as three numbers, its index in `text`, its value and the offset of its "&#N;" in the output:
// the core's error log, recorded in the same pass, docs/design.md section 16) in `instance` (its
// WasmInstance) over `text`; with `flush` the input ends here. Returns the output in a new
// Uint8Array; throws a TypeError naming the first code point that cannot be encoded (fatal) and its
// index in the stream.
export const runEncoder = (instance, encoder, text, flush) =>
  instance.run(encode, 'encoding', encoder.name, encoder, text, flush);

function encode(instance, encoder, text, flush) {
  const { id, name, errors } = encoder;
  // The output so far: copies of the output buffer's contents, the first, and any more in an object
  // with no prototype (the elements of an array would be set through any setter a page put on
  // Array.prototype; the object, slow to make, only where the output is long).
  let first = null;
  let more = null;
  let count = 0;
  let size = 0;
  let start = 0;
  do {
    instance.enter();
    const length = stageText(instance, text, start);
    const options =
      (encoder.html ? HTML : 0) |
      (errors ? ENCODE_RECORD_ERRORS : 0) |
      (flush && start + length === text.length ? ENCODE_FLUSH : 0);
    let offset = 0;
    for (;;) {
      instance.scratch[SCRATCH_STATE0] = encoder.state;
      instance.inWasm = true;
      const status = instance.wasm.ew_encode(id, options, offset, length - offset);
      instance.inWasm = false;
      // The first use of an encoder builds its lookup tables, which may grow memory.
      instance.views();
      const { scratch } = instance;
      encoder.state = scratch[SCRATCH_STATE0];
      const read = scratch[SCRATCH_READ];
      const written = scratch[SCRATCH_WRITTEN];
      if (status === STATUS_UNAVAILABLE) throw new Error(WASM_MESSAGES.unavailable(instance.family ?? 'core', name));
      // this call's input starts at text[start + offset]
      if (status === STATUS_ERROR) {
        const index = (encoder.position || 0) + start + offset + read;
        throw new TypeError(MESSAGES.fatalEncode(name, scratch[SCRATCH_CODE_POINT], index));
      }
      if (errors) {
        // (indexed stores: a page may have replaced Array.prototype.push)
        for (let k = 0, n = scratch[SCRATCH_ERRORS]; k < n; k++) {
          errors[errors.length] = start + offset + scratch[SCRATCH_ERROR_LOG + 3 * k];
          errors[errors.length] = scratch[SCRATCH_ERROR_LOG + 3 * k + 1];
          errors[errors.length] = size + scratch[SCRATCH_ERROR_LOG + 3 * k + 2];
        }
      }
      const chunk = copyOut(instance.buffer, instance.outputPtr, written);
      if (first === null) first = chunk;
      else (more ??= { __proto__: null })[count++] = chunk;
      size += written;
      offset += read;
      if (status === STATUS_DONE) break;
    }
    // A leading surrogate that ends a piece (unpaired: a pair is never split) stays unread, for the
    // next piece to see what follows it. (Nothing read at all: only such a surrogate is left, with
    // more input to come, so the loop ends here.)
    start += offset;
    if (offset === 0) break;
  } while (start < text.length);
  if (more === null) return first;
  const out = new Uint8Array(size);
  setBytes(out, first, 0);
  for (let i = 0, at = lengthOf(first); i < count; i++) {
    setBytes(out, more[i], at);
    at += lengthOf(more[i]);
  }
  return out;
}
