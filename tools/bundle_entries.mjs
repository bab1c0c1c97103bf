// Builds dist/node/ and dist/deno/: the package's entry points pre-bundled for Node (package.json
// "exports" condition "node", then "module-sync": Node 20.19+ and 22.12+, whose
// process.getBuiltinModule spares the bundle any import of a built-in), Bun ("bun") and Deno
// ("deno"), from the same sources as js/ with that condition's js/host/ module. Older Nodes take
// the sources (js/host/node_legacy.js). A fresh Node 20 process imported the ~25 ES modules of js/index.js
// in about 17 ms and the same code as one file in about 4, interleaved in one run (docs/design.md
// section 13, bench/startup.mjs). Browsers and bundlers take the sources ("default").
//
// The entries are those of package.json "exports" whose "default" target is ./js/<path>.js, but
// the tables entry points (AT_HAND_TABLES below); each must have "deno": ./dist/deno/<path>.js, "bun": ./dist/node/<path>.js and "node":
// { "module-sync": ./dist/node/<path>.js, "default": ./js/<path>.js }. One esbuild run per condition
// with code splitting, so that entry points imported together share one core, one set of classes
// and one family registry, as the sources do. The shared chunks go straight into dist/<condition>/,
// two levels below the package root as js/host/ is, so the hosts' relative paths to the .wasm files
// (`new URL('../../dist/…', import.meta.url)`, `import source … from '../../dist/…'`) still name
// them; a bundle anywhere else that had one would not, which this checks.
//
// An entry whose "default" target is ./dist/<path>.js (encoding-wasm/detect) holds no host code and
// shares no state with the others: it is one bundle, built from ./js/<path>.js with its data, that
// every host takes (browsers and bundlers too), so the package carries neither its sources nor a
// copy per condition.
//
//   node tools/bundle_entries.mjs [--if-stale]   (build.sh; vitest.config.js rebuilds when stale)
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const CORE = join(root, 'dist/encoding.wasm');
// Per condition: where its bundles go, and esbuild's options for it. Deno's host imports the .wasm
// files with `import source`, which esbuild keeps as it is when they are external.
// Both are minified but for their names (whitespace and syntax: 48 → 35 KB for the main chunk), which
// a fresh Node 20 process parses about 0.2 ms faster (bench/startup.mjs); names stay, for stack traces.
export const CONDITIONS = {
  node: { platform: 'node', target: 'node18', conditions: ['node', 'module-sync'] },
  deno: { platform: 'neutral', target: 'esnext', external: ['*.wasm'], conditions: ['deno'] },
};
// What package.json "exports" gives Node, Bun and Deno for each tables entry point (tables/<family>,
// tables/all): they load every family synchronously on its first use, so there is nothing to load
// ahead, and nothing to bundle.
const AT_HAND_TABLES = './js/tables/at_hand.js';
// What package.json "exports" gives each runtime for the entry built from ./js/<name>.js.
const expectedTargets = (name) => ({
  deno: `./dist/deno/${name}.js`,
  bun: `./dist/node/${name}.js`,
  node: { 'module-sync': `./dist/node/${name}.js`, default: `./js/${name}.js` },
});
export const outDir = (condition) => join(root, 'dist', condition);

// { 'index': 'js/index.js', 'tables/japanese': 'js/tables/japanese.js', ... } from package.json: the
// entries bundled per condition, or with `hostFree` those bundled once for every host.
export function bundledEntries({ hostFree = false } = {}) {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = {};
  for (const [subpath, targets] of Object.entries(exports)) {
    // (a pattern names entries built under another name)
    if (typeof targets !== 'object' || subpath.includes('*')) continue;
    const [, folder, name] = /^\.\/(js|dist)\/(.+)\.js$/.exec(targets.default ?? '') ?? [];
    if (folder !== (hostFree ? 'dist' : 'js')) continue;
    // (the tables entries, which these hosts need not bundle: package.json gives them AT_HAND_TABLES)
    if (!hostFree && name.startsWith('tables/')) {
      for (const condition of ['deno', 'bun', 'node'])
        if (targets[condition] !== AT_HAND_TABLES)
          throw new Error(`package.json exports["${subpath}"].${condition} must be ${AT_HAND_TABLES}`);
      continue;
    }
    if (hostFree && Object.keys(targets).join() !== 'types,default')
      throw new Error(`package.json exports["${subpath}"]: a bundle for every host takes no condition`);
    if (!hostFree)
      for (const [condition, target] of Object.entries(expectedTargets(name)))
        if (JSON.stringify(targets[condition]) !== JSON.stringify(target))
          throw new Error(`package.json exports["${subpath}"].${condition} must be ${JSON.stringify(target)}`);
    entries[name] = join(root, 'js', `${name}.js`);
  }
  return entries;
}

export const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
export const newest = (paths) => Math.max(...paths.map((p) => statSync(p).mtimeMs));

// Whether a bundle is older than a source it is built from (js/, package.json, the core) or missing.
export function stale() {
  const sources = newest([...files(join(root, 'js')), join(root, 'package.json'), CORE]);
  const hostFree = Object.keys(bundledEntries({ hostFree: true })).map((name) => join(root, 'dist', `${name}.js`));
  return (
    Object.keys(CONDITIONS).some(
      (c) => !existsSync(join(outDir(c), 'index.js')) || sources > newest(files(outDir(c))),
    ) || hostFree.some((path) => !existsSync(path) || sources > newest([path]))
  );
}

