// Builds what the runtimes take and the bundles every host takes:
//
// - dist/runtime/: the package's entry points pre-bundled for Node, Bun and Deno (package.json
//   "exports" conditions "deno", "bun", "node"), from the same sources as js/. A fresh Node 20
//   process imported the ~25 ES modules of js/index.js in about 17 ms and the same code as one file
//   in about 4, interleaved in one run (docs/design.md section 13, bench/startup.mjs). Browsers and
//   bundlers take the sources ("default").
// - dist/<runtime>/main.js: the one chunk of dist/runtime/ that holds a host, each runtime's own
//   (RUNTIMES below); dist/runtime/ imports it as '#runtime/main.js', which package.json "imports"
//   resolves per runtime. Everything else is the same for every runtime, which this checks, so the
//   package holds it once.
// - dist/cli.js: the command line (bin/encoding-wasm.js and bin/cli/), one file that imports the
//   package by its name, as the sources do.
//
// The entries are those of package.json "exports" whose "default" target is ./js/<path>.js, but
// the tables entry points (AT_HAND_TABLES below); each must have "deno", "bun" and "node":
// ./dist/runtime/<path>.js. One esbuild run per runtime with code splitting, so that entry points
// imported together share one core, one set of classes and one family registry, as the sources do.
// The chunks go straight into dist/runtime/ and dist/<runtime>/, two levels below the package root as
// js/host/ is, so the hosts' relative paths to the .wasm files (`new URL('../../dist/…',
// import.meta.url)`, `import source … from '../../dist/…'`) still name them; a bundle anywhere else
// that had one would not, which this checks.
//
// An entry whose "default" target is ./dist/<path>.js (encoding-wasm/detect) holds no host code and
// shares no state with the others: it is one bundle, built from ./js/<path>.js with its data, that
// every host takes (browsers and bundlers too), so the package carries neither its sources nor a
// copy per runtime.
//
//   node tools/bundle_entries.mjs [--if-stale]   (build.sh; vitest.config.js rebuilds when stale)
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const CORE = join(root, 'dist/encoding.wasm');
// Per runtime: the conditions its host is resolved with ("#host/primitives.js" in package.json
// "imports"), and whether its main chunk carries the core (coreBytes below). "node" is Node 20.19+
// and 22.12+ ("module-sync", whose process.getBuiltinModule spares the bundle any import of a
// built-in: js/host/node.js) and Bun; "node-legacy" the Nodes before (js/host/node_legacy.js).
// Deno's host imports the .wasm files with `import source`, which esbuild keeps as it is.
export const RUNTIMES = {
  node: { conditions: ['node', 'module-sync'], target: 'node18', core: true },
  'node-legacy': { conditions: ['node'], target: 'node18', core: false },
  deno: { conditions: ['deno'], target: 'esnext', core: false },
};
// How dist/runtime/ names the main chunk, which package.json "imports" resolves per runtime.
const MAIN = '#runtime/main.js';
// What every runtime's build leaves to the runtime: the built-ins, the .wasm files Deno imports, and
// the iconv-lite drop-in's stream base class, which package.json "imports" gives each runtime
// (Node's built-in stream in Node and Bun, none in Deno) so that the drop-in's bundle is the same
// for every runtime. Everything is minified but for its names (whitespace and syntax: 48 → 35 KB
// for the main chunk), which a fresh Node 20 process parses about 0.2 ms faster
// (bench/startup.mjs); names stay, for stack traces.
const RUNTIME_OPTIONS = {
  platform: 'neutral',
  external: ['node:*', '*.wasm', '#host/iconv_lite_stream.js'],
};
// What package.json "exports" gives Node, Bun and Deno for each tables entry point (tables/<family>,
// tables/all): they load every family synchronously on its first use, so there is nothing to load
// ahead, and nothing to bundle.
const AT_HAND_TABLES = './js/tables/at_hand.js';
// What package.json "exports" gives each runtime for the entry built from ./js/<name>.js.
const expectedTargets = (name) => ({
  deno: `./dist/runtime/${name}.js`,
  bun: `./dist/runtime/${name}.js`,
  node: `./dist/runtime/${name}.js`,
});
const SHARED = join(root, 'dist/runtime');
export const mainChunk = (runtime) => join(root, 'dist', runtime, 'main.js');

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

