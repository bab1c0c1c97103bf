// Node, Bun, Deno and workerd ("#delegation" in package.json): decoding is handed to an exact host
// decoder by default only where strings cannot be made straight from wasm memory (no
// Buffer#ucs2Slice: workerd without nodejs_compat); where they can, the wasm decoders are faster
// (js/native.js, docs/design.md section 7). Browsers: js/host/delegation_browser.js.
import { FAST_STRINGS } from '../strings.js';

export const delegateByDefault = () => !FAST_STRINGS;
