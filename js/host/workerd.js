// Cloudflare workerd (plain workerd and wrangler): wasm cannot be compiled from bytes there, so every
// module comes from a `.wasm` import, which workerd hands over as a compiled WebAssembly.Module
// (js/generated/workerd_wasm.js): the core by a static import, a family by a literal dynamic one,
// run by `import 'encoding-wasm/tables/<family>'` or `await preload(...)`, so that a bundler
// (wrangler) sees every file and a plain workerd config can list them (test/hosts/workerd/ has one).
// Nothing here uses import.meta.url, which is undefined in workerd.
export { coreModule, importFamily as loadFamily } from '../generated/workerd_wasm.js';
// (at hand from load: nothing to fetch)
export const loadCore = null;
export const loadDecoderCore = null;

export const loadFamilySync = null;
// (no combined module here: HOSTS in tools/generator/boundary.mjs)
export const loadCombined = null;

// No ASCII test of the host's own for the decoders' ASCII shortcut (js/host/native.js; js/host/node.js has one).
export const isAscii = null;

// Buffer's string methods for js/wasm/strings.js, where there is a Buffer (workerd's nodejs_compat).
export const bufferPrototype = globalThis.Buffer?.prototype;
