// `npm run bench -- cli [MiB] [--files N] [--write-docs]`: the command line (dist/cli.js)
// against GNU iconv and ICU's uconv (Debian icu-devtools) where they are on PATH, in one run:
//   - one big file (default 1 GiB): the corpus's Japanese text (ja.shift_jis.bin, bench/corpus/locate.mjs)
//     repeated, Shift_JIS -> UTF-8 and the same text UTF-8 -> Shift_JIS, each tool writing to its
//     stdout (a pipe read by this process);
//   - many small files (default 1,000, 1 to 16 KiB of whole lines of the same corpus file) Shift_JIS
//     -> UTF-8 into a directory: one `encoding-wasm -o DIR FILE...` against a shell loop running
//     iconv once a file.
// Seconds, MiB/s of input, peak resident memory (VmHWM, polled) and each tool's time relative to the
// CLI's. The standard's Shift_JIS is Microsoft's (windows-31j), so iconv converts CP932 and uconv
// windows-31j. Each output is checked against @exodus/bytes' decoding and encoding of the text (an
// independent implementation). The files are written under build/bench-cli/ and removed after.
// A benchmark: it asserts nothing about speed. --write-docs writes the table "cli" (README.md).
//
// `node bench/cli.mjs --memory [MiB]` (npm test runs it): 1 GiB (by default) of Shift_JIS piped
// through the CLI's stdin to UTF-8; exits 1 if its peak resident memory grows over 64 MiB beyond
// that of a 1 MiB conversion.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { encode } from '../js/index.js';
import { locateCorpus } from './corpus/locate.mjs';
import { writeDocs, writingDocs } from './docs_tables.mjs';

const MiB = 1024 * 1024;
const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
const memory = process.argv.includes('--memory');
const size =
  Number(process.argv.slice(2).find((a, i, all) => /^\d+$/.test(a) && all[i - 1] !== '--files') ?? 1024) * MiB;
const NAMES = { shift_jis: 'Shift_JIS', 'utf-8': 'UTF-8' };

const LINE = 'すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。 Article 1.\n';
// A 1 MiB block of whole lines in `encoding` (the last line padded with ASCII spaces).
function block(encoding) {
  const line = encode(LINE, encoding);
  const out = new Uint8Array(MiB).fill(0x20);
  for (let at = 0; at + line.length <= MiB; at += line.length) out.set(line, at);
  return out;
}

// Runs `command`, its stdin from `feed(stdin)` if given; { seconds, peak (bytes), status, digest }.
// `quiet`: its stderr is not shown.
function measure(command, args, { feed, quiet }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: [feed ? 'pipe' : 'ignore', 'pipe', quiet ? 'ignore' : 'inherit'] });
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
// A file's size: in GiB from about 1 GiB.
const fileSize = (n) => (n >= 1000 * MiB ? `${(n / 1024 / MiB).toFixed(1)} GiB` : mib(n));

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

const files = process.argv.includes('--files') ? Number(process.argv[process.argv.indexOf('--files') + 1]) : 1000;
if (!(files >= 1)) throw new Error('--files N: a number of files');
if (writingDocs() && (size !== 1024 * MiB || files !== 1000))
  throw new Error('--write-docs writes the tables of a run with the defaults: 1 GiB and 1,000 files');
const dir = fileURLToPath(new URL('../build/bench-cli/', import.meta.url));
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

// The corpus text, its Shift_JIS and its UTF-8 (as @exodus/bytes writes them).
const corpusSjis = readFileSync(join((await locateCorpus()).path, 'ja.shift_jis.bin'));
const text = new ExodusDecoder('shift_jis').decode(corpusSjis);
const pieces = { shift_jis: createMultibyteEncoder('shift_jis')(text), 'utf-8': Buffer.from(text, 'utf8') };
const copies = Math.max(1, Math.round(size / pieces.shift_jis.length));
const paths = {};
const sizes = {};
const digests = {};
for (const [encoding, piece] of Object.entries(pieces)) {
  paths[encoding] = join(dir, `big.${encoding}`);
  const fd = openSync(paths[encoding], 'w');
  const hash = createHash('sha256');
  for (let i = 0; i < copies; i++) {
    writeSync(fd, piece);
    hash.update(piece);
  }
  closeSync(fd);
  sizes[encoding] = piece.length * copies;
  digests[encoding] = hash.digest('hex');
}

const ICONV_NAME = { shift_jis: 'CP932', 'utf-8': 'UTF-8' };
const UCONV_NAME = { shift_jis: 'windows-31j', 'utf-8': 'utf-8' };
const TOOLS = {
  'encoding-wasm': (from, to, file) => [process.execPath, [CLI, '-f', from, '-t', to, file]],
  iconv: (from, to, file) => ['iconv', ['-f', ICONV_NAME[from], '-t', ICONV_NAME[to], file]],
  uconv: (from, to, file) => ['uconv', ['-f', UCONV_NAME[from], '-t', UCONV_NAME[to], file]],
};
const rows = []; // for the printout and --write-docs: [conversion, tool, seconds, MiB/s, peak, ratio]
const summary = {}; // conversion -> { 'encoding-wasm': cell, iconv: cell }
const tools = Object.keys(TOOLS).filter((tool) => tool === 'encoding-wasm' || onPath(tool));
console.log(
  `CLI throughput (Node ${process.version}); tools not on PATH: ${
    Object.keys(TOOLS)
      .filter((t) => !tools.includes(t))
      .join(', ') || 'none'
  }`,
);
for (const [from, to] of [
  ['shift_jis', 'utf-8'],
  ['utf-8', 'shift_jis'],
]) {
  let base = null;
  for (const tool of tools) {
    const [command, argv] = TOOLS[tool](from, to, paths[from]);
    const result = await measure(command, argv, {});
    base ??= result.seconds;
    const right = result.status === 0 && result.digest === digests[to];
    report(`${fileSize(sizes[from])} ${NAMES[from]} -> ${NAMES[to]}`, tool, result, sizes[from], base, right);
  }
}