// Each entry point but the main one imports the main entry first, so that everything the main entry
// needs is one chunk, and `import 'encoding-wasm'` reads two files: with a chunk for each set of
// entry points that share code, it read nine, and took about twice as long (bench/startup.mjs).
const withMain = {
  name: 'with-main',
  setup(build) {
    build.onResolve({ filter: /^with-main:/ }, (args) => ({ path: args.path.slice(10), namespace: 'with-main' }));
    build.onLoad({ filter: /.*/, namespace: 'with-main' }, (args) => ({
      // (`export *` leaves out a default export: encoding-wasm/iconv-lite has one, as iconv-lite's module object.)
      contents:
        `import ${JSON.stringify(join(root, 'js/index.js'))};\nexport * from ${JSON.stringify(args.path)};\n` +
        (/^export default |^export \{[^}]*\bdefault\b/m.test(readFileSync(args.path, 'utf8'))
          ? `export { default } from ${JSON.stringify(args.path)};\n`
          : ''),
      resolveDir: root,
    }));
  },
};

// The Node bundles carry their core, `wasm` (js/host/core_bytes.js): its first readFileSync took a
// fresh Node 20 process 0.45 ms, decoding it from base64 0.1 (bench/startup.mjs). Only for the hosts
// with process.getBuiltinModule (js/host/node.js).
export const coreBytes = (wasm) => ({
  name: 'core-bytes',
  setup(build) {
    build.onLoad({ filter: /[\\/]js[\\/]host[\\/]core_bytes\.js$/ }, () => ({
      contents: `const { Buffer } = globalThis.process.getBuiltinModule('node:buffer');
export const coreBytes = Buffer.from(${JSON.stringify(readFileSync(wasm).toString('base64'))}, 'base64');\n`,
    }));
  },
});

// The //TRANSLIT table (js/convert/translit_table.js, 47 KB, generated) stays one file in js/ that
// the bundles of both conditions import, instead of a copy in each, for one more file read by the
// entries that use it (about 0.25 ms in a fresh Node 20 process, docs/design.md section 13).
const DATA_MODULES = /[\\/]js[\\/]convert[\\/]translit_table\.js$/;
const dataModules = {
  name: 'data-modules',
  setup(build) {
    build.onResolve({ filter: /translit_table\.js$/ }, (args) => {
      const path = join(args.resolveDir, args.path);
      if (!DATA_MODULES.test(path)) return undefined;
      return { path: `../../${relative(root, path).split('\\').join('/')}`, external: true };
    });
  },
};

// esbuild's options for every bundle here, and `minified`, for those
// a runtime imports from the package itself.
export const OPTIONS = {
  bundle: true,
  format: 'esm',
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  absWorkingDir: root,
  logLevel: 'silent',
  write: true,
  metafile: true,
};
export const minified = { minifyWhitespace: true, minifySyntax: true };

// A build's outputs, after it ran: a warning (an import esbuild left out, say) fails the build
// (build.sh --quiet hides them), and so does a bundle that names a file relative to itself but is
// not directly in `out`, two levels below the package root as js/host/ is.
export function checkBuild(result, out) {
  if (result.warnings.length) throw new Error(`esbuild warned: ${result.warnings.map((w) => w.text).join('; ')}`);
  const texts = {};
  for (const path of Object.keys(result.metafile.outputs)) {
    const file = join(root, path);
    const text = (texts[path] = readFileSync(file, 'utf8'));
    if (dirname(file) !== out && (text.includes('import.meta.url') || text.includes('../dist/')))
      throw new Error(`${relative(root, file)} names a file relative to itself but is not directly in ${out}`);
  }
  return texts;
}

async function bundleFor(condition) {
  const out = outDir(condition);
  rmSync(out, { recursive: true, force: true });
  const entries = bundledEntries();
  for (const [name, path] of Object.entries(entries)) if (name !== 'index') entries[name] = `with-main:${path}`;
  const result = await build({
    ...OPTIONS,
    ...minified,
    ...CONDITIONS[condition],
    entryPoints: entries,
    splitting: true,
    plugins: condition === 'node' ? [withMain, dataModules, coreBytes(CORE)] : [withMain, dataModules],
    outdir: out,
    // package.json "sideEffects" (there for bundlers of the sources) would make esbuild drop the
    // entries' import of the main entry; these bundles keep every statement of the sources.
    ignoreAnnotations: true,
    banner: { js: BANNER },
  });
  checkBuild(result, out);
}

const BANNER = '// GENERATED by tools/bundle_entries.mjs from js/ (build.sh). DO NOT EDIT.';

// The entries every host takes (dist/<name>.js): ES2022, which every browser and runtime the
// package supports runs, with their data, and no import at all.
async function bundleHostFree() {
  const out = join(root, 'dist');
  for (const [name, path] of Object.entries(bundledEntries({ hostFree: true }))) {
    const result = await build({
      ...OPTIONS,
      ...minified,
      platform: 'neutral',
      target: 'es2022',
      entryPoints: { [name]: path },
      outdir: out,
      banner: { js: BANNER },
    });
    checkBuild(result, out);
    const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports);
    if (imports.length) throw new Error(`dist/${name}.js imports ${imports.map((i) => i.path).join(', ')}`);
  }
}

export async function bundleEntries() {
  for (const condition of Object.keys(CONDITIONS)) await bundleFor(condition);
  await bundleHostFree();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || stale()) await bundleEntries();
}
