// Builds encoding-wasm/lite for every host: dist/lite-<condition>/ (index.js, and tables/<family>.js
// for 'encoding-wasm/lite/tables/<family>'), from js/lite.js (its TextDecoder, preload,
// registerFamily, native delegation), with the condition's js/lite/ host module, and with every path
// to a .wasm file under dist/ renamed to the lite's: its core (dist/encoding-lite.wasm) and the
// decode-only families (dist/tables/<family>-decoder.wasm; cpp/tools/boundary.mjs VARIANTS).
// js/entry_point.js, which the messages read, is replaced by the lite's. The result is a module graph
// of its own, so what a bundler sees of it names only the lite's files (docs/design.md section 13).
//
// One bundle per condition of package.json "exports" ("node" then "module-sync" for Node 20.19+ and
// 22.12+, and "bun": dist/lite-node/, which imports no built-in and carries the lite core as base64,
// as tools/bundle_entries.mjs builds dist/node/; "node" alone for older Nodes: dist/lite-node-legacy/,
// which reads the core from its file; "deno", "workerd", and "default" for browsers and bundlers),
// each index.js whole, with tables/<family>.js importing it. As in tools/bundle_entries.mjs, the
// bundles lie two levels below the package root, so the hosts' relative paths to the .wasm files
// hold; this checks that, and that no path names a .wasm file of another build.
//
//   node tools/bundle_lite.mjs [--if-stale]   (build.sh; vitest.config.js rebuilds when stale)
import { build } from 'esbuild';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILIES, VARIANTS, decoderPartOf } from '../cpp/tools/boundary.mjs';
import { CONDITIONS as BUNDLED, OPTIONS, checkBuild, coreBytes, files, minified, newest } from './bundle_entries.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const variantNamed = (name) => VARIANTS.find((v) => v.name === name);
// The entry built here: encoding-wasm/lite from js/lite.js, over the lite core and the decode-only
// families (cpp/tools/boundary.mjs VARIANTS). `core`: the core's variant, `tables`: the families' suffix.
const LITE = { source: 'js/lite.js', core: variantNamed('lite'), tables: `-${variantNamed('decoder').name}` };
const coreFile = join(root, `dist/${LITE.core.file}.wasm`);
// esbuild's options per condition: Node's (with the entry's core inside) and Deno's as
// tools/bundle_entries.mjs bundles them, minified as those are; the older Nodes' with the "node"
// condition alone, which resolves "#host" to js/host/node_legacy.js; workerd imports its .wasm files
// as modules (kept as they are); the default condition keeps `new URL('…wasm', import.meta.url)`,
// which the user's bundler or the browser resolves.
export const CONDITIONS = {
  node: { ...BUNDLED.node, ...minified, plugins: [coreBytes(coreFile)] },
  'node-legacy': { ...BUNDLED.node, ...minified, conditions: ['node'] },
  deno: { ...BUNDLED.deno, ...minified },
  workerd: { platform: 'neutral', target: 'es2022', external: ['*.wasm'], conditions: ['workerd'] },
  default: { platform: 'neutral', target: 'es2022', conditions: [] },
};
const outDir = (condition) => join(root, 'dist', `lite-${condition === 'default' ? 'browser' : condition}`);

// A path to a .wasm file under dist/ in a source: '../../dist/encoding.wasm', `../../dist/tables/${family}.wasm`.
const WASM_PATH = /(\.\.\/\.\.\/dist\/[^'"`\s]*?)\.wasm\b/g;
// The name a path to a .wasm file under dist/ takes in the lite's bundles.
const renamed = (path) =>
  path.includes('/tables/') ? `${path}${LITE.tables}` : path.replace(/encoding$/, LITE.core.file);

const decodeOnly = {
  name: 'decode-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]js[\\/].*\.js$/ }, (args) => {
      let contents = readFileSync(args.path, 'utf8');
      if (args.path === join(root, 'js/entry_point.js'))
        contents = `export const ENTRY_POINT = '${LITE.core.entry}';\nexport const WASM_SUFFIX = '${LITE.tables}';\n`;
      else contents = contents.replace(WASM_PATH, (_, path) => `${renamed(path)}.wasm`);
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

// Whether a bundle is older than a source it is built from (js/, package.json, the build's own
// modules) or missing.
export function stale() {
  const sources = newest([
    ...files(join(root, 'js')),
    join(root, 'package.json'),
    coreFile,
    join(root, 'cpp/tools/boundary.mjs'),
    join(root, 'tools/bundle_entries.mjs'),
    fileURLToPath(import.meta.url),
  ]);
  return Object.keys(CONDITIONS).some(
    (c) => !existsSync(join(outDir(c), 'index.js')) || sources > newest(files(outDir(c))),
  );
}

// The tables entries are modules of their own: each imports the lite's index.js and loads its
// families through its preload() (for a family not loaded yet), so index.js, with everything else in
// it, is the one file `import 'encoding-wasm/lite'` reads: with a shared chunk beside it, two files
// took a fresh Node 20 process about 0.5 ms more (docs/design.md section 13).
// Each entry preloads a label whose decoder needs exactly its family: for a family, one that needs
// no part of it (Shift_JIS's japanese, not EUC-JP's, whose decoder needs japanese-jis0212 too).
const label = (codec) => codec.replaceAll('_', '-');
const TABLES = {
  all: [],
  ...Object.fromEntries(
    FAMILIES.map((f) => [f.name, [label(f.host ? f.decoders[0] : f.codecs.find((c) => decoderPartOf(c) < 0))]]),
  ),
};
const tablesEntries = {
  name: 'decoder-tables',
  setup(build) {
    build.onResolve({ filter: /^decoder-tables:/ }, (args) => ({ path: args.path.slice(15), namespace: 'tables' }));
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: '../index.js', external: true }));
    build.onLoad({ filter: /.*/, namespace: 'tables' }, (args) => ({
      contents: `import { preload } from '../index.js';\nawait preload(${TABLES[args.path].map((l) => `'${l}'`).join(', ')});\n`,
      resolveDir: root,
    }));
  },
};

async function bundleFor(condition) {
  const out = outDir(condition);
  rmSync(out, { recursive: true, force: true });
  const { plugins = [], ...options } = CONDITIONS[condition];
  const tables = {};
  for (const name of Object.keys(TABLES)) tables[`tables/${name}`] = `decoder-tables:${name}`;
  for (const [entryPoints, plugin] of [
    [{ index: join(root, LITE.source) }, decodeOnly],
    [tables, tablesEntries],
  ]) {
    const result = await build({
      ...OPTIONS,
      ...options,
      entryPoints,
      // (the core's bytes first: decodeOnly loads every module of js/)
      plugins: [...plugins, plugin],
      outdir: out,
      banner: { js: '// GENERATED by tools/bundle_lite.mjs from js/ (build.sh). DO NOT EDIT.' },
    });
    for (const [path, text] of Object.entries(checkBuild(result, out)))
      for (const [wasm] of text.matchAll(/dist\/[^'"`\s]*\.wasm/g))
        if (!wasm.endsWith(`${LITE.tables}.wasm`) && !wasm.endsWith(`/${LITE.core.file}.wasm`))
          throw new Error(`${path} names ${wasm}, not a module of ${LITE.core.entry}`);
  }
}

export async function bundleLite() {
  for (const condition of Object.keys(CONDITIONS)) await bundleFor(condition);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || stale()) await bundleLite();
}
