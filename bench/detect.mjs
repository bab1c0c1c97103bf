// `npm run bench -- detect`: the accuracy of encoding-wasm/detect and of the npm detectors jschardet,
// chardet and encoding-japanese (Japanese samples only) on the two evaluation sets of
// tools/detect/corpus.mjs (held-out UDHR text; CLDR country names; neither trained on) and on its
// development set (CLDR language names, never trained on), for
// prefixes of 8 … 1024 bytes and whole files, per encoding; then the real-world documents of
// tools/detect/realworld.mjs (bench/detect_real.mjs: Markdown tables, damaged copies); then the time
// per MB (on the UDHR set) and the shipped size, in the same run.
// A guess is right when it decodes the bytes to the same text as the true encoding (streaming, so a
// character cut off at the end of a prefix is not compared). A benchmark: it asserts nothing.
//
//   node bench/detect.mjs [--summary] [--only NAME] [--set udhr|cldr|dev|real] [--speed] [--write-docs]
//   (NAME: a detector's name; --summary: only the rows for all encodings together; --speed: no
//   accuracy, only the time, size and cold start; --write-docs: the accuracy table "detect" into
//   README.md and docs/*.md, bench/docs_tables.mjs, from a run of every set and detector)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DETECTORS, decodeAs, judge } from './detect_peers.mjs';
import { realWorldReport } from './detect_real.mjs';
import { bundle, gz } from './bundle.mjs';
import { writeDocs, writingDocs } from './docs_tables.mjs';
import { evaluationSamples } from '../tools/detect/corpus.mjs';
import { CJK_GROUPS } from '../tools/detect/languages.mjs';

const args = process.argv.slice(2);
const perEncoding = !args.includes('--summary');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const setOnly = args.includes('--set') ? args[args.indexOf('--set') + 1] : null;
const speedOnly = args.includes('--speed');
if (writingDocs() && (only || setOnly || speedOnly))
  throw new Error('--write-docs writes the accuracy of every set and detector: no --only, --set or --speed');
const docRows = []; // for --write-docs: each detector's accuracy on each set, all / non-ASCII
const LENGTHS = [8, 16, 32, 64, 128, 256, 1024, Infinity];
const japanese = new Set(CJK_GROUPS.find((g) => g.group === 'japanese').encodings);

// Accuracy of each detector on `samples`, by true encoding and prefix length.
function evaluate(samples) {
  const results = {}; // detector -> encoding -> length -> { right, total, nonAsciiRight, nonAsciiTotal }
  for (const [name, detector] of Object.entries(DETECTORS)) {
    if (only && name !== only) continue;
    const table = (results[name] = {});
    for (const sample of samples) {
      if (detector.japaneseOnly && !japanese.has(sample.encoding)) continue;
      const row = (table[sample.encoding] ??= LENGTHS.map(() => ({
        right: 0,
        total: 0,
        nonAsciiRight: 0,
        nonAsciiTotal: 0,
      })));
      LENGTHS.forEach((length, i) => {
        if (length !== Infinity && sample.bytes.length <= length) return; // not a prefix
        const prefix = sample.bytes.subarray(0, Math.min(length, sample.bytes.length));
        const right = judge(detector, prefix, sample.encoding);
        const cell = row[i];
        cell.total++;
        cell.right += right;
        if (prefix.some((b) => b >= 0x80) || (sample.encoding === 'iso-2022-jp' && prefix.includes(0x1b))) {
          cell.nonAsciiTotal++;
          cell.nonAsciiRight += right;
        }
      });
    }
  }
  return results;
}

