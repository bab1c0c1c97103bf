// Fetching and compiling .wasm files in browsers and bundlers: js/host/browser.js (the core and the
// families; it also passes compile to the core variants' loaders, js/generated/browser_<name>_core.js)
// and encoding-wasm/lite's browser host (js/lite/browser_host.js), which must not import browser.js:
// that module fetches the full core at load. The URLs are literal so bundlers see them (the
// families' are generated: js/generated/browser_families.js).
import { combinedUrl, familyUrl } from '../generated/browser_families.js';

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

export const loadFamilySync = null;

export function loadFamily(family) {
  const url = familyUrl(family);
  if (url === null) throw new Error(`unknown table family ${family}`);
  return compile(url);
}

// Every family in one module (tables/all.wasm), for preload() of all of them.
export const loadCombined = () => compile(combinedUrl());
