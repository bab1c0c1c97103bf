// Type declarations for 'encoding-wasm/lite' (written by hand): the standard's TextDecoder in the
// fewest bytes, with preload, registerFamily and native delegation as the main entry has them. It
// hands UTF-8, UTF-16 and the single-byte encodings to the host's decoder where that is exact, decodes
// the rest in a small scalar core, and takes the multi-byte families from
// 'encoding-wasm/lite/tables/<family>' or its own preload() (README, "Sizes").
export {
  TextDecoder,
  preload,
  registerFamily,
  nativeDelegation,
  setNativeDelegation,
} from './index.js';
export type { AllowSharedBufferSource, EncodingName, TableFamily, TextDecoderOptions, TextDecodeOptions } from './index.js';
