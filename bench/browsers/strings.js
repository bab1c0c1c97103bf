// `npm run bench -- browsers strings`: which primitive turns decoded output in wasm memory into a
// string fastest in this engine (issue 15, item 2). The output is either UTF-16 code units, or,
// when every unit is below U+0100, the same text narrowed to Latin-1 bytes in wasm
// (ew_output_latin1, js/wasm/strings.js's one-byte path). For each kind of text and size, every
// primitive makes the string of the same memory; its result is compared with the text, so an
// inexact primitive (windows-1252 on bytes 0x80-0x9F, UTF-8 on bytes over 0x7F) shows as such.
// A third form, for any text: the output re-encoded as UTF-8 in wasm (ew_encode_into, the
// encoder's UTF-16 to UTF-8 path), made a string by the host's UTF-8 TextDecoder, which is exact
// since the output never holds a lone surrogate.
// A fourth, for mostly-ASCII text that is not all Latin-1 (English in windows-1252, with curly
// quotes): runs of units that windows-1252 decodes from their low byte, made by it, and the units
// between by fromCharCode, concatenated.
// Also measured: what the narrowing and the re-encoding cost in wasm, and how fast the engine then
// scans each primitive's string (a one-byte string may scan faster than a two-byte one).
// Each cell is timed in many short samples, one per round, and its fastest is kept: on a loaded
// machine that is the sample least disturbed by other processes (the narrowing, a difference of
// two times, keeps the median of its rounds instead).
// Configuration (from run.mjs): ?config={ rounds, minMs, sizes }.
import { core } from './node_modules/encoding-wasm/js/core.js';
import { config, engineName, median, nextTask, sample, sunk } from './measure.js';

const { rounds, minMs, sizes } = config;
const MAX = Math.max(...sizes);

// Text of each kind, from the corpus (UTF-8 files, decoded by the engine: exact for valid UTF-8).
const utf8 = async (file) => new TextDecoder().decode(await (await fetch(`./corpus/${file}`)).arrayBuffer());
const english = (await utf8('html.utf-8.txt')).replace(/[^\0-\x7f]/g, '');
const repeat = (s) => s.repeat(Math.ceil(MAX / s.length)).slice(0, MAX);
const ascii = repeat(english);
// French-like Latin-1: about one letter in 60 accented, all in U+00C0-U+00FF.
const latin1 = repeat(
  english.replace(/[aeiou]/g, (c, at) => (at % 23 ? c : { a: 'à', e: 'é', i: 'î', o: 'ô', u: 'ü' }[c])),
);
// The same with a C1 control (U+0085, NEL) every 1000 units: Latin-1, but not windows-1252.
const latin1C1 = latin1.replace(/.{999}/gs, (s) => `${s}\x85`).slice(0, MAX);
const TEXTS = {
  // The text of en.windows-1252.bin as it decodes: ASCII with a few curly quotes and dashes.
  'English (windows-1252)': repeat(await utf8('en.utf-8.txt')),
  ASCII: ascii,
  'Latin-1': latin1,
  'Latin-1 + C1': latin1C1,
  Cyrillic: repeat(await utf8('ru.utf-8.txt')),
  CJK: repeat(await utf8('ja-udhr.utf-8.txt')),
};

// The primitives read a wasm memory of their own: the text's UTF-16 units at 0, its Latin-1 bytes
// (when it has them) after them, then its UTF-8 form.
const memory = new WebAssembly.Memory({ initial: Math.ceil((MAX * 6) / 65536) });
const { buffer } = memory;
const U16 = new Uint16Array(buffer, 0, MAX);
const BYTES_AT = MAX * 2;
const BYTES = new Uint8Array(buffer, BYTES_AT, MAX);
const UTF8_AT = MAX * 3;
const UTF8 = new Uint8Array(buffer, UTF8_AT, MAX * 3);
const utf8Length = new Map(); // units -> bytes of the UTF-8 form of the loaded text's first units
// The loaded text as runs [start, end, bytes]: `bytes` when every unit is one windows-1252 decodes
// to itself from its low byte (below U+0080, or U+00A0-U+00FF), as wasm could list them.
let runs = [];
const selfByte = (u) => u < 0x80 || (u >= 0xa0 && u < 0x100);
const runsBelow = (n) => runs.filter(([start]) => start < n).length;

const utf16Decoder = new TextDecoder('utf-16le', { ignoreBOM: true });
const windows1252 = new TextDecoder('windows-1252');
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const { fromCharCode } = String;
function applyChunks(units, n, chunk) {
  let s = '';
  for (let i = 0; i < n; i += chunk) s += fromCharCode.apply(null, units.subarray(i, Math.min(n, i + chunk)));
  return s;
}

