// Browsers and bundlers: the core is fetched and compiled once with top-level await. Family tables
// cannot load synchronously here: they come from a static import of 'encoding-wasm/tables/<family>'
// or from `await preload(...)` (docs/design.md section 4). The URLs are literal so bundlers see them
// (the families' are generated: js/generated/browser_families.js).
import { combinedUrl, familyUrl } from '../generated/browser_families.js';

// Also the loader of the core variants (js/generated/browser_<name>_core.js).
export async function compile(url) {
  const response = fetch(url);
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch {
      // A server that does not send application/wasm: compile from the bytes instead.
    }
  }
  return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
}

export const coreModule = await compile(new URL('../../dist/encoding.wasm', import.meta.url));

export const loadFamilySync = null;

// No part of a family loads synchronously either (js/core.js instanceFor).
export const addPart = null;

export function loadFamily(family) {
  const url = familyUrl(family);
  if (url === null) throw new Error(`unknown table family ${family}`);
  return compile(url);
}

// Every family in one module (tables/all.wasm), for preload() of all of them.
export const loadCombined = () => compile(combinedUrl());

// No ASCII test of the host's own for the decoders' ASCII shortcut (js/native.js; js/host/node.js has one).
export const isAscii = null;
