// The error messages of the detector (encoding-wasm/detect), as js/webidl/messages.js has the decoder's.
export const DETECT_MESSAGES = {
  badOptions: 'The options argument must be an object, null or undefined.',
  notDetector: 'Illegal invocation: the receiver is not an EncodingDetector.',
  finished: 'The EncodingDetector has finished; create a new one for new input.',
  badCandidates: 'The candidates option must be an iterable of encoding labels.',
  noCandidates: 'No candidate encoding is left (allowUTF8 is false and only UTF-8 was a candidate).',
  badHint: 'The hint option must be a string: a language tag (such as "ja" or "zh-TW") or a domain.',
};
