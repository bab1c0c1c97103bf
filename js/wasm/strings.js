// Decoded output in wasm memory to a JS string: the expensive step of decoding (docs/design.md
// section 6). The fastest primitive the host has is picked once, at load time.
import * as hostModule from '#host/primitives.js';
import { apply, defineProperty, fromCharCode, Uint16Array, Uint8Array, uncurryThis } from './intrinsics.js';

// Captured before any polyfill or page can replace them. Buffer's methods come from the host
// (js/host/: Buffer.prototype where there is one; in Deno, stand-ins until Buffer is worth loading).
const HostTextDecoder = globalThis.TextDecoder;
const bufferPrototype = hostModule.bufferPrototype;
const ucs2Slice = bufferPrototype?.ucs2Slice;
const latin1Slice = bufferPrototype?.latin1Slice;
const ucs2Write = bufferPrototype?.ucs2Write;
const hostDecode = HostTextDecoder?.prototype?.decode;

// Whether `slice` (Buffer#ucs2Slice or #latin1Slice) makes the string of bytes of a plain
// Uint8Array: Node, Bun and Deno's Buffer methods take any Uint8Array as their receiver, so they
// run over the view of all of wasm memory that a call has anyway, with no Buffer made for it.
function slicesUint8Array(slice, bytes, expected) {
  try {
    return typeof slice === 'function' && apply(slice, new Uint8Array(bytes), [0, bytes.length]) === expected;
  } catch {
    return false;
  }
}

// Node, Bun, Deno: Buffer#ucs2Slice (about 1 GB/s).
const hasUcs2Slice = slicesUint8Array(ucs2Slice, [0x61, 0, 0x3d, 0xd8, 0, 0xde], 'a\u{1f600}');
export { hasUcs2Slice as FAST_STRINGS };

// Output that is all below U+0100 is narrowed to bytes in wasm (ew_output_latin1) and becomes a
// one-byte string through Buffer#latin1Slice, a plain copy: 4096 ASCII units took 0.3 µs that way
// against 1-2 µs for ucs2Slice, which checks and narrows every unit itself (Node 20).
const hasLatin1Slice = hasUcs2Slice && slicesUint8Array(latin1Slice, [0x61, 0xe9], 'a\u00e9');
// Called as functions of the view (uncurryThis, as intrinsics.js does for the other built-ins on
// this path), not through Reflect.apply with a new array of arguments on every call.
const ucs2SliceOf = hasUcs2Slice ? uncurryThis(ucs2Slice) : null;
const latin1SliceOf = hasLatin1Slice ? uncurryThis(latin1Slice) : null;

// Without latin1Slice (browsers, workerd): the host's windows-1252 decoder, which makes one-byte
// strings from bytes, where it reads bytes 0x00-0x7F and 0xA0-0xFF as those code points (the
// WHATWG index has them so; probed here on all of them). It reads 0x80-0x9F as other characters,
// so wasm narrows only output with no C1 control (U+0080-U+009F), and output with one takes the
// UTF-16 path below. Against that path, for 4-64 Ki units: 2.3-2.7x in Chromium, 1.2-2x in
// Firefox, 5-17x in WebKit (bench/browsers/README.md); whole decodes of Latin-1 text in wasm about
// 8x faster in Chromium, 7-20x in WebKit, the same in Firefox (docs/design.md, section 6).
function probeWindows1252() {
  try {
    const bytes = new Uint8Array(224);
    let expected = '';
    for (let b = 0, i = 0; b < 256; b++) {
      if (b >= 0x80 && b < 0xa0) continue;
      bytes[i++] = b;
      expected += fromCharCode(b);
    }
    const d = new HostTextDecoder('windows-1252');
    return d.decode(bytes) === expected ? d : null;
  } catch {
    return null;
  }
}
const latin1Decoder = hasLatin1Slice || typeof HostTextDecoder !== 'function' ? null : probeWindows1252();

// Shorter output than LATIN1_MIN units gains less than the extra wasm call costs. Null where the
// host has neither latin1Slice nor an exact windows-1252 decoder.
const LATIN1_MIN = hasLatin1Slice || latin1Decoder !== null ? 32 : null;
// ew_output_latin1's exclude_c1: only for the windows-1252 decoder.
const EXCLUDE_C1 = latin1Decoder === null ? 0 : 1;

