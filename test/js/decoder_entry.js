// What the TextDecoder suites import as '../../js/index.js' when ENCODING_WASM_ENTRY=decoder
// (vitest.config.js): the main entry, with TextDecoder, preload, registerFamily and native
// delegation taken from encoding-wasm/decoder instead (its bundle for this host, over the decode-only
// wasm modules), so that the same tests, with the same expectations, run on the decoder entry's
// TextDecoder; encode() and TextEncoder, which some of them also test, stay the main entry's.
// Its families are loaded up front, as a page would with 'encoding-wasm/decoder/tables/all'
// (browsers cannot load them on first use).
import { TextDecoder as MainTextDecoder } from 'encoding-wasm';
import { preload, TextDecoder } from 'encoding-wasm/decoder';

export * from 'encoding-wasm';
export { nativeDelegation, preload, registerFamily, setNativeDelegation, TextDecoder } from 'encoding-wasm/decoder';

// (a resolution that gave both names one module would run the main entry's TextDecoder twice)
if (TextDecoder === MainTextDecoder) throw new Error('encoding-wasm/decoder resolved to the main entry');
await preload();
