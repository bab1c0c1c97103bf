// Node, Bun, Deno and workerd ("#decoder-wasm" in package.json): nothing to wait for, as the core is
// at hand from load. Browsers: js/host/browser_decoder_wasm.js, which may fetch it first.
import { instanceFor } from '../core.js';
import { decodeInWasm } from '../decode_in_wasm.js';

// A TextDecoder's way into wasm (js/text_decoder.js): the module of an encoding, and a chunk decoded there.
export const decoderWasm = { instanceFor, decode: decodeInWasm };
