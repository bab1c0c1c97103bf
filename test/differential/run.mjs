#!/usr/bin/env node
// Differential test of encoding-wasm against two independent implementations of the Encoding
// Standard: Deno's native TextDecoder (Rust encoding_rs, Firefox's implementation) and the JS
// reference written from the spec text (test/reference/reference.mjs), which also checks the
// encoders (Deno exposes none but UTF-8's).
//
//   node test/differential/run.mjs [--count N] [--quick] [--seed S] [--jobs J]
//                                  [--encoder-count N] [--only enc1,enc2] [--audit-every N]
//                                  [--keep] [--verbose] [--no-install]
//
//   --count N          decoder inputs per encoding (default 100000; --quick: 5000)
//   --encoder-count N  encoder input strings per encoding (default: count / 10)
//   --quick            the CI mode: 5000 inputs per encoding, no whole corpus files
//   --seed S           the PRNG seed (default 1); a run is a pure function of its arguments
//   --jobs J           worker threads (default: available cores)
//   --only a,b         just these encodings
//   --audit-every N    the expected results come from the reference's decoders, run through a
//                      lean driver (reference_driver.mjs); every Nth input (default 32; 1 = all)
//                      also goes through the reference's own decode() and streaming driver,
//                      which must agree (see job.mjs)
//   --verbose          print where each encoding's time went
//   --no-install       fail instead of installing Deno when there is none
//   --keep             keep the batch files in build/differential/ (they are kept anyway for an
//                      encoding with unexplained differences)
//
// Needs `bash build.sh --no-native --quiet` (dist/). Deno comes from $DENO_BIN or node_modules, or
// run.mjs installs deno@2.9.6 with npm into build/differential/tools/. Exit status 1 on any
// difference that test/differential/allowlist.mjs does not explain, 2 on a setup error.

import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ALLOWLIST } from './allowlist.mjs';
import { FLAG_FATAL_STREAM, FLAG_FLUSH_LAST, FLAG_IGNORE_BOM, MODES } from './batch.mjs';
import { DECODER_ENCODINGS, ENCODER_ENCODINGS } from './generate.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const OUT_DIR = join(ROOT, 'build/differential');

