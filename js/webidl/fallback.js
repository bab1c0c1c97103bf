// The polyfill's fallback (js/webidl/install.js): the classes it puts in place of a native TextDecoder and
// TextDecoderStream where tables cannot load on first use hand an encoding whose tables are not
// loaded to the native decoder they replaced (docs/design.md section 8).
import { getPrototypeOf, Map, mapGet, mapSet } from '../wasm/intrinsics.js';
import { setFallbackFor } from './text_decoder.js';
import { cloneInterface } from './webidl.js';

// The classes install.js puts in place of a native TextDecoder (and its TextDecoderStream) where
// tables cannot load on first use, each mapped to { Native, decode }: the native class it replaced
// and that class's decode(). An encoding whose tables are not loaded, and cannot load on first use,
// then goes to that decoder instead of throwing, so that installing the polyfill takes no encoding
// away (docs/design.md section 8). Only those classes (and their subclasses) have a fallback: the
// package's own TextDecoder never has one.
const fallbacks = new Map();
let probingFallback = false;

// A copy of `Class` (TextDecoder or TextDecoderStream) whose decoders fall back to `Native`.
export function withFallback(Class, Native) {
  const Clone = cloneInterface(Class);
  mapSet(fallbacks, Clone, { Native, decode: Native.prototype.decode });
  return Clone;
}

// The fallback ({ Native, decode }) of a decoder made by `newTarget` if there is one and it takes the
// encoding `name`, else null.
setFallbackFor((newTarget, name) => {
  let fallback;
  for (let c = newTarget; c !== null && fallback === undefined; c = getPrototypeOf(c)) fallback = mapGet(fallbacks, c);
  if (fallback === undefined || probingFallback) return null;
  probingFallback = true; // a fallback built on this class must not come back here
  try {
    new fallback.Native(name);
    return fallback;
  } catch {
    return null;
  } finally {
    probingFallback = false;
  }
});
