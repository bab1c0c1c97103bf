// UTF-16 code units in wasm memory to a JS string: the expensive step of decoding (DESIGN.md
// section 6). The fastest primitive the host has is picked once, at load time.

import { apply, charCodesToString, fromCharCode } from './intrinsics.js';

// Captured before any polyfill or page can replace them.
const HostTextDecoder = globalThis.TextDecoder;
const hostBuffer = globalThis.Buffer;
const bufferFrom = hostBuffer?.from;
const ucs2Slice = hostBuffer?.prototype?.ucs2Slice;
const hostDecode = HostTextDecoder?.prototype?.decode;

// Node and Bun: Buffer#ucs2Slice (about 1 GB/s) over a Buffer that views all of wasm memory.
const hasUcs2Slice = typeof bufferFrom === 'function' && typeof ucs2Slice === 'function';
let bufferView = null;

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

// Below this many code units, String.fromCharCode beats the bulk primitives' call overhead.
const SMALL = 24;
const APPLY_CHUNK = 8192;

function fromCharCodes(u16, start, end) {
  let s = '';
  for (let i = start; i < end; i += APPLY_CHUNK) {
    s += charCodesToString(new Uint16Array(u16.buffer, i * 2, Math.min(end, i + APPLY_CHUNK) - i));
  }
  return s;
}

// The string of u16[start, end) (indices in code units of the wasm memory `memory`).
export function stringFromUtf16(memory, u16, start, end) {
  if (end - start <= SMALL) {
    let s = '';
    for (let i = start; i < end; i++) s += fromCharCode(u16[i]);
    return s;
  }
  if (hasUcs2Slice) {
    if (bufferView === null || bufferView.buffer !== memory.buffer) bufferView = apply(bufferFrom, hostBuffer, [memory.buffer]);
    return apply(ucs2Slice, bufferView, [start * 2, end * 2]);
  }
  if (utf16Decoder) return apply(hostDecode, utf16Decoder, [new Uint16Array(memory.buffer, start * 2, end - start)]);
  return fromCharCodes(u16, start, end);
}
