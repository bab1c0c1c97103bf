// Deno (the "deno" condition of "#host"): every module is a static `import source` of its .wasm
// file, which Deno compiles as part of the module graph, so the package needs no permission at all
// (reading the files, as js/host/node.js does, needs --allow-read). The four families are small
// and compiled up front (instantiated only on first use), so a family loads synchronously on first
// use, as in Node.
import source coreModule from '../../dist/encoding.wasm';
import source chineseSimplified from '../../dist/tables/chinese-simplified.wasm';
import source chineseTraditional from '../../dist/tables/chinese-traditional.wasm';
import source japanese from '../../dist/tables/japanese.wasm';
import source korean from '../../dist/tables/korean.wasm';

export { coreModule };

const modules = {
  'chinese-simplified': chineseSimplified,
  'chinese-traditional': chineseTraditional,
  japanese,
  korean,
};

export function loadFamilySync(family) {
  const module = modules[family];
  if (!module) throw new Error(`unknown table family ${family}`);
  return module;
}

export const loadFamily = async (family) => loadFamilySync(family);
