// Buffer's string methods for js/wasm/strings.js in Deno (js/host/deno.js). Deno's `Buffer` global loads
// its Node compatibility layer when first read: 4-17 ms of a fresh process, most of what importing
// the package took there (bench/startup.mjs; reading the global's property descriptor loads
// nothing). So the string path gets stand-ins for Buffer#ucs2Slice and #latin1Slice that make the
// same strings without it (Deno's UTF-16LE decoder, String.fromCharCode for Latin-1) until they
// have made BUFFER_AFTER code units, and Buffer's own methods from then on. Through Deno's UTF-16LE
// decoder (1.3 GB/s, against about 8 for ucs2Slice: bench/decode.mjs in Deno) that many units take
// about 5 ms more than through ucs2Slice, what loading Buffer costs; a process that decodes a few
// small inputs never loads it.
import {
  apply,
  bufferOf,
  defineProperty,
  fromCharCode,
  offsetOf,
  Uint8Array,
  uncurryThis,
} from '../wasm/intrinsics.js';

export const BUFFER_AFTER = 1 << 22;
const CHUNK = 8192;

// The stand-in methods, given `getBuffer`, the getter of the global `Buffer` (called once, when the
// stand-ins have made BUFFER_AFTER units; if it throws or gives no Buffer with both methods, the
// stand-ins go on). They are called as methods of a Uint8Array, as js/wasm/strings.js calls Buffer's.
export function lateBufferPrototype(getBuffer) {
  const HostTextDecoder = globalThis.TextDecoder;
  const { decode } = HostTextDecoder.prototype;
  let utf16 = null;
  let left = BUFFER_AFTER;
  let ucs2Slice = null;
  let latin1Slice = null;
  // Counts `units` made and reads Buffer once they reach BUFFER_AFTER; whether Buffer's are used.
  const loaded = (units) => {
    if (left <= 0 || (left -= units) > 0) return ucs2Slice !== null;
    try {
      const prototype = apply(getBuffer, globalThis, [])?.prototype;
      if (typeof prototype?.ucs2Slice === 'function' && typeof prototype.latin1Slice === 'function') {
        ucs2Slice = uncurryThis(prototype.ucs2Slice);
        latin1Slice = uncurryThis(prototype.latin1Slice);
      }
    } catch {
      // (no Buffer: the stand-ins go on)
    }
    return ucs2Slice !== null;
  };
  return {
    ucs2Slice(start, end) {
      if (loaded((end - start) >> 1)) return ucs2Slice(this, start, end);
      utf16 ??= new HostTextDecoder('utf-16le', { ignoreBOM: true });
      return apply(decode, utf16, [new Uint8Array(bufferOf(this), offsetOf(this) + start, end - start)]);
    },
    latin1Slice(start, end) {
      if (loaded(end - start)) return latin1Slice(this, start, end);
      // String.fromCharCode(...bytes) in pieces, each with its length as an own property (what
      // Reflect.apply reads), as js/wasm/strings.js does for code units.
      let s = '';
      for (let i = start; i < end; i += CHUNK) {
        const n = end - i < CHUNK ? end - i : CHUNK;
        const bytes = new Uint8Array(bufferOf(this), offsetOf(this) + i, n);
        defineProperty(bytes, 'length', { value: n });
        s += apply(fromCharCode, null, bytes);
      }
      return s;
    },
  };
}
