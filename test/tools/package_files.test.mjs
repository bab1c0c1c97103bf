// What `npm pack` puts in the package (the file list test/hosts/readme/run.mjs installs from): the
// project's LICENSE, and the NOTICE that carries the WHATWG's licence for the index data compiled
// into the shipped .wasm files, word for word as cpp/whatwg/LICENSE has it. Run by test/run-all.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

test('the package holds the command line package.json "bin" names, and what it imports', () => {
  const { bin } = JSON.parse(read('package.json'));
  assert.deepEqual(bin, { 'encoding-wasm': './bin/encoding-wasm.js' });
  assert.match(read('bin/encoding-wasm.js'), /^#!\/usr\/bin\/env node\n/);
  for (const path of ['bin/encoding-wasm.js', 'bin/cli/main.js', 'bin/cli/convert.js', 'js/generated/labels.js']) {
    assert.ok(files.includes(path), `${path} is not packed`);
  }
});

test('each entry point Node, Bun and Deno take (conditions "node" then "module-sync", "bun", "deno") is a bundle in the package, built from its "default"', () => {
  const { exports } = JSON.parse(read('package.json'));
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
    // Deno and Bun first: they take "node" too. Nodes without "module-sync" (before 20.19 and 22.12)
    // take the sources, which import node:module where the bundles do not (js/host/node_legacy.js).
    assert.deepEqual(
      Object.keys(targets),
      ['types', 'deno', 'bun', 'node', 'default'],
      `exports["${subpath}"]: condition order`,
    );
    assert.deepEqual(
      targets.node,
      { 'module-sync': `./dist/node/${name}`, default: targets.default },
      `exports["${subpath}"].node`,
    );
    for (const [condition, target] of [
      ['deno', targets.deno],
      ['node', targets.bun],
    ]) {
      assert.equal(target, `./dist/${condition}/${name}`, `exports["${subpath}"]: ${target}`);
      assert.ok(files.includes(`dist/${condition}/${name}`), `dist/${condition}/${name} is not packed (run build.sh)`);
    }
  }
  // The shared chunks and .wasm files the bundles import are packed with them.
  for (const path of files.filter((f) => /^dist\/.*\.js$/.test(f))) {
    for (const [, chunk] of read(path).matchAll(/^(?:import|export)\b[^;]*?"(\.[^"]+)";/gms)) {
      const target = join(path, '..', chunk);
      assert.ok(files.includes(target), `${path} imports ${target}, which is not packed`);
    }
  }
});