// The small files: whole lines of the corpus file, 1 to 16 KiB, from a different line each.
const small = join(dir, 'small');
mkdirSync(small);
const newlines = [];
for (let i = 0; i < corpusSjis.length; i++) if (corpusSjis[i] === 0x0a) newlines.push(i + 1);
const smallFiles = [];
const expected = [];
let smallBytes = 0;
for (let k = 0; k < files; k++) {
  const first = (k * 7919) % newlines.length;
  const start = first === 0 ? 0 : newlines[first - 1];
  const want = 1024 * (1 + ((k * 31) % 16));
  let end = start;
  for (let j = first; j < newlines.length && end - start < want; j++) end = newlines[j];
  const bytes = corpusSjis.subarray(start, end > start ? end : corpusSjis.length);
  const name = join(small, `${String(k).padStart(4, '0')}.txt`);
  writeFileSync(name, bytes);
  smallFiles.push(name);
  expected.push(Buffer.from(new ExodusDecoder('shift_jis').decode(bytes), 'utf8'));
  smallBytes += bytes.length;
}
// Whether every file of `out` holds the expected UTF-8.
const allRight = (out) => smallFiles.every((file, k) => readFileSync(join(out, basename(file))).equals(expected[k]));
const SMALL_TOOLS = {
  'encoding-wasm': (out) => [process.execPath, [CLI, '-f', 'shift_jis', '-t', 'utf-8', '-o', out, ...smallFiles]],
  'iconv (a shell loop)': (out) => [
    'sh',
    [
      '-c',
      'out=$1; shift; for f; do iconv -f CP932 -t UTF-8 "$f" > "$out/${f##*/}" || exit 1; done',
      'sh',
      out,
      ...smallFiles,
    ],
  ],
};
let base = null;
for (const [tool, args] of Object.entries(SMALL_TOOLS)) {
  if (tool !== 'encoding-wasm' && !onPath('iconv')) continue;
  const out = join(dir, `out-${tool.split(' ')[0]}`);
  mkdirSync(out);
  const [command, argv] = args(out);
  // (The CLI says one line a file on stderr: not shown.)
  const result = await measure(command, argv, { quiet: true });
  base ??= result.seconds;
  // A shell loop's peak is that of the shell, not of its iconv processes: not reported.
  report(
    `${files.toLocaleString('en')} files, ${mib(smallBytes)} ${NAMES.shift_jis} -> ${NAMES['utf-8']}`,
    tool,
    { ...result, peak: command === 'sh' ? null : result.peak },
    smallBytes,
    base,
    result.status === 0 && allRight(out),
  );
}

function report(conversion, tool, result, bytes, base, right) {
  const cells = [
    conversion,
    tool,
    `${result.seconds.toFixed(2)} s`,
    (bytes / MiB / result.seconds).toFixed(0),
    result.peak === null ? '—' : mib(result.peak),
    `×${(result.seconds / base).toFixed(2)}`,
  ];
  rows.push(cells);
  // The README's summary: Shift_JIS -> UTF-8, encoding-wasm against GNU iconv.
  if (conversion.includes(`${NAMES.shift_jis} -> `) && /^(encoding-wasm|iconv)/.test(tool)) {
    const speed = conversion.includes('files') ? cells[2] : `${cells[3]} MiB/s`;
    const peak = result.peak === null ? 'a process a file' : `peak RSS ${cells[4]}`;
    (summary[conversion] ??= {})[tool.split(' ')[0]] = `${speed}, ${peak}`;
  }
  console.log(
    `  ${cells[0].padEnd(38)} ${cells[1].padEnd(21)} ${cells[2].padStart(8)} ${cells[3].padStart(5)} MiB/s  peak RSS ${cells[4].padStart(9)}  ${cells[5]}${right ? '' : '  OUTPUT DIFFERS'}`,
  );
  if (!right) process.exitCode = 1;
}

if (writingDocs()) {
  if (process.exitCode) throw new Error('--write-docs: an output differs from the expected, nothing written');
  const iconv = spawnSync('iconv', ['--version'])
    .stdout?.toString()
    .match(/\d+\.\d+/)?.[0];
  writeDocs({
    'cli-summary': {
      command: 'cli --write-docs',
      details: `the corpus's Japanese text; GNU iconv ${iconv} (CP932), the whole table in docs/performance.md`,
      header: ['Shift_JIS to UTF-8', 'encoding-wasm', 'GNU iconv'],
      rows: Object.entries(summary).map(([conversion, cells]) => [
        conversion.replace(/ Shift_JIS -> UTF-8$/, ''),
        cells['encoding-wasm'],
        cells.iconv ?? 'not on PATH',
      ]),
      align: ['l', 'r', 'r'],
    },
    cli: {
      command: `cli --write-docs`,
      details: `the corpus's Japanese text; GNU iconv ${iconv} (CP932), time relative to encoding-wasm's`,
      header: ['Conversion', 'Tool', 'Time', 'MiB/s', 'Peak RSS', 'Time ratio'],
      rows,
      align: ['l', 'l', 'r', 'r', 'r', 'r'],
    },
  });
  console.log('wrote the tables "cli-summary" and "cli" (bench/docs_tables.mjs)');
}
