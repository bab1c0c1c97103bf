// Node and Bun (Deno takes js/host/deno.js): the core and the family tables are read and compiled
// synchronously, a family on its first use (docs/design.md section 4).
import * as buffer from 'node:buffer';
import { readFileSync } from 'node:fs';

export const coreModule = new WebAssembly.Module(readFileSync(new URL('../../dist/encoding.wasm', import.meta.url)));

export function loadFamilySync(family) {
  return new WebAssembly.Module(readFileSync(new URL(`../../dist/tables/${family}.wasm`, import.meta.url)));
}

export const loadFamily = async (family) => loadFamilySync(family);

// The host's ASCII test (simdutf in Node), for the decoders' ASCII shortcut (js/native.js probes it).
export const isAscii = typeof buffer.isAscii === 'function' ? buffer.isAscii : null;
