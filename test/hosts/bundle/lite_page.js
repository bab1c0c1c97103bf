// The page of a user of encoding-wasm/lite alone, bundled and loaded by run.mjs as page.js is: its
// own tables entry for one family and its preload() for another. It must fetch only its own core
// (when it decodes in wasm: here, after turning delegation off) and the decode-only families.
import * as lite from 'encoding-wasm/lite';
import 'encoding-wasm/lite/tables/japanese';
import { decoderScenario, hostRestrictions } from '../checks.js';

const results = await decoderScenario(lite);
console.log('encoding-wasm-test: probes');
globalThis.__results = { ...results, host: hostRestrictions() };
