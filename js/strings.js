// Decoded output in wasm memory to a JS string: the expensive step of decoding (DESIGN.md
// section 6). The fastest primitive the host has is picked once, at load time.

import { apply, charCodesToString, fromCharCode } from './intrinsics.js';

// Captured before any polyfill or page can replace them.
const HostTextDecoder = globalThis.TextDecoder;
const hostBuffer = globalThis.Buffer;
const bufferFrom = hostBuffer?.from;
const ucs2Slice = hostBuffer?.prototype?.ucs2Slice;
const latin1Slice = hostBuffer?.prototype?.latin1Slice;
const ucs2Write = hostBuffer?.prototype?.ucs2Write;
const hostDecode = HostTextDecoder?.prototype?.decode;

// Node and Bun: Buffer#ucs2Slice (about 1 GB/s) over a Buffer that views all of wasm memory.
const hasUcs2Slice = typeof bufferFrom === 'function' && typeof ucs2Slice === 'function';
export { hasUcs2Slice as FAST_STRINGS };

// Output that is all below U+0100 is narrowed to bytes in wasm (ew_output_latin1) and becomes a
// one-byte string through Buffer#latin1Slice, a plain copy: 4096 ASCII units took 0.3 µs that way
// against 1-2 µs for ucs2Slice, which checks and narrows every unit itself (Node 20). Shorter
// output than LATIN1_MIN units gains less than the extra wasm call costs. Null where the host has
// no latin1Slice.
export const LATIN1_MIN = hasUcs2Slice && typeof latin1Slice === 'function' ? 32 : null;

// Elsewhere: the host's own UTF-16LE decoder, if it has a correct one (our output never holds lone
// surrogates, so its error handling never comes into play), else String.fromCharCode.
function probeUtf16Decoder() {
  try {
    const d = new HostTextDecoder('utf-16le', { ignoreBOM: true });
    return d.decode(new Uint16Array([0xfeff, 0x61, 0xd83d, 0xde00])) === '\ufeffa\u{1f600}' ? d : null;
  } catch {
    return null;
  }
}
const utf16Decoder = hasUcs2Slice || typeof HostTextDecoder !== 'function' ? null : probeUtf16Decoder();

// Up to this many code units, String.fromCharCode one unit at a time beats the bulk primitive's
// call overhead. For ucs2Slice that is 2 (Node 20, whole TextDecoder#decode calls of n Cyrillic
// or Latin letters: n = 1 88 ns by fromCharCode and 160 ns by ucs2Slice, n = 2 about 155 ns
// either way, n = 3 200 against 175, n = 8 340 against 190); 24 for the others.
const SMALL = hasUcs2Slice ? 2 : 24;
const APPLY_CHUNK = 8192;

function fromCharCodes(u16, start, end) {
  let s = '';
  for (let i = start; i < end; i += APPLY_CHUNK) {
    s += charCodesToString(new Uint16Array(u16.buffer, i * 2, Math.min(end, i + APPLY_CHUNK) - i));
  }
  return s;
}

// What the functions below read memory through: a Buffer over all of `buffer` (a wasm memory's
// ArrayBuffer) where the host has Buffer#ucs2Slice, else null. Made again when memory grows.
export const bytesView = (buffer) => (hasUcs2Slice ? apply(bufferFrom, hostBuffer, [buffer]) : null);

// The string of u16[start, end) (indices in code units of wasm memory; `bytes` is bytesView() of
// the same memory).
export function stringFromUtf16(bytes, u16, start, end) {
  if (end - start <= SMALL) {
    let s = '';
    for (let i = start; i < end; i++) s += fromCharCode(u16[i]);
    return s;
  }
  if (hasUcs2Slice) return apply(ucs2Slice, bytes, [start * 2, end * 2]);
  if (utf16Decoder) return apply(hostDecode, utf16Decoder, [new Uint16Array(u16.buffer, start * 2, end - start)]);
  return fromCharCodes(u16, start, end);
}

// The one-byte string of the Latin-1 bytes [start, end) of wasm memory (only where LATIN1_MIN is
// not null).
export const stringFromLatin1 = (bytes, start, end) => apply(latin1Slice, bytes, [start, end]);

// The other direction, for the encoders: the fastest way found to put a string's code units into
// wasm memory (`bytes` is bytesView(); `byteLength` bytes from byte offset `offset`), or null
// where the caller copies them one by one. Buffer#ucs2Write is a memcpy where it is the host's own
// (Node, Bun); Deno's is JavaScript (its Node compatibility layer), as are the buffer packages
// bundlers bring, and there the one-by-one copy measured faster (bench/encode.mjs, README "Speed").
const nativeUcs2Write =
  hasUcs2Slice && typeof ucs2Write === 'function' && /\{\s*\[native code\]\s*\}$/.test(`${ucs2Write}`);
export const writeUtf16 = nativeUcs2Write
  ? (bytes, text, offset, byteLength) => apply(ucs2Write, bytes, [text, offset, byteLength])
  : null;