const pct = (right, total) => (total ? ((100 * right) / total).toFixed(1).padStart(6) : '     -');
const header = LENGTHS.map((l) => (l === Infinity ? 'whole' : `${l}`).padStart(6)).join(' ');
const SETS = {
  udhr: 'held-out UDHR units, without their headings',
  cldr: 'CLDR country names, 12 a sample, one a line',
  dev: 'development set: CLDR language names, 12 a sample, one a line',
};
let samples;
for (const [set, what] of Object.entries(SETS)) {
  if (speedOnly || (setOnly && set !== setOnly)) continue;
  samples = await evaluationSamples(set);
  const results = evaluate(samples);
  const bytes = samples.reduce((n, s) => n + s.bytes.length, 0);
  console.log(`\n== evaluation set "${set}": ${what}; ${samples.length} samples, ${bytes} bytes`);
  console.log('accuracy (%) by prefix length in bytes; "non-ASCII": only prefixes with a byte >= 0x80 (or an ESC)');
  const rows = (label, table, encodings = Object.keys(table)) => {
    const sum = (key, i) => encodings.reduce((n, e) => n + (table[e]?.[i][key] ?? 0), 0);
    console.log(`  ${label.padEnd(32)} ${LENGTHS.map((_, i) => pct(sum('right', i), sum('total', i))).join(' ')}`);
    console.log(
      `  ${(label + ', non-ASCII').padEnd(32)} ${LENGTHS.map((_, i) => pct(sum('nonAsciiRight', i), sum('nonAsciiTotal', i))).join(' ')}`,
    );
    const both = LENGTHS.map((_, i) => {
      const [all, non] = [pct(sum('right', i), sum('total', i)), pct(sum('nonAsciiRight', i), sum('nonAsciiTotal', i))];
      return all.trim() === non.trim() || non.trim() === '-' ? all.trim() : `${all.trim()} / ${non.trim()}`;
    });
    if (set !== 'dev') docRows.push([set, docLabel, ...both]); // the development set is not an evaluation
  };
  let docLabel;
  for (const [name, table] of Object.entries(results)) {
    console.log(`\n${name}${DETECTORS[name].japaneseOnly ? ' (Japanese samples only)' : ''}`);
    console.log(`  ${'encoding'.padEnd(32)} ${header}`);
    if (perEncoding)
      for (const [encoding, row] of Object.entries(table))
        console.log(`  ${encoding.padEnd(32)} ${row.map((c) => pct(c.right, c.total)).join(' ')}`);
    docLabel = `${name}${DETECTORS[name].japaneseOnly ? ' (Japanese samples only)' : ''}`;
    rows('all', table);
    // The peer that only knows Japanese, against encoding-wasm on the same samples.
    docLabel = 'encoding-wasm (the same samples)';
    if (DETECTORS[name].japaneseOnly && results['encoding-wasm'])
      rows('encoding-wasm, same', results['encoding-wasm'], [...japanese]);
  }
}
// The real-world documents (web pages, feeds, mail, …; damaged copies): bench/detect_real.mjs.
if (!speedOnly && (!setOnly || setOnly === 'real')) await realWorldReport({ only, writeDocs: writingDocs() });
if (setOnly === 'real') process.exit(0);
samples = await evaluationSamples('udhr');

