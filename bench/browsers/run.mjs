// `npm run bench -- browsers`: decodes the corpus (bench/corpus/locate.mjs: --corpus
// shared|generated|DIR, $ENCODING_WASM_CORPUS, ../shared/corpus, else a generated one) in
// Chromium, Firefox and WebKit (Debian's, test/hosts/install-browsers.sh) with encoding-wasm and
// the engine's own TextDecoder, interleaved in one page (page.html, decode.js), and prints MB/s and ratios
// per file, and geometric means of the ratios per family, for three call patterns: the whole file
// in one call, 64 KiB chunks streamed through one decoder, and 4 KiB calls (a fresh decode()
// each). Every encoding the host's decoder may take (all but CJK) runs with native delegation at
// the browser's default and also with setNativeDelegation(false) ("in wasm"). A file marked * is
// one where the native decoder's string differs from ours. A benchmark, not a test: it asserts
// nothing about speed.
//
//   node bench/browsers/run.mjs [--quick] [--rounds N] [--engines chromium,firefox,webkit]
//                               [--corpus shared|generated|DIR] [filter]
//   node bench/browsers/run.mjs strings [--quick] [--engines ...]   (see strings.js)
//   node bench/browsers/run.mjs calls [--quick] [--engines ...] [--baseline DIR] [filter]   (calls.js)
//
// --quick: one small file per family, one round (a smoke run: about 15 s per engine).
// filter: a substring of the file names to keep.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENGINES, engineVersion, runPage, serve } from '../../test/hosts/engines.mjs';
import { locateCorpus } from '../corpus/locate.mjs';
import { fingerprint } from './fingerprint.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const selected = await locateCorpus(option('--corpus'), { log: console.log });
const corpus = selected.path.replace(/\/$/, '');
const quick = args.includes('--quick');
const strings = args[0] === 'strings';
const calls = args[0] === 'calls';
const engines = option('--engines', ENGINES.join(',')).split(',');
const baselineDir = option('--baseline');
const filter =
  args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--') && a !== 'strings' && a !== 'calls') ?? '';
// The labels a file of invalid or random bytes is decoded as (../shared/corpus names them by the
// peers it compared them with; the generated corpus lists them), or undefined for a text.
const junkLabels = (entry) => entry.labels ?? (entry.agreementWithExodus && Object.keys(entry.agreementWithExodus));

const CJK = new Set(['shift_jis', 'euc-jp', 'iso-2022-jp', 'gbk', 'gb18030', 'big5', 'euc-kr']);
const familyOf = (entry, label) =>
  junkLabels(entry)
    ? 'invalid bytes'
    : label === 'utf-8'
      ? 'UTF-8'
      : label.startsWith('utf-16')
        ? 'UTF-16'
        : CJK.has(label)
          ? 'CJK'
          : 'single-byte';

// The corpus's manifest.json.
const readManifest = () => selected.manifest;

// Latin-1 text, whose output takes the one-byte string path (js/wasm/strings.js): the corpus's English
// windows-1252 file without its bytes 0x80-0x9F (curly quotes, dashes), made by decode.js, decoded
// as ISO-8859-1 (the label of windows-1252).
const LATIN1_TEXT = [
  {
    file: 'en.windows-1252.bin',
    derive: 'no 0x80-0x9F',
    label: 'iso-8859-1',
    bytes: 0,
    nodeAgrees: false,
    family: 'Latin-1 text',
    wasmOnly: true,
  },
];

// What decode.js is asked to do: its runs, rounds and time per sample.
function decodeConfig() {
  const manifest = readManifest();
  // Files of invalid or random bytes are decoded as each encoding the manifest compared them in.
  let runs = manifest.files
    .flatMap((entry) =>
      (junkLabels(entry) ?? [entry.encoding]).map((label) => ({
        file: entry.file,
        label,
        bytes: entry.bytes,
        // Only where the manifest says Node decodes the file as the WHATWG peers do (both
        // corpora record it: ../shared's against four peers, the generated one against
        // @exodus/bytes).
        nodeAgrees: entry.agreementWithExodus
          ? entry.agreementWithExodus[label].native === 'same'
          : entry.verify?.native === 'ok',
        family: familyOf(entry, label),
        wasmOnly: !CJK.has(label),
      })),
    )
    .concat(LATIN1_TEXT)
    .filter((r) => r.file.includes(filter));
  if (quick) {
    const smallest = new Map();
    for (const r of runs)
      if (r.family !== 'invalid bytes' && !(smallest.get(r.family)?.bytes <= r.bytes)) smallest.set(r.family, r);
    runs = [...smallest.values()];
  }
  return { runs, rounds: Number(option('--rounds', quick ? 1 : 7)), minMs: quick ? 5 : 25 };
}

// calls.js: the first text file of each encoding (or those the filter picks), three call sizes.
function callsConfig() {
  const seen = new Set();
  const runs = [];
  for (const entry of readManifest().files) {
    if (junkLabels(entry) || !entry.file.includes(filter) || (!filter && seen.has(entry.encoding))) continue;
    seen.add(entry.encoding);
    runs.push({ file: entry.file, label: entry.encoding });
  }
  return { runs, sizes: [16, 256, 4096], rounds: quick ? 3 : 40, minMs: 3, baseline: !!baselineDir };
}

