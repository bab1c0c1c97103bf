// encoding-wasm/lite's host in Node, Bun, Deno and workerd ("#lite-host" in package.json): the main
// entry's (tools/bundle_lite.mjs renames its core to dist/encoding-lite.wasm), whose core is at
// hand at load, with nothing to fetch (loadCore: js/lite/browser_host.js).
export { coreModule, loadCombined, loadFamily, loadFamilySync } from '#host';
export const loadCore = null;
