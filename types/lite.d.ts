// Type declarations for 'encoding-wasm/lite' (written by hand): the main entry's TextDecoder,
// preload, registerFamily and native delegation, over the host's exact decoders, a small scalar core
// where one is not exact, and the decode-only families from 'encoding-wasm/lite/tables/<family>' or
// its own preload() (docs/api.md "encoding-wasm/lite"), with a core instance and family registry of its own.
export {
  TextDecoder,
  preload,
  registerFamily,
  nativeDelegation,
  setNativeDelegation,
} from './index.js';
export type { AllowSharedBufferSource, EncodingName, TableFamily, TextDecoderOptions, TextDecodeOptions } from './index.js';
