// The generated-files check can fail: a hand edit of any file the generator writes, in a scratch
// copy of the generator and its inputs and outputs, makes the check that `npm test` runs first
// (before build.sh, which regenerates) exit 1 and name the file. Run by test/run-all.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const COPIED = ['tools/generator', 'cpp/whatwg', 'cpp/generated', 'js/generated', 'js/tables', 'types/generated'];

// `npm test` is test/run-all.sh, which checks the generated files before it runs build.sh: the
// command is taken from there, so the test follows what CI really runs.
const testScript = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.test;
const runAll = readFileSync(join(ROOT, 'test/run-all.sh'), 'utf8');
const checkCommand = /node tools\/generator\/generate_tables\.mjs --check/.exec(runAll)?.[0];

function scratchCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'ew-generated-'));
  for (const path of COPIED) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  return dir;
}

const runCheck = (dir) => spawnSync('sh', ['-c', checkCommand], { cwd: dir, encoding: 'utf8' });

test('npm test checks the generated files before build.sh can regenerate them', () => {
  assert.equal(testScript, 'bash test/run-all.sh');
  assert.equal(checkCommand, 'node tools/generator/generate_tables.mjs --check');
  assert.ok(runAll.indexOf(checkCommand) < runAll.indexOf('bash build.sh'));
});

test('the untouched copy passes the check', (t) => {
  const dir = scratchCopy();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const result = runCheck(dir);
  assert.equal(result.status, 0, result.stderr);
});

// Every generated file (as the generator lists them): a one-line edit fails the check and names it.
const generated = spawnSync('node', ['tools/generator/generate_tables.mjs', '--list'], { cwd: ROOT, encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean);
const tracked = spawnSync('git', ['ls-files', ...generated], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n');

test('git tracks every file the generator writes', () => {
  assert.ok(generated.length >= 20, generated.join(', '));
  for (const path of generated) assert.ok(tracked.includes(path), `${path} is not checked in`);
});

// One scratch copy with every file edited, one check: the check compares each file on its own with
// what the generator writes from its inputs (never from the other outputs), so the edits cannot hide
// each other, and one run costs what each file's own run would (about 2 s).
test('a hand edit of any generated file fails the check and names that file', (t) => {
  const dir = scratchCopy();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const path of generated) {
    const file = join(dir, path);
    writeFileSync(file, readFileSync(file, 'utf8') + '// edited by hand\n');
  }
  const result = runCheck(dir);
  assert.equal(result.status, 1);
  const named = [...result.stderr.matchAll(/^stale: (\S+) differs/gm)].map((m) => m[1]);
  assert.deepEqual(named.sort(), [...generated].sort());
});
