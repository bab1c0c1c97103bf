// Deno (the "deno" condition of "#host/primitives.js"): every module is a static `import source` of
// its .wasm file (js/generated/deno_wasm.js), which Deno compiles as part of the module graph, so
// the package needs no permission at all (reading the files, as js/host/node.js does, needs
// --allow-read). The families are small and compiled up front (instantiated only on first use), so
// a family loads synchronously on first use, as in Node.
import { familyModule } from '../generated/deno_wasm.js';
import { lateBufferPrototype } from './deno_buffer.js';

export { coreModule } from '../generated/deno_wasm.js';
// (at hand from load: nothing to fetch)
export const loadCore = null;
export const loadDecoderCore = null;

export const loadFamilySync = familyModule;
export const loadFamily = async (family) => familyModule(family);
// (no combined module here: HOSTS in tools/generator/boundary.mjs)
export const loadCombined = null;

// No ASCII test of the host's own for the decoders' ASCII shortcut (js/host/native.js; js/host/node.js has one).
export const isAscii = null;

// Buffer's string methods for js/wasm/strings.js: stand-ins until Buffer is worth loading
// (js/host/deno_buffer.js), or Buffer's own where the global is a plain value.
const buffer = Object.getOwnPropertyDescriptor(globalThis, 'Buffer');
export const bufferPrototype = buffer?.get ? lateBufferPrototype(buffer.get) : buffer?.value?.prototype;
