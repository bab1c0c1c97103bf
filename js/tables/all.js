// import 'encoding-wasm/tables/all': every table family, so every encoding works in any host. Where
// the host fetches its tables (browsers, bundlers, workerd) that is one module holding all of them,
// all.wasm under dist/tables/ (preload() in js/wasm/core.js).
import { preload } from '../wasm/preload.js';

await preload();
