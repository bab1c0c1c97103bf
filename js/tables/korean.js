// import 'encoding-wasm/tables/korean': loads the korean table family's module, so its encodings work
// where tables cannot load synchronously on first use (browsers, bundlers).
import { loadFamily } from '#host';
import { registerFamily } from '../core.js';

registerFamily('korean', await loadFamily('korean'));
