// Type declarations for 'encoding-wasm/lite' (written by hand): the main entry's TextDecoder,
// preload, registerFamily and native delegation, the same objects (docs/api.md "encoding-wasm/lite").
export {
  TextDecoder,
  preload,
  registerFamily,
  nativeDelegation,
  setNativeDelegation,
} from './index.js';
export type { AllowSharedBufferSource, EncodingName, TableFamily, TextDecoderOptions, TextDecodeOptions } from './index.js';
