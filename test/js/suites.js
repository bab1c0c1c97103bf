// Which suites of test/js/ run where (vitest.config.js, test/hosts/run.sh's Bun steps).

// The suites of the standard's TextDecoder alone, which also run on encoding-wasm/lite's
// TextDecoder (ENCODING_WASM_ENTRY; test/js/entry.js gives them the entry under
// test), with the suites of bad input and hostile built-ins on it too: robustness and builtins.
export const DECODER_SUITES = [
  'ascii_input',
  'builtins',
  'corpus',
  'decode_streaming',
  'labels',
  'robustness',
  'single_byte',
  'webidl',
];

// ENCODING_WASM_NATIVE=0 (everything in wasm) changes only what the package's decoders do: the
// suites that never decode through them run once, in the ENCODING_WASM_NATIVE=1 run. (They encode,
// probe the host's own decoders, or, node_entry_points, check how the entry points resolve and load,
// in processes of their own, with the variable set where it matters.)
export const MODE_FREE = [
  'deno_buffer',
  'encode',
  'encoder',
  'errors_builtins',
  'host_probes',
  'node_entry_points',
  'url',
  'wasm_refusal',
];

// npm run test:quick (ENCODING_WASM_QUICK=1) leaves out the suites that are not about one codec or
// the API: bounded resources (a million decoders), the corpus's real text, the package's entry
// points loaded in processes of their own, and the detector.
export const NOT_QUICK = ['corpus', 'detect', 'detect_real', 'node_entry_points', 'robustness'];

// The detector's evaluation on the real-world set: an accuracy measurement of code that is the same
// in every host (detect.test.js runs the detector itself everywhere), over text that
// tools/detect/realworld.mjs reads from npm packages in node_modules with node:fs. It runs once, in
// Node's ENCODING_WASM_NATIVE=1 run.
export const NODE_ONLY = ['detect_real'];

// The suites for the given environment and host ('node', or 'deno', 'bun', 'browser'), as paths
// from the repository's root.
export function suitesFor(
  { ENCODING_WASM_ENTRY: entry, ENCODING_WASM_NATIVE: native, ENCODING_WASM_QUICK: quick } = {},
  host = 'node',
) {
  const path = (name) => `test/js/${name}.test.js`;
  return {
    include: entry === 'lite' ? DECODER_SUITES.map(path) : ['test/js/**/*.test.js'],
    exclude: [
      ...(native === '0' ? MODE_FREE : []),
      ...(quick === '1' ? NOT_QUICK : []),
      ...(native === '0' || host !== 'node' ? NODE_ONLY : []),
    ].map(path),
  };
}
