// Cloudflare workerd (plain workerd and wrangler): wasm cannot be compiled from bytes there, so every
// module comes from a `.wasm` import, which workerd hands over as a compiled WebAssembly.Module.
// The core is a static import. A family comes from `import 'encoding-wasm/tables/<family>'` or
// `await preload(...)`, which import the family's module by a literal path, so a bundler (wrangler)
// can see it and a plain workerd config can list it (test/hosts/workerd/ has one). Nothing here
// uses import.meta.url, which is undefined in workerd.
import coreModule from '../../dist/encoding.wasm';

export { coreModule };

export const loadFamilySync = null;

export async function loadFamily(family) {
  switch (family) {
    case 'chinese-simplified':
      return (await import('../../dist/tables/chinese-simplified.wasm')).default;
    case 'chinese-traditional':
      return (await import('../../dist/tables/chinese-traditional.wasm')).default;
    case 'japanese':
      return (await import('../../dist/tables/japanese.wasm')).default;
    case 'korean':
      return (await import('../../dist/tables/korean.wasm')).default;
  }
  throw new Error(`unknown table family ${family}`);
}
