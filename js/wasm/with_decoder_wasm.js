// The TextDecoder and what TextDecoderStream and the hooks share with it (js/webidl/text_decoder.js), with
// their way into wasm loaded as this host loads it ("#decoder-wasm" in package.json: at load in Node,
// Bun, Deno and workerd, js/host/decoder_wasm_at_load.js; in browsers only where a decoder would need
// it, js/host/browser_decoder_wasm.js). Every module that makes decoders imports them from here.
import '#decoder-wasm';
export { DecoderCommon, TextDecoder } from '../webidl/text_decoder.js';
