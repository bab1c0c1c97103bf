// `npm run bench -- encode`: encodes the texts of the benchmark corpus into their legacy encodings
// with encoding-wasm's encode(), @exodus/bytes (createSinglebyteEncoder / createMultibyteEncoder)
// and iconv-lite (encode), interleaved in one process, and prints MB/s of output and the ratios;
// then the same through the streaming encoders, the text in chunks: encoding-wasm's Encoder
// ('encoding-wasm/encoder', { stream: true }), iconv-lite's getEncoder() (write, end), and
// @exodus/bytes, which has no streaming encoder, called on each chunk. A benchmark, not a test: it
// asserts nothing about speed.
//
//   node bench/encode.mjs [filter] [--calls=N] [--chunk=N] [--corpus shared|generated|DIR] [--write-docs]
//   (filter: substring of the file name; ENCODING_WASM_CORPUS=DIR does what --corpus DIR does)
//
// The input of each legacy file X.<encoding>.bin is the text it decodes to: X.utf-8.txt with the
// code points the encoding lacks written as &#N; (as the corpus was made), so every encoder runs
// in its "fatal" mode on text it can represent, and each result is checked against the file.
// --calls=N splits the text into N-unit calls (a fresh encode() each) instead of one call;
// --chunk=N is the streaming chunk size in code units (default 65536). --write-docs writes the
// tables "encode" and "encode-summary" into README.md and docs/*.md (bench/docs_tables.mjs), from a
// run of every file with the defaults. The corpus:
// bench/corpus/locate.mjs (../shared/corpus where it exists, else a generated one).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import iconv from 'iconv-lite';
import { Encoder } from '../js/encoder.js';
import { encode, TextDecoder } from '../js/index.js';
import { locateCorpus } from './corpus/locate.mjs';
import { writeDocs, writingDocs } from './docs_tables.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const filter = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--corpus') ?? '';
const calls = Number(args.find((a) => a.startsWith('--calls='))?.slice(8) ?? 0);
const chunkUnits = Number(args.find((a) => a.startsWith('--chunk='))?.slice(8) ?? 65536);
if (writingDocs() && (filter || calls || chunkUnits !== 65536))
  throw new Error(
    '--write-docs writes the tables of a run of every file with the defaults: no filter, --calls or --chunk',
  );

const { url: corpus, kind, manifest } = await locateCorpus(option('--corpus'), { log: console.log });
console.log(`corpus: ${fileURLToPath(corpus)} (${kind})`);
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

// The same three over a list of chunks, each a function from the chunks to the list of outputs:
// a streaming encoder where the library has one, else one call per chunk (@exodus/bytes).
function streamingEncoders(label) {
  const exodus = MULTI_BYTE.has(label) ? createMultibyteEncoder(label) : createSinglebyteEncoder(label);
  return {
    'encoding-wasm': (chunks) => {
      const encoder = new Encoder(label);
      const out = chunks.map((chunk) => encoder.encode(chunk, { stream: true }));
      out.push(encoder.encode());
      return out;
    },
    exodus: (chunks) => chunks.map(exodus),
    'iconv-lite':
      label === 'iso-2022-jp'
        ? null
        : (chunks) => {
            const encoder = iconv.getEncoder(label);
            const out = chunks.map((chunk) => encoder.write(chunk));
            out.push(encoder.end() ?? new Uint8Array(0));
            return out;
          },
  };
}

