// encoding-wasm: the WHATWG Encoding Standard's TextDecoder and TextEncoder for every encoding and
// label, from a C++ core compiled to WebAssembly. https://encoding.spec.whatwg.org/
export { TextDecoder } from './wasm/with_decoder_wasm.js';
export { TextEncoder } from './webidl/text_encoder.js';
// Both undefined where the host has no TransformStream (streams.js).
export { TextDecoderStream, TextEncoderStream } from './webidl/streams.js';
export { encode } from './webidl/encode.js';
export { preload, registerFamily } from './wasm/preload.js';
export { nativeDelegation, setNativeDelegation } from './host/native.js';
