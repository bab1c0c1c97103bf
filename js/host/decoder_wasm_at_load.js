// Node, Bun, Deno and workerd ("#decoder-wasm" in package.json): the wasm layer and the core are at
// hand from load. Browsers: js/host/browser_decoder_wasm.js, which loads them only if need be.
import { useWasmLayer } from '../wasm/decoder_wasm.js';

useWasmLayer();
