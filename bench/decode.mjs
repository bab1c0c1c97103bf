// `npm run bench`: decodes the files of a benchmark corpus with encoding-wasm and with the host's
// native TextDecoder in the same process, interleaved, and prints MB/s and the ratio per file for
// three call patterns: the whole file in one call, 4 KiB calls (a fresh decode() each), and 64 KiB
// chunks streamed through one decoder. A benchmark, not a test: it asserts nothing about speed.
//
//   node bench/decode.mjs [filter] [--wasm-only-utf] [--corpus shared|generated|DIR]
//   (ENCODING_WASM_CORPUS=DIR does what --corpus DIR does)
//
// filter: substring of the file name. --wasm-only-utf keeps UTF-8/UTF-16 in wasm instead of
// handing them to the host's decoder. The corpus is ../shared/corpus where it exists, else the one
// bench/corpus/generate.mjs builds into build/corpus/ (made, or remade when its sources changed,
// here); a file both have in common is byte for byte the same (bench/corpus/README.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder as WasmTextDecoder, setNativeDelegation } from '../js/index.js';
import { locateCorpus } from './corpus/locate.mjs';

const NativeTextDecoder = globalThis.TextDecoder;
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const filter = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--corpus') ?? '';
if (args.includes('--wasm-only-utf')) setNativeDelegation(false);

const { url: corpus, kind, manifest } = await locateCorpus(option('--corpus'), { log: console.log });
console.log(`corpus: ${fileURLToPath(corpus)} (${kind})`);

const patterns = {
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
function measure(ours, native) {
  const fns = native ? [ours, native] : [ours];
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
console.log(
  'file'.padEnd(24),
  'encoding'.padEnd(13),
  ...Object.keys(patterns).map((p) => `${p} MB/s (ratio)`.padStart(28)),
);
const ratios = {};
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
  if (!entry.file.includes(filter)) continue;
  const bytes = entry.data ?? new Uint8Array(readFileSync(new URL(entry.file, corpus)));
  const cells = [];
  for (const [name, run] of Object.entries(patterns)) {
    const supported = nativeSupports(label);
    const [ours, native] = measure(
      () => run(WasmTextDecoder, label, bytes),
      supported ? () => run(NativeTextDecoder, label, bytes) : null,
    );
    if (!supported) {
      cells.push(`${(bytes.length / ours / 1e6).toFixed(0)} (no native)`.padStart(28));
      continue;
    }
    const ratio = native / ours;
    (ratios[name] ??= []).push(ratio);
    cells.push(
      `${(bytes.length / ours / 1e6).toFixed(0)} vs ${(bytes.length / native / 1e6).toFixed(0)} (${ratio.toFixed(2)}x)`.padStart(
        28,
      ),
    );
  }
  console.log(entry.file.padEnd(24), label.padEnd(13), ...cells);
}
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log(
  'geometric mean of ratios:',
  Object.entries(ratios)
    .map(([k, v]) => `${k} ${geomean(v).toFixed(2)}x`)
    .join(', '),
);
