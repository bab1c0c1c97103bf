// import 'encoding-wasm/tables/all': every table family, so every encoding works in any host.
import { preload } from '../core.js';

await preload();
