// Browsers and bundlers ("#host/primitives.js", condition "default"; a plain page's import map
// maps "#host/" to this folder): nothing is fetched at load here. The core is fetched and compiled
// by loadCore, with top-level await where an entry point needs it at load (./core_at_load.js,
// ./decoder_wasm.js), else by preload(). Family tables cannot load synchronously either: they come
// from a static import of 'encoding-wasm/tables/<family>' or from `await preload(...)`
// (docs/design.md section 4), fetched by ./compile.js.
import { compile } from './compile.js';

export { loadCombined, loadFamily, loadFamilySync } from './compile.js';

export const coreModule = null;
export const loadCore = () => compile(new URL('../../../dist/encoding.wasm', import.meta.url));
// The decoders' core (js/wasm/core.js loadDecoderCore).
export const loadDecoderCore = () => compile(new URL('../../../dist/encoding-lite.wasm', import.meta.url));

// No ASCII test of the host's own for the decoders' ASCII shortcut (js/host/native.js; js/host/node.js has one).
export const isAscii = null;

// Buffer's string methods for js/wasm/strings.js, where there is a Buffer (a bundler may bring one).
export const bufferPrototype = globalThis.Buffer?.prototype;
