// What `npm pack` puts in the package (the file list test/hosts/readme/run.mjs installs from): the
// project's LICENSE, and the NOTICE that carries the WHATWG's licence for the index data compiled
// into the shipped .wasm files, word for word as cpp/whatwg/LICENSE has it. Run by test/run-all.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { FAMILIES } from '../../tools/generator/boundary.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const read = (path) => readFileSync(join(ROOT, path), 'utf8');

const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }),
);
const files = packed.files.map((f) => f.path);

test('the package holds LICENSE and NOTICE beside the wasm files the NOTICE is about', () => {
  assert.ok(files.includes('LICENSE'), `LICENSE is not packed: ${files.join(' ')}`);
  assert.ok(files.includes('NOTICE'), `NOTICE is not packed (package.json "files"): ${files.join(' ')}`);
  assert.ok(files.includes('dist/encoding.wasm'), 'dist/encoding.wasm is not packed (run build.sh first)');
  assert.ok(
    files.some((f) => /^dist\/tables\/[^/]+\.wasm$/.test(f)),
    'no dist/tables/*.wasm is packed',
  );
});

test('LICENSE is the BSD 3-Clause licence package.json names', () => {
  assert.equal(JSON.parse(read('package.json')).license, 'BSD-3-Clause');
  assert.match(read('LICENSE'), /^BSD 3-Clause License\n\nCopyright \(c\) \d{4}, The encoding-wasm authors\n/);
});

