// What test/js/entry.js gives the TextDecoder suites when ENCODING_WASM_ENTRY=lite: the main entry,
// with TextDecoder, preload, registerFamily and native delegation taken from encoding-wasm/lite
// instead (its bundle for this host), so that the same tests, with the same expectations, run on
// the lite entry's TextDecoder; encode() and TextEncoder, which some of
// them also test, stay the main entry's. The lite entry hands decoding to the host's exact decoders
// by default; ENCODING_WASM_NATIVE=0 turns that off, so that everything runs in its scalar core (the
// main entry reads the variable itself). Its families are loaded up front, as a page would with
// 'encoding-wasm/lite/tables/all' (browsers cannot load them on first use).
import { TextDecoder as MainTextDecoder } from 'encoding-wasm';
import { preload, setNativeDelegation, TextDecoder } from 'encoding-wasm/lite';

export * from 'encoding-wasm';
export { nativeDelegation, preload, registerFamily, setNativeDelegation, TextDecoder } from 'encoding-wasm/lite';

// (a resolution that gave both names one module would run the main entry's TextDecoder twice)
if (TextDecoder === MainTextDecoder) throw new Error('encoding-wasm/lite resolved to the main entry');
if (globalThis.process?.env?.ENCODING_WASM_NATIVE === '0') setNativeDelegation(false);
await preload();
