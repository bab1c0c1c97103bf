// Cloudflare workerd (plain workerd and wrangler): wasm cannot be compiled from bytes there, so every
// module comes from a `.wasm` import, which workerd hands over as a compiled WebAssembly.Module.
// The core is a static import. A family comes from `import 'encoding-wasm/tables/<family>'` or
// `await preload(...)`, which import the family's module by a literal path, so a bundler (wrangler)
// can see it and a plain workerd config can list it (test/hosts/workerd/ has one). Those imports
// are generated: js/generated/workerd_families.js. Nothing here uses import.meta.url, which is
// undefined in workerd.
import coreModule from '../../dist/encoding.wasm';
import { importFamily } from '../generated/workerd_families.js';

export { coreModule };
// (at hand from load: nothing to fetch)
export const loadCore = null;
export const loadDecoderCore = null;

export const loadFamilySync = null;

export async function loadFamily(family) {
  const module = await importFamily(family);
  if (module === null) throw new Error(`unknown table family ${family}`);
  return module;
}

// Not the combined module (tables/all.wasm): a worker downloads nothing at run time, and wrangler
// uploads every module a literal import names, so a combined module would only add its 75 KB
// (gzip) to every worker's upload, beside the four family modules.
export const loadCombined = null;

// No ASCII test of the host's own for the decoders' ASCII shortcut (js/host/native.js; js/host/node.js has one).
export const isAscii = null;

// Buffer's string methods for js/wasm/strings.js, where there is a Buffer (workerd's nodejs_compat).
export const bufferPrototype = globalThis.Buffer?.prototype;
