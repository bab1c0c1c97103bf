// `npm run bench -- encode`: encodes the texts of ../shared/corpus into their legacy encodings with
// encoding-wasm's encode(), @exodus/bytes (createSinglebyteEncoder / createMultibyteEncoder) and
// iconv-lite (encode), interleaved in one process, and prints MB/s of output and the ratios. A
// benchmark, not a test: it asserts nothing about speed.
//
//   node bench/encode.mjs [filter] [--calls=N]   (filter: substring of the file name)
//
// The input of each legacy file X.<encoding>.bin is the text it decodes to: X.utf-8.txt with the
// code points the encoding lacks written as &#N; (as the corpus was made), so every encoder runs
// in its "fatal" mode on text it can represent, and each result is checked against the file.
// --calls=N splits the text into N-unit calls (a fresh encode() each) instead of one call.
import { existsSync, readFileSync } from 'node:fs';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import iconv from 'iconv-lite';
import { encode, TextDecoder } from '../js/index.js';

// ENCODING_WASM_CORPUS names another directory (a worktree beside the repository has none beside it).
const corpus = process.env.ENCODING_WASM_CORPUS
  ? new URL(`file://${process.env.ENCODING_WASM_CORPUS.replace(/\/?$/, '/')}`)
  : new URL('../../shared/corpus/', import.meta.url);
const args = process.argv.slice(2);
const filter = args.find((a) => !a.startsWith('--')) ?? '';
const calls = Number(args.find((a) => a.startsWith('--calls='))?.slice(8) ?? 0);

if (!existsSync(new URL('manifest.json', corpus))) {
  console.log(`no corpus at ${corpus.pathname}; nothing to benchmark`);
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(new URL('manifest.json', corpus), 'utf8'));
const MULTI_BYTE = new Set(['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr']);
const legacy = (e) => e.file.endsWith('.bin') && e.set && !e.encoding.startsWith('utf-');

// The three encoders of one label, each a function from a string to bytes (null: not supported).
function encoders(label) {
  const exodus = MULTI_BYTE.has(label) ? createMultibyteEncoder(label) : createSinglebyteEncoder(label);
  return {
    'encoding-wasm': (s) => encode(s, label),
    exodus,
    'iconv-lite': label === 'iso-2022-jp' ? null : (s) => iconv.encode(s, label),
  };
}

// Median over rounds of the time per run, the implementations alternating within each round. Time
// is the process's CPU time (user + system, process.cpuUsage), which other work on a shared
// machine disturbs far less than wall-clock time.
const ROUNDS = 10;
const cpuSeconds = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};
function measure(fns) {
  const times = fns.map(() => []);
  for (const fn of fns) fn?.(); // warm-up
  // Every other round in the reverse order: whichever runs second in a pair was measured faster
  // (the first one's garbage is collected in its time).
  const order = fns.map((_, k) => k);
  for (let round = 0; round < ROUNDS; round++) {
    for (const k of round & 1 ? [...order].reverse() : order) {
      if (!fns[k]) continue;
      const start = process.cpuUsage();
      let reps = 0;
      let elapsed = 0;
      do {
        fns[k]();
        reps++;
        elapsed = cpuSeconds(start);
      } while (elapsed < 0.03);
      times[k].push(elapsed / reps);
    }
  }
  return times.map((t) => (t.length ? t.sort((a, b) => a - b)[t.length >> 1] : NaN));
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const cell = (s, w = 12) => String(s).padStart(w);

console.log(
  `node ${process.version}; MB/s of output, ${calls ? `${calls}-unit calls` : 'one call per text'}, median of ${ROUNDS} interleaved rounds of CPU time`,
);
console.log(
  'file'.padEnd(24),
  'encoding'.padEnd(13),
  cell('wasm'),
  cell('exodus'),
  cell('iconv-lite'),
  cell('wasm/exodus'),
  cell('wasm/iconv'),
);
const ratios = { exodus: [], iconv: [] };
for (const entry of manifest.files) {
  if (!legacy(entry) || !entry.file.includes(filter)) continue;
  const label = entry.encoding;
  const bytes = new Uint8Array(readFileSync(new URL(entry.file, corpus)));
  const text = new TextDecoder(label).decode(bytes);
  const pieces = [];
  const step = calls || text.length;
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + step);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    pieces.push(text.slice(i, end));
    i = end;
  }
  const fns = Object.entries(encoders(label)).map(([name, enc]) => {
    if (!enc) return null;
    // Each encoder's whole output must be the file (ISO-2022-JP split into calls returns to ASCII
    // at the end of each, so only its one-call output is compared).
    const whole = new Uint8Array(enc(text));
    if (!same(whole, bytes)) console.log(`  ${name}: output differs from ${entry.file}`);
    return () => {
      let n = 0;
      for (const piece of pieces) n += enc(piece).length;
      return n;
    };
  });
  const [ours, exodus, iconvTime] = measure(fns);
  const mbs = (t) => (Number.isNaN(t) ? 'n/a' : (bytes.length / t / 1e6).toFixed(0));
  const ratio = (t, list) => {
    if (Number.isNaN(t)) return 'n/a';
    list.push(t / ours);
    return `${(t / ours).toFixed(2)}x`;
  };
  console.log(
    entry.file.padEnd(24),
    label.padEnd(13),
    cell(mbs(ours)),
    cell(mbs(exodus)),
    cell(mbs(iconvTime)),
    cell(ratio(exodus, ratios.exodus)),
    cell(ratio(iconvTime, ratios.iconv)),
  );
}
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log(
  `geometric mean: wasm/exodus ${geomean(ratios.exodus).toFixed(2)}x (lowest ${Math.min(...ratios.exodus).toFixed(2)}x),`,
  `wasm/iconv ${geomean(ratios.iconv).toFixed(2)}x (lowest ${Math.min(...ratios.iconv).toFixed(2)}x)`,
);