// Time per MB over the whole samples, a call each (the cost of many small calls), then over large
// inputs: each detector on the same bytes, the rounds interleaved (a round of each detector in
// turn: the machine is shared, and its load changes within a run), the best round of each.
const timed = Object.entries(DETECTORS).filter(([name]) => !only || name === only);
const perMB = (ms, bytes) => `${((ms / bytes) * 2 ** 20).toFixed(1).padStart(7)} ms/MB`;
function bestRounds(rounds, sets, run) {
  const best = sets.map((set) => set.map(() => Infinity));
  for (let round = 0; round < rounds; round++)
    sets.forEach((set, i) =>
      set.forEach((input, k) => {
        const start = performance.now();
        run(i, input);
        best[i][k] = Math.min(best[i][k], performance.now() - start);
      }),
    );
  return best.map((times) => times.reduce((a, b) => a + b, 0));
}
console.log('\ntime per MB (the best of interleaved rounds; each detector on the same bytes)');
const small = timed.map(([, d]) => [d.japaneseOnly ? samples.filter((s) => japanese.has(s.encoding)) : samples]);
bestRounds(5, small, (i, set) => {
  for (const s of set) timed[i][1].guess(s.bytes);
}).forEach((ms, i) => {
  const [set] = small[i];
  const bytes = set.reduce((n, s) => n + s.bytes.length, 0);
  console.log(
    `  ${timed[i][0].padEnd(18)} ${perMB(ms, bytes)}, every whole sample (${set.length}, ${Math.round(bytes / set.length)} bytes on average), a call each (best of 5)`,
  );
});
// Large inputs, as the peer figures are: for each encoding, its whole samples one after
// the other, a line feed between them (ISO-2022-JP's decoder rejects an escape right after
// another), repeated to 1 MiB, one call each; the sum of the times over the sum of the bytes, and
// how many of those inputs each detector got right.
const large = [...new Set(samples.map((s) => s.encoding))].map((encoding) => {
  const own = samples.filter((s) => s.encoding === encoding);
  const bytes = new Uint8Array(1 << 20).fill(0x0a);
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const s = own[i % own.length].bytes.subarray(0, bytes.length - at);
    bytes.set(s, at);
    at += s.length + 1;
  }
  return { encoding, bytes };
});
const largeSets = timed.map(([, d]) => (d.japaneseOnly ? large.filter((s) => japanese.has(s.encoding)) : large));
const guesses = timed.map(() => new Map());
bestRounds(3, largeSets, (i, input) => guesses[i].set(input, timed[i][1].guess(input.bytes))).forEach((ms, i) => {
  const [name, detector] = timed[i];
  let right = 0;
  for (const [{ encoding, bytes }, guess] of guesses[i]) {
    const name = guess && detector.map ? detector.map(guess) : guess;
    right += name !== null && decodeAs(name, bytes) === decodeAs(encoding, bytes);
  }
  console.log(
    `  ${name.padEnd(18)} ${perMB(ms, largeSets[i].length << 20)}, 1 MiB of each encoding's samples (${largeSets[i].length}), a call each (best of 3); right on ${right}`,
  );
});
// And one large input fed in 64 KiB chunks (the streaming form; no peer has one in its API), 8 MiB
// of the samples repeated.
{
  const { EncodingDetector } = await import('../js/detect.js');
  const big = new Uint8Array(8 << 20);
  for (let at = 0, i = 0; at < big.length; i++) {
    const s = samples[i % samples.length].bytes.subarray(0, big.length - at);
    big.set(s, at);
    at += s.length;
  }
  const start = performance.now();
  const detector = new EncodingDetector();
  for (let at = 0; at < big.length; at += 65536) detector.feed(big.subarray(at, at + 65536));
  detector.finish();
  console.log(
    `  encoding-wasm      ${perMB(performance.now() - start, big.length)}, 8 MiB of every sample, streamed in 64 KiB chunks`,
  );
  // 1 GiB streamed (those 8 MiB, 128 times): the time and the growth of resident memory.
  const rss = process.memoryUsage.rss();
  const gibStart = performance.now();
  const gib = new EncodingDetector();
  for (let round = 0; round < 128; round++)
    for (let at = 0; at < big.length; at += 65536) gib.feed(big.subarray(at, at + 65536));
  const { encoding } = gib.finish();
  console.log(
    `  encoding-wasm, 1 GiB streamed in 64 KiB chunks: ${((performance.now() - gibStart) / 1000).toFixed(1)} s, ` +
      `resident memory ${signedMiB(process.memoryUsage.rss() - rss)} (answer: ${encoding})`,
  );
}

// A change of size in MiB with its sign (+1.0 MiB, -4.5 MiB).
function signedMiB(bytes) {
  return `${bytes < 0 ? '-' : '+'}${(Math.abs(bytes) / 2 ** 20).toFixed(1)} MiB`;
}

