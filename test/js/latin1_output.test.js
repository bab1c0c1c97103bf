// Decoded output as one-byte strings (js/wasm/strings.js): output of 32 or more code units that are all
// below U+0100 is narrowed to Latin-1 bytes in wasm and made a string from them, by
// Buffer#latin1Slice where the host has it (Node, Bun) and otherwise by the host's windows-1252
// decoder (browsers, Deno, workerd). That decoder reads bytes 0x80-0x9F as other characters (0x80
// is U+20AC), so output with a C1 control (U+0080-U+009F) must take the UTF-16 path there. These
// run every kind of output through both: all Latin-1 without C1 controls, with one (first, in the
// middle, last), and with one character above U+00FF, from 31 code units (below the bound) to
// 70,000 (several calls into wasm), in one call and streamed. Expected strings come from the index
// files (single-byte encodings: the ISO-8859 indexes map 0x80-0x9F to the C1 controls, windows-1252
// five of them) and from the UTF definitions (helpers.js encodes the text).
import { describe, expect, it, vi } from 'vitest';
import * as api from 'encoding-wasm';
import {
  decodeChunks,
  prng,
  randomChunks,
  singleByteEncodings,
  singleByteTable,
  utf16Bytes,
  utf8Encode,
} from './helpers.js';

const SIZES = [31, 32, 33, 100, 4096, 70_000];
const isC1 = (cp) => cp >= 0x80 && cp < 0xa0;
const isLatin1 = (cp) => cp < 0x100 && !isC1(cp);

// String.fromCharCode over an array of any length.
function fromCodes(codes) {
  let s = '';
  for (let i = 0; i < codes.length; i += 8192) s += String.fromCharCode(...codes.slice(i, i + 8192));
  return s;
}

// The inputs of one encoding: [name, bytes, text] for every size and kind. `codeOf(byte)` is the
// spec's decoding of a byte; `latin1Bytes`, `c1Bytes` and `otherBytes` the bytes that decode to
// Latin-1 without C1, to a C1 control and to a character above U+00FF. Random ASCII letters and
// spaces with about one byte in eight from latin1Bytes.
function inputs(label, seed, codeOf, latin1Bytes, c1Bytes, otherBytes) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const letters = [0x20, ...Array.from({ length: 26 }, (_, i) => 0x61 + i)];
  const out = [];
  for (const n of SIZES) {
    const base = Array.from({ length: n }, () => (rand() < 0.125 ? pick(latin1Bytes) : pick(letters)));
    const add = (kind, bytes) => out.push([`${label}, ${n} bytes, ${kind}`, Uint8Array.from(bytes), bytes]);
    add('Latin-1', base);
    for (const [kind, list] of [
      ['C1 control', c1Bytes],
      ['character above U+00FF', otherBytes],
    ]) {
      if (list.length === 0) continue;
      for (const at of [0, n >> 1, n - 1]) {
        const bytes = base.slice();
        bytes[at] = pick(list);
        add(`${kind} at ${at}`, bytes);
      }
    }
  }
  return out.map(([name, bytes, units]) => [name, bytes, fromCodes(units.map(codeOf))]);
}

// Every single-byte encoding whose index has Latin-1 code points.
function singleByteCases() {
  const cases = [];
  singleByteEncodings().forEach(({ name, index }, k) => {
    const { decode } = singleByteTable(index);
    const codeOf = (b) => (b < 0x80 ? b : decode[b - 0x80]);
    const high = Array.from({ length: 128 }, (_, i) => 0x80 + i).filter((b) => codeOf(b) !== null);
    const latin1 = high.filter((b) => isLatin1(codeOf(b)));
    const c1 = high.filter((b) => isC1(codeOf(b)));
    const other = high.filter((b) => codeOf(b) > 0xff);
    cases.push(...inputs(name, 1000 + k, codeOf, latin1, c1, other).map((c) => [name, ...c]));
  });
  return cases;
}

// UTF-8, UTF-16LE and UTF-16BE (decoded in wasm when delegation is off): the same kinds of text,
// encoded by the UTF definitions.
function utfCases() {
  const codes = Array.from({ length: 0x100 }, (_, i) => i);
  const text = inputs(
    'text',
    7,
    (cp) => cp,
    codes.filter((cp) => cp >= 0xa0),
    codes.filter(isC1),
    [0x100, 0x20ac, 0x3042],
  );
  return text.flatMap(([name, , s]) => [
    ['utf-8', `utf-8, ${name}`, utf8Encode(s), s],
    ['utf-16le', `utf-16le, ${name}`, utf16Bytes(s), s],
    ['utf-16be', `utf-16be, ${name}`, utf16Bytes(s, true), s],
  ]);
}

