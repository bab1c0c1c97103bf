// The error messages the package throws, each saying what went wrong and what fixes it; those that
// only the wasm layer throws (loading and running modules) are in js/wasm/messages.js, which browsers
// load with that layer (js/wasm/decoder_wasm.js).

// Each message is its own export, read as MESSAGES.<name> through `import * as MESSAGES`, so that a
// bundler keeps only the messages of the code it keeps (esbuild drops the unused exports of a namespace
// import read by static property names).
export const badLabel = (label) =>
  `The encoding label "${label}" is not supported (see https://encoding.spec.whatwg.org/#names-and-labels).`;
export const replacementLabel = (label) =>
  `The encoding label "${label}" names the replacement encoding, which TextDecoder does not accept.`;
export const noEncoder = (name) => `The ${name} encoding has no encoder in the Encoding Standard.`;
export const badErrorMode = (mode) => `The error mode "${mode}" is not "fatal" or "html".`;
export const illegalInvocation = (what) => `Illegal invocation: the receiver is not a ${what}.`;
export const missingArguments = (what, needed, given) =>
  `${what} needs ${needed} arguments, but only ${given} were given.`;
export const notBufferSource = 'The input must be an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView.';
export const notUint8Array = 'The destination must be a Uint8Array.';
export const notDictionary = (what) => `The ${what} argument must be an object, null or undefined.`;
export const fatalDecode = (name, at) =>
  `The encoded data is not valid ${name}` + (at === undefined ? '.' : ` (the error was found at byte ${at}).`);
export const fatalEncode = (name, cp, index) =>
  `The code point U+${cp.toString(16).toUpperCase().padStart(4, '0')} at index ${index} cannot be encoded in ${name}.`;
export const familyMissing = (name, family) =>
  `The ${name} tables are not loaded. Import 'encoding-wasm/tables/${family}' or call ` +
  `'await preload("${name}")' first.`;
export const coreMissing = (name) =>
  `encoding-wasm decodes ${name} in its WebAssembly core here, which is not loaded: call ` +
  `'await preload("${name}")' first.`;
export const wasmRefused = (name) =>
  `encoding-wasm${name ? ` (${name})` : ''} needs WebAssembly: allow it with 'wasm-unsafe-eval' in the ` +
  'Content Security Policy.';
export const tooLong = (units = null) =>
  'The decoded text would be longer than the longest string this JavaScript engine can make' +
  (units === null ? '' : ` (at least ${units} code units)`) +
  '. Decode the input in pieces, with {stream: true} or a TextDecoderStream.';

// The messages of encoding-wasm/hooks and encoding-wasm/url, kept apart so that the main entry's
// bundle does not carry them.
export const HOOK_MESSAGES = {
  badPercentEncodeSet: (set) =>
    `The percent-encode set ${typeof set === 'string' ? JSON.stringify(set) : typeof set} is not one of the URL ` +
    'Standard\'s set names ("c0-control", "fragment", "query", "special-query", "path", "userinfo", "component", ' +
    '"application/x-www-form-urlencoded") or a string of increasing characters U+0020 to U+007E.',
  notBoolean: (what) => `The ${what} argument must be a boolean.`,
  notTuples: 'The tuples must be an iterable of [name, value] pairs.',
  tooLongString: (units) =>
    `The result would be longer than the longest string this JavaScript engine can make (at least ${units} ` +
    'code units). Encode the input in pieces.',
};
