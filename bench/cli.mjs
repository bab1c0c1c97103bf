// `npm run bench -- cli [MiB]`: the command line (bin/encoding-wasm.js) against GNU iconv and ICU's
// uconv (Debian icu-devtools) where they are on PATH, converting the same file (default 256 MiB of
// Japanese text) Shift_JIS -> UTF-8 and UTF-8 -> Shift_JIS, one after another in one run: seconds,
// MiB/s of input, peak resident memory (VmHWM, polled), and each tool's time relative to the CLI.
// Each output is checked against the package's encoder. A benchmark: it asserts nothing about speed.
//
// `node bench/cli.mjs --memory [MiB]` (npm test runs it): 1 GiB (by default) of Shift_JIS piped
// through the CLI's stdin to UTF-8; exits 1 if its peak resident memory grows over 64 MiB beyond
// that of a 1 MiB conversion.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDecoder, encode } from '../js/index.js';

const MiB = 1024 * 1024;
const CLI = new URL('../bin/encoding-wasm.js', import.meta.url).pathname;
const memory = process.argv.includes('--memory');
const size = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? (memory ? 1024 : 256)) * MiB;

const LINE = 'すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。 Article 1.\n';
// A 1 MiB block of whole lines in `encoding` (the last line padded with ASCII spaces).
function block(encoding) {
  const line = encode(LINE, encoding);
  const out = new Uint8Array(MiB).fill(0x20);
  for (let at = 0; at + line.length <= MiB; at += line.length) out.set(line, at);
  return out;
}

// Runs `command`, its stdin from `feed(stdin)` if given; { seconds, peak (bytes), status, digest }.
function measure(command, args, { feed }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: [feed ? 'pipe' : 'ignore', 'pipe', 'inherit'] });
    const hash = createHash('sha256');
    child.stdout.on('data', (data) => hash.update(data));
    let peak = 0;
    const poll = () => {
      try {
        const kib = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (kib) peak = Math.max(peak, Number(kib[1]) * 1024);
      } catch {}
    };
    const timer = setInterval(poll, 20);
    child.stdout.on('end', poll);
    if (feed) feed(child.stdin);
    child.on('exit', (status) => {
      clearInterval(timer);
      resolve({ seconds: (performance.now() - started) / 1000, peak, status, digest: hash.digest('hex') });
    });
  });
}

async function feedBlocks(stdin, bytes, total) {
  for (let sent = 0; sent < total; sent += bytes.length) {
    if (!stdin.write(bytes)) await new Promise((resolve) => stdin.once('drain', resolve));
  }
  stdin.end();
}

const onPath = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const mib = (n) => `${(n / MiB).toFixed(1)} MiB`;

if (memory) {
  const sjis = block('shift_jis');
  const small = await measure(process.execPath, [CLI, '-f', 'shift_jis'], { feed: (s) => feedBlocks(s, sjis, MiB) });
  const big = await measure(process.execPath, [CLI, '-f', 'shift_jis'], { feed: (s) => feedBlocks(s, sjis, size) });
  const growth = big.peak - small.peak;
  const ok = big.status === 0 && small.status === 0 && growth <= 64 * MiB;
  console.log(
    `CLI, ${mib(size)} of Shift_JIS through stdin to UTF-8 in ${big.seconds.toFixed(1)} s: peak RSS ${mib(big.peak)}, ` +
      `${mib(growth)} over a 1 MiB conversion (${mib(small.peak)}) (bound 64.0 MiB) ${ok ? 'ok' : 'OVER'}`,
  );
  process.exit(ok ? 0 : 1);
}

const dir = mkdtempSync(join(tmpdir(), 'ew-bench-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
// The Shift_JIS file is `size` bytes; the UTF-8 file holds the same text.
const sjis = block('shift_jis');
const blocks = { shift_jis: sjis, 'utf-8': encode(new TextDecoder('shift_jis').decode(sjis), 'utf-8') };
const files = {};
const sizes = {};
const digests = {};
for (const [encoding, one] of Object.entries(blocks)) {
  const all = new Uint8Array((size / MiB) * one.length);
  for (let at = 0; at < all.length; at += one.length) all.set(one, at);
  files[encoding] = join(dir, encoding);
  sizes[encoding] = all.length;
  writeFileSync(files[encoding], all);
  digests[encoding] = createHash('sha256').update(all).digest('hex');
}

const TOOLS = {
  'encoding-wasm': (from, to, file) => [process.execPath, [CLI, '-f', from, '-t', to, file]],
  iconv: (from, to, file) => ['iconv', ['-f', from.toUpperCase(), '-t', to.toUpperCase(), file]],
  uconv: (from, to, file) => ['uconv', ['-f', from, '-t', to, file]],
};
console.log(`CLI throughput on ${mib(size)} of Shift_JIS and the same text in UTF-8 (Node ${process.version});`);
console.log('MiB/s of input; time relative to encoding-wasm');
for (const [from, to] of [
  ['shift_jis', 'utf-8'],
  ['utf-8', 'shift_jis'],
]) {
  let base = null;
  for (const [tool, args] of Object.entries(TOOLS)) {
    if (tool !== 'encoding-wasm' && !onPath(tool)) {
      console.log(`  ${from} -> ${to}  ${tool.padEnd(13)} not on PATH`);
      continue;
    }
    const [command, argv] = args(from, to, files[from]);
    const result = await measure(command, argv, {});
    base ??= result.seconds;
    const right = result.status === 0 && result.digest === digests[to] ? '' : '  OUTPUT DIFFERS';
    console.log(
      `  ${from} -> ${to}  ${tool.padEnd(13)} ${result.seconds.toFixed(2).padStart(6)} s ` +
        `${(sizes[from] / MiB / result.seconds).toFixed(0).padStart(5)} MiB/s  peak RSS ${mib(result.peak).padStart(9)}  ` +
        `x${(result.seconds / base).toFixed(2)}${right}`,
    );
  }
}
