// encoding-wasm/encoder: non-standard streaming encoders for every encoding that has an encoder
// (implementation: js/webidl/encoder.js).
export { Encoder, EncoderStream } from './webidl/encoder.js';
