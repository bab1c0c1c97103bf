// Node and Bun (Deno takes js/host/deno.js): the core and the family tables are read and compiled
// synchronously, a family on its first use (DESIGN.md section 4).
import { readFileSync } from 'node:fs';

export const coreModule = new WebAssembly.Module(readFileSync(new URL('../../dist/encoding.wasm', import.meta.url)));

export function loadFamilySync(family) {
  return new WebAssembly.Module(readFileSync(new URL(`../../dist/tables/${family}.wasm`, import.meta.url)));
}

export const loadFamily = async (family) => loadFamilySync(family);
