// What the Node and Bun hosts share (js/host/node.js, js/host/node_legacy.js): the core and the
// family tables read and compiled synchronously, a family on its first use (docs/design.md
// section 4), through `builtin`, a function that returns a built-in module by name. Where each
// file is: js/generated/node_wasm.js. The core's bytes come from js/host/core_bytes.js where a
// bundle carries them. node:fs is looked up on the
// first file read: Bun's is JavaScript that runs when first asked for (2-3 ms of a fresh Bun
// process), which a bundle that carries its core spares a process that needs no family.
import { Uint8Array } from '../wasm/intrinsics.js';
import { coreUrl, familyUrl } from '../generated/node_wasm.js';
import { coreBytes } from './core_bytes.js';

// In Bun, a file is mapped (Bun.mmap) and copied at once instead: 0.11-0.17 ms for a family's
// module against 2-2.4 ms for the first use of node:fs (Bun 1.4.5, fresh processes). Only that copy
// reads the mapping, so a file truncated later (an `npm install` over the package) cannot fault it;
// where mapping fails (a missing or empty file, say) node:fs reads it and reports what is wrong.
const mmap = globalThis.Bun?.mmap;
const fileURLToPath = globalThis.Bun?.fileURLToPath;
function mapped(url) {
  try {
    return new Uint8Array(mmap(fileURLToPath(url)));
  } catch {
    return null;
  }
}

export function nodeHost(builtin) {
  let readFileSync = null;
  const read = (url) =>
    (typeof mmap === 'function' && typeof fileURLToPath === 'function' ? mapped(url) : null) ??
    (readFileSync ??= builtin('node:fs').readFileSync)(url);
  const loadFamilySync = (family) => new WebAssembly.Module(read(familyUrl(family)));
  // The host's ASCII test (simdutf in Node), for the decoders' ASCII shortcut (js/host/native.js probes it).
  const { isAscii } = builtin('node:buffer');
  return {
    coreModule: new WebAssembly.Module(coreBytes ?? read(coreUrl())),
    // (at hand from load: nothing to fetch)
    loadCore: null,
    loadDecoderCore: null,
    loadFamilySync,
    loadFamily: async (family) => loadFamilySync(family),
    // (no combined module here: HOSTS in tools/generator/boundary.mjs)
    loadCombined: null,
    isAscii: typeof isAscii === 'function' ? isAscii : null,
  };
}
