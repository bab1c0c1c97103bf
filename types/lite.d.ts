// Type declarations for 'encoding-wasm/lite' (written by hand): the same names as
// 'encoding-wasm/decoder' (the standard's TextDecoder, preload, registerFamily and native delegation),
// over the host's exact decoders, a small scalar core where one is not exact, and the decode-only
// families from 'encoding-wasm/lite/tables/<family>' or its own preload() (docs/api.md "encoding-wasm/lite").
export * from './decoder.js';