// ---- arguments --------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = {
    count: null,
    encoderCount: null,
    quick: false,
    seed: 1,
    jobs: availableParallelism(),
    only: null,
    keep: false,
    verbose: false,
    auditEvery: 32,
    install: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    const int = (v) => (/^\d+$/.test(v) ? Number(v) : usage(`not a number: ${v}`));
    if (a === '--quick') opts.quick = true;
    else if (a === '--keep') opts.keep = true;
    else if (a === '--verbose') opts.verbose = true;
    else if (a === '--no-install') opts.install = false;
    else if (a.startsWith('--count')) opts.count = int(value());
    else if (a.startsWith('--encoder-count')) opts.encoderCount = int(value());
    else if (a.startsWith('--audit-every')) opts.auditEvery = Math.max(1, int(value()));
    else if (a.startsWith('--seed')) opts.seed = int(value());
    else if (a.startsWith('--jobs')) opts.jobs = Math.max(1, int(value()));
    else if (a.startsWith('--only'))
      opts.only = value()
        .split(',')
        .map((s) => s.trim().toLowerCase());
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument ${a}`);
  }
  opts.count ??= opts.quick ? 5000 : 100000;
  opts.encoderCount ??= Math.max(1, Math.floor(opts.count / 10));
  return opts;
}

function usage(error) {
  if (error) console.error(`run.mjs: ${error}`);
  console.error(
    'usage: node test/differential/run.mjs [--count N] [--quick] [--seed S] [--jobs J] [--encoder-count N] [--only a,b] [--audit-every N] [--keep] [--verbose] [--no-install]',
  );
  process.exit(2);
}

// ---- Deno -------------------------------------------------------------------------------------

// The Deno whose TextDecoder is the oracle. The allow-list was written against this version.
const DENO_VERSION = '2.9.6';
// Where run.mjs installs it when the project has none: not a devDependency of the project (the
// registry has only some platforms' binary packages, which breaks `npm ci` of a lock file that
// names the others), so it goes to a private prefix under build/.
const DENO_PREFIX = join(OUT_DIR, 'tools');

// The deno binary: $DENO_BIN, else the npm package `deno` in the project's node_modules or in
// DENO_PREFIX (its platform package @deno/<platform> holds the binary; npm skips the install script
// that would link it into the package, so look in both places), else install it into DENO_PREFIX
// with npm (`--no-install` forbids that).
function findDeno(mayInstall) {
  if (process.env.DENO_BIN) return { command: process.env.DENO_BIN, prefix: [] };
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const platforms = [
    `${process.platform}-${process.arch}-glibc`,
    `${process.platform}-${process.arch}`,
    `${process.platform}-${process.arch}-musl`,
  ];
  const lookIn = (base) => {
    const require = createRequire(join(base, 'package.json'));
    const candidates = [];
    for (const pkg of ['deno', ...platforms.map((p) => `@deno/${p}`)]) {
      try {
        candidates.push(join(dirname(require.resolve(`${pkg}/package.json`)), exe));
      } catch {}
    }
    return candidates.find((c) => existsSync(c));
  };
  let found = lookIn(ROOT) ?? lookIn(DENO_PREFIX);
  if (!found && mayInstall) {
    console.error(`run.mjs: installing deno@${DENO_VERSION} into ${DENO_PREFIX} (npm)`);
    mkdirSync(DENO_PREFIX, { recursive: true });
    if (!existsSync(join(DENO_PREFIX, 'package.json')))
      writeFileSync(join(DENO_PREFIX, 'package.json'), '{ "private": true }\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(
      npm,
      ['install', '--prefix', DENO_PREFIX, '--no-audit', '--no-fund', '--save-exact', `deno@${DENO_VERSION}`],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) {
      console.error(`run.mjs: npm install deno@${DENO_VERSION} failed (${r.error ?? `exit ${r.status}`})`);
      process.exit(2);
    }
    found = lookIn(DENO_PREFIX);
  }
  if (!found) {
    console.error(
      `run.mjs: no deno binary; set DENO_BIN, or let run.mjs install deno@${DENO_VERSION} (drop --no-install)`,
    );
    process.exit(2);
  }
  return { command: found, prefix: [] };
}

function denoVersion(command) {
  const r = spawnSync(command, ['--version'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return /deno (\S+)/.exec(r.stdout ?? '')?.[1] ?? `unknown (${r.error ?? r.stderr})`;
}

// ---- output -----------------------------------------------------------------------------------

// A decode result for the report: TypeError, <other exception>, or the string with everything
// but printable ASCII escaped, from code unit `from` on (the first difference, less some context).
function show(value, from = 0, max = 160) {
  if (value === null) return 'TypeError';
  if (typeof value === 'object') return `<${value.other}>`;
  let s = from > 0 ? '…' : '';
  for (const ch of value.slice(from)) {
    const c = ch.codePointAt(0);
    s += c >= 0x20 && c < 0x7f && ch !== '"' && ch !== '\\' ? ch : `\\u{${c.toString(16)}}`;
    if (s.length > max) return `"${s}"… (${value.length} code units)`;
  }
  return `"${s}" (${value.length} code units)`;
}

// Where the strings among `values` first differ, less 16 code units of context.
function firstDifference(values) {
  const strings = values.filter((v) => typeof v === 'string');
  if (strings.length < 2) return 0;
  let i = 0;
  while (strings.every((v) => i < v.length && v.charCodeAt(i) === strings[0].charCodeAt(i))) i++;
  return Math.max(0, i - 16);
}

function flagsText(flags) {
  const f = [];
  f.push(flags & FLAG_FATAL_STREAM ? 'stream fatal' : 'stream replacement');
  if (flags & FLAG_IGNORE_BOM) f.push('ignoreBOM');
  f.push(flags & FLAG_FLUSH_LAST ? 'last chunk flushes' : 'decode() flushes');
  return f.join(', ');
}

function printExample(e) {
  const hex = e.bytes.length > 512 ? `${e.bytes.slice(0, 512)}… (${e.length} bytes)` : e.bytes || '(empty)';
  console.log(`  ${e.encoding} [${e.kind}] ${e.classes.join('; ')}`);
  console.log(`    input (hex): ${hex}`);
  console.log(
    `    ${flagsText(e.flags)}; stream cuts: ${e.cuts.length > 20 ? `${e.cuts.slice(0, 20).join(',')},…` : e.cuts.join(',') || '(none)'}`,
  );
  for (let m = 0; m < 3; m++) {
    const values = [e.wasm[m], e.reference[m], e.deno[m], ...(e.native ? [e.native[m]] : [])];
    const allSame = values.every((v) => v === values[0]);
    console.log(`    ${MODES[m]}:${allSame ? ' (all agree)' : ''}`);
    if (allSame) continue;
    const from = firstDifference(values);
    console.log(`      encoding-wasm: ${show(e.wasm[m], from)}`);
    if (e.native) console.log(`      encoding-wasm (native delegation): ${show(e.native[m], from)}`);
    console.log(`      reference:     ${show(e.reference[m], from)}`);
    console.log(`      Deno:          ${show(e.deno[m], from)}`);
  }
}

function printEncoderExample(e) {
  const input = e.input.length > 400 ? `${e.input.slice(0, 400)}…` : e.input;
  console.log(`  ${e.encoding} encode: ${input || '(empty string)'}`);
  for (const d of e.diffs) {
    const v = (x) => (x === null ? 'TypeError' : typeof x === 'object' ? `<${x.other}>` : `bytes ${x || '(none)'}`);
    console.log(`    ${d.mode}: encoding-wasm ${v(d.wasm)}; reference ${v(d.reference)}`);
  }
}

const pad = (s, n) => String(s).padStart(n);
const padEnd = (s, n) => String(s).padEnd(n);

// ---- main -------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const f of ['dist/encoding.wasm', 'dist/tables/japanese.wasm']) {
    if (!existsSync(join(ROOT, f))) {
      console.error(`run.mjs: ${f} is missing; build first: bash build.sh --no-native --quiet`);
      process.exit(2);
    }
  }
  let encodings = DECODER_ENCODINGS;
  if (opts.only) {
    const unknown = opts.only.filter((n) => !DECODER_ENCODINGS.includes(n));
    if (unknown.length)
      usage(`unknown encoding(s) ${unknown.join(', ')} (TextDecoder names: ${DECODER_ENCODINGS.join(', ')})`);
    encodings = DECODER_ENCODINGS.filter((n) => opts.only.includes(n));
  }
  mkdirSync(OUT_DIR, { recursive: true });
  // Batch files of an earlier (interrupted or failed) run.
  for (const f of readdirSync(OUT_DIR)) {
    if (/\.(in|deno)\.bin$/.test(f) || f === 'failures.json') rmSync(join(OUT_DIR, f), { force: true });
  }
  const { command, prefix } = findDeno(opts.install);
  const version = denoVersion(command);
  if (version !== DENO_VERSION)
    console.error(`run.mjs: warning: Deno ${version}; allowlist.mjs was written for Deno ${DENO_VERSION}`);
  const deno = {
    command,
    args: [
      ...prefix,
      'run',
      '--quiet',
      '--no-config',
      '--no-lock',
      `--allow-read=${OUT_DIR}`,
      `--allow-write=${OUT_DIR}`,
      join(HERE, 'deno_oracle.mjs'),
    ],
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(OUT_DIR, 'deno-dir'), NO_COLOR: '1' },
  };

  const started = performance.now();
  console.log(
    `differential: ${encodings.length} encodings, ${opts.count} decoder inputs and ${opts.encoderCount} encoder strings each, ` +
      `seed ${opts.seed}, ${opts.jobs} worker(s)${opts.quick ? ', quick' : ''}; Deno ${version}: ${command}`,
  );

  // The multi-byte encodings first: they take longest, so the pool ends evenly.
  const order = [...encodings].sort((a, b) => weight(b) - weight(a));
  const results = new Map();
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(opts.jobs, order.length) }, async () => {
      const worker = new Worker(join(HERE, 'worker.mjs'));
      try {
        while (next < order.length) {
          const name = order[next++];
          const result = await new Promise((resolveJob, rejectJob) => {
            worker.once('message', resolveJob);
            worker.once('error', rejectJob);
            worker.postMessage({
              name,
              count: opts.count,
              encoderCount: opts.encoderCount,
              seed: opts.seed,
              auditEvery: opts.auditEvery,
              wholeCorpusFiles: !opts.quick,
              outDir: OUT_DIR,
              deno,
              keep: opts.keep,
              decoders: true,
              encoders: ENCODER_ENCODINGS.includes(name),
            });
          });
          worker.removeAllListeners('error');
          results.set(name, result);
          const d = result.decoder;
          const status = result.error
            ? 'ERROR'
            : d.unexplained + (result.encoder?.unexplained ?? 0) > 0
              ? 'DIFFERENCES'
              : 'ok';
          process.stderr.write(
            `  ${padEnd(name, 15)} ${status} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
          );
        }
      } finally {
        await worker.terminate();
      }
    }),
  );

  // ---- report --------------------------------------------------------------------------------
  console.log('');
  console.log(
    `${padEnd('encoding', 15)} ${pad('inputs', 8)} ${pad('agree', 8)} ${pad('allow-listed', 12)} ${pad('unexplained', 11)}` +
      ` | ${pad('enc. inputs', 11)} ${pad('agree', 8)} ${pad('unexplained', 11)} | ${pad('MiB', 5)} ${pad('seconds', 7)}`,
  );
  const totals = { inputs: 0, agree: 0, explained: 0, unexplained: 0, encInputs: 0, encAgree: 0, encUnexplained: 0 };
  const byEntry = {};
  const examples = [];
  const encoderExamples = [];
  const errors = [];
  for (const name of encodings) {
    const r = results.get(name);
    if (!r || r.error) {
      errors.push(`${name}: ${r?.error ?? 'not run'}`);
      console.log(`${padEnd(name, 15)} ERROR`);
      failed = true;
      continue;
    }
    const d = r.decoder;
    const e = r.encoder;
    totals.inputs += d.inputs;
    totals.agree += d.agree;
    totals.explained += d.explained;
    totals.unexplained += d.unexplained;
    for (const [id, n] of Object.entries(d.byEntry)) byEntry[id] = (byEntry[id] ?? 0) + n;
    examples.push(...d.examples);
    if (e) {
      totals.encInputs += e.inputs;
      totals.encAgree += e.agree;
      totals.encUnexplained += e.unexplained;
      encoderExamples.push(...e.examples);
    }
    if (d.unexplained > 0 || (e && e.unexplained > 0)) failed = true;
    const seconds = (d.ms.generate + d.ms.wasm + d.ms.reference + d.ms.denoWait + (e?.ms ?? 0)) / 1000;
    console.log(
      `${padEnd(name + (d.delegated ? '*' : ''), 15)} ${pad(d.inputs, 8)} ${pad(d.agree, 8)} ${pad(d.explained, 12)} ${pad(d.unexplained, 11)}` +
        ` | ${pad(e ? e.inputs : '-', 11)} ${pad(e ? e.agree : '-', 8)} ${pad(e ? e.unexplained : '-', 11)}` +
        ` | ${pad((d.bytes / 1048576).toFixed(1), 5)} ${pad(seconds.toFixed(1), 7)}`,
    );
    if (opts.verbose) {
      const ms = Object.entries({ ...d.ms, encoders: e?.ms ?? 0 }).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
      console.log(`${' '.repeat(17)}${ms.join(', ')}`);
    }
    for (const [c, n] of Object.entries(d.byClass)) console.log(`${' '.repeat(17)}${n} × ${c}`);
    for (const [c, n] of Object.entries(e?.byClass ?? {}))
      console.log(`${' '.repeat(17)}${n} × ${c} differs from the reference encoder`);
  }
  console.log(
    `${padEnd('total', 15)} ${pad(totals.inputs, 8)} ${pad(totals.agree, 8)} ${pad(totals.explained, 12)} ${pad(totals.unexplained, 11)}` +
      ` | ${pad(totals.encInputs, 11)} ${pad(totals.encAgree, 8)} ${pad(totals.encUnexplained, 11)}`,
  );
  console.log("(* = also compared with native delegation on: this host's decoder is trusted for the encoding)");
  if (Object.keys(byEntry).length > 0) {
    console.log('\nallow-listed Deno differences:');
    for (const entry of ALLOWLIST)
      if (byEntry[entry.id]) console.log(`  ${pad(byEntry[entry.id], 8)} × ${entry.id}: ${entry.spec}`);
  }
  if (examples.length > 0 || encoderExamples.length > 0) {
    const file = join(OUT_DIR, 'failures.json');
    writeFileSync(file, JSON.stringify({ decoders: examples, encoders: encoderExamples }, null, 1));
    console.log(`\nunexplained differences (examples: up to 3 per kind and encoding; all in ${file}):`);
    // encoding-wasm's own differences first, then the rest; at most 3 per kind and encoding
    const rank = (e) => (e.classes.some((c) => c.startsWith('encoding-wasm')) ? 0 : 1);
    const sorted = examples.map((e, i) => [rank(e), i, e]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [, , e] of sorted.slice(0, 30)) printExample(e);
    if (sorted.length > 30) console.log(`  … ${sorted.length - 30} more examples in ${file}`);
    for (const e of encoderExamples.slice(0, 12)) printEncoderExample(e);
  }
  for (const e of errors) console.log(`\nERROR ${e}`);
  const cpu = process.cpuUsage();
  console.log(
    `\n${failed ? 'FAIL' : 'PASS'} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(Node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, Deno not counted)`,
  );
  process.exitCode = failed ? 1 : 0;
}

function weight(name) {
  if (['gb18030', 'gbk', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'].includes(name)) return 3;
  if (['utf-8', 'utf-16le', 'utf-16be'].includes(name)) return 2;
  return 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
