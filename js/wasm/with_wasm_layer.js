// The TextDecoder and what the hooks and encoding-wasm/errors share with it (js/webidl/text_decoder.js),
// with the wasm layer (js/wasm/decoder_wasm.js) handed to it at load, statically: for the modules that
// load the core at load anyway ('#host/core_at_load.js': encoding-wasm/errors, /hooks, /url,
// the polyfill), so that their bundles hold no dynamic import of the layer, which makes a bundler
// that does not split wrap every module the layer reaches in a lazy initializer (about 0.8 KB
// gzipped). The main entry's TextDecoder loads the layer only where the host needs it:
// js/wasm/with_decoder_wasm.js.
import { useWasmLayer } from './decoder_wasm.js';

useWasmLayer();

export { DecoderCommon, TextDecoder } from '../webidl/text_decoder.js';