// What a user ships for detect: the entry point bundled and minified (it needs no wasm), gzip -9;
// and the cold start of the entry in a fresh Node process (import, then a first detect()).
const bundleSize = async (contents) => gz(await bundle(contents, { external: ['fs', 'node:*'] }));
console.log('\nshipped size (esbuild --bundle --minify --format=esm, gzip -9; no wasm needed)');
// (the package's bundle for every host, dist/detect.js, which build.sh makes)
const ours = await bundleSize("export { detect, EncodingDetector } from './dist/detect.js';");
console.log(`  encoding-wasm/detect  ${(ours / 1024).toFixed(1).padStart(6)} KB`);
for (const [name, source] of [
  ['jschardet', "export { detect } from 'jschardet';"],
  ['chardet', "export { detect } from 'chardet';"],
  ['encoding-japanese', "import E from 'encoding-japanese'; export const detect = E.detect;"],
]) {
  try {
    console.log(`  ${name.padEnd(20)} ${((await bundleSize(source)) / 1024).toFixed(1).padStart(6)} KB`);
  } catch (error) {
    console.log(`  ${name.padEnd(20)} (does not bundle for the browser: ${error.message.split('\n')[0]})`);
  }
}
// In fresh Node processes: the time to import each entry and to make a first call, the median of 9
// runs of each, interleaved (the machine is shared), next to the import of an empty module as the
// baseline of the loader.
function coldStarts(entries) {
  const runs = entries.map(() => []);
  for (let round = 0; round < 9; round++)
    entries.forEach(([, entry, call], i) => {
      const script = `const t0 = performance.now(); const m = await import(${JSON.stringify(entry)}); const t1 = performance.now();
           ${call}; const t2 = performance.now(); console.log(JSON.stringify([t1 - t0, t2 - t1]));`;
      const options = { cwd: new URL('..', import.meta.url).pathname, encoding: 'utf8' };
      runs[i].push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], options)));
    });
  const median = (values) =>
    values
      .sort((a, b) => a - b)
      [values.length >> 1].toFixed(1)
      .padStart(6);
  entries.forEach(([label], i) => {
    const [load, call] = [0, 1].map((k) => median(runs[i].map((r) => r[k])));
    console.log(`  ${label.padEnd(44)} ${load} ms import, ${call} ms first call`);
  });
}
console.log('\ncold start in a fresh Node process, median of 9 (first call: 1 KB of Shift_JIS)');
const sjis = JSON.stringify([...samples.find((s) => s.encoding === 'shift_jis').bytes.subarray(0, 1024)]);
const empty = join(mkdtempSync(join(tmpdir(), 'detect-bench-')), 'empty.mjs');
writeFileSync(empty, 'export default 0;\n');
// The minified bundle measured above, as a bundler ships it.
const bundled = join(dirname(empty), 'detect.bundle.mjs');
writeFileSync(bundled, await bundle("export { detect, EncodingDetector } from './dist/detect.js';"));
const first = `m.detect(new Uint8Array(${sjis}))`;
coldStarts([
  ['an empty module file', pathToFileURL(empty).href, ''],
  // What Node resolves encoding-wasm/detect to: dist/detect.js, one file (tools/bundle_entries.mjs).
  ['encoding-wasm/detect (dist/detect.js)', 'encoding-wasm/detect', first],
  ['  its sources, js/detect.js (13 module files)', new URL('../js/detect.js', import.meta.url).href, first],
  ['  minified bundle (esbuild, as measured above)', pathToFileURL(bundled).href, first],
  ['jschardet', 'jschardet', `m.default.detect(Buffer.from(${sjis}))`],
  ['chardet', 'chardet', first],
]);

if (writingDocs())
  writeDocs({
    detect: {
      command: 'detect',
      timed: false,
      details: 'accuracy (%) by prefix length in bytes, all prefixes / those with a byte >= 0x80 where they differ',
      header: ['set', 'detector', ...LENGTHS.map((l) => (l === Infinity ? 'whole' : `${l}`))],
      rows: docRows,
      align: ['l', 'l', ...LENGTHS.map(() => 'r')],
    },
  });
