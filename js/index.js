// encoding-wasm: the WHATWG Encoding Standard's TextDecoder and TextEncoder for every encoding and
// label, from a C++ core compiled to WebAssembly. https://encoding.spec.whatwg.org/
export { TextDecoder } from './with_decoder_wasm.js';
export { TextEncoder } from './text_encoder.js';
// Both undefined where the host has no TransformStream (streams.js).
export { TextDecoderStream, TextEncoderStream } from './streams.js';
export { encode } from './encode.js';
export { preload, registerFamily } from './preload.js';
export { nativeDelegation, setNativeDelegation } from './native.js';