test("NOTICE carries the WHATWG's copyright, licence statement and BSD 3-Clause text verbatim", () => {
  const whatwg = read('cpp/whatwg/LICENSE');
  const notice = read('NOTICE');
  const statement = whatwg.slice(0, whatwg.indexOf('- - - -')).trim();
  assert.match(statement, /^Copyright © WHATWG/);
  assert.ok(notice.includes(statement), 'the WHATWG copyright and licence statement');
  const bsdStart = whatwg.indexOf('\nBSD 3-Clause License\n') + 1;
  const bsd = whatwg.slice(bsdStart, whatwg.indexOf('- - - -', bsdStart)).trim();
  assert.match(bsd, /DAMAGE\.$/);
  assert.ok(notice.includes(bsd), 'the BSD 3-Clause text of cpp/whatwg/LICENSE');
  assert.match(notice, /https:\/\/creativecommons\.org\/licenses\/by\/4\.0\//);
});

test('the package holds the command line package.json "bin" names: one file, built from bin/', () => {
  const { bin } = JSON.parse(read('package.json'));
  assert.deepEqual(bin, { 'encoding-wasm': './dist/cli.js' });
  assert.match(read('dist/cli.js'), /^#!\/usr\/bin\/env node\n/);
  assert.ok(files.includes('dist/cli.js'), 'dist/cli.js is not packed (run build.sh)');
  assert.deepEqual(
    files.filter((f) => f.startsWith('bin/')),
    [],
    "the CLI's sources are packed beside its bundle",
  );
  // What it imports besides Node's built-ins is the package, by its name.
  const imports = [...read('dist/cli.js').matchAll(/(?<=^|[;}])import\b[^;]*?from"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(imports.length > 0, 'no import found in dist/cli.js');
  for (const specifier of imports)
    assert.match(specifier, /^(node:|encoding-wasm(\/|$))/, `dist/cli.js imports ${specifier}`);
});

// Resolves a package.json "exports" or "imports" target for a list of conditions, in key order, as
// Node's PACKAGE_TARGET_RESOLVE does for conditional objects (strings and nested objects only).
function target(value, conditions) {
  if (typeof value === 'string' || value === undefined) return value;
  for (const [key, inner] of Object.entries(value))
    if (key === 'default' || conditions.includes(key)) {
      const found = target(inner, conditions);
      if (found !== undefined) return found;
    }
  return undefined;
}
// Each runtime's conditions, in what Node, Bun and Deno match.
const RUNTIMES = {
  'Node 20.19+, 22.12+': ['node', 'import', 'module-sync'],
  'older Nodes': ['node', 'import'],
  Bun: ['bun', 'node', 'import'],
  Deno: ['deno', 'node', 'import'],
};

test('each entry point Node, Bun and Deno take is a bundle of dist/runtime/, built from its "default", with the main chunk of its own runtime', () => {
  const { exports, imports } = JSON.parse(read('package.json'));
  const mains = {
    'Node 20.19+, 22.12+': './dist/node/main.js',
    'older Nodes': './dist/node-legacy/main.js',
    Bun: './dist/node/main.js',
    Deno: './dist/deno/main.js',
  };
  for (const [runtime, conditions] of Object.entries(RUNTIMES)) {
    assert.equal(target(imports['#runtime/main.js'], conditions), mains[runtime], `${runtime}: #runtime/main.js`);
    assert.ok(files.includes(mains[runtime].slice(2)), `${mains[runtime]} is not packed (run build.sh)`);
  }
  for (const [subpath, targets] of Object.entries(exports)) {
    if (
      typeof targets !== 'object' ||
      typeof targets.default !== 'string' ||
      !targets.default.endsWith('.js') ||
      subpath.includes('*')
    )
      continue;
    // A bundle every host takes (encoding-wasm/detect), in the package without its sources.
    if (targets.default.startsWith('./dist/')) {
      assert.deepEqual(Object.keys(targets), ['types', 'default'], `exports["${subpath}"]: one target`);
      const path = targets.default.slice(2);
      assert.ok(files.includes(path), `${path} is not packed (run build.sh)`);
      assert.ok(!files.includes(path.replace('dist/', 'js/')), `${path}'s sources are packed`);
      continue;
    }
    // The tables entry points: one module without anything to do where families load on first use.
    if (subpath.startsWith('./tables/')) {
      for (const condition of ['deno', 'bun', 'node']) assert.equal(targets[condition], './js/tables/at_hand.js');
      assert.ok(files.includes('js/tables/at_hand.js'), 'js/tables/at_hand.js is not packed');
      continue;
    }
    const name = targets.default.slice('./js/'.length);
    for (const [runtime, conditions] of Object.entries(RUNTIMES)) {
      const path = target(targets, conditions);
      assert.equal(path, `./dist/runtime/${name}`, `exports["${subpath}"] in ${runtime}`);
      assert.ok(files.includes(path.slice(2)), `${path} is not packed (run build.sh)`);
    }
  }
  // The chunks, modules and .wasm files the bundles import, relatively or through package.json
  // "imports", are packed with them, for each runtime.
  for (const path of files.filter((f) => /^dist\/.*\.js$/.test(f))) {
    for (const [, specifier] of read(path).matchAll(/(?<=^|[;}])(?:import|export)\b[^;]*?"([.#][^"]+)";/gms)) {
      const resolved = specifier.startsWith('#')
        ? Object.entries(RUNTIMES).map(([runtime, conditions]) => [runtime, target(imports[specifier], conditions)])
        : [['every runtime', `./${join(path, '..', specifier)}`]];
      for (const [runtime, found] of resolved) {
        assert.ok(found, `${path} imports ${specifier}, which ${runtime} does not resolve`);
        // (package.json "imports" may name one of the runtime's built-in modules)
        if (!found.startsWith('./')) assert.ok(builtinModules.includes(found), `${path}: ${specifier} is ${found}`);
        else assert.ok(files.includes(join(found)), `${path} imports ${found} (${runtime}), which is not packed`);
      }
    }
  }
});

// The hosts that take the sources (browsers and bundlers, workerd), with the conditions their
// bundlers match (esbuild's for a browser; wrangler's for workerd).
const SOURCE_HOSTS = {
  browsers: ['browser', 'import'],
  workerd: ['workerd', 'worker', 'browser', 'import'],
};

test('the package holds the sources that the hosts and the bundles of dist/ reach, and no other', async () => {
  const { build } = await import('esbuild');
  const { exports } = JSON.parse(read('package.json'));
  const reached = new Set();
  for (const [host, conditions] of Object.entries({ ...SOURCE_HOSTS, ...RUNTIMES })) {
    const entryPoints = Object.values(exports)
      .map((targets) => target(targets, conditions))
      .filter((path) => path?.endsWith('.js'))
      .map((path) => join(ROOT, path));
    assert.ok(entryPoints.length > 5, `${host}: ${entryPoints.length} entry points`);
    const { metafile } = await build({
      entryPoints,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      splitting: true,
      outdir: '/nonexistent',
      // (Node's built-ins external: package.json "imports" maps one to Node's stream for Node and Bun)
      platform: host in RUNTIMES ? 'node' : 'neutral',
      target: 'esnext',
      conditions,
      external: ['*.wasm', 'node:*', ...builtinModules],
      absWorkingDir: ROOT,
      logLevel: 'silent',
    });
    for (const path of Object.keys(metafile.inputs)) reached.add(path);
  }
  const packed = files.filter((f) => f.startsWith('js/'));
  assert.ok(reached.has('js/index.js') && reached.has('js/host/browser/iconv_lite_stream.js'), [...reached].join(' '));
  assert.deepEqual(
    packed.filter((f) => !reached.has(f)),
    [],
    'packed, but no host reaches it (package.json "files")',
  );
  assert.deepEqual(
    [...reached].filter((f) => f.startsWith('js/') && !packed.includes(f)),
    [],
    'reached, but not packed (package.json "files")',
  );
});
