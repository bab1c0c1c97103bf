// Type declarations for 'encoding-wasm/decoder' (written by hand): the main entry's TextDecoder,
// preload, registerFamily and native delegation, over the decode-only build of the WebAssembly
// modules, with a core instance and family registry of its own (README, "Sizes"). Its families come
// from 'encoding-wasm/decoder/tables/<family>' or its own preload().
export {
  TextDecoder,
  preload,
  registerFamily,
  nativeDelegation,
  setNativeDelegation,
} from './index.js';
export type { AllowSharedBufferSource, EncodingName, TableFamily, TextDecoderOptions, TextDecodeOptions } from './index.js';
