// import 'encoding-wasm/tables/chinese-simplified': loads the chinese-simplified table family's module, so its encodings work
// where tables cannot load synchronously on first use (browsers, bundlers).
import { loadFamily } from '#host';
import { registerFamily } from '../core.js';

registerFamily('chinese-simplified', await loadFamily('chinese-simplified'));
