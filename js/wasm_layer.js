// Where a TextDecoder finds the wasm layer (js/decoder_wasm.js) once it is loaded: in browsers and
// bundlers that layer is a module of its own, imported only when a decoder needs wasm
// (js/host/browser_decoder_wasm.js), so a page whose host decodes exactly ships none of it.
let layer = null;

// The layer ({ instanceFor, decode }), or null before it is loaded.
export const wasmLayer = () => layer;

// Called by js/decoder_wasm.js when it loads.
export const setWasmLayer = (value) => {
  layer = value;
};
