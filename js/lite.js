// encoding-wasm/lite: the main entry's TextDecoder, kept for existing users (docs/api.md). What lite
// used to be, the main entry now is: in browsers it hands UTF-8, UTF-16 and the single-byte
// encodings to the host's exact decoders and loads wasm only for the rest (docs/design.md section 13).
export { nativeDelegation, preload, registerFamily, setNativeDelegation, TextDecoder } from './index.js';
