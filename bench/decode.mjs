// `npm run bench`: decodes the files of a benchmark corpus with encoding-wasm and with the host's
// native TextDecoder in the same process, interleaved, and prints MB/s and the ratio per file for
// three call patterns: the whole file in one call, 4 KiB calls (a fresh decode() each), and 64 KiB
// chunks streamed through one decoder. A benchmark, not a test: it asserts nothing about speed.
//
//   node bench/decode.mjs [filter] [--wasm-only-utf] [--corpus shared|generated|DIR]
//                         [--label LABEL] [--pattern NAME] [--baseline DIR]
//                         [--write-docs]
//   (ENCODING_WASM_CORPUS=DIR does what --corpus DIR does)
//
// filter: substring of the file name; --label: only that label (as the table prints it);
// --pattern: only the call pattern whose name starts with NAME ('one', '4 KiB', '64 KiB').
// --wasm-only-utf keeps UTF-8/UTF-16 in wasm instead of handing them to the host's decoder.
// --baseline DIR: an A/B run. DIR is another checkout of encoding-wasm, built (say a worktree of
// the commit before a change); its TextDecoder (DIR/js/index.js, with its own dist/) is timed as a
// third decoder in the same rounds, and each cell also gives its speed and its ratio to native, so
// that both sides of a change see the same machine at the same moments.
// --write-docs: writes the tables "decode" (every row) and "decode-summary" (geometric means by kind
// of encoding) into README.md and docs/*.md (bench/docs_tables.mjs); only for a run of every row.
// The corpus: bench/corpus/locate.mjs (../shared/corpus where it exists, else a generated one).
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as main from '../js/index.js';
import { locateCorpus } from './corpus/locate.mjs';
import { writeDocs, writingDocs } from './docs_tables.mjs';

const NativeTextDecoder = globalThis.TextDecoder;
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const VALUED = ['--corpus', '--label', '--pattern', '--baseline'];
const filter = args.find((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1])) ?? '';
const onlyLabel = option('--label');
const onlyPattern = option('--pattern');
if (writingDocs() && (filter || onlyLabel || onlyPattern || option('--baseline') || args.includes('--wasm-only-utf')))
  throw new Error('--write-docs writes the tables of a run of every row with the defaults: no filter or other option');
const baselineDir = option('--baseline');
const baseline = baselineDir
  ? await import(pathToFileURL(`${baselineDir.replace(/\/?$/, '/')}js/index.js`).href)
  : null;
const { TextDecoder: WasmTextDecoder, setNativeDelegation } = main;
if (args.includes('--wasm-only-utf')) {
  setNativeDelegation(false);
  baseline?.setNativeDelegation(false);
}

const { url: corpus, kind, manifest } = await locateCorpus(option('--corpus'), { log: console.log });
console.log(`corpus: ${fileURLToPath(corpus)} (${kind})`);

const allPatterns = {
  'one call': (Decoder, label, bytes) => new Decoder(label).decode(bytes).length,
  '4 KiB calls': (Decoder, label, bytes) => {
    const d = new Decoder(label);
    let n = 0;
    for (let i = 0; i < bytes.length; i += 4096) n += d.decode(bytes.subarray(i, i + 4096)).length;
    return n;
  },
  '64 KiB stream': (Decoder, label, bytes) => {
    const d = new Decoder(label);
    let n = 0;
    for (let i = 0; i < bytes.length; i += 65536) n += d.decode(bytes.subarray(i, i + 65536), { stream: true }).length;
    return n + d.decode().length;
  },
};
const patterns = Object.fromEntries(
  Object.entries(allPatterns).filter(([name]) => onlyPattern === undefined || name.startsWith(onlyPattern)),
);

// The median of several short rounds of CPU time (process.cpuUsage: user + system, which other work
// on a shared machine disturbs far less than wall-clock time), the two implementations alternating
// and taking turns at going first (the one measured second in a pair came out faster).
const ROUNDS = 8;
function cpuSeconds(since) {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
}
function time(fn) {
  const start = process.cpuUsage();
  let reps = 0;
  let elapsed = 0;
  do {
    fn();
    reps++;
    elapsed = cpuSeconds(start);
  } while (elapsed < 0.02);
  return elapsed / reps;
}
function measure(...candidates) {
  const fns = candidates.filter((fn) => fn !== null);
  const times = fns.map(() => []);
  for (const fn of fns) fn(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < fns.length; i++) {
      const k = round & 1 ? fns.length - 1 - i : i;
      times[k].push(time(fns[k]));
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[t.length >> 1]);
}

