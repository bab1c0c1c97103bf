// `npm run bench -- browsers strings`: which primitive turns decoded output in wasm memory into a
// string fastest in this engine (issue 15, item 2). The output is either UTF-16 code units, or,
// when every unit is below U+0100, the same text narrowed to Latin-1 bytes in wasm
// (ew_output_latin1, js/strings.js's one-byte path). For each kind of text and size, every
// primitive makes the string of the same memory; its result is compared with the text, so an
// inexact primitive (windows-1252 on bytes 0x80-0x9F, UTF-8 on bytes over 0x7F) shows as such.
// Also measured: what the narrowing itself costs in wasm, and how fast the engine then scans each
// primitive's string (a one-byte string scans faster than a two-byte one).
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
  ASCII: ascii,
  'Latin-1': latin1,
  'Latin-1 + C1': latin1C1,
  Cyrillic: repeat(await utf8('ru.utf-8.txt')),
  CJK: repeat(await utf8('ja-udhr.utf-8.txt')),
};

// The primitives read a wasm memory of their own: the text's UTF-16 units at 0, its Latin-1 bytes
// (when it has them) after them.
const memory = new WebAssembly.Memory({ initial: Math.ceil((MAX * 3) / 65536) });
const { buffer } = memory;
const U16 = new Uint16Array(buffer, 0, MAX);
const BYTES_AT = MAX * 2;
const BYTES = new Uint8Array(buffer, BYTES_AT, MAX);

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
};

const isLatin1 = (text) => !/[^\0-\xff]/.test(text);
function load(text) {
  for (let i = 0; i < MAX; i++) U16[i] = text.charCodeAt(i);
  if (isLatin1(text)) BYTES.set(U16);
}

// The narrowing as the package does it: the units copied into the core's output buffer, then
// ew_output_latin1 in wasm. Its cost is (copy + narrow) - (copy).
const coreUnits = () => new Uint16Array(core.memory.buffer, core.outputPtr, MAX);
const narrowCost = (n) => {
  const out = coreUnits();
  const src = U16.subarray(0, n);
  const both = sample(() => (out.set(src), core.wasm.ew_output_latin1(0, n)), minMs);
  const copy = sample(() => (out.set(src), 0), minMs);
  return Math.max(0, both - copy);
};

const cells = [];
for (const [kind, text] of Object.entries(TEXTS)) {
  load(text);
  for (const n of sizes) {
    const expected = text.slice(0, n);
    const primitives = Object.entries(PRIMITIVES).filter(
      ([, [reads, , max]]) => n <= max && (reads === 'units' || isLatin1(expected)),
    );
    for (const [name, [, make]] of primitives) {
      const s = make(n);
      // A scan of the whole string: fast over one byte per character, slower over two.
      const scan = sample(() => s.indexOf('\x01'), minMs);
      cells.push({ kind, n, name, exact: s === expected, times: [], scan });
    }
    if (isLatin1(expected))
      cells.push({ kind, n, name: 'narrowing in wasm (ew_output_latin1)', exact: true, times: [] });
  }
}

for (let round = 0; round < rounds; round++) {
  let loaded = null;
  for (const cell of cells) {
    if (loaded !== cell.kind) load(TEXTS[(loaded = cell.kind)]);
    if (cell.name.startsWith('narrowing')) cell.times.push(narrowCost(cell.n));
    else {
      const make = PRIMITIVES[cell.name][1];
      if (round === 0) sample(() => make(cell.n).length, minMs); // warm-up
      cell.times.push(sample(() => make(cell.n).length, minMs));
    }
    await nextTask();
  }
  pageReport.log(`${engineName()}: round ${round + 1}/${rounds}`);
}

pageReport.done({
  userAgent: navigator.userAgent,
  crossOriginIsolated: globalThis.crossOriginIsolated,
  sink: sunk(),
  cells: cells.map(({ times, ...cell }) => ({ ...cell, seconds: median(times) })),
});
