// Node, Bun, Deno and workerd ("#host/decoder_wasm.js"): the wasm layer and the core are at hand
// from load. Browsers: js/host/browser/decoder_wasm.js, which loads them only if need be.
import { useWasmLayer } from '../../wasm/decoder_wasm.js';

useWasmLayer();
