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
// other entry point but need this graph's renamed paths too), each one esbuild run with code
// splitting, so that the decoder and its tables entries share one core and one family registry. As
// in tools/bundle_entries.mjs, the chunks lie two levels below the package root, so the hosts'
// relative paths to the .wasm files hold; this checks that, and that no path names a .wasm file
// of another build.
//
//   node tools/bundle_decoder.mjs [--if-stale]   (build.sh; vitest.config.js rebuilds when stale)
import { build } from 'esbuild';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILIES, VARIANTS } from '../cpp/tools/boundary.mjs';
import { CONDITIONS as BUNDLED, OPTIONS, checkBuild, coreBytes, files, minified, newest } from './bundle_entries.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const variant = VARIANTS.find((v) => v.name === 'decoder');
const suffix = `-${variant.name}`;
// esbuild's options per condition: Node's (with the decode-only core inside) and Deno's as
// tools/bundle_entries.mjs bundles them, minified as those are; the older Nodes' with the "node"
// condition alone, which resolves "#host" to js/host/node_legacy.js; workerd imports its .wasm files
// as modules (kept as they are); the default condition keeps `new URL('…wasm', import.meta.url)`,
// which the user's bundler or the browser resolves.
const CORE = join(root, `dist/encoding${suffix}.wasm`);
export const CONDITIONS = {
  node: { ...BUNDLED.node, ...minified, plugins: [coreBytes(CORE)] },
  'node-legacy': { ...BUNDLED.node, ...minified, conditions: ['node'] },
  deno: { ...BUNDLED.deno, ...minified },
  workerd: { platform: 'neutral', target: 'es2022', external: ['*.wasm'], conditions: ['workerd'] },
  default: { platform: 'neutral', target: 'es2022', conditions: [] },
};
const outDir = (condition) => join(root, 'dist', `decoder-${condition === 'default' ? 'browser' : condition}`);

// A path to a .wasm file under dist/ in a source: '../../dist/encoding.wasm', `../../dist/tables/${family}.wasm`.
const WASM_PATH = /(\.\.\/\.\.\/dist\/[^'"`\s]*?)\.wasm\b/g;

const decodeOnly = {
  name: 'decode-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]js[\\/].*\.js$/ }, (args) => {
      let contents = readFileSync(args.path, 'utf8');
      if (args.path === join(root, 'js/entry_point.js'))
        contents = `export const ENTRY_POINT = '${variant.entry}';\nexport const WASM_SUFFIX = '${suffix}';\n`;
      else contents = contents.replace(WASM_PATH, `$1${suffix}.wasm`);
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
    CORE,
    join(root, 'cpp/tools/boundary.mjs'),
    join(root, 'tools/bundle_entries.mjs'),
    fileURLToPath(import.meta.url),
  ]);
  return Object.keys(CONDITIONS).some(
    (c) => !existsSync(join(outDir(c), 'index.js')) || sources > newest(files(outDir(c))),
  );
}

async function bundleFor(condition) {
  const out = outDir(condition);
  rmSync(out, { recursive: true, force: true });
  const entryPoints = { index: join(root, 'js/decoder.js'), 'tables/all': join(root, 'js/tables/all.js') };
  for (const { name } of FAMILIES) entryPoints[`tables/${name}`] = join(root, `js/tables/${name}.js`);
  const { plugins = [], ...options } = CONDITIONS[condition];
  const result = await build({
    ...OPTIONS,
    ...options,
    entryPoints,
    splitting: true,
    // (the core's bytes first: decodeOnly loads every module of js/)
    plugins: [...plugins, decodeOnly],
    outdir: out,
    banner: { js: '// GENERATED by tools/bundle_decoder.mjs from js/ (build.sh). DO NOT EDIT.' },
  });
  for (const [path, text] of Object.entries(checkBuild(result, out)))
    for (const [wasm] of text.matchAll(/dist\/[^'"`\s]*\.wasm/g))
      if (!wasm.endsWith(`${suffix}.wasm`)) throw new Error(`${path} names ${wasm}, not a decode-only module`);
}

export async function bundleDecoder() {
  for (const condition of Object.keys(CONDITIONS)) await bundleFor(condition);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || stale()) await bundleDecoder();
}
