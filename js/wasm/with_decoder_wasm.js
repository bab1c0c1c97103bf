// The TextDecoder and what TextDecoderStream and the hooks share with it (js/webidl/text_decoder.js), with
// their way into wasm loaded as this host loads it ("#host/decoder_wasm.js" in package.json: at load
// in Node, Bun, Deno and workerd, js/host/at_hand/decoder_wasm.js; in browsers only where a decoder
// would need it, js/host/browser/decoder_wasm.js). Every module that makes decoders imports them from here.
import '#host/decoder_wasm.js';
export { DecoderCommon, TextDecoder } from '../webidl/text_decoder.js';
