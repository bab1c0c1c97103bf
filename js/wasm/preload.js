// Non-standard: preload() and registerFamily() of the module registry (js/wasm/core.js), which also
// make the wasm layer (js/wasm/decoder_wasm.js) the TextDecoder's in browsers, where it is otherwise
// loaded only if a host decoder is not exact (js/host/browser/decoder_wasm.js). The tables entries
// (js/tables/) register their modules through here too.
import * as core from './core.js';
import { useWasmLayer } from './decoder_wasm.js';

// Loads what the given labels need (everything with no labels): js/wasm/core.js preload.
export function preload(...labels) {
  useWasmLayer();
  return core.preload(...labels);
}

// Makes family `name` available from its compiled module: js/wasm/core.js registerFamily.
export function registerFamily(name, module) {
  useWasmLayer();
  core.registerFamily(name, module);
}

// A tables entry's own module: js/wasm/core.js registerOwnModule.
export function registerOwnModule(name, module) {
  useWasmLayer();
  core.registerOwnModule(name, module);
}
