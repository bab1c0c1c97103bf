// The CLI (dist/cli.js, built from bin/) under real faults: a full disk (/dev/full, a size limit from
// `ulimit -f`, a 64 KiB tmpfs where the test can mount one), a reader that closes the pipe, SIGINT
// and SIGTERM in the middle of a 200 MB conversion, an input that changes while it is read, a
// directory, an unreadable file, a missing output directory, and one bad file among several. Each
// must end with the OS's message naming the path, the documented exit status (1), the original
// untouched and no temporary file left. Run by test/run-all.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './bundle.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ew-faults-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const run = (args, options = {}) => spawnSync(process.execPath, [CLI, ...args], { maxBuffer: 1 << 26, ...options });
const sh = (script, args) => spawnSync('sh', ['-c', script, 'sh', ...args], { maxBuffer: 1 << 26 });
const file = (name, bytes) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
// windows-1252 text whose UTF-8 is longer: "été " lines.
const latin1 = (bytes) => {
  const line = Buffer.from('\xe9t\xe9 '.repeat(20) + '\n', 'latin1');
  const out = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += line.length) line.copy(out, i);
  return out;
};
const leftovers = (where = dir) => readdirSync(where).filter((f) => f.endsWith('.tmp'));
const stderrOf = (result) => result.stderr.toString();

test('stdout on /dev/full, -o /dev/full: the OS message, exit 1; the device stays a device', () => {
  const input = file('full.txt', latin1(100_000));
  const toStdout = sh('exec "$@" > /dev/full', [process.execPath, CLI, '-f', 'windows-1252', input]);
  assert.equal(toStdout.status, 1);
  assert.equal(stderrOf(toStdout), 'encoding-wasm: <stdout>: no space left on device\n');
  // As root, a device node of its own (the same device, 1:7), which a regression that renames a
  // temporary file over its output would replace instead of the machine's /dev/full.
  const full = join(dir, 'full');
  const own = process.getuid?.() === 0 && spawnSync('mknod', ['-m', '666', full, 'c', '1', '7']).status === 0;
  const device = own ? full : '/dev/full';
  const toFile = run(['-f', 'windows-1252', '-o', device, input]);
  assert.equal(toFile.status, 1);
  assert.equal(stderrOf(toFile), `encoding-wasm: ${device}: no space left on device\n`);
  assert.ok(statSync(device).isCharacterDevice(), 'still the device, not a file renamed over it');
});

test('a size limit (ulimit -f) with -o and --in-place: exit 1, "file too large", original untouched, no temp file', () => {
  const big = latin1(200_000);
  const input = file('limited.txt', big);
  const out = file('limited.out', 'the old output\n');
  const limited = (args) => sh('ulimit -f 100 && exec "$@"', [process.execPath, CLI, '-f', 'windows-1252', ...args]);
  const toFile = limited(['-o', out, input]);
  assert.equal(toFile.status, 1);
  assert.equal(stderrOf(toFile), `encoding-wasm: ${out}: file too large\n`);
  assert.equal(readFileSync(out, 'utf8'), 'the old output\n');
  const inPlace = limited(['--in-place', input]);
  assert.equal(inPlace.status, 1);
  assert.match(stderrOf(inPlace), new RegExp(`^encoding-wasm: ${input}: file too large\n$`));
  assert.deepEqual(readFileSync(input), big);
  assert.ok(!existsSync(`${input}.bak`));
  assert.deepEqual(leftovers(), []);
});

test('a full 64 KiB tmpfs with --in-place: exit 1, "no space left on device", original untouched', (t) => {
  if (process.getuid?.() !== 0) return t.skip('mounting a tmpfs needs root; the ulimit -f test covers the case');
  const mnt = join(dir, 'mnt');
  mkdirSync(mnt);
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]);
  if (mount.status !== 0) return t.skip(`mount -t tmpfs failed here: ${mount.stderr.toString().trim()}`);
  try {
    const original = latin1(30_000); // its UTF-8 (about 45 KB) does not fit beside it
    const input = join(mnt, 'small.txt');
    writeFileSync(input, original);
    const result = run(['-f', 'windows-1252', '--in-place', input]);
    assert.equal(result.status, 1);
    assert.equal(stderrOf(result), `encoding-wasm: ${input}: no space left on device\n`);
    assert.deepEqual(readFileSync(input), original);
    assert.deepEqual(readdirSync(mnt), ['small.txt']);
  } finally {
    spawnSync('umount', [mnt]);
  }
});

test('a reader that closes the pipe (| head -1): exit 0, nothing on stderr, as cat', () => {
  const input = file('piped.txt', latin1(5_000_000));
  const script = '"$@" | head -1 > /dev/null; echo ${PIPESTATUS[0]}';
  const result = spawnSync('bash', ['-c', script, 'bash', process.execPath, CLI, '-f', 'windows-1252', input]);
  assert.equal(result.stdout.toString(), '0\n');
  assert.equal(stderrOf(result), '');
});

// One 200 MB input for the four signal runs, each killed once its temporary file is being written.
const BIG = 200 * 1024 * 1024;
let bigInput = null;
const bigFile = () => (bigInput ??= file('big.txt', latin1(BIG)));

