// Browsers and bundlers ("#core-at-load" in package.json): the core, fetched at load (top-level
// await) by the entry points that encode or run the core's decoders whatever the host decodes
// (encode(), encoding-wasm/encoder, /errors, /hooks, /url, /polyfill). Other hosts have it at load
// (js/host/core_at_load.js).
import { loadCoreModule } from '../core.js';

await loadCoreModule();
