// Node and Bun (Deno takes js/host/deno.js): the core and the family tables are read and compiled
// synchronously, a family on its first use (docs/design.md section 4).
// The built-ins come from process.getBuiltinModule (Node 20.16+, Bun) where it exists: `import`
// of node:fs makes its ES module facade, which loads Node's fs streams with it (1.5 ms of a fresh
// Node 20 import; node:module's facade costs 0.4 ms, bench/startup.mjs), so older Nodes alone go
// through createRequire.
import { createRequire } from 'node:module';

const builtin = globalThis.process?.getBuiltinModule ?? createRequire(import.meta.url);
const { readFileSync } = builtin('node:fs');

export const coreModule = new WebAssembly.Module(readFileSync(new URL('../../dist/encoding.wasm', import.meta.url)));

export function loadFamilySync(family) {
  return new WebAssembly.Module(readFileSync(new URL(`../../dist/tables/${family}.wasm`, import.meta.url)));
}

export const loadFamily = async (family) => loadFamilySync(family);

// No combined module (dist/tables/all.wasm) here: each family loads from its own file on first use,
// and nothing is downloaded.
export const loadCombined = null;

// The host's ASCII test (simdutf in Node), for the decoders' ASCII shortcut (js/native.js probes it).
const { isAscii: hostIsAscii } = builtin('node:buffer');
export const isAscii = typeof hostIsAscii === 'function' ? hostIsAscii : null;
