// The page of a user of encoding-wasm/decoder alone, bundled and loaded by run.mjs as page.js is:
// its own tables entry for one family and its preload() for another. It must fetch only the
// decode-only modules (encoding-decoder.wasm, <family>-decoder.wasm).
import * as lite from 'encoding-wasm/decoder';
import 'encoding-wasm/decoder/tables/japanese';
import { decoderScenario, hostRestrictions } from '../checks.js';

const results = await decoderScenario(lite);
console.log('encoding-wasm-test: probes');
globalThis.__results = { ...results, host: hostRestrictions() };
