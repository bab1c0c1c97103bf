// A stream of strings through one encoder in wasm, chunk by chunk: what encoding-wasm/encoder's
// Encoder (encoder.js), encoding-wasm/errors' ErrorReportingEncoder (errors.js) and the iconv-lite
// drop-in share, in a module of its own so that a bundle of the last two does not carry the first.
import { encodingName, instanceFor } from '../wasm/core.js';
import { runEncoder } from '../wasm/run_encoder.js';
import { apply, charCodeOf } from '../wasm/intrinsics.js';

const { slice } = String.prototype;

// A stream of chunks through one encoder: `s` is its record ({ id, name, html, state, leading,
// position, errors }: the encoding, the error mode, the encoder instance's state word (instance.js),
// a leading surrogate that ended the last chunk or '', the code units of the stream before the next
// chunk, for the index of an error, and null or the array run_encoder.js records errors in). `input` is a
// string; with `stream` more follow.
export function encodeChunk(s, input, stream) {
  let text = s.leading + input;
  s.leading = '';
  if (stream) {
    const last = charCodeOf(text, text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      s.leading = apply(slice, text, [-1]);
      text = apply(slice, text, [0, -1]);
      // A leading surrogate before it has no trailing one: U+FFFD now, as the core writes it at
      // the end of the input only once flushed (it leaves one unread while more may follow).
      const before = charCodeOf(text, text.length - 1);
      if (before >= 0xd800 && before <= 0xdbff) text = apply(slice, text, [0, -1]) + '\ufffd';
    }
    if (text === '') return new Uint8Array(0);
  }
  const encoder = { id: s.id, name: s.name, html: s.html, state: s.state, position: s.position, errors: s.errors };
  try {
    const bytes = runEncoder(instanceFor(s.id), encoder, text, !stream);
    s.state = encoder.state;
    s.position = stream ? s.position + text.length : 0;
    return bytes;
  } catch (error) {
    s.state = 0;
    s.leading = '';
    s.position = 0;
    throw error;
  }
}

// encodeChunk() with the core's error log on (the record's encoder in the html mode): { bytes, found },
// `found` three numbers per character the encoding lacks, the first its index in the chunk
// (js/wasm/run_encoder.js).
export function encodeChunkLogged(s, input, stream) {
  const found = [];
  s.errors = found;
  try {
    return { bytes: encodeChunk(s, input, stream), found };
  } finally {
    s.errors = null;
  }
}

// A new record for encodeChunk().
export const newEncoderRecord = (id, html) => ({
  id,
  name: encodingName(id),
  html,
  state: 0,
  leading: '',
  position: 0,
  errors: null,
});
