// Which suites of test/js/ run where (vitest.config.js, test/hosts/run.sh's Bun steps).

// ENCODING_WASM_NATIVE=0 (everything in wasm) changes only what the package's decoders do: the
// switch is read by js/host/native.js hostDecoderFor(), which only DecoderCommon (js/webidl/text_decoder.js:
// TextDecoder, TextDecoderStream, the hooks' decode, ErrorReportingDecoder) and the polyfill call
// (iconv-lite's decode does not: it runs in wasm either way, js/iconv_lite/iconv_lite.js; its
// suites still run in both, as a check that the switch does not reach it). The suites whose code under test never gets there run once, in the
// ENCODING_WASM_NATIVE=1 run:
// - encode, encoder, url, deno_buffer, errors_builtins: they encode (url's output, all ASCII, is made
//   a string by a UTF-8 TextDecoder, on which ASCII decodes alike either way);
// - host_probes: the host's own decoders, probed;
// - node_entry_points: how the entry points resolve and load, in processes of their own, with the
//   variable set where it matters;
// - detect, sniff: the detector (js/detect/) is plain JS over the bytes, with decoders of its own; it
//   imports nothing of the wasm layer or text_decoder.js. detect.test.js decodes with the package's
//   TextDecoder only to say what a guess reads as, which the decoding suites check in both modes.
// (errors stays: it compares ErrorReportingDecoder's offsets with the byte a fatal TextDecoder's
// error names, and that TextDecoder is delegated in the ENCODING_WASM_NATIVE=1 run.)
export const MODE_FREE = [
  'deno_buffer',
  'detect',
  'encode',
  'encoder',
  'errors_builtins',
  'host_probes',
  'node_entry_points',
  'sniff',
  'url',
  'wasm_refusal',
];

// npm run test:quick (ENCODING_WASM_QUICK=1) leaves out the suites that are not about one codec or
// the API: bounded resources (a million decoders), the corpus's real text, the package's entry
// points loaded in processes of their own, and the detector.
export const NOT_QUICK = ['corpus', 'detect', 'detect_real', 'node_entry_points', 'robustness'];

// The detector's evaluation on the real-world set: an accuracy measurement of code that is the same
// in every host (detect.test.js runs the detector itself everywhere), over text that
// tools/detect/realworld.mjs reads from npm packages in tools/detect/node_modules with node:fs. It runs once, in
// Node's ENCODING_WASM_NATIVE=1 run.
export const NODE_ONLY = ['detect_real', 'iconv_lite_differential'];

// The suites for the given environment and host ('node', or 'deno', 'bun', 'browser'), as paths
// from the repository's root.
export function suitesFor({ ENCODING_WASM_NATIVE: native, ENCODING_WASM_QUICK: quick } = {}, host = 'node') {
  const path = (name) => `test/js/${name}.test.js`;
  return {
    include: ['test/js/**/*.test.js'],
    exclude: [
      ...(native === '0' ? MODE_FREE : []),
      ...(quick === '1' ? NOT_QUICK : []),
      ...(native === '0' || host !== 'node' ? NODE_ONLY : []),
    ].map(path),
  };
}
