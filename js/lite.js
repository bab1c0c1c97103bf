// encoding-wasm/lite: the standard's TextDecoder in the fewest bytes, for a page that decodes
// UTF-8, UTF-16 and the single-byte encodings and counts what it ships. It hands those to the host's
// own decoder wherever that is exact (js/lite/host.js), and decodes the rest in a small scalar core
// (dist/encoding-lite.wasm: no SIMD, no fast paths, labels matched in JS); the multi-byte encodings
// load the decode-only families (dist/tables/<family>-decoder.wasm: on first use in Node, Bun and Deno; from
// 'encoding-wasm/lite/tables/<family>' or preload() elsewhere). What it trades, in speed where the
// host's decoder is not used: docs/api.md "encoding-wasm/lite", docs/design.md section 13. Bundled once per host by
// tools/bundle_lite.mjs.
export { TextDecoder } from './lite/text_decoder.js';
export { preload, registerFamily } from './lite/wasm.js';
export { nativeDelegation, setNativeDelegation } from './lite/host.js';
