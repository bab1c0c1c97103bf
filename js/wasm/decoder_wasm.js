// A TextDecoder's way into wasm (js/webidl/text_decoder.js): the module of an encoding and a chunk decoded
// there. Node, Bun, Deno and workerd hand it to the TextDecoder at load
// (js/host/at_hand/decoder_wasm.js). Browsers and bundlers load it only where a decoder needs wasm:
// js/host/browser/decoder_wasm.js imports it dynamically, so that a bundler puts it in a chunk of its
// own which a page whose host decodes exactly never fetches, and preload(), registerFamily() and
// the tables entries (js/wasm/preload.js) import it and hand it over.
import { instanceFor, loadDecoderCore } from './core.js';
import { decodeInWasm } from './decode_in_wasm.js';
import { unlessRefused } from './refusal.js';
import { setWasmLayer } from '../webidl/text_decoder.js';

const decoderWasm = { instanceFor, decode: decodeInWasm };

// Makes this layer the TextDecoder's way into wasm.
export const useWasmLayer = () => setWasmLayer(decoderWasm);

// The same, and the decoders' core fetched, for browsers that need it at load
// (js/host/browser/decoder_wasm.js; where a Content Security Policy refuses wasm, without the core:
// js/wasm/refusal.js).
export async function useWithDecoderCore() {
  useWasmLayer();
  await loadDecoderCore().catch(unlessRefused);
}