const CASES = [...singleByteCases(), ...utfCases()];

// Decodes every case with `lib` (the package's exports) in one call and streamed in random chunks,
// with delegation to the host's decoders off (the UTF cases then run in wasm), and returns the
// names of the cases that came out wrong.
function wrongCases(lib) {
  const wasOn = lib.nativeDelegation().length > 0;
  lib.setNativeDelegation(false);
  const rand = prng(42);
  const wrong = [];
  try {
    for (const [label, name, bytes, text] of CASES) {
      if (new lib.TextDecoder(label).decode(bytes) !== text) wrong.push(`${name}: one call`);
      // Chunks up to 9,000 bytes: many over 32 output units, some below.
      const streamed = decodeChunks(new lib.TextDecoder(label), randomChunks(bytes, rand, 9000));
      if (streamed.text !== text) wrong.push(`${name}: streamed`);
    }
  } finally {
    lib.setNativeDelegation(wasOn);
  }
  return wrong;
}

describe('one-byte strings from decoded output', () => {
  it('the cases cover Latin-1 output with and without C1 controls in single-byte encodings', () => {
    const names = CASES.map(([, name]) => name);
    expect(names.filter((n) => /^ISO-8859-2, 70000 bytes, C1 control/.test(n))).toHaveLength(3);
    expect(names.filter((n) => /^windows-1252, 4096 bytes, C1 control/.test(n))).toHaveLength(3);
    // ibm866 and koi8-r have Latin-1 code points (U+00A0, U+00B0, ...) but no C1 control.
    expect(names.filter((n) => /^IBM866, .* C1 control/.test(n))).toHaveLength(0);
    expect(names.filter((n) => /^IBM866, 4096 bytes, Latin-1$/.test(n))).toHaveLength(1);
  });

  it('every case decodes as the index files and the UTF definitions say', () => {
    expect(wrongCases(api)).toEqual([]);
  });

  // In Node the package uses Buffer#latin1Slice: here a second copy of it is loaded with the global
  // Buffer hidden, so that it takes the path of hosts without Buffer (the host's windows-1252
  // decoder where it passes the load-time probe, as Node's does), and the calls of that decoder
  // are counted to show which output took it.
  const freshCopy = typeof globalThis.Buffer === 'function' && !globalThis.process?.versions?.bun;
  it.skipIf(!freshCopy)('without Buffer: the host windows-1252 decoder makes Latin-1 output without C1', async () => {
    const HostTextDecoder = globalThis.TextDecoder;
    const { decode } = HostTextDecoder.prototype;
    const { Buffer } = globalThis;
    let calls = 0;
    vi.resetModules();
    HostTextDecoder.prototype.decode = function (...args) {
      if (this.encoding === 'windows-1252') calls++;
      return Reflect.apply(decode, this, args);
    };
    delete globalThis.Buffer;
    let lib;
    try {
      lib = await import('encoding-wasm');
    } finally {
      globalThis.Buffer = Buffer;
      HostTextDecoder.prototype.decode = decode;
    }
    expect(lib.TextDecoder).not.toBe(api.TextDecoder);
    expect(wrongCases(lib)).toEqual([]);

    // Which calls went through the host's windows-1252 decoder (delegation is off: only the string
    // path calls it).
    lib.setNativeDelegation(false);
    const latin1 = Uint8Array.from({ length: 100 }, (_, i) => (i % 7 ? 0x61 : 0xe9));
    const count = (label, bytes) => {
      const before = calls;
      new lib.TextDecoder(label).decode(bytes);
      return calls - before;
    };
    expect(count('iso-8859-1', latin1)).toBe(1);
    expect(count('iso-8859-1', latin1.subarray(0, 31))).toBe(0); // below the bound
    expect(count('iso-8859-2', Uint8Array.of(...latin1, 0x85))).toBe(0); // U+0085
    expect(count('windows-1252', Uint8Array.of(...latin1, 0x80))).toBe(0); // U+20AC
    expect(count('utf-8', Uint8Array.of(...latin1.map(() => 0x61), 0xc2, 0x9f))).toBe(0); // U+009F
    expect(count('utf-8', Uint8Array.of(...latin1.map(() => 0x61), 0xc2, 0xa0))).toBe(1); // U+00A0
  });
});
