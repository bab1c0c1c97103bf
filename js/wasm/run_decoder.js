// A decoder run over a chunk of bytes in wasm.
import {
  FATAL,
  FLUSH,
  IGNORE_BOM,
  RECORD_ERRORS,
  SCRATCH_BEGIN,
  SCRATCH_ERROR_LOG,
  SCRATCH_ERRORS,
  SCRATCH_READ,
  SCRATCH_RESTORED,
  SCRATCH_STATE0,
  SCRATCH_STATE1,
  SCRATCH_WRITTEN,
  STATUS_DONE,
  STATUS_ERROR,
  STATUS_UNAVAILABLE,
} from '../generated/abi.js';
import { bufferOf, lengthOf, offsetOf, setBytes, Uint8Array } from './intrinsics.js';
import * as MESSAGES from '../webidl/messages.js';
import * as WASM_MESSAGES from './messages.js';
import { outputString } from './strings.js';

// DecoderState's kBomSeen (cpp/decode_driver.h) in the state's second word (byte 7, the flags).
export const BOM_SEEN = 0x01000000;

// The I/O queue after a fatal error found at bytes[at]: the bytes the core restored (`restored`,
// its SCRATCH_RESTORED word: a count, then the bytes), then bytes[at + 1..]. The stream's bytes
// from the one at bytes[at + 1 - count].
function queueAfterError(restored, bytes, at) {
  const count = restored & 0xff;
  const rest = lengthOf(bytes) - at - 1;
  const queue = new Uint8Array(count + rest);
  for (let k = 0; k < count; k++) queue[k] = (restored >>> (8 * (k + 1))) & 0xff;
  for (let k = 0; k < rest; k++) queue[count + k] = bytes[at + 1 + k];
  return queue;
}

// Bytes per piece of a long input: at most 65528 code units of output (one per byte, plus up to
// 16 flushed) in one string (see runDecoder).
const PIECE = 65528 - 16;

// Runs `decoder` (a record of { id, name, fatal, ignoreBOM, state, position, errors }: the encoding's
// id and name, the error mode and ignore BOM, the decoder's state, {s0, s1}, the eight bytes of
// DecoderState, optionally the stream's bytes before these, and optionally an array that receives
// every error's bytes, [start, end) in `bytes`, as two numbers each: the core's error log, recorded
// in the same pass, docs/design.md section 16) in `instance` (its WasmInstance) over `bytes` (a
// Uint8Array); with `flush` the input ends here.
// Returns the string; on a fatal error this throws a TypeError that says at which byte of the
// stream the decoder found the error (the core's `read`). Without `flush` the decoder carries on
// after it (after_error.js): its state is the one the error left, with BOM seen as before this
// call, and `decoder.queue` is set to the I/O queue's bytes, the stream's from bytes[queueAt].
// Output longer than the engine's longest string is a RangeError (MESSAGES.tooLong); a failure in
// wasm is the error of instance.run().
export const runDecoder = (instance, decoder, bytes, flush) =>
  instance.run(decode, 'decoding', decoder.name, decoder, bytes, flush);

function decode(instance, decoder, bytes, flush) {
  instance.enter();
  const { id, name, state } = decoder;
  const { inputPtr } = instance;
  const { errors } = decoder;
  const options = (decoder.fatal ? FATAL : 0) | (decoder.ignoreBOM ? IGNORE_BOM : 0) | (errors ? RECORD_ERRORS : 0);
  const total = lengthOf(bytes);
  const bomSeen = state.s1 & BOM_SEEN;
  // Input goes in pieces whose output stays below V8's large-object size (a two-byte string of
  // more than 65528 units), which is far slower to allocate: Node 20, ucs2Slice of 65528 units
  // 13.5 µs, of 65529 units 100 µs. That holds for an input that fits the 64 KiB buffer too:
  // 64 KiB chunks of windows-1252 streamed (65536 bytes, so one piece) decoded at 710 MB/s,
  // chunks of 65528 bytes at 4500 MB/s; in two pieces 65536 bytes run at 3000 MB/s.
  const chunk = total > PIECE ? PIECE : total;
  let text = '';
  let pos = 0;
  do {
    const length = total - pos < chunk ? total - pos : chunk;
    if (length <= 32) {
      const { u8 } = instance;
      for (let i = 0; i < length; i++) u8[inputPtr + i] = bytes[pos + i];
    } else {
      setBytes(
        instance.u8,
        length === total ? bytes : new Uint8Array(bufferOf(bytes), offsetOf(bytes) + pos, length),
        inputPtr,
      );
    }
    pos += length;
    const callOptions = options | (flush && pos === total ? FLUSH : 0);
    let offset = 0;
    for (;;) {
      instance.scratch[SCRATCH_STATE0] = state.s0;
      instance.scratch[SCRATCH_STATE1] = state.s1;
      instance.inWasm = true;
      const status = instance.wasm.ew_decode(id, callOptions, offset, length - offset);
      instance.inWasm = false;
      instance.views();
      const { scratch } = instance;
      state.s0 = scratch[SCRATCH_STATE0];
      state.s1 = scratch[SCRATCH_STATE1];
      if (status === STATUS_UNAVAILABLE) throw new Error(WASM_MESSAGES.unavailable(instance.family ?? 'core', name));
      const read = scratch[SCRATCH_READ];
      const begin = scratch[SCRATCH_BEGIN];
      const end = scratch[SCRATCH_WRITTEN];
      if (end > begin) {
        const piece = outputString(instance, begin, end);
        try {
          text += piece;
        } catch (error) {
          throw new RangeError(MESSAGES.tooLong(text.length + piece.length), { cause: error });
        }
      }
      // this call's input starts at bytes[pos - length + offset]
      if (errors) logged(scratch, errors, pos - length + offset);
      if (status === STATUS_ERROR) {
        const at = pos - length + offset + read;
        if (!flush) {
          state.s1 = (state.s1 & ~BOM_SEEN) | bomSeen;
          decoder.queue = queueAfterError(scratch[SCRATCH_RESTORED], bytes, at);
          decoder.queueAt = at + 1 - (scratch[SCRATCH_RESTORED] & 0xff);
        }
        throw new TypeError(MESSAGES.fatalDecode(name, (decoder.position || 0) + at));
      }
      offset += read;
      if (status === STATUS_DONE) break;
    }
  } while (pos < total);
  return text;
}

// Appends the records of the call's error log to `errors`, each [start, end) of an error's bytes
// relative to the call's input (as int32: start is negative for bytes held from earlier calls),
// moved by `at`. (Indexed stores: a page may have replaced Array.prototype.push.)
function logged(scratch, errors, at) {
  for (let k = 0, n = scratch[SCRATCH_ERRORS]; k < n; k++) {
    errors[errors.length] = at + (scratch[SCRATCH_ERROR_LOG + 2 * k] | 0);
    errors[errors.length] = at + (scratch[SCRATCH_ERROR_LOG + 2 * k + 1] | 0);
  }
}
