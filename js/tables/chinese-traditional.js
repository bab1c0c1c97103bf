// import 'encoding-wasm/tables/chinese-traditional': loads the chinese-traditional table family's module, so its encodings work
// where tables cannot load synchronously on first use (browsers, bundlers).
import { loadFamily } from '#host';
import { registerFamily } from '../core.js';

registerFamily('chinese-traditional', await loadFamily('chinese-traditional'));
