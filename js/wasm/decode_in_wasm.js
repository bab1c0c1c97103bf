// A TextDecoder's chunk decoded in wasm (js/webidl/text_decoder.js DecoderCommon, through "#host/decoder_wasm.js"):
// the ASCII shortcut, else run_decoder.js in the encoding's module.
import * as hostModule from '#host/primitives.js';
import { instanceFor } from './core.js';
import { apply, lengthOf, Uint8Array } from './intrinsics.js';
import { runDecoder } from './run_decoder.js';
import { stringFromLatin1 } from './strings.js';
import { isFixedArrayBuffer } from '../webidl/webidl.js';

// The encodings whose new decoder does not read ASCII bytes as themselves.
const NOT_ASCII = { __proto__: null, 'utf-16be': true, 'utf-16le': true, 'iso-2022-jp': true, replacement: true };
// The ASCII shortcut's range of input lengths: below 64 bytes the wasm path is as fast (Node 20);
// one call of 290 KB of ASCII took 0.8 ms as one string, 0.12 ms through the wasm path's pieces.
const ASCII_MIN = 64;
const ASCII_MAX = 65528;

// The ASCII shortcut of the decoders: a call that starts and ends a new decoder
// of an encoding that reads ASCII bytes as themselves (UTF-8, every single-byte encoding,
// x-user-defined, and the multi-byte ones but ISO-2022-JP), on input that is all ASCII, returns
// the bytes as a one-byte string (Buffer#latin1Slice, which the output path uses anyway) without
// going through wasm: what the decoder would return, at the cost of one scan. Only where the host
// has an ASCII test (Node and Bun: node:buffer's isAscii) that passes these probes, and
// latin1Slice. Measured in bench/decode.mjs ("html ASCII only", 4 KiB calls; docs/performance.md "Decoding speed").
const hostIsAscii = hostModule.isAscii;
function exactIsAscii() {
  try {
    const test = (bytes) => apply(hostIsAscii, null, [bytes]);
    const block = new Uint8Array(100).fill(0x7f);
    if (!test(block) || !test(block.subarray(3, 97)) || test(new Uint8Array([0x80]))) return false;
    for (const at of [0, 15, 16, 31, 63, 99]) {
      const bad = block.slice();
      bad[at] = at & 1 ? 0x80 : 0xff;
      if (test(bad)) return false;
    }
    return stringFromLatin1(block.subarray(1, 3), 0, 2) === '\x7f\x7f';
  } catch {
    return false;
  }
}
// Called directly (it reads no `this`), with no array of arguments made per call.
export const isAscii =
  typeof hostIsAscii === 'function' && stringFromLatin1 !== null && exactIsAscii() ? hostIsAscii : null;

// Decodes `bytes` (a Uint8Array) with `common` (a DecoderCommon whose decoder runs in wasm), with
// end-of-queue after them when `flush`; returns the text. A fatal error is the TypeError of
// runDecoder, which says where.
export function decodeInWasm(common, bytes, flush) {
  const length = lengthOf(bytes);
  common.ascii ??= isAscii !== null && NOT_ASCII[common.name] === undefined;
  // A whole call to a new decoder, all ASCII: the bytes are the text (isAscii). Only over a
  // fixed-length ArrayBuffer (shared memory could change between the test and the copy; a
  // resizable one takes the wasm path, to keep one cheap test), and not past the size where V8
  // makes strings in its slow large-object space (the wasm path cuts such input in pieces).
  if (
    common.ascii &&
    flush &&
    length >= ASCII_MIN &&
    length <= ASCII_MAX &&
    (common.state.s0 | common.state.s1) === 0 &&
    // Four bytes first: text that is not ASCII usually shows it there (Cyrillic, CJK), and the
    // scan it saves is about 5% of a 4 KiB call (Node 20, windows-1251).
    (bytes[0] | bytes[length >> 2] | bytes[length >> 1] | bytes[length - 1]) < 0x80 &&
    isFixedArrayBuffer(bytes) &&
    isAscii(bytes)
  ) {
    return stringFromLatin1(bytes, 0, length);
  }
  // (encoding-wasm/errors drops the host decoder after construction: the module on first use)
  const text = runDecoder((common.instance ??= instanceFor(common.id, true)), common, bytes, flush);
  common.position += length;
  return text;
}
