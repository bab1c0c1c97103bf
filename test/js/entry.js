// The TextDecoder under test, for the suites that run on every entry point with a TextDecoder
// (vitest.config.js DECODER_SUITES import it; the other suites import what they test by name):
// - by default the package's main entry, 'encoding-wasm', as this host resolves the package's name
//   (package.json "exports"): in Node the bundle dist/node/index.js (the node project of
//   vitest.config.js resolves with Node's conditions, and rebuilds stale bundles first), in Bun
//   dist/node/index.js too, in the browsers and Deno's Vitest run js/index.js (the sources);
// - ENCODING_WASM_ENTRY=lite: encoding-wasm/lite's TextDecoder (lite_entry.js).
// test/run-all.sh and test/hosts/run.sh run the suites once per entry. What the entries lack
// (encode, TextEncoder) comes from the main entry in each.
const ENTRIES = {
  main: () => import('encoding-wasm'),
  lite: () => import('./lite_entry.js'),
};
export const ENTRY_UNDER_TEST = globalThis.process?.env?.ENCODING_WASM_ENTRY || 'main';
if (!Object.hasOwn(ENTRIES, ENTRY_UNDER_TEST)) {
  throw new Error(`ENCODING_WASM_ENTRY=${ENTRY_UNDER_TEST}: not one of ${Object.keys(ENTRIES).join(', ')}`);
}

export const { encode, nativeDelegation, preload, TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } =
  await ENTRIES[ENTRY_UNDER_TEST]();