async function killMidway(args, tempPrefix, signal) {
  const child = spawn(process.execPath, [CLI, '-f', 'windows-1252', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exit = new Promise((resolve) => child.on('exit', (code, sig) => resolve({ code, signal: sig })));
  let writing = false;
  for (let i = 0; i < 400 && !writing; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    writing = readdirSync(dir).some((f) => f.startsWith(tempPrefix) && f.endsWith('.tmp'));
  }
  assert.ok(writing, 'a temporary file while converting');
  child.kill(signal);
  return exit;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  const code = signal === 'SIGINT' ? 130 : 143;
  test(`${signal} in the middle of a 200 MB conversion with -o: the old output stays, no temp file`, async () => {
    const input = bigFile();
    const out = file(`sig-${signal}.out`, 'the old output\n');
    assert.deepEqual(await killMidway(['-o', out, input], `.sig-${signal}.out.`, signal), { code, signal: null });
    assert.equal(readFileSync(out, 'utf8'), 'the old output\n');
    assert.deepEqual(leftovers(), []);
  });

  test(`${signal} in the middle of a 200 MB --in-place conversion: the original stays, no .bak, no temp file`, async () => {
    const input = bigFile();
    const before = statSync(input);
    assert.deepEqual(await killMidway(['--in-place', input], '.big.txt.', signal), { code, signal: null });
    const after = statSync(input);
    assert.deepEqual([after.ino, after.size, after.mtimeMs], [before.ino, before.size, before.mtimeMs]);
    assert.ok(!existsSync(`${input}.bak`));
    assert.deepEqual(leftovers(), []);
  });
}

// The CLI writes to a pipe nobody reads yet, so it waits after its first chunks; the input is
// changed then, and the pipe read.
async function changeWhileRead(name, change) {
  const input = file(name, Buffer.alloc(20 * 1024 * 1024, 0x61));
  const child = spawn(process.execPath, [CLI, '-f', 'windows-1252', input], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise((resolve) => child.stdout.once('readable', resolve));
  change(input);
  child.stdout.resume();
  return { code: await exit, stderr, input };
}

test('an input that shrinks or grows while it is read: exit 1, one line naming it', async () => {
  const shrunk = await changeWhileRead('shrinks.txt', (path) => truncateSync(path, 4 * 1024 * 1024));
  assert.equal(shrunk.code, 1);
  assert.match(shrunk.stderr, new RegExp(`^encoding-wasm: ${shrunk.input}: changed while it was read \\(.*\\)\n$`));
  const grown = await changeWhileRead('grows.txt', (path) => appendFileSync(path, Buffer.alloc(1 << 20, 0x62)));
  assert.equal(grown.code, 1);
  assert.match(grown.stderr, new RegExp(`^encoding-wasm: ${grown.input}: changed while it was read \\(.*\\)\n$`));
});

test('a directory, an unreadable file, a missing output directory: exit 1, one line naming the path', () => {
  const input = file('fine.txt', 'caf\xe9\n');
  const asDir = run(['-f', 'windows-1252', dir]);
  assert.equal(asDir.status, 1);
  assert.equal(stderrOf(asDir), `encoding-wasm: ${dir}: is a directory\n`);
  const missing = join(dir, 'no-such-dir', 'out.txt');
  const noDir = run(['-f', 'windows-1252', '-o', missing, input]);
  assert.equal(noDir.status, 1);
  assert.equal(stderrOf(noDir), `encoding-wasm: ${missing}: no such file or directory\n`);
  // Root reads any file: the unreadable one is read by "nobody" (uid 65534) through setpriv.
  const secret = file('secret.txt', 'caf\xe9\n');
  chmodSync(secret, 0o000);
  const asRoot = process.getuid?.() === 0;
  const unreadable = asRoot
    ? spawnSync('setpriv', [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        CLI,
        '-f',
        'windows-1252',
        secret,
      ])
    : run(['-f', 'windows-1252', secret]);
  assert.equal(unreadable.status, 1, stderrOf(unreadable));
  assert.equal(stderrOf(unreadable), `encoding-wasm: ${secret}: permission denied\n`);
});

test('several files where one fails: the others converted, the failure reported, exit 1', () => {
  const out = join(dir, 'several');
  mkdirSync(out);
  const good1 = file('one.txt', Buffer.from('caf\xe9 1\n', 'latin1'));
  const bad = file('two.txt', Buffer.from([0x61, 0xff, 0x0a])); // 0xFF: malformed UTF-8
  const good2 = file('three.txt', Buffer.from('caf\xe9 3\n', 'latin1'));
  const missing = join(dir, 'four.txt');
  const result = run(['-f', 'windows-1252', '-t', 'utf-8', '-o', out, good1, missing, good2]);
  assert.equal(result.status, 1);
  const lines = stderrOf(result).trim().split('\n');
  assert.equal(lines.length, 3, stderrOf(result));
  assert.match(lines[1], new RegExp(`^encoding-wasm: ${missing}: no such file or directory$`));
  assert.equal(readFileSync(join(out, 'one.txt'), 'utf8'), 'café 1\n');
  assert.equal(readFileSync(join(out, 'three.txt'), 'utf8'), 'café 3\n');
  const malformed = run(['-f', 'utf-8', '-t', 'utf-16le', '-o', out, good1, bad, good2]);
  assert.equal(malformed.status, 1);
  assert.match(stderrOf(malformed), new RegExp(`encoding-wasm: ${bad}: malformed utf-8 input at byte 1\n`));
  assert.ok(!existsSync(join(out, 'two.txt')));
  assert.deepEqual(leftovers(out), []);
});
