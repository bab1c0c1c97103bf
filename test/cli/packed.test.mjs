// `npx encoding-wasm` from a packed install (issue 13, "Done when"): the tarball `npm pack` makes is
// installed into an empty project (no network: the package has no dependencies), and the command
// runs from there through npx, as a user's would. Expected bytes: the standard's index files
// (Shift_JIS 93 FA 96 7B 8C EA is 日本語: index-jis0208.txt pointers 3688, 4523, 1993).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ew-packed-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const npm = (args, options = {}) => execFileSync('npm', args, { encoding: 'utf8', ...options });

test('npx encoding-wasm works from the packed tarball installed into an empty project', () => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT }));
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "user", "version": "1.0.0", "private": true }\n');
  npm(['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.filename)], { cwd: project });

  // As the README writes it: options before the package name would make npx parse the command's
  // own options too (`npx --no encoding-wasm -f x` reads -f as npm's --force).
  const env = { ...process.env, npm_config_offline: 'true' };
  const npx = (args, input) => spawnSync('npx', ['encoding-wasm', ...args], { cwd: project, input, env });
  const converted = npx(['-f', 'shift_jis', '-t', 'utf-8'], Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]));
  assert.equal(converted.status, 0, converted.stderr.toString());
  assert.equal(converted.stdout.toString('utf8'), '日本語');

  const back = npx(['-f', 'utf-8', '-t', 'euc-kr'], Buffer.from('가', 'utf8'));
  assert.equal(back.status, 0, back.stderr.toString());
  assert.deepEqual([...back.stdout], [0xb0, 0xa1]); // index-euc-kr.txt: pointer 2625 (lead B0, trail A1) is U+AC00

  const list = npx(['-l']);
  assert.equal(list.status, 0);
  assert.match(list.stdout.toString(), /Shift_JIS/);
  assert.match(list.stdout.toString(), /windows-1251/);

  const bad = npx(['-f', 'utf-8', '-t', 'shift_jis'], Buffer.from('a☃', 'utf8'));
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr.toString(), /U\+2603/);
});