// Whether a bundle is older than a source it is built from (js/, bin/, package.json, the core) or missing.
export function stale() {
  const sources = newest([...files(join(root, 'js')), ...files(join(root, 'bin')), join(root, 'package.json'), CORE]);
  const built = [
    join(SHARED, 'index.js'),
    ...Object.keys(RUNTIMES).map(mainChunk),
    CLI_BUNDLE,
    ...Object.keys(bundledEntries({ hostFree: true })).map((name) => join(root, 'dist', `${name}.js`)),
  ];
  return built.some((path) => !existsSync(path)) || sources > Math.min(...built.map((p) => statSync(p).mtimeMs));
}

// Each entry point imports what the main chunk holds first, so that everything the main entry needs
// is one chunk, and `import 'encoding-wasm'` reads two files: with a chunk for each set of entry
// points that share code, it read nine, and took about twice as long (bench/startup.mjs). The main
// chunk holds the main entry, and what more than one of the others share where that costs the
// main entry's import nothing measurable (docs/design.md section 15): the wasm layer handed over at
// load (js/wasm/with_wasm_layer.js; every runtime has it at hand from load anyway,
// js/host/at_hand/decoder_wasm.js), the hooks (URL encoding and conversion use them) and the
// encoders' chunk loop (js/webidl/encode_chunk.js: `Encoder`, the error-reporting classes and the
// iconv-lite drop-in). `Encoder` and the error-reporting classes, whose classes cost the main
// entry's import 0.7 ms there, stay in their own entry points (PUBLIC_MODULES below).
const MAIN_MODULES = ['js/index.js', 'js/wasm/with_wasm_layer.js', 'js/hooks.js', 'js/webidl/encode_chunk.js'].map(
  (path) => join(root, path),
);
// The modules of an entry point that another entry point uses too (encoding-wasm/convert uses
// `Encoder` and the error-reporting classes): the other one imports the entry point's bundle
// (./encoder.js, ./errors.js) for them, so that they are in no chunk of their own. What it imports
// must be among that entry point's exports; bundleRuntimes() imports every bundle it wrote, which
// fails where one is not.
const PUBLIC_MODULES = { 'js/webidl/encoder.js': 'encoder', 'js/webidl/errors.js': 'errors' };
const publicEntries = {
  name: 'public-entries',
  setup(build) {
    build.onResolve({ filter: /[\\/](encoder|errors)\.js$/ }, (args) => {
      const entry = PUBLIC_MODULES[relative(root, join(args.resolveDir, args.path)).split('\\').join('/')];
      if (!entry || args.importer === join(root, 'js', `${entry}.js`)) return undefined;
      return { path: `./${entry}.js`, external: true };
    });
  },
};
const withMain = {
  name: 'with-main',
  setup(build) {
    build.onResolve({ filter: /^with-main:/ }, (args) => ({ path: args.path.slice(10), namespace: 'with-main' }));
    build.onLoad({ filter: /.*/, namespace: 'with-main' }, (args) => ({
      // (`export *` leaves out a default export: encoding-wasm/iconv-lite has one, as iconv-lite's module object.)
      contents:
        MAIN_MODULES.map((path) => `import ${JSON.stringify(path)};\n`).join('') +
        `export * from ${JSON.stringify(args.path)};\n` +
        (/^export default |^export \{[^}]*\bdefault\b/m.test(readFileSync(args.path, 'utf8'))
          ? `export { default } from ${JSON.stringify(args.path)};\n`
          : ''),
      resolveDir: root,
    }));
  },
};

// Node's main chunk carries its core, `wasm` (js/host/core_bytes.js): its first readFileSync took a
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
// the bundles import, as browsers do, instead of a copy in dist/runtime/, for one more file read by the
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

// A warning (an import esbuild left out, say) fails a build (build.sh --quiet hides them).
const failOnWarnings = (result) => {
  if (result.warnings.length) throw new Error(`esbuild warned: ${result.warnings.map((w) => w.text).join('; ')}`);
};

// A build's outputs, after it ran: a warning fails the build, and so does a bundle that names a file relative to itself but is
// not directly in `out`, two levels below the package root as js/host/ is.
export function checkBuild(result, out) {
  failOnWarnings(result);
  const texts = {};
  for (const path of Object.keys(result.metafile.outputs)) {
    const file = join(root, path);
    const text = (texts[path] = readFileSync(file, 'utf8'));
    if (dirname(file) !== out && (text.includes('import.meta.url') || text.includes('../dist/')))
      throw new Error(`${relative(root, file)} names a file relative to itself but is not directly in ${out}`);
  }
  return texts;
}

