// Non-standard: preload() and registerFamily() of the module registry (js/core.js), which also
// make the wasm layer (js/decoder_wasm.js) the TextDecoder's in browsers, where it is otherwise
// loaded only if a host decoder is not exact (js/host/browser_decoder_wasm.js). The tables entries
// (js/tables/) register their modules through here too.
import * as core from './core.js';
import { decoderWasm } from './decoder_wasm.js';
import { setWasmLayer } from './wasm_layer.js';

// Loads what the given labels need (everything with no labels): js/core.js preload.
export function preload(...labels) {
  setWasmLayer(decoderWasm);
  return core.preload(...labels);
}

// Makes family `name` available from its compiled module: js/core.js registerFamily.
export function registerFamily(name, module) {
  setWasmLayer(decoderWasm);
  core.registerFamily(name, module);
}

// A tables entry's own module: js/core.js registerOwnModule.
export function registerOwnModule(name, module) {
  setWasmLayer(decoderWasm);
  core.registerOwnModule(name, module);
}
