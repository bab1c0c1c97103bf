// encoding-wasm/errors: non-standard decoders and encoders that report where the errors are
// (implementation: js/webidl/errors.js).
export {
  decodeReportingErrors,
  encodeReportingErrors,
  ErrorReportingDecoder,
  ErrorReportingEncoder,
} from './webidl/errors.js';
