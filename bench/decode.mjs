// `npm run bench`: decodes the files of a benchmark corpus with encoding-wasm and with the host's
// native TextDecoder in the same process, interleaved, and prints MB/s and the ratio per file for
// three call patterns: the whole file in one call, 4 KiB calls (a fresh decode() each), and 64 KiB
// chunks streamed through one decoder. A benchmark, not a test: it asserts nothing about speed.
//
//   node bench/decode.mjs [filter] [--wasm-only-utf] [--corpus shared|generated|DIR]
//
// filter: substring of the file name. --wasm-only-utf keeps UTF-8/UTF-16 in wasm instead of
// handing them to the host's decoder. The corpus is ../shared/corpus where it exists, else the one
// bench/corpus/generate.mjs builds into build/corpus/ (made, or remade when its sources changed,
// here); a file both have in common is byte for byte the same (bench/corpus/README.md).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDecoder as WasmTextDecoder, setNativeDelegation } from '../js/index.js';
import { corpusKey, DEFAULT_OUT, generate } from './corpus/generate.mjs';

const NativeTextDecoder = globalThis.TextDecoder;
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const filter = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--corpus') ?? '';
if (args.includes('--wasm-only-utf')) setNativeDelegation(false);

const shared = new URL('../../shared/corpus/', import.meta.url);
const generated = pathToFileURL(`${DEFAULT_OUT}/`);
const readManifest = (dir) => JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'));
const choice = option('--corpus') ?? (existsSync(new URL('manifest.json', shared)) ? 'shared' : 'generated');
let corpus;
if (choice === 'shared') corpus = shared;
else if (choice === 'generated') {
  corpus = generated;
  const current = existsSync(new URL('manifest.json', corpus)) && readManifest(corpus).key === corpusKey();
  if (!current) {
    console.log(`generating the corpus into ${fileURLToPath(corpus)} (bench/corpus/generate.mjs)`);
    await generate(DEFAULT_OUT);
  }
} else corpus = pathToFileURL(`${choice.replace(/\/?$/, '/')}`);
if (!existsSync(new URL('manifest.json', corpus))) {
  console.error(`no corpus at ${fileURLToPath(corpus)} (no manifest.json)`);
  process.exit(1);
}
const manifest = readManifest(corpus);
console.log(`corpus: ${fileURLToPath(corpus)} (${choice === 'shared' || choice === 'generated' ? choice : 'given'})`);

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

// Best of several short rounds, alternating the two implementations so both see the same machine.
function measure(fn) {
  fn(); // warm-up
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    let reps = 0;
    let elapsed = 0;
    do {
      fn();
      reps++;
      elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    } while (elapsed < 0.04);
    best = Math.min(best, elapsed / reps);
  }
  return best;
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
for (const [entry, label] of runs) {
  if (!entry.file.includes(filter)) continue;
  const bytes = new Uint8Array(readFileSync(new URL(entry.file, corpus)));
  const cells = [];
  for (const [name, run] of Object.entries(patterns)) {
    const ours = measure(() => run(WasmTextDecoder, label, bytes));
    if (!nativeSupports(label)) {
      cells.push(`${(bytes.length / ours / 1e6).toFixed(0)} (no native)`.padStart(28));
      continue;
    }
    const native = measure(() => run(NativeTextDecoder, label, bytes));
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
