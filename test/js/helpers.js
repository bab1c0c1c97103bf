// Shared helpers for the JS API suites. Everything here computes expectations from the Encoding
// Standard's data files (cpp/whatwg/, read through tools/generator/whatwg_data.mjs) or from the spec's
// algorithms written out in the simplest way; nothing here calls the code under test.
import { readEncodings, readIndex, singleByteEncodings } from '../../tools/generator/whatwg_data.mjs';

export { readEncodings, readIndex, singleByteEncodings };

// Where the engine is V8 outside a browser (Node, Deno): its longest string is 2 ** 29 - 24 code
// units and a 4 GiB buffer costs only address space. The tests that need that are run there only:
// JavaScriptCore (Bun) allows strings of 2 ** 31 - 1, and a browser tab is no place for 512 MiB
// inputs and 4 GiB buffers.
export const V8_OUTSIDE_BROWSER =
  typeof globalThis.process?.versions?.v8 === 'string' &&
  !globalThis.process.versions.bun &&
  !('document' in globalThis);

// True when the suite runs with every decoder in wasm (test/run-all.sh's second pass).
export const NATIVE_OFF = globalThis.process?.env?.ENCODING_WASM_NATIVE === '0';

// The host's resident memory in bytes, for the checks that memory does not grow:
// process.memoryUsage() in Node, Deno and Bun; in the browser projects, the stand-in that
// test/hosts/browser/setup.js gives (Chromium's JS heap; in Firefox and WebKit the resident memory
// of the browser's processes, measured from Node, so it is asynchronous).
export const residentBytes = async () => (await globalThis.process.memoryUsage()).rss;

// Runs `load` (an async function) while watching WebAssembly.Instance, and gives what it returned
// with the modules instantiated meanwhile and each one's export names, in order.
export async function watchingInstances(load) {
  const modules = [];
  const exportsOf = [];
  const OriginalInstance = WebAssembly.Instance;
  WebAssembly.Instance = new Proxy(OriginalInstance, {
    construct(target, args, newTarget) {
      // (no push: an entry may keep this proxy as its Instance, and withHostileBuiltins replaces it)
      modules[modules.length] = args[0];
      exportsOf[exportsOf.length] = WebAssembly.Module.exports(args[0]).map((e) => e.name);
      return Reflect.construct(target, args, newTarget);
    },
  });
  try {
    return { loaded: await load(), modules, exportsOf };
  } finally {
    WebAssembly.Instance = OriginalInstance;
  }
}

// ---------------------------------------------------------------------------------------------
// Bytes

