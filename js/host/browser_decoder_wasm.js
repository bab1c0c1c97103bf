// Browsers and bundlers ("#decoder-wasm" in package.json): a TextDecoder hands UTF-8, UTF-16 and
// the single-byte encodings to the host's decoder wherever it is exact (js/native.js), so the core
// is fetched at load (top-level await) only where one of them is not, or delegation is off by
// default; elsewhere a TextDecoder of the windows-1252 sort fetches no wasm (preload() fetches the
// core later if need be). Other hosts have the core at load: js/host/decoder_wasm_at_load.js.
import { instanceFor, loadCoreModule } from '../core.js';
import { decodeInWasm } from '../decode_in_wasm.js';
import { coreNeeded } from '../native.js';
import { unlessRefused } from '../wasm_refusal.js';

// (where a Content Security Policy refuses wasm, without it: js/wasm_refusal.js)
if (coreNeeded()) await loadCoreModule().catch(unlessRefused);

// A TextDecoder's way into wasm (js/text_decoder.js): the module of an encoding, and a chunk decoded there.
export const decoderWasm = { instanceFor, decode: decodeInWasm };