// A UTF-16LE decoder of the host's class `Native` (ignoring BOMs), if it has a correct one, else null.
function utf16StringDecoder(Native) {
  try {
    const d = new Native('utf-16le', { ignoreBOM: true });
    return d.decode(new Uint16Array([0xfeff, 0x61, 0xd83d, 0xde00])) === '\ufeffa\u{1f600}' ? d : null;
  } catch {
    return null;
  }
}

// Elsewhere: the host's own UTF-16LE decoder, if it has a correct one (our output never holds lone
// surrogates, so its error handling never comes into play), else String.fromCharCode.
const utf16Decoder = hasUcs2Slice ? null : utf16StringDecoder(HostTextDecoder);

// Up to this many code units, String.fromCharCode one unit at a time beats the bulk primitive's
// call overhead. For ucs2Slice that is 2 (Node 20, whole TextDecoder#decode calls of n Cyrillic
// or Latin letters: n = 1 88 ns by fromCharCode and 160 ns by ucs2Slice, n = 2 about 155 ns
// either way, n = 3 200 against 175, n = 8 340 against 190); 24 for the others.
const SMALL = hasUcs2Slice ? 2 : 24;
const APPLY_CHUNK = 8192;

// String.fromCharCode(...units) for the code units [start, end) of `buffer`, in pieces. Each piece
// gets its length as an own property, which is what Reflect.apply reads (not the getter of
// %TypedArray%.prototype).
function fromCharCodes(buffer, start, end) {
  let s = '';
  for (let i = start; i < end; i += APPLY_CHUNK) {
    const n = end - i < APPLY_CHUNK ? end - i : APPLY_CHUNK;
    const units = new Uint16Array(buffer, i * 2, n);
    defineProperty(units, 'length', { value: n });
    s += apply(fromCharCode, null, units);
  }
  return s;
}

// The string of the output code units [begin, end) of the last decode call of `instance` (a
// WasmInstance, inside its run()): one byte per character when they are all below U+0100 and the
// host can make such a string from bytes (in hosts without latin1Slice, only when none is a C1
// control; in a module with ew_output_latin1).
export function outputString(instance, begin, end) {
  const { outputPtr } = instance;
  if (LATIN1_MIN !== null && end - begin >= LATIN1_MIN && instance.latin1) {
    instance.inWasm = true;
    const narrowed = instance.wasm.ew_output_latin1(begin, end, EXCLUDE_C1);
    instance.inWasm = false;
    if (narrowed) {
      const start = outputPtr + begin * 2;
      if (latin1Decoder === null) return latin1SliceOf(instance.u8, start, start + (end - begin));
      return apply(hostDecode, latin1Decoder, [new Uint8Array(instance.buffer, start, end - begin)]);
    }
  }
  const start = (outputPtr >> 1) + begin;
  const stop = (outputPtr >> 1) + end;
  if (stop - start <= SMALL) {
    const { u16 } = instance;
    let s = '';
    for (let i = start; i < stop; i++) s += fromCharCode(u16[i]);
    return s;
  }
  if (hasUcs2Slice) return ucs2SliceOf(instance.u8, start * 2, stop * 2);
  if (utf16Decoder) return apply(hostDecode, utf16Decoder, [new Uint16Array(instance.buffer, start * 2, stop - start)]);
  return fromCharCodes(instance.buffer, start, stop);
}

// The one-byte string of the Latin-1 bytes [start, end) of `bytes` (Buffer#latin1Slice), or null
// where the host has none.
export const stringFromLatin1 = latin1SliceOf;

// The other direction, for the encoders: the fastest way found to put a string's code units into
// wasm memory (`bytes` is a Uint8Array over all of wasm memory; `byteLength` bytes from byte offset `offset`), or null
// where the caller copies them one by one. Buffer#ucs2Write is a memcpy where it is the host's own
// (Node, Bun); Deno's is JavaScript (its Node compatibility layer), as are the buffer packages
// bundlers bring, and there the one-by-one copy measured faster (bench/encode.mjs, docs/design.md section 6).
const nativeUcs2Write =
  hasUcs2Slice && typeof ucs2Write === 'function' && /\{\s*\[native code\]\s*\}$/.test(`${ucs2Write}`);
export const writeUtf16 = nativeUcs2Write
  ? (bytes, text, offset, byteLength) => apply(ucs2Write, bytes, [text, offset, byteLength])
  : null;
