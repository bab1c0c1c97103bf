// The real table family modules, for the suites that instantiate them by hand: the bytes of a
// family's module (dist/tables/<family>.wasm) or of the combined one (all), read from the file system in Node,
// Deno and Bun, fetched from the test server in the browser. The URLs are literal, as in
// js/generated/browser_wasm.js, so that Vite serves them.
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

// A module with nothing but a part's custom section (tools/generator/family_tables.mjs partModule), holding
// `payload` (https://webassembly.github.io/spec/core/binary/modules.html#custom-section).
export function partModuleWith(payload) {
  const leb = (n) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...leb(n >>> 7)]);
  const name = new TextEncoder().encode('encoding-wasm.tables');
  const head = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0, ...leb(leb(name.length).length + name.length + payload.length)];
  const bytes = new Uint8Array(head.length + 1 + name.length + payload.length);
  bytes.set([...head, ...leb(name.length), ...name]);
  bytes.set(payload, bytes.length - payload.length);
  return new WebAssembly.Module(bytes);
}
