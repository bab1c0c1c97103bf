// Browsers and bundlers ("#host/core_at_load.js"): the core, fetched at load (top-level await) by the
// entry points that encode or run the core's decoders whatever the host decodes (encode(),
// encoding-wasm/encoder, /errors, /hooks, /url, /polyfill). Other hosts have it at hand from load
// (js/host/at_hand/core_at_load.js). Where a Content Security Policy refuses wasm, the import still
// succeeds, and what needs the core throws a TypeError that says so (js/wasm/refusal.js).
import { loadCoreModule } from '../../wasm/core.js';
import { unlessRefused } from '../../wasm/refusal.js';

await loadCoreModule().catch(unlessRefused);