// `text` in pieces of `size` code units (one more where a piece would end between the halves of
// a surrogate pair, which @exodus/bytes's fatal encoders would reject).
function split(text, size) {
  const pieces = [];
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + size);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    pieces.push(text.slice(i, end));
    i = end;
  }
  return pieces;
}
const joined = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

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
  `node ${process.version}; MB/s of output, median of ${ROUNDS} interleaved rounds of CPU time; ` +
    `${calls ? `${calls}-unit calls` : 'one call per text'}, then streamed in ${chunkUnits}-unit chunks`,
);
console.log(
  'file'.padEnd(24),
  'encoding'.padEnd(13),
  cell('wasm'),
  cell('exodus'),
  cell('iconv-lite'),
  cell('wasm/exodus'),
  cell('wasm/iconv'),
  ' |',
  cell('stream wasm'),
  cell('exodus'),
  cell('iconv-lite'),
  cell('wasm/exodus'),
  cell('wasm/iconv'),
);
const ratios = { exodus: [], iconv: [], streamExodus: [], streamIconv: [] };
const docRows = []; // for --write-docs
for (const entry of manifest.files) {
  if (!legacy(entry) || !entry.file.includes(filter)) continue;
  const label = entry.encoding;
  const bytes = new Uint8Array(readFileSync(new URL(entry.file, corpus)));
  const text = new TextDecoder(label).decode(bytes);
  const pieces = split(text, calls || text.length);
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
  const chunks = split(text, chunkUnits);
  const streamFns = Object.entries(streamingEncoders(label)).map(([name, enc]) => {
    if (!enc) return null;
    // A streaming encoder's output is the file too (not @exodus/bytes's chunk by chunk output for
    // ISO-2022-JP, which returns to ASCII at the end of each chunk).
    if (!(name === 'exodus' && label === 'iso-2022-jp') && !same(joined(enc(chunks)), bytes)) {
      console.log(`  ${name} streaming: output differs from ${entry.file}`);
    }
    return () => enc(chunks).length;
  });
  const [ours, exodus, iconvTime] = measure(fns);
  const [streamOurs, streamExodus, streamIconv] = measure(streamFns);
  const mbs = (t) => (Number.isNaN(t) ? 'n/a' : (bytes.length / t / 1e6).toFixed(0));
  const ratio = (t, base, list) => {
    if (Number.isNaN(t)) return 'n/a';
    list.push(t / base);
    return `${(t / base).toFixed(2)}x`;
  };
  const oneCall = [mbs(ours), mbs(exodus), mbs(iconvTime), ratio(exodus, ours, ratios.exodus)];
  oneCall.push(ratio(iconvTime, ours, ratios.iconv));
  const streamed = [mbs(streamOurs), mbs(streamExodus), mbs(streamIconv)];
  streamed.push(
    ratio(streamExodus, streamOurs, ratios.streamExodus),
    ratio(streamIconv, streamOurs, ratios.streamIconv),
  );
  console.log(
    entry.file.padEnd(24),
    label.padEnd(13),
    ...oneCall.map((c) => cell(c)),
    ' |',
    ' |',
    ...streamed.map((c) => cell(c)),
  );
  docRows.push([entry.file, label, oneCall[0], oneCall[3], oneCall[4], streamed[0], streamed[3], streamed[4]]);
}
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const summary = (exodus, iconvRatios) =>
  `wasm/exodus ${geomean(exodus).toFixed(2)}x (lowest ${Math.min(...exodus).toFixed(2)}x), ` +
  `wasm/iconv ${geomean(iconvRatios).toFixed(2)}x (lowest ${Math.min(...iconvRatios).toFixed(2)}x)`;
console.log(`geometric mean, ${calls ? `${calls}-unit calls` : 'one call'}: ${summary(ratios.exodus, ratios.iconv)}`);
console.log(`geometric mean, streamed: ${summary(ratios.streamExodus, ratios.streamIconv)}`);

if (writingDocs()) {
  const timing = `median CPU time of ${ROUNDS} interleaved rounds; streamed in ${chunkUnits}-unit chunks; corpus ${kind}`;
  const details = `MB/s of output, and each peer's time over encoding-wasm's (higher is better); ${timing}`;
  const both = (list) => `${geomean(list).toFixed(2)}x (lowest ${Math.min(...list).toFixed(2)}x)`;
  writeDocs({
    'encode-summary': {
      command: 'encode',
      details: `each peer's time over encoding-wasm's (higher is better), geometric means over every legacy text, the lowest in parentheses; ${timing}`,
      header: ['encode()', 'against @exodus/bytes', 'against iconv-lite'],
      rows: [
        ['one call', both(ratios.exodus), both(ratios.iconv)],
        ['streamed', both(ratios.streamExodus), both(ratios.streamIconv)],
      ],
    },
    encode: {
      command: 'encode',
      details,
      header: [
        'text',
        'encoding',
        'one call MB/s',
        '/ @exodus/bytes',
        '/ iconv-lite',
        'streamed MB/s',
        '/ @exodus/bytes',
        '/ iconv-lite',
      ],
      rows: docRows,
      align: ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
    },
  });
}