// The outputs of one runtime's build (not written): { path relative to dist/runtime/: text }, the
// main chunk's path, and the others with their imports of the main chunk made MAIN. The main chunk
// is the build's one chunk (what more than one entry shares is in it: MAIN_MODULES) and imports
// nothing of the build's.
async function buildRuntime(runtime) {
  const entries = bundledEntries();
  for (const [name, path] of Object.entries(entries)) entries[name] = `with-main:${path}`;
  const { conditions, target, core } = RUNTIMES[runtime];
  const result = await build({
    ...OPTIONS,
    ...minified,
    ...RUNTIME_OPTIONS,
    conditions,
    target,
    write: false,
    entryPoints: entries,
    splitting: true,
    plugins: [withMain, publicEntries, dataModules, ...(core ? [coreBytes(CORE)] : [])],
    outdir: SHARED,
    // package.json "sideEffects" (there for bundlers of the sources) would make esbuild drop the
    // entries' import of the main entry; these bundles keep every statement of the sources.
    ignoreAnnotations: true,
    banner: { js: BANNER },
  });
  failOnWarnings(result);
  const chunks = Object.entries(result.metafile.outputs).filter(([, output]) => !output.entryPoint);
  if (chunks.length !== 1)
    throw new Error(
      `${runtime}: chunks ${chunks.map(([path]) => path).join(', ')}: what more than one entry shares belongs in MAIN_MODULES`,
    );
  const [[mainPath, { imports }]] = chunks;
  const main = basename(mainPath);
  if (imports.some((i) => !i.external)) throw new Error(`${runtime}: its main chunk imports another file of the build`);
  const quoted = JSON.stringify(`./${main}`);
  const outputs = {};
  for (const file of result.outputFiles) {
    const path = relative(SHARED, file.path);
    outputs[path] = path === main ? file.text : file.text.split(quoted).join(JSON.stringify(MAIN));
  }
  return { outputs, main };
}

// Where a file is written, checked: one that names a file relative to itself (a .wasm file) must be
// two levels below the package root, as js/host/ is.
function write(path, text) {
  if (relative(root, dirname(path)).split(/[\\/]/).length !== 2)
    throw new Error(`${relative(root, path)} is not two levels down`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

// Every runtime's build; the entries, which must be the same in all of them, written once.
async function bundleRuntimes() {
  const builds = {};
  for (const runtime of Object.keys(RUNTIMES)) builds[runtime] = await buildRuntime(runtime);
  const [first] = Object.values(builds);
  const texts = Object.fromEntries(Object.entries(first.outputs).filter(([path]) => path !== first.main));
  for (const [runtime, { outputs, main }] of Object.entries(builds))
    for (const path of new Set([...Object.keys(texts), ...Object.keys(outputs).filter((p) => p !== main)]))
      if (outputs[path] !== texts[path])
        throw new Error(`dist/runtime/${path} differs in ${runtime}'s build: only the main chunk may hold host code`);
  // (each main chunk's folder emptied too: it held a whole set of bundles before dist/runtime/)
  for (const dir of [SHARED, ...Object.keys(RUNTIMES).map((r) => dirname(mainChunk(r)))])
    rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(texts)) write(join(SHARED, path), text);
  for (const [runtime, { outputs, main }] of Object.entries(builds)) write(mainChunk(runtime), outputs[main]);
  // Every bundle links (an entry point imports from another only what that one exports): imported in
  // a Node process of its own (the polyfill installs itself), with that Node's main chunk.
  const imports = Object.keys(texts).map((path) => `import ${JSON.stringify(pathToFileURL(join(SHARED, path)).href)};`);
  const linked = spawnSync(process.execPath, ['--input-type=module', '-e', imports.join('\n')], { encoding: 'utf8' });
  if (linked.status !== 0) throw new Error(`the bundles of dist/runtime/ do not link: ${linked.stderr}`);
}

// The command line: one file for what bin/ holds, the package's entry points left to Node, which
// resolves them by the package's name ("exports"), as it does for the sources.
const CLI_BUNDLE = join(root, 'dist/cli.js');
async function bundleCli() {
  const result = await build({
    ...OPTIONS,
    ...minified,
    platform: 'node',
    target: 'node18',
    packages: 'external',
    entryPoints: [join(root, 'bin/encoding-wasm.js')],
    outfile: CLI_BUNDLE,
    banner: { js: BANNER.replace('js/', 'bin/') },
  });
  failOnWarnings(result);
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
  await bundleRuntimes();
  await bundleCli();
  await bundleHostFree();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || stale()) await bundleEntries();
}