const config = strings
  ? (readManifest(), { rounds: quick ? 1 : 25, minMs: 2, sizes: quick ? [4096] : [65536, 4096, 256, 32] })
  : calls
    ? callsConfig()
    : decodeConfig();
const bench = strings ? 'strings' : calls ? 'calls' : 'decode';
const server = await serve(
  {
    '/': fileURLToPath(new URL('.', import.meta.url)),
    '/node_modules/encoding-wasm/': root,
    '/corpus/': corpus,
    ...(baselineDir && calls ? { '/base/': baselineDir } : {}),
  },
  // Cross-origin isolated: performance.now() at its finest in every engine.
  { headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
);
const summary = [];
let failed = false;
let checks = 0;
try {
  for (const engine of engines) {
    const version = engineVersion(engine);
    const url = `${server.url}/page.html?bench=${bench}&config=${encodeURIComponent(JSON.stringify(config))}`;
    const start = Date.now();
    let result;
    try {
      result = await runPage(engine, url, server, { timeout: quick ? 60_000 : 30 * 60_000, onLog: () => {} });
    } catch (e) {
      console.log(`${version}: FAILED: ${e.message}`);
      failed = true;
      continue;
    }
    console.log(`\n== ${version} (${((Date.now() - start) / 1000).toFixed(0)} s)`);
    if (strings) printStrings(result);
    else if (calls) printCalls(result);
    else {
      summary.push([version, printDecode(result, config)]);
      const [compared, failures] = checkDecode(result, config);
      checks += compared;
      failed ||= failures > 0;
    }
  }
} finally {
  await server.close();
}
if (summary.length) printSummary(summary);
if (!strings && !calls)
  console.log(failed ? 'FAILED' : `${checks} checks passed (encoding-wasm's output in every engine)`);
process.exitCode = failed ? 1 : 0;

// --- decode.js -----------------------------------------------------------------------------------

function mbps(bytes, seconds) {
  return (bytes / seconds / 1e6).toFixed(0);
}
function geomean(xs) {
  return Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
}

// Prints one engine's table; returns the geometric means of the ratios: { family: { mode: x } }.
function printDecode({ results, delegation, crossOriginIsolated }, { runs, rounds }) {
  const modes = Object.keys(results[0].modes);
  console.log(
    `median of ${rounds} round(s); ratio = encoding-wasm speed / native TextDecoder speed (higher is better); ` +
      `native delegation by default: ${delegation.join(', ') || 'none'}${crossOriginIsolated ? '' : '; NOT cross-origin isolated (coarse timer)'}`,
  );
  console.log('file'.padEnd(26), 'encoding'.padEnd(13), ...modes.map((m) => `${m}: MB/s ours vs native`.padStart(30)));
  const ratios = {};
  const inexact = [];
  for (const [i, r] of results.entries()) {
    const { family } = runs[i];
    const mark = r.native?.exact === false ? '*' : '';
    if (mark) inexact.push(r);
    for (const impl of ['wasm', 'wasm only']) {
      if (!r.modes[modes[0]][impl]) continue;
      const key = impl === 'wasm' ? family : `${family} in wasm`;
      const cells = modes.map((m) => {
        const { seconds, ratio } = r.modes[m][impl];
        const native = r.modes[m].native;
        if (ratio !== null) ((ratios[key] ??= {})[m] ??= []).push(ratio);
        const text = native
          ? `${mbps(r.bytes, seconds)} vs ${mbps(r.bytes, native.seconds)} (${ratio.toFixed(2)}x)`
          : `${mbps(r.bytes, seconds)} (no native)`;
        return text.padStart(30);
      });
      const name = impl === 'wasm' ? `${r.file}${mark}` : '  (in wasm)';
      console.log(name.padEnd(26), (impl === 'wasm' ? r.label : '').padEnd(13), ...cells);
    }
  }
  const means = {};
  console.log('geometric means of the ratios:');
  for (const [key, byMode] of Object.entries(ratios)) {
    means[key] = Object.fromEntries(Object.entries(byMode).map(([m, xs]) => [m, geomean(xs)]));
    console.log(
      `  ${key.padEnd(24)}`,
      Object.entries(means[key])
        .map(([m, x]) => `${m} ${x.toFixed(2)}x`)
        .join(', '),
      `(${byMode[modes[0]].length} files)`,
    );
  }
  for (const r of inexact)
    console.log(
      `* native differs from encoding-wasm for ${r.file} as ${r.label}: at unit ${r.native.at} ours ${r.native.ours}, ` +
        `native ${r.native.theirs} (lengths ${r.native.lengths.join(' / ')})`,
    );
  if (!inexact.length) console.log('the native decoder gave the same string as encoding-wasm for every file');
  return means;
}

// Our output against Node's own TextDecoder (ICU), where the corpus's manifest says Node decodes
// that file as the WHATWG decoders of @exodus/bytes and text-encoding do; for the others (Node's
// windows-1252 and euc-kr) nothing is compared. Prints each mismatch; returns how many files were
// compared and how many differed.
function checkDecode({ results }, { runs }) {
  let compared = 0;
  let failures = 0;
  for (const [i, r] of results.entries()) {
    if (!runs[i].nodeAgrees) continue;
    compared++;
    const expected = fingerprint(new TextDecoder(r.label).decode(readFileSync(`${corpus}/${r.file}`)));
    if (r.fingerprint === expected) continue;
    console.log(
      `FAILED: ${r.file} as ${r.label}: encoding-wasm gave ${r.fingerprint} (length:FNV-1a), Node ${expected}`,
    );
    failures++;
  }
  console.log(
    `encoding-wasm's output checked against Node's TextDecoder: ${compared - failures} of ${compared} the same`,
  );
  return [compared, failures];
}

// The geometric means of every engine as one Markdown table (docs/performance.md, "Browsers").
function printSummary(rows) {
  const order = ['CJK', 'single-byte', 'UTF-8', 'UTF-8 in wasm', 'UTF-16', 'UTF-16 in wasm'];
  const rank = (f) => (order.includes(f) ? order.indexOf(f) : order.length);
  const families = [...new Set(rows.flatMap(([, means]) => Object.keys(means)))].sort((a, b) => rank(a) - rank(b));
  console.log('\ngeometric means of the ratios (one call · 64 KiB stream · 4 KiB calls):\n');
  console.log(`| engine | ${families.join(' | ')} |`);
  console.log(`| --- | ${families.map(() => '---').join(' | ')} |`);
  for (const [version, means] of rows)
    console.log(
      `| ${version} | ${families
        .map((f) =>
          means[f]
            ? Object.values(means[f])
                .map((x) => x.toFixed(2))
                .join(' · ')
            : '',
        )
        .join(' | ')} |`,
    );
}

// --- calls.js ------------------------------------------------------------------------------------

// One engine's table: ns per call of each implementation, and its speed over native's.
function printCalls({ results, crossOriginIsolated }) {
  if (!crossOriginIsolated) console.log('NOT cross-origin isolated (coarse timer)');
  const names = [...new Set(results.flatMap((r) => Object.keys(r.ns)))].filter((n) => n !== 'native');
  console.log('fastest sample, ns per decode() call (speed over native); "in wasm": with setNativeDelegation(false)');
  console.log(
    'file'.padEnd(22),
    'encoding'.padEnd(13),
    'bytes'.padStart(5),
    'native'.padStart(8),
    ...names.map((n) => n.padStart(22)),
  );
  for (const { file, label, size, ns } of results) {
    const cells = names.map((n) =>
      (ns[n] === undefined ? '' : `${ns[n].toFixed(0)} (${(ns.native / ns[n]).toFixed(2)}x)`).padStart(22),
    );
    console.log(
      file.padEnd(22),
      label.padEnd(13),
      String(size).padStart(5),
      ns.native.toFixed(0).padStart(8),
      ...cells,
    );
  }
}

// --- strings.js ----------------------------------------------------------------------------------

// One engine's table: per kind of text, each primitive's time per call at each size and its
// speed over today's (utf-16le TextDecoder), and the cost of the work in wasm that a primitive
// over bytes needs first; ! marks a string that differs from the text.
function printStrings({ cells, crossOriginIsolated, windows1252Probe }) {
  const sizes = [...new Set(cells.map((c) => c.n))];
  console.log(`windows-1252 TextDecoder gives U+0000-U+007F and U+00A0-U+00FF for their bytes: ${windows1252Probe}`);
  const us = (seconds) => `${(seconds * 1e6).toPrecision(3)} µs`;
  if (!crossOriginIsolated) console.log('NOT cross-origin isolated (coarse timer)');
  console.log(
    'fastest µs per call (speed over the utf-16le TextDecoder); ! = not the same string; scan = indexOf over the result',
  );
  for (const kind of new Set(cells.map((c) => c.kind))) {
    const mine = cells.filter((c) => c.kind === kind);
    console.log(
      `${kind.padEnd(40)}${sizes.map((n) => `${n} units`.padStart(20)).join('')}${`scan ${sizes[0]}`.padStart(14)}`,
    );
    for (const name of new Set(mine.map((c) => c.name))) {
      const row = sizes.map((n) => {
        const cell = mine.find((c) => c.n === n && c.name === name);
        const today = mine.find((c) => c.n === n && c.name.endsWith('(today)'));
        if (!cell) return ''.padStart(20);
        // Work in wasm is a cost on top of a primitive's, not an alternative to it.
        const speed = name.includes(' in wasm') ? '' : ` (${(today.seconds / cell.seconds).toFixed(2)}x)`;
        return `${us(cell.seconds)}${speed}${cell.exact ? ' ' : '!'}`.padStart(20);
      });
      const scan = mine.find((c) => c.n === sizes[0] && c.name === name)?.scan;
      console.log(`  ${name.padEnd(38)}${row.join('')}${(scan === undefined ? '' : us(scan)).padStart(14)}`);
    }
  }
}
