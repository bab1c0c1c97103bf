// A TextDecoder's way into wasm (js/text_decoder.js, through "#decoder-wasm"): the module of an
// encoding and a chunk decoded there. Node, Bun, Deno and workerd load it at once
// (js/host/decoder_wasm_at_load.js). Browsers and bundlers load it only where a decoder needs wasm:
// js/host/browser_decoder_wasm.js imports it dynamically, so that a bundler puts it in a chunk of its
// own which a page whose host decodes exactly never fetches, and preload(), registerFamily() and
// the tables entries (js/preload.js) import it and hand it to the TextDecoder (js/wasm_layer.js).
import { instanceFor, loadDecoderCore } from './core.js';
import { decodeInWasm } from './decode_in_wasm.js';

export const decoderWasm = { instanceFor, decode: decodeInWasm };

export { loadDecoderCore };
