// encoding-wasm/decoder: the standard's TextDecoder alone, over the decode-only build of the core and
// of the table families (dist/encoding-decoder.wasm, dist/tables/<family>-decoder.wasm: no encoders,
// cpp/tools/boundary.mjs VARIANTS), for a page or a function that only decodes and counts its bytes.
// The same TextDecoder as the main entry's, from the same sources; a module graph of its own (its own
// core instance and family registry), which tools/bundle_decoder.mjs bundles once per host with every
// .wasm path renamed to the decode-only file, and which package.json "exports" gives every host.
// (This file itself, imported as a source, would load the main entry's modules: it is only bundled.)
export { TextDecoder } from './text_decoder.js';
export { preload, registerFamily } from './core.js';
export { nativeDelegation, setNativeDelegation } from './native.js';
