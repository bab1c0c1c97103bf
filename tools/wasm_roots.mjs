// The roots of a wasm module's dead-code elimination: build.sh runs binaryen's wasm-metadce on each
// linked module (the core, its variants, each family's module and tables/all.wasm) with the graph
// this writes, then wasm-opt (docs/design.md section 2). The roots are the module's exports that
// the JS names: the package's (js/, which calls cpp/exports.cpp's functions as properties of an
// instance's exports, `wasm.ew_decode(...)`) and the suites' (test/, whose trap tests poison an
// instance through Emscripten's stackRestore). Every other export goes (Emscripten's stackSave,
// stackAlloc, __errno_location and the exported function table), with whatever only it reached.
// A module's exports come from the module itself, so a new EW_EXPORT that the JS calls stays
// without a list to update here; a module only ever loses exports no JS names.
//
//   node tools/wasm_roots.mjs BUILT.wasm > GRAPH.json
import { readFileSync, readdirSync } from 'node:fs';

const root = new URL('../', import.meta.url);

// The folders whose JS may call into a module.
const CALLERS = ['js/', 'test/'];

// Every identifier in the .js and .mjs files under `dir` (a URL), recursively; comments included,
// which can only keep an export, never drop one.
function identifiersUnder(dir, into) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    if (entry.isDirectory()) identifiersUnder(url, into);
    else if (/\.m?js$/.test(entry.name))
      for (const [word] of readFileSync(url, 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) into.add(word);
  }
  return into;
}

// The identifiers of the callers' JS.
export const namedInJs = () => CALLERS.reduce((names, dir) => identifiersUnder(new URL(dir, root), names), new Set());

// wasm-metadce's graph for a module with exports `exports` (names): one root that reaches each
// export the JS names, and the other exports as nodes nothing reaches.
export function rootsGraph(exports, names = namedInJs()) {
  const node = (name) => ({ name: `export:${name}`, export: name });
  const kept = exports.filter((name) => names.has(name));
  return [{ name: 'js', root: true, reaches: kept.map((name) => `export:${name}`) }, ...exports.map(node)];
}

// The export names of the wasm module in file `path`.
export const exportsOf = (path) =>
  WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path))).map((e) => e.name);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path] = process.argv.slice(2);
  if (!path) throw new Error('usage: node tools/wasm_roots.mjs BUILT.wasm > GRAPH.json');
  console.log(
    `[\n${rootsGraph(exportsOf(path))
      .map((node) => JSON.stringify(node))
      .join(',\n')}\n]`,
  );
}
