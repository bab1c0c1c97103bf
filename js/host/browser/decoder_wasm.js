// Browsers and bundlers ("#host/decoder_wasm.js"): a TextDecoder hands UTF-8, UTF-16 and the
// single-byte encodings to the host's decoder wherever it is exact (js/host/native.js), so the wasm
// layer (js/wasm/decoder_wasm.js, a chunk of its own in a bundler's output) and the decoders' core
// (dist/encoding-lite.wasm: decode-only and scalar, js/wasm/core.js loadDecoderCore) are fetched at load
// (top-level await) only where one of them is not, or delegation is off by default. Elsewhere a
// TextDecoder of the windows-1252 sort fetches nothing; an encoding that needs wasm needs preload()
// or a tables entry first, which load the layer and the full core (before that, a TextDecoder for
// one throws the error that says so: js/webidl/text_decoder.js). Other hosts:
// js/host/at_hand/decoder_wasm.js.
import { decodersNeeded, useTableDecoder } from '../native.js';
import { unlessRefused } from '../../wasm/refusal.js';

// Where the host's decoders that are not exact are all single-byte ones (WebKit's ISO-8859-16),
// the standard's single-byte decoders in JS (./table_decoder.js, a chunk of their own) instead of
// any wasm code. (Where a Content Security Policy refuses wasm, without the core or their tables:
// js/wasm/refusal.js.)
const needed = decodersNeeded();
if (needed > 1) await (await import('../../wasm/decoder_wasm.js')).useWithDecoderCore();
else if (needed) useTableDecoder(await import('./table_decoder.js').catch(unlessRefused));
