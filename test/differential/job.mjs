// One job of run.mjs, for one encoding: generates the inputs, has Deno decode them (one Deno process
// per batch) while it decodes them with encoding-wasm and the reference, compares the three, then
// runs encoding-wasm's encoder against the reference encoder.

import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, nativeDelegation, setNativeDelegation, TextDecoder, TextEncoder } from '../../js/index.js';
import * as ref from '../reference/reference.mjs';
import { explain } from './allowlist.mjs';
import {
  chunksOf,
  decodeRecord,
  FLAG_FATAL_STREAM,
  FLAG_IGNORE_BOM,
  MODES,
  readResultBatch,
  RESULTS_PER_INPUT,
  TYPE_ERROR,
  writeInputBatch,
} from './batch.mjs';
import { generateDecoderInputs, generateEncoderStrings, refName } from './generate.mjs';
import { decodeRaw } from './reference_driver.mjs';

const MAX_EXAMPLES = 3; // per kind of difference and encoding
const BOM_ENCODINGS = new Set(['utf-8', 'utf-16le', 'utf-16be']);
const decodeUnits = (buf, start, end) =>
  Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('utf16le');

// ---- the reference, driven like a TextDecoder -------------------------------------------------

// The reference decoders are the raw spec decoders (no BOM handling); TextDecoder's "serialize I/O
// queue" (https://encoding.spec.whatwg.org/#concept-td-serialize) drops the first scalar value
// if it is U+FEFF, for UTF-8 and UTF-16BE/LE, unless ignoreBOM.
function stripBom(name, ignoreBOM, s) {
  if (typeof s !== 'string' || ignoreBOM || !BOM_ENCODINGS.has(name)) return s;
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

// The reference's own drivers: ref.decode() for a whole input, ref.createDecoder() for a stream.
// Its I/O queue is linear only while it is short, so long inputs are pushed 4 KiB at a time
// (pushing bytes in pieces is the same as pushing them at once: the queue ends up the same).
function refStream(rn, fatal, chunks) {
  const d = ref.createDecoder(rn, { fatal });
  let s = '';
  for (const chunk of chunks) {
    if (chunk.length === 0) s += d.push(chunk);
    for (let i = 0; i < chunk.length; i += 4096) s += d.push(chunk.subarray(i, i + 4096));
  }
  return s + d.end();
}

function guard(name, ignoreBOM, f) {
  try {
    return stripBom(name, ignoreBOM, f());
  } catch (e) {
    return e instanceof TypeError ? TYPE_ERROR : { other: `${e?.name}: ${e?.message}` };
  }
}

// The expected results of a record: [whole, fatal, stream].
//
// Every record: the reference's decoder handlers through the lean driver of reference_driver.mjs.
// The fatal decode runs only when the replacement decode's output contains U+FFFD: without one
// no error happened, and a fatal decode outputs exactly what a replacement one does up to its
// first error. The streaming result is the whole decode's: the spec's streaming is
// chunking-invariant (decode() only pushes the bytes to the I/O queue and pauses at end-of-queue,
// restored bytes stay at the front of that queue, and BOM seen is set by the first scalar value
// whichever call emits it: https://encoding.spec.whatwg.org/#dom-textdecoder-decode).
//
// Audited records (every `auditEvery`-th): also the reference's own decode() in both modes and its
// own streaming driver with the record's split points and flags; those are the expected results
// then, and any difference from the lean driver fails the run.
function refDecodeRecord(name, record, audit) {
  const rn = refName(name);
  const ignoreBOM = (record.flags & FLAG_IGNORE_BOM) !== 0;
  const fatalStream = (record.flags & FLAG_FATAL_STREAM) !== 0;
  const lean = (fatal) =>
    guard(name, ignoreBOM, () => {
      const s = decodeRaw(name, record.bytes, fatal);
      if (s === null) throw new TypeError('fatal');
      return s;
    });
  const replacement = lean(false);
  const fatal = typeof replacement === 'string' && !replacement.includes('\ufffd') ? replacement : lean(true);
  const fast = [replacement, fatal, fatalStream ? fatal : replacement];
  if (!audit) return { expected: fast, driverOk: true };
  const whole = (f) =>
    record.bytes.length <= 8192 ? ref.decode(rn, record.bytes, { fatal: f }) : refStream(rn, f, [record.bytes]);
  const expected = [
    guard(name, ignoreBOM, () => whole(false)),
    guard(name, ignoreBOM, () => whole(true)),
    guard(name, ignoreBOM, () => refStream(rn, fatalStream, chunksOf(record))),
  ];
  return { expected, driverOk: expected.every((v, m) => v === fast[m]) };
}

// ---- comparison -------------------------------------------------------------------------------

// Strings by value, TypeError (null) equals TypeError; any other exception equals nothing.
const same = (a, b) => a === b;

function runDeno(deno, inPath, outPath) {
  return new Promise((resolve) => {
    const child = spawn(deno.command, [...deno.args, inPath, outPath], {
      env: deno.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => resolve({ code: -1, stderr: String(error) }));
    child.on('close', (code, signal) => resolve({ code: code ?? signal, stderr }));
  });
}

export async function decoders(job) {
  const { name, count, seed, wholeCorpusFiles, outDir, deno, keep } = job;
  const t0 = performance.now();
  const records = generateDecoderInputs(name, count, { seed, wholeCorpusFiles });
  const inPath = join(outDir, `${name}.in.bin`);
  const outPath = join(outDir, `${name}.deno.bin`);
  writeFileSync(inPath, writeInputBatch(name, records));
  const tGenerate = performance.now() - t0;

  const t1 = performance.now();
  const denoDone = runDeno(deno, inPath, outPath);

  // encoding-wasm with delegation off (everything in wasm) and, where this host's decoder is
  // trusted for the encoding, with delegation on.
  setNativeDelegation(false);
  const wasm = [];
  let shared = [];
  for (const r of records) wasm.push(...decodeRecord(TextDecoder, name, r, shared));
  setNativeDelegation(true);
  const delegated = nativeDelegation().includes(name);
  const native = [];
  if (delegated) {
    shared = [];
    for (const r of records) native.push(...decodeRecord(TextDecoder, name, r, shared));
  }
  setNativeDelegation(false);
  const tWasm = performance.now() - t1;

  const t2 = performance.now();
  const reference = [];
  const driverMismatch = new Set();
  let audited = 0;
  for (let i = 0; i < records.length; i++) {
    const audit = i % job.auditEvery === 0;
    const { expected, driverOk } = refDecodeRecord(name, records[i], audit);
    reference.push(...expected);
    if (audit) audited++;
    if (!driverOk) driverMismatch.add(i);
  }
  const tReference = performance.now() - t2;

  const t3 = performance.now();
  const { code, stderr } = await denoDone;
  const tDenoWait = performance.now() - t3;
  if (code !== 0) throw new Error(`deno exited with ${code} on ${inPath}:\n${stderr}`);
  const denoResults = readResultBatch(new Uint8Array(readFileSync(outPath)), decodeUnits);
  if (denoResults.length !== records.length * RESULTS_PER_INPUT)
    throw new Error(`deno wrote ${denoResults.length} results`);

  const summary = {
    inputs: records.length,
    bytes: records.reduce((n, r) => n + r.bytes.length, 0),
    agree: 0,
    explained: 0,
    unexplained: 0,
    byEntry: {},
    byClass: {},
    examples: [],
    delegated,
    audited,
  };
  const shownPerClass = {};
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    let explainedHere = null;
    const classes = new Set();
    if (driverMismatch.has(i)) classes.add('reference_driver.mjs differs from the reference (a bug in this test)');
    for (let m = 0; m < RESULTS_PER_INPUT; m++) {
      const k = i * RESULTS_PER_INPUT + m;
      const [w, x, d] = [wasm[k], reference[k], denoResults[k]];
      if (!same(w, x))
        classes.add(
          same(w, d) ? 'reference differs from encoding-wasm and Deno' : 'encoding-wasm differs from the reference',
        );
      if (delegated && !same(native[k], x)) classes.add('encoding-wasm (native delegation) differs from the reference');
      if (!same(d, x)) {
        if (!same(w, x)) continue; // already reported above; no allow-list without a spec-exact peer
        const entry = explain(name, r, MODES[m], x, d);
        if (entry) explainedHere = entry.id;
        else classes.add('Deno differs (not allow-listed)');
      }
    }
    if (classes.size > 0) {
      summary.unexplained++;
      for (const c of classes) summary.byClass[c] = (summary.byClass[c] ?? 0) + 1;
      // up to MAX_EXAMPLES examples of each kind of difference
      const wanted = [...classes].some((c) => (shownPerClass[c] = (shownPerClass[c] ?? 0) + 1) <= MAX_EXAMPLES);
      if (wanted) {
        const k = i * RESULTS_PER_INPUT;
        summary.examples.push({
          encoding: name,
          kind: r.kind,
          classes: [...classes],
          bytes: Buffer.from(r.bytes).toString('hex'),
          length: r.bytes.length,
          flags: r.flags,
          cuts: r.cuts,
          wasm: wasm.slice(k, k + 3),
          native: delegated ? native.slice(k, k + 3) : null,
          reference: reference.slice(k, k + 3),
          deno: denoResults.slice(k, k + 3),
        });
      }
    } else if (explainedHere) {
      summary.explained++;
      summary.byEntry[explainedHere] = (summary.byEntry[explainedHere] ?? 0) + 1;
    } else summary.agree++;
  }
  if (summary.unexplained === 0 && !keep) {
    rmSync(inPath, { force: true });
    rmSync(outPath, { force: true });
  }
  summary.ms = { generate: tGenerate, wasm: tWasm, reference: tReference, denoWait: tDenoWait };
  return summary;
}

// ---- encoders ---------------------------------------------------------------------------------

export function encoders(job) {
  const { name, encoderCount, seed } = job;
  const t0 = performance.now();
  const strings = generateEncoderStrings(name, encoderCount, { seed });
  const rn = refName(name);
  const summary = { inputs: strings.length, agree: 0, unexplained: 0, byClass: {}, examples: [] };
  const attempt = (f) => {
    try {
      return Buffer.from(f()).toString('hex');
    } catch (e) {
      return e instanceof TypeError ? TYPE_ERROR : { other: `${e?.name}: ${e?.message}` };
    }
  };
  const textEncoder = name === 'utf-8' ? new TextEncoder() : null;
  for (const s of strings) {
    const diffs = [];
    for (const mode of ['fatal', 'html']) {
      const w = attempt(() => encode(s, name, { errorMode: mode }));
      const x = attempt(() => ref.encode(rn, s, { mode }));
      if (!same(w, x)) diffs.push({ mode, wasm: w, reference: x });
    }
    if (textEncoder) {
      const w = attempt(() => textEncoder.encode(s));
      const x = attempt(() => ref.encode(rn, s, { mode: 'fatal' }));
      if (!same(w, x)) diffs.push({ mode: 'TextEncoder', wasm: w, reference: x });
    }
    if (diffs.length === 0) {
      summary.agree++;
      continue;
    }
    summary.unexplained++;
    for (const d of diffs) summary.byClass[`encode ${d.mode}`] = (summary.byClass[`encode ${d.mode}`] ?? 0) + 1;
    if (summary.examples.length < MAX_EXAMPLES) {
      summary.examples.push({
        encoding: name,
        input: [...s].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' '),
        diffs,
      });
    }
  }
  summary.ms = performance.now() - t0;
  return summary;
}

// Runs a job (the message run.mjs posts) and returns its report.
export async function runJob(job) {
  // Creating an exception captures a stack trace; the decoders throw hundreds of thousands of
  // TypeErrors here, none of which is ever printed.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const decoder = job.decoders ? await decoders(job) : null;
    const encoder = job.encoders ? encoders(job) : null;
    return { name: job.name, decoder, encoder };
  } catch (error) {
    Error.stackTraceLimit = stackTraceLimit;
    return { name: job.name, error: String(error?.stack ?? error) };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}
