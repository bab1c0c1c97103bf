// A/B of encoding-wasm/detect against another checkout (an older commit, say): both detectors run
// over every evaluation sample of tools/detect/corpus.mjs and each of its prefixes, with several
// option sets, whole and streamed in uneven chunks with guesses between them, on random bytes, and
// on long CJK and UTF-8 inputs with junk bytes; every result (encoding, confidence, errors, the
// alternatives in order) is compared exactly, and the time per MB of the whole samples of each
// set is printed, interleaved in one process. For changes meant to keep the results: it prints how
// many results differ, and exits 1 if any does.
//
//   node bench/detect_ab.mjs DIR   (DIR: a checkout whose js/detect.js is the baseline)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evaluationSamples } from '../tools/detect/corpus.mjs';

if (!process.argv[2]) throw new Error('usage: node bench/detect_ab.mjs DIR');
const A = await import(pathToFileURL(resolve(process.argv[2], 'js/detect.js')).href);
const B = await import('../js/detect.js');
const LENGTHS = [1, 2, 3, 5, 8, 16, 32, 64, 128, 256, 1024, Infinity];
const OPTIONS = [
  undefined,
  { candidates: ['euc-jp'] },
  { candidates: ['iso-2022-jp', 'windows-1252'] },
  { candidates: ['utf-8', 'big5', 'koi8-r'] },
  { hint: 'ja' },
  { allowUTF8: false },
  { candidates: ['windows-1252', 'iso-8859-2', 'windows-1250', 'shift_jis', 'euc-jp'] },
  { hint: 'ru' },
];
const show = (result) => JSON.stringify(result);
let compared = 0;
let differ = 0;
function same(what, a, b) {
  compared++;
  if (a === b) return;
  if (differ++ < 10) console.log(`differs: ${what}\n  baseline ${a}\n  this     ${b}`);
}
const sets = {};
for (const set of ['udhr', 'cldr']) {
  const samples = (sets[set] = await evaluationSamples(set));
  for (const { encoding, bytes } of samples)
    for (const length of LENGTHS) {
      if (length !== Infinity && bytes.length <= length) continue;
      const prefix = bytes.subarray(0, Math.min(length, bytes.length));
      for (const options of OPTIONS)
        same(
          `${set} ${encoding} ${length} ${show(options)}`,
          show(A.detect(prefix, options)),
          show(B.detect(prefix, options)),
        );
      if (length !== Infinity && length !== 256) continue;
      const a = new A.EncodingDetector();
      const b = new B.EncodingDetector();
      for (let at = 0, k = 1; at < prefix.length; at += k, k = ((k * 7 + 3) % 61) + 1) {
        a.feed(prefix.subarray(at, at + k));
        b.feed(prefix.subarray(at, at + k));
        if (k % 5 === 0) same(`${set} ${encoding} streamed, guess at ${at}`, show(a.guess()), show(b.guess()));
      }
      same(`${set} ${encoding} streamed`, show(a.finish()), show(b.finish()));
    }
}
// Random bytes of random lengths, more or fewer of them >= 0x80.
let seed = 12345;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
for (let n = 0; n < 3000; n++) {
  const bytes = new Uint8Array(Math.floor(random() ** 3 * 3000));
  const high = random();
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = random() < high ? 128 + Math.floor(random() * 128) : Math.floor(random() * 128);
  for (const options of OPTIONS)
    same(`random ${bytes.length} bytes`, show(A.detect(bytes, options)), show(B.detect(bytes, options)));
}
// Long inputs (a sample 8 times) with 1-9 junk bytes, around the errors a long input may have.
for (const { encoding, bytes } of sets.udhr
  .filter((s) => ['shift_jis', 'euc-jp', 'big5', 'gbk', 'euc-kr', 'utf-8'].includes(s.encoding))
  .slice(0, 300)) {
  const long = new Uint8Array(bytes.length * 8);
  for (let i = 0; i < 8; i++) long.set(bytes, i * bytes.length);
  for (const junk of [0xff, 0x80, 0xa0, 0xc0, 0xfd])
    for (const k of [1, 2, 3, 5, 9]) {
      const input = long.slice();
      for (let j = 0; j < k; j++) input[Math.floor(((j + 0.5) * input.length) / k)] = junk;
      for (const options of OPTIONS)
        same(`${encoding} x8 with ${k} x ${junk}`, show(A.detect(input, options)), show(B.detect(input, options)));
    }
}
console.log(`${compared} results compared, ${differ} differ`);
for (const [set, samples] of Object.entries(sets)) {
  const total = samples.reduce((n, s) => n + s.bytes.length, 0);
  const best = [Infinity, Infinity];
  for (let round = 0; round < 15; round++)
    [A, B].forEach((m, i) => {
      const start = performance.now();
      for (const s of samples) m.detect(s.bytes);
      best[i] = Math.min(best[i], performance.now() - start);
    });
  const perMB = (ms) => ((ms / total) * 2 ** 20).toFixed(1);
  console.log(`${set}: ${perMB(best[0])} ms/MB baseline, ${perMB(best[1])} ms/MB this (best of 15, interleaved)`);
}
process.exitCode = differ === 0 ? 0 : 1;