// 'EF BB BF' or 'efbbbf' -> Uint8Array.
export function hex(text) {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2) throw new Error(`odd hex string: ${text}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// Concatenates byte arrays, arrays of numbers, and ASCII-only strings.
export const bytes = (...parts) => concat(parts);

// The same for an array of parts (any number of them).
export function concat(parts) {
  const arrays = parts.map((p) => {
    if (typeof p === 'string') {
      const a = new Uint8Array(p.length);
      for (let i = 0; i < p.length; i++) {
        const c = p.charCodeAt(i);
        if (c > 0x7f) throw new Error('bytes(): strings must be ASCII');
        a[i] = c;
      }
      return a;
    }
    return p instanceof Uint8Array ? p : Uint8Array.from(p);
  });
  const total = arrays.reduce((n, a) => n + a.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

export const showBytes = (b) => Array.from(b, (x) => x.toString(16).toUpperCase().padStart(2, '0')).join(' ');

// True when two byte sequences (Uint8Array, any array-like of bytes) have the same length and
// the same bytes.
export function bytesEqual(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Null when `got` and `want` hold the same bytes, otherwise a message naming the first index where
// they differ (or the length difference) with a few bytes of context, for failure messages of long
// arrays where a full diff would be unreadable.
export function bytesDiff(got, want) {
  const n = Math.min(got.length, want.length);
  let i = 0;
  while (i < n && got[i] === want[i]) i++;
  if (i === n && got.length === want.length) return null;
  const around = (b) => showBytes(Array.prototype.slice.call(b, Math.max(0, i - 4), i + 8));
  return (
    `bytes differ at index ${i} (lengths ${got.length} and ${want.length}): ` +
    `got ...${around(got)}..., want ...${around(want)}...`
  );
}

// A string shown with every non-printable-ASCII code unit escaped (for failure messages).
export const showString = (s) =>
  s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

export const cpHex = (cp) => cp.toString(16).toUpperCase().padStart(4, '0');

// ---------------------------------------------------------------------------------------------
// Labels: https://encoding.spec.whatwg.org/#concept-encoding-get, written out from the spec.

const ASCII_WHITESPACE = ['\t', '\n', '\f', '\r', ' '];
export const asciiLowercase = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x20));

let labelMap = null;
// The encoding name the label gets (spec casing), or null for failure.
export function specGetEncoding(label) {
  if (labelMap === null) {
    labelMap = new Map();
    for (const { name, labels } of readEncodings()) for (const l of labels) labelMap.set(l, name);
  }
  let start = 0;
  let end = label.length;
  while (start < end && ASCII_WHITESPACE.includes(label[start])) start++;
  while (end > start && ASCII_WHITESPACE.includes(label[end - 1])) end--;
  return labelMap.get(asciiLowercase(label.slice(start, end))) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Single-byte tables from the index files.

// { decode: Array(128) of code point or null for bytes 0x80..0xFF, encode: Map code point -> byte
// (the first pointer, as "index pointer" says) }.
export function singleByteTable(indexName) {
  const index = readIndex(indexName);
  const decode = [];
  const encode = new Map();
  for (let pointer = 0; pointer < 128; pointer++) {
    const cp = index.has(pointer) ? index.get(pointer) : null;
    decode.push(cp);
    if (cp !== null && !encode.has(cp)) encode.set(cp, 0x80 + pointer);
  }
  return { decode, encode };
}

// x-user-defined as the same shape: 0x80..0xFF <-> U+F780..U+F7FF.
export function xUserDefinedTable() {
  const decode = [];
  const encode = new Map();
  for (let b = 0x80; b <= 0xff; b++) {
    decode.push(0xf780 + b - 0x80);
    encode.set(0xf780 + b - 0x80, b);
  }
  return { decode, encode };
}

// ---------------------------------------------------------------------------------------------
// Simple, obviously-correct encoders used to build expected values for large inputs.

// Calls fn(cp) for each scalar value of a JS string, each lone surrogate as U+FFFD (WebIDL's
// USVString conversion).
export function forEachScalar(string, fn) {
  for (let i = 0; i < string.length; i++) {
    const c = string.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < string.length) {
      const d = string.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        fn(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00));
        i++;
        continue;
      }
    }
    fn(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
  }
}

// A JS string -> its scalar values.
export function scalarValues(string) {
  const out = [];
  forEachScalar(string, (cp) => out.push(cp));
  return out;
}

// The string with every lone surrogate replaced by U+FFFD.
export function wellFormed(string) {
  return string.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

// https://encoding.spec.whatwg.org/#utf-8-encoder over a string's scalar values.
export function utf8Encode(string) {
  const out = new Uint8Array(string.length * 3);
  let n = 0;
  forEachScalar(string, (cp) => {
    if (cp < 0x80) out[n++] = cp;
    else if (cp < 0x800) {
      out[n++] = 0xc0 | (cp >> 6);
      out[n++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      out[n++] = 0xe0 | (cp >> 12);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    } else {
      out[n++] = 0xf0 | (cp >> 18);
      out[n++] = 0x80 | ((cp >> 12) & 0x3f);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    }
  });
  return out.slice(0, n);
}

// A string's UTF-16 code units as bytes (lone surrogates kept as they are).
export function utf16Bytes(string, bigEndian = false) {
  const out = new Uint8Array(string.length * 2);
  for (let i = 0; i < string.length; i++) {
    const c = string.charCodeAt(i);
    out[2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
    out[2 * i + (bigEndian ? 0 : 1)] = c >> 8;
  }
  return out;
}

// The ASCII bytes of "&#N;" (https://encoding.spec.whatwg.org/#concept-encoding-process, the
// "html" error mode).
export const htmlReference = (cp) => bytes(`&#${cp};`);

// Encodes `string` with a single-byte-style table ({ encode: Map cp -> byte }) in the "html" error
// mode, as https://encoding.spec.whatwg.org/#single-byte-encoder plus "process an item" say.
export function tableEncodeHtml(table, string) {
  let out = new Uint8Array(string.length + 16);
  let n = 0;
  const put = (b) => {
    if (n === out.length) {
      const bigger = new Uint8Array(out.length * 2);
      bigger.set(out);
      out = bigger;
    }
    out[n++] = b;
  };
  forEachScalar(string, (cp) => {
    if (cp < 0x80) put(cp);
    else if (table.encode.has(cp)) put(table.encode.get(cp));
    else for (const c of `&#${cp};`) put(c.charCodeAt(0));
  });
  return out.slice(0, n);
}

// ---------------------------------------------------------------------------------------------
// Decoding helpers

// "serialize I/O queue": for UTF-8 and UTF-16BE/LE, unless ignoreBOM, the first scalar value of a
// stream is dropped if it is U+FEFF. `raw` is the raw decoder's output for the whole stream.
export function serialize(raw, { ignoreBOM = false } = {}) {
  if (!ignoreBOM && raw.charCodeAt(0) === 0xfeff) return raw.slice(1);
  return raw;
}

// Feeds `chunks` to `decoder` with {stream: true}, then calls decode() to flush. Returns
// { text, error, before } where `before` is the output of the calls that returned before an error.
export function decodeChunks(decoder, chunks) {
  let text = '';
  try {
    for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    return { text, error: null };
  } catch (error) {
    return { text: null, error, before: text };
  }
}

// Splits `b` at the given sorted positions into subarrays.
export function splitAt(b, positions) {
  const out = [];
  let prev = 0;
  for (const p of positions) {
    out.push(b.subarray(prev, p));
    prev = p;
  }
  out.push(b.subarray(prev));
  return out;
}

// Splits `b` into chunks of random sizes in [1, maxSize].
export function randomChunks(b, rand, maxSize) {
  const out = [];
  for (let i = 0; i < b.length;) {
    const n = 1 + Math.floor(rand() * maxSize);
    out.push(b.subarray(i, i + n));
    i += n;
  }
  return out;
}

// Splits `b` into chunks of `size` bytes (the last one shorter).
export function fixedChunks(b, size) {
  const out = [];
  for (let i = 0; i < b.length; i += size) out.push(b.subarray(i, i + size));
  return out;
}

// A small deterministic PRNG (mulberry32), so failures reproduce.
export function prng(seed) {
  let a = seed >>> 0;
  return function rand() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Collects failures in a loop so that one expect() reports the first few with context.
export class Failures {
  constructor(limit = 10) {
    this.list = [];
    this.count = 0;
    this.limit = limit;
  }
  add(message) {
    this.count++;
    if (this.list.length < this.limit) this.list.push(message);
  }
  check(expect) {
    expect(this.count === 0 ? [] : [`${this.count} failures`, ...this.list]).toEqual([]);
  }
}

// Runs fn and returns the thrown value (or undefined).
export function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

// The reference implementation (test/reference/reference.mjs), checked to be working.
export async function loadReference() {
  const ref = await import('../reference/reference.mjs');
  // Smoke test: if it does not get the basics right it is not an oracle, and the tests must say so.
  if (ref.decode('UTF-8', Uint8Array.of(0xe2, 0x82, 0xac, 0xe2)) !== '\u20ac\ufffd') {
    throw new Error('the reference implementation (test/reference/) fails its smoke test');
  }
  return ref;
}

// An options dictionary whose members are getters: reading one pushes its name to `log` and gives
// its value from `values`. For checking which members the WebIDL conversion reads, and in what order
// (the getters are defined in the order of `values`, which need not be that order).
export function loggingOptions(log, values) {
  const options = {};
  for (const [name, value] of Object.entries(values)) {
    Object.defineProperty(options, name, {
      enumerable: true,
      get() {
        log.push(name);
        return value;
      },
    });
  }
  return options;
}

// Detaches an ArrayBuffer (ArrayBuffer.prototype.transfer where the host has it, otherwise a
// transferring structuredClone) and returns it.
export function detach(buffer) {
  if (typeof buffer.transfer === 'function') buffer.transfer();
  else structuredClone(buffer, { transfer: [buffer] });
  return buffer;
}

// A string of `length` items drawn from `alphabet` (an array of strings) with `rand` (prng()).
export function randomString(rand, alphabet, length) {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}

// Reads a TransformStream's output after writing `chunks`; resolves to the chunks read, or rejects
// with the stream's error.
export async function throughStream(stream, chunks) {
  const out = [];
  const reading = (async () => {
    for (const reader = stream.readable.getReader(); ;) {
      const { done, value } = await reader.read();
      if (done) return out;
      out.push(value);
    }
  })();
  const writer = stream.writable.getWriter();
  try {
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  } catch {
    // The reader reports the stream's error.
  }
  return reading;
}

// Runs fn() with built-ins that a page may replace (array methods and iteration, Object.hasOwn,
// WebAssembly.Module.customSections) replaced by functions that throw, as the first use of an
// encoding must not call them (test/js/builtins.test.js checks decoding itself); puts them back
// before returning { result: fn's result or what it threw, called: the replaced ones it called }.
export function withHostileBuiltins(fn) {
  const ArrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
  const hostile = [
    [Array.prototype, 'includes'],
    [Array.prototype, 'indexOf'],
    [Array.prototype, 'find'],
    [Array.prototype, 'push'],
    [Array.prototype, Symbol.iterator],
    [ArrayIteratorPrototype, 'next'],
    [Object, 'hasOwn'],
    [WebAssembly.Module, 'customSections'],
  ];
  const saved = hostile.map(([object, key]) => Object.getOwnPropertyDescriptor(object, key));
  const called = [];
  let result;
  // (index loops and no destructuring while patched: the patches apply from the first one on)
  try {
    for (let i = 0; i < hostile.length; i++) {
      const key = hostile[i][1];
      Object.defineProperty(hostile[i][0], key, {
        configurable: true,
        writable: true,
        value() {
          called[called.length] = String(key);
          throw new Error(`the page's ${String(key)} was called`);
        },
      });
    }
    result = fn();
  } catch (error) {
    result = error;
  } finally {
    for (let i = hostile.length - 1; i >= 0; i--) Object.defineProperty(hostile[i][0], hostile[i][1], saved[i]);
  }
  return { result, called };
}

// Node itself (not Bun or Deno, which set process.versions.node too): for the tests that start Node
// processes or use its module hooks.
export const isNode =
  typeof process === 'object' &&
  typeof process.versions?.node === 'string' &&
  !process.versions.bun &&
  typeof globalThis.Deno === 'undefined';
