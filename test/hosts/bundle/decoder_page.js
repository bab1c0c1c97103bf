// The page of a user of the TextDecoder alone, bundled and loaded by run.mjs as page.js is: the main
// entry's TextDecoder, preload() and native delegation, a tables entry for one family and preload()
// for another. Where the host decoders are exact (Chromium) it fetches no core until it decodes in
// wasm (here, after turning delegation off), and then the full core that preload() loads.
import { nativeDelegation, preload, registerFamily, setNativeDelegation, TextDecoder } from 'encoding-wasm';
import 'encoding-wasm/tables/japanese';
import { decoderScenario, hostRestrictions } from '../checks.js';

const results = await decoderScenario({ nativeDelegation, preload, registerFamily, setNativeDelegation, TextDecoder });
console.log('encoding-wasm-test: probes');
globalThis.__results = { ...results, host: hostRestrictions() };
