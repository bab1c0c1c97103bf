// Builds encoding-wasm/decoder for every host: dist/decoder-<condition>/ (index.js, and
// tables/<family>.js for 'encoding-wasm/decoder/tables/<family>'), from the same sources as the main
// entry (js/decoder.js: the standard's TextDecoder, preload, registerFamily, native delegation),
// with the condition's js/host/ module, and with every path to a .wasm file under dist/ renamed to
// the decode-only variant's (dist/encoding-decoder.wasm, dist/tables/<family>-decoder.wasm;
// cpp/tools/boundary.mjs VARIANTS). js/entry_point.js, which the messages read, is replaced by the
// decoder's. The result is a module graph of its own, so what a bundler sees of it names only the
// decode-only files: a page that imports the decoder fetches none of the encoders (docs/design.md
// section 13).
//
// One bundle per condition of package.json "exports" ("node" then "module-sync" for Node 20.19+ and
// 22.12+, and "bun": dist/decoder-node/, which imports no built-in and carries the decode-only core
// as base64, as tools/bundle_entries.mjs builds dist/node/; "node" alone for older Nodes:
// dist/decoder-node-legacy/, which reads the core from its file through js/host/node_legacy.js;
// "deno", "workerd", and "default" for browsers and bundlers, which take the sources of every
// other entry point but need this graph's renamed paths too), with the decoder and its tables
// entries sharing one core and one family registry: in one esbuild run with code splitting, or, for
// the runtimes, with index.js whole and tables/<family>.js importing it (`oneFile` below). As in
// tools/bundle_entries.mjs, the bundles lie two levels below the package root, so the hosts'
// relative paths to the .wasm files hold; this checks that, and that no path names a .wasm file
// of another build.
//
//   node tools/bundle_decoder.mjs [--if-stale]   (build.sh; vitest.config.js rebuilds when stale)
import { build } from 'esbuild';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILIES, VARIANTS, decoderPartOf } from '../cpp/tools/boundary.mjs';
import { CONDITIONS as BUNDLED, OPTIONS, checkBuild, coreBytes, files, minified, newest } from './bundle_entries.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const variantNamed = (name) => VARIANTS.find((v) => v.name === name);
// The entries built here: encoding-wasm/decoder from js/decoder.js, over the decode-only core and
// families; encoding-wasm/lite from js/lite.js, over the lite core (cpp/tools/boundary.mjs VARIANTS)
// and the same decode-only families. `core`: the core's file, `tables`: the families' suffix.
export const ENTRIES = {
  decoder: { source: 'js/decoder.js', core: variantNamed('decoder'), tables: '-decoder' },
  lite: { source: 'js/lite.js', core: variantNamed('lite'), tables: '-decoder' },
};
const coreFile = (entry) => join(root, `dist/${ENTRIES[entry].core.file}.wasm`);
// esbuild's options per condition: Node's (with the entry's core inside) and Deno's as
// tools/bundle_entries.mjs bundles them, minified as those are; the older Nodes' with the "node"
// condition alone, which resolves "#host" to js/host/node_legacy.js; workerd imports its .wasm files
// as modules (kept as they are); the default condition keeps `new URL('…wasm', import.meta.url)`,
// which the user's bundler or the browser resolves.
export const conditions = (entry) => ({
  node: { ...BUNDLED.node, ...minified, oneFile: true, plugins: [coreBytes(coreFile(entry))] },
  'node-legacy': { ...BUNDLED.node, ...minified, oneFile: true, conditions: ['node'] },
  deno: { ...BUNDLED.deno, ...minified, oneFile: true },
  // (encoding-wasm/lite's tables entries are its own for every host: js/tables/<family>.js register
  // with the main entry's registry, js/core.js)
  workerd: {
    platform: 'neutral',
    target: 'es2022',
    external: ['*.wasm'],
    conditions: ['workerd'],
    oneFile: entry === 'lite',
  },
  default: { platform: 'neutral', target: 'es2022', conditions: [], oneFile: entry === 'lite' },
});
export const CONDITIONS = conditions('decoder');
const outDir = (entry, condition) => join(root, 'dist', `${entry}-${condition === 'default' ? 'browser' : condition}`);