function nativeSupports(label) {
  try {
    new NativeTextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

console.log(`node ${process.version}; ratio = encoding-wasm speed / native TextDecoder speed (higher is better)`);
if (baseline) console.log(`baseline: ${baselineDir}; each cell: ours vs native (ratio) | baseline (its ratio)`);
const WIDTH = baseline ? 44 : 28;
console.log(
  'file'.padEnd(24),
  'encoding'.padEnd(13),
  ...Object.keys(patterns).map((p) => `${p} MB/s (ratio)`.padStart(WIDTH)),
);
const ratios = {};
const baselineRatios = {};
// For --write-docs: every row's ratios, and the ratios by kind of encoding.
const docRows = [];
const groupRatios = {};
const MULTI_BYTE = new Set(['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr']);
const KINDS = ['Chinese, Japanese, Korean', 'single-byte', 'UTF-8, UTF-16', 'ASCII only (every single-byte, UTF-8)'];
const kindOf = (entry, label) =>
  entry === ascii ? KINDS[3] : MULTI_BYTE.has(label) ? KINDS[0] : label.startsWith('utf-') ? KINDS[2] : KINDS[1];
// Files of invalid or random bytes are decoded as each encoding the manifest lists for them
// (`labels`; ../shared/corpus names them by the peers it compared them with).
const runs = manifest.files.flatMap((entry) => {
  const labels = entry.labels ?? (entry.agreementWithExodus && Object.keys(entry.agreementWithExodus));
  return labels ? labels.map((label) => [entry, label]) : [[entry, entry.encoding]];
});
// And ASCII-only input (html.utf-8.txt without its few non-ASCII bytes) as UTF-8 and as every
// single-byte encoding, all of which read ASCII as itself.
const whatwg = JSON.parse(readFileSync(new URL('../cpp/whatwg/encodings.json', import.meta.url), 'utf8'));
const singleByte = whatwg.find((g) => g.heading === 'Legacy single-byte encodings').encodings;
const html = new Uint8Array(readFileSync(new URL('html.utf-8.txt', corpus)));
const ascii = { file: 'html ASCII only', data: html.filter((b) => b < 0x80) };
runs.push(...['utf-8', ...singleByte.map((e) => e.name.toLowerCase())].map((label) => [ascii, label]));

for (const [entry, label] of runs) {
  if (!entry.file.includes(filter) || (onlyLabel !== undefined && label !== onlyLabel)) continue;
  const bytes = entry.data ?? new Uint8Array(readFileSync(new URL(entry.file, corpus)));
  const cells = [];
  const docCells = [];
  const mbps = (seconds) => (bytes.length / seconds / 1e6).toFixed(0);
  for (const [name, run] of Object.entries(patterns)) {
    const supported = nativeSupports(label);
    const [ours, ...others] = measure(
      () => run(WasmTextDecoder, label, bytes),
      supported ? () => run(NativeTextDecoder, label, bytes) : null,
      baseline ? () => run(baseline.TextDecoder, label, bytes) : null,
    );
    const native = supported ? others[0] : undefined;
    const base = baseline ? others[supported ? 1 : 0] : undefined;
    let cell = supported
      ? `${mbps(ours)} vs ${mbps(native)} (${(native / ours).toFixed(2)}x)`
      : `${mbps(ours)} (no native)`;
    if (supported) (ratios[name] ??= []).push(native / ours);
    if (baseline) {
      cell += ` | ${mbps(base)}${supported ? ` (${(native / base).toFixed(2)}x)` : ''}`;
      if (supported) (baselineRatios[name] ??= []).push(native / base);
    }
    cells.push(cell.padStart(WIDTH));
    docCells.push(supported ? `${(native / ours).toFixed(2)}x` : `${mbps(ours)} MB/s (no native)`);
    if (supported) (groupRatios[`${kindOf(entry, label)}\0${name}`] ??= []).push(native / ours);
  }
  console.log(entry.file.padEnd(24), label.padEnd(13), ...cells);
  docRows.push([entry.file, label, ...docCells]);
}
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const means = (table) =>
  Object.entries(table)
    .map(([k, v]) => `${k} ${geomean(v).toFixed(2)}x`)
    .join(', ');
console.log('geometric mean of ratios:', means(ratios));
if (baseline) console.log('baseline:', means(baselineRatios));

if (writingDocs()) {
  const names = Object.keys(patterns);
  const details = `ratio = encoding-wasm's speed / the host's TextDecoder's (higher is better), median CPU time of ${ROUNDS} interleaved rounds, corpus ${kind}`;
  const kindRows = KINDS.filter((k) => groupRatios[`${k}\0${names[0]}`]).map((k) => [
    k,
    ...names.map((n) => `${geomean(groupRatios[`${k}\0${n}`]).toFixed(2)}x`),
  ]);
  kindRows.push(['every file and label', ...names.map((n) => `${geomean(ratios[n]).toFixed(2)}x`)]);
  writeDocs({
    'decode-summary': {
      command: 'decode',
      details: `${details}; geometric means`,
      header: ['encodings', ...names],
      rows: kindRows,
    },
    decode: {
      command: 'decode',
      details,
      header: ['file', 'encoding', ...names],
      rows: docRows,
      align: ['l', 'l', 'r', 'r', 'r'],
    },
  });
}
