// encoding-wasm/hooks: the Encoding Standard's hooks for other standards, as functions
// (implementation: js/hooks/hooks.js). https://encoding.spec.whatwg.org/#specification-hooks
export {
  encode,
  encodeOrFail,
  getBOMEncoding,
  getOutputEncoding,
  labelToName,
  legacyHookDecode,
  normalizeEncoding,
  utf8Decode,
  utf8DecodeWithoutBOM,
  utf8DecodeWithoutBOMOrFail,
  utf8Encode,
} from './hooks/hooks.js';
