// Browsers and bundlers ("#decoder-wasm" in package.json): a TextDecoder hands UTF-8, UTF-16 and
// the single-byte encodings to the host's decoder wherever it is exact (js/native.js), so the wasm
// layer (js/decoder_wasm.js, a chunk of its own in a bundler's output) and the decoders' core
// (dist/encoding-lite.wasm: decode-only and scalar, js/core.js loadDecoderCore) are fetched at load
// (top-level await) only where one of them is not, or delegation is off by default. Elsewhere a
// TextDecoder of the windows-1252 sort fetches nothing; an encoding that needs wasm needs preload()
// or a tables entry first, which load the layer and the full core. Other hosts:
// js/host/decoder_wasm_at_load.js.
import { ENCODING_FAMILY, FAMILIES } from '../generated/encodings.js';
import { NAMES } from '../labels.js';
import * as MESSAGES from '../messages.js';
import { coreNeeded } from '../native.js';
import { notLoaded, unlessRefused } from '../wasm_refusal.js';
import { setWasmLayer, wasmLayer } from '../wasm_layer.js';

// (where a Content Security Policy refuses wasm, without the core: js/wasm_refusal.js)
if (coreNeeded()) {
  const layer = await import('../decoder_wasm.js');
  setWasmLayer(layer.decoderWasm);
  await layer.loadDecoderCore().catch(unlessRefused);
}

// A TextDecoder's way into wasm (js/text_decoder.js): the layer's, once it is loaded; before that,
// the error that says what to load for encoding `id`.
export const decoderWasm = {
  instanceFor(id, decoding) {
    const layer = wasmLayer();
    if (layer !== null) return layer.instanceFor(id, decoding);
    const name = NAMES[id];
    const family = ENCODING_FAMILY[id];
    throw notLoaded(name, family < 0 ? MESSAGES.coreMissing(name) : MESSAGES.familyMissing(name, FAMILIES[family]));
  },
  decode: (common, bytes, flush) => wasmLayer().decode(common, bytes, flush),
};