// name: [reads 'units' or 'bytes', (n) => the string of the first n of them, largest n or Infinity]
const PRIMITIVES = {
  'utf-16le TextDecoder (today)': ['units', (n) => utf16Decoder.decode(new Uint16Array(buffer, 0, n)), Infinity],
  'fromCharCode.apply, 1024 units': ['units', (n) => applyChunks(U16, n, 1024), Infinity],
  'fromCharCode.apply, 8192 units': ['units', (n) => applyChunks(U16, n, 8192), Infinity],
  'fromCharCode one by one': [
    'units',
    (n) => {
      let s = '';
      for (let i = 0; i < n; i++) s += fromCharCode(U16[i]);
      return s;
    },
    256,
  ],
  'windows-1252 TextDecoder on bytes': [
    'bytes',
    (n) => windows1252.decode(new Uint8Array(buffer, BYTES_AT, n)),
    Infinity,
  ],
  'utf-8 TextDecoder on bytes': ['bytes', (n) => utf8Decoder.decode(new Uint8Array(buffer, BYTES_AT, n)), Infinity],
  'fromCharCode.apply on bytes, 8192': ['bytes', (n) => applyChunks(BYTES, n, 8192), Infinity],
  'runs: windows-1252 on bytes, others fromCharCode': [
    'runs',
    (n) => {
      let s = '';
      for (const [start, end, bytes] of runs) {
        if (start >= n) break;
        const e = Math.min(end, n);
        if (bytes) s += windows1252.decode(new Uint8Array(buffer, BYTES_AT + start, e - start));
        else s += e - start === 1 ? fromCharCode(U16[start]) : fromCharCode.apply(null, U16.subarray(start, e));
      }
      return s;
    },
    Infinity,
  ],
  'utf-8 TextDecoder on the UTF-8 form': [
    'utf8',
    (n) => utf8Decoder.decode(new Uint8Array(buffer, UTF8_AT, utf8Length.get(n))),
    Infinity,
  ],
};

const isLatin1 = (text) => !/[^\0-\xff]/.test(text);
function load(text) {
  for (let i = 0; i < MAX; i++) U16[i] = text.charCodeAt(i);
  BYTES.set(U16); // the low byte of each unit: the Latin-1 text, or the runs' bytes
  runs = [];
  for (let i = 0; i < MAX;) {
    const bytes = selfByte(U16[i]);
    let end = i + 1;
    while (end < MAX && selfByte(U16[end]) === bytes) end++;
    runs.push([i, end, bytes]);
    i = end;
  }
  const encoder = new TextEncoder();
  encoder.encodeInto(text, UTF8);
  for (const n of sizes) utf8Length.set(n, encoder.encode(text.slice(0, n)).length);
}

// The work in wasm as the package would do it, on the units copied into the core's memory: the
// narrowing (ew_output_latin1, in place in the output buffer) and the re-encoding to UTF-8
// (ew_encode_into, from the input buffer, half of it at a time: the input holds 32 Ki units). Its
// cost is (copy + work) - (copy), both timed back to back in each round; the median of the rounds'
// differences is kept.
const NARROWING = 'narrowing in wasm (ew_output_latin1)';
const TO_UTF8 = 'UTF-16 to UTF-8 in wasm (ew_encode_into)';
function wasmCost(name, n) {
  const chunk = name === NARROWING ? n : Math.min(n, core.inputCapacity >> 1);
  const at = name === NARROWING ? core.outputPtr : core.inputPtr;
  const to = new Uint16Array(core.memory.buffer, at, chunk);
  const work =
    name === NARROWING
      ? () => core.wasm.ew_output_latin1(0, n)
      : () => core.wasm.ew_encode_into(chunk, core.outputBytes);
  const copy = () => {
    for (let i = 0; i < n; i += chunk) to.set(U16.subarray(i, i + chunk));
    return 0;
  };
  const both = () => {
    for (let i = 0; i < n; i += chunk) (to.set(U16.subarray(i, i + chunk)), work());
    return 0;
  };
  return sample(both, minMs) - sample(copy, minMs);
}
const cells = [];
for (const [kind, text] of Object.entries(TEXTS)) {
  load(text);
  for (const n of sizes) {
    const expected = text.slice(0, n);
    for (const [name, [reads, make, max]] of Object.entries(PRIMITIVES))
      // Runs only where they are long (32 units on average), as for mostly-ASCII text.
      if (n <= max && (reads !== 'bytes' || isLatin1(expected)) && (reads !== 'runs' || runsBelow(n) * 32 <= n))
        cells.push({ kind, n, name, exact: make(n) === expected, times: [], scans: [] });
    if (isLatin1(expected)) cells.push({ kind, n, name: NARROWING, exact: true, times: [] });
    cells.push({ kind, n, name: TO_UTF8, exact: true, times: [] });
  }
}

for (let round = 0; round < rounds; round++) {
  let loaded = null;
  for (const cell of cells) {
    if (loaded !== cell.kind) load(TEXTS[(loaded = cell.kind)]);
    if (cell.name === NARROWING || cell.name === TO_UTF8) cell.times.push(wasmCost(cell.name, cell.n));
    else {
      const make = PRIMITIVES[cell.name][1];
      if (round === 0) sample(() => make(cell.n).length, minMs); // warm-up
      cell.times.push(sample(() => make(cell.n).length, minMs));
      // A scan of the whole string (after a first one, which flattens a concatenation): one byte
      // per character may scan faster than two.
      const s = make(cell.n);
      s.indexOf('\x01');
      cell.scans.push(sample(() => s.indexOf('\x01'), minMs));
    }
    await nextTask();
  }
  pageReport.log(`${engineName()}: round ${round + 1}/${rounds}`);
}

// The load-time probe a one-byte path through windows-1252 needs: every byte outside 0x80-0x9F
// decodes to the code point of the same value.
function windows1252Probe() {
  const all = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  return all.length === 256 && [...all].every((c, i) => (i >= 0x80 && i < 0xa0) || c.charCodeAt(0) === i);
}

pageReport.done({
  userAgent: navigator.userAgent,
  windows1252Probe: windows1252Probe(),
  crossOriginIsolated: globalThis.crossOriginIsolated,
  sink: sunk(),
  cells: cells.map(({ times, scans, ...cell }) => ({
    ...cell,
    seconds: cell.name === NARROWING || cell.name === TO_UTF8 ? median(times) : Math.min(...times),
    scan: scans && Math.min(...scans),
  })),
});
