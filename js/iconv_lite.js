// encoding-wasm/iconv-lite: iconv-lite's API on the Encoding Standard's decoders and encoders
// (implementation: js/iconv_lite/iconv_lite.js; where the results differ: docs/iconv-lite.md).
export {
  decode,
  decodeStream,
  default,
  encode,
  encodeStream,
  enableStreamingAPI,
  encodingExists,
  fromEncoding,
  getDecoder,
  getEncoder,
  preload,
  toEncoding,
} from './iconv_lite/iconv_lite.js';
