// import 'encoding-wasm/tables/japanese': loads the japanese table family's module, so its encodings work
// where tables cannot load synchronously on first use (browsers, bundlers).
import { loadFamily } from '#host';
import { registerFamily } from '../core.js';

registerFamily('japanese', await loadFamily('japanese'));
