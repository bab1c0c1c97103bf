// The real table family modules, for the suites that instantiate them by hand: the bytes of a
// family's module (dist/tables/<family>.wasm) or of the combined one (all), read from the file system in Node,
// Deno and Bun, fetched from the test server in the browser. The URLs are literal, as in
// js/generated/browser_families.js, so that Vite serves them.
const FAMILY_URLS = {
  'chinese-simplified': new URL('../../dist/tables/chinese-simplified.wasm', import.meta.url),
  'chinese-traditional': new URL('../../dist/tables/chinese-traditional.wasm', import.meta.url),
  japanese: new URL('../../dist/tables/japanese.wasm', import.meta.url),
  korean: new URL('../../dist/tables/korean.wasm', import.meta.url),
  // a part of the japanese family: index jis0212 only, for the EUC-JP decoder
  'japanese-jis0212': new URL('../../dist/tables/japanese-jis0212.wasm', import.meta.url),
  // the combined module: every family's codecs and tables
  all: new URL('../../dist/tables/all.wasm', import.meta.url),
};
export async function familyBytes(family) {
  const url = FAMILY_URLS[family];
  if (url.protocol === 'file:') {
    const { readFileSync } = await import('node:fs');
    return new Uint8Array(readFileSync(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export const familyModule = async (family) => WebAssembly.compile(await familyBytes(family));