// A path to a .wasm file under dist/ in a source: '../../dist/encoding.wasm', `../../dist/tables/${family}.wasm`.
const WASM_PATH = /(\.\.\/\.\.\/dist\/[^'"`\s]*?)\.wasm\b/g;
// The name a path to a .wasm file under dist/ takes in the entry's bundles.
const renamed = (entry, path) =>
  path.includes('/tables/') ? `${path}${ENTRIES[entry].tables}` : path.replace(/encoding$/, ENTRIES[entry].core.file);

const decodeOnly = (entry) => ({
  name: 'decode-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]js[\\/].*\.js$/ }, (args) => {
      let contents = readFileSync(args.path, 'utf8');
      if (args.path === join(root, 'js/entry_point.js'))
        contents = `export const ENTRY_POINT = '${ENTRIES[entry].core.entry}';\nexport const WASM_SUFFIX = '${ENTRIES[entry].tables}';\n`;
      else contents = contents.replace(WASM_PATH, (_, path) => `${renamed(entry, path)}.wasm`);
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
});

// Whether a bundle is older than a source it is built from (js/, package.json, the build's own
// modules) or missing.
export function stale() {
  const sources = newest([
    ...files(join(root, 'js')),
    join(root, 'package.json'),
    ...Object.keys(ENTRIES).map(coreFile),
    join(root, 'cpp/tools/boundary.mjs'),
    join(root, 'tools/bundle_entries.mjs'),
    fileURLToPath(import.meta.url),
  ]);
  return Object.keys(ENTRIES).some((entry) =>
    Object.keys(CONDITIONS).some(
      (c) => !existsSync(join(outDir(entry, c), 'index.js')) || sources > newest(files(outDir(entry, c))),
    ),
  );
}

// For the runtimes (`oneFile`: Node, Bun, Deno), the tables entries are modules of their own: each
// imports the decoder's index.js and loads its families through its preload() (js/core.js: what
// js/tables/<family>.js does, registerFamily of loadFamily, for a family not loaded yet), so
// index.js, with everything else in it, is the one file `import 'encoding-wasm/decoder'` reads:
// with a shared chunk beside it, two files took a fresh Node 20 process about 0.5 ms more
// (docs/design.md section 13). Bundlers (workerd, browsers) take the split build of the sources,
// where a page that only decodes keeps no preload() (0.1 KB of gzip in "Sizes").
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

async function bundleFor(entry, condition) {
  const out = outDir(entry, condition);
  rmSync(out, { recursive: true, force: true });
  const { plugins = [], oneFile = false, ...options } = conditions(entry)[condition];
  const sources = { index: join(root, ENTRIES[entry].source) };
  const tables = {};
  for (const name of Object.keys(TABLES)) {
    if (oneFile) tables[`tables/${name}`] = `decoder-tables:${name}`;
    else sources[`tables/${name}`] = join(root, `js/tables/${name}.js`);
  }
  for (const [entryPoints, plugin] of [
    [sources, decodeOnly(entry)],
    [tables, tablesEntries],
  ]) {
    if (Object.keys(entryPoints).length === 0) continue;
    const result = await build({
      ...OPTIONS,
      ...options,
      entryPoints,
      splitting: !oneFile,
      // (the core's bytes first: decodeOnly loads every module of js/)
      plugins: [...plugins, plugin],
      outdir: out,
      banner: { js: '// GENERATED by tools/bundle_decoder.mjs from js/ (build.sh). DO NOT EDIT.' },
    });
    for (const [path, text] of Object.entries(checkBuild(result, out)))
      for (const [wasm] of text.matchAll(/dist\/[^'"`\s]*\.wasm/g))
        if (!wasm.endsWith(`${ENTRIES[entry].tables}.wasm`) && !wasm.endsWith(`/${ENTRIES[entry].core.file}.wasm`))
          throw new Error(`${path} names ${wasm}, not a module of ${ENTRIES[entry].core.entry}`);
  }
}

export async function bundleDecoder() {
  for (const entry of Object.keys(ENTRIES))
    for (const condition of Object.keys(CONDITIONS)) await bundleFor(entry, condition);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || stale()) await bundleDecoder();
}
