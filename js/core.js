// The one wasm instance and the calls into it (cpp/exports.cpp). Input goes in through a fixed
// buffer in chunks, so wasm memory stays bounded whatever the input size; a decoder's state lives
// in the JS object and passes through a scratch area on every call (DESIGN.md section 5).
import { coreModule, loadFamily, loadFamilySync } from '#host';
import { ENCODING_FAMILY, ENCODING_NAMES, FAMILIES } from './generated/encodings.js';
import { MESSAGES } from './messages.js';
import { stringFromUtf16 } from './strings.js';

// Decode and encode options and statuses (cpp/encoding.h).
const FATAL = 1;
const IGNORE_BOM = 2;
const FLUSH = 4;
const HTML = 1;
const STATUS_DONE = 0;
const STATUS_ERROR = 2;

export const REPLACEMENT = ENCODING_NAMES.indexOf('replacement');

const wasm = new WebAssembly.Instance(coreModule, {
  env: { emscripten_notify_memory_growth: () => refreshViews() },
}).exports;
wasm._initialize();

const memory = wasm.memory;
const inputPtr = wasm.ew_input();
const inputCapacity = wasm.ew_input_capacity();
const outputPtr = wasm.ew_output();
const scratchPtr = wasm.ew_scratch();
let u8, u16, scratch;

function refreshViews() {
  u8 = new Uint8Array(memory.buffer);
  u16 = new Uint16Array(memory.buffer);
  scratch = new Uint32Array(memory.buffer, scratchPtr, 8);
}
refreshViews();

// Table families may grow memory when they load; every entry point checks its views first.
function views() {
  if (u8.buffer !== memory.buffer) refreshViews();
}

// https://encoding.spec.whatwg.org/#concept-encoding-get: the core matches the label. Results for
// strings seen before come from a small cache, since pages create decoders by the thousand.
const labelCache = new Map();
const ASCII_WHITESPACE_AT_ENDS = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

export function encodingId(label) {
  let id = labelCache.get(label);
  if (id !== undefined) return id;
  // A label longer than the input buffer can only match if it is mostly ASCII whitespace.
  const key = label.length > inputCapacity / 2 ? label.replace(ASCII_WHITESPACE_AT_ENDS, '') : label;
  if (key.length > inputCapacity / 2) return -1;
  views();
  const base = inputPtr >> 1;
  for (let i = 0; i < key.length; i++) u16[base + i] = key.charCodeAt(i);
  id = wasm.ew_get_encoding(key.length);
  if (labelCache.size < 256) labelCache.set(label, id);
  return id;
}

export const encodingName = (id) => ENCODING_NAMES[id];

// Makes sure the tables `id` needs are loaded: synchronously where the host can read files,
// otherwise they must have been registered or preloaded.
export function requireTables(id) {
  const family = ENCODING_FAMILY[id];
  if (family < 0 || wasm.ew_family_loaded(family)) return;
  if (!loadFamilySync) throw new Error(MESSAGES.familyMissing(ENCODING_NAMES[id], FAMILIES[family]));
  registerFamily(FAMILIES[family], loadFamilySync(FAMILIES[family]));
}

// Copies a family's tables into the core from its compiled data module (cpp/tools/family_tables.mjs).
export function registerFamily(name, module) {
  const family = FAMILIES.indexOf(name);
  if (family < 0 || wasm.ew_family_loaded(family)) return;
  const base = wasm.ew_family_blob(family);
  new WebAssembly.Instance(module, { env: { memory, base } });
  if (!wasm.ew_family_load(family)) throw new Error(MESSAGES.familyLoadFailed(name));
  views();
}

// https://encoding.spec.whatwg.org/ (a non-standard helper): loads the tables for the given labels.
export async function preload(...labels) {
  const families = new Set();
  for (const label of labels) {
    const id = encodingId(`${label}`);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    if (ENCODING_FAMILY[id] >= 0) families.add(FAMILIES[ENCODING_FAMILY[id]]);
  }
  if (labels.length === 0) for (const name of FAMILIES) families.add(name);
  for (const name of families) {
    if (!wasm.ew_family_loaded(FAMILIES.indexOf(name))) registerFamily(name, await loadFamily(name));
  }
}

// A decoder's streaming state: the eight bytes of DecoderState as two numbers, owned by the caller.
export function newDecoderState() {
  return { s0: 0, s1: 0 };
}

// Runs the core decoder over `bytes` (a Uint8Array), continuing from `state`; with `flush`, the
// input ends here. Returns the string; on a fatal error resets `state` and throws a TypeError.
export function decode(id, fatal, ignoreBOM, state, bytes, flush) {
  views();
  const options = (fatal ? FATAL : 0) | (ignoreBOM ? IGNORE_BOM : 0);
  const total = bytes.length;
  let text = '';
  let pos = 0;
  do {
    const length = Math.min(total - pos, inputCapacity);
    u8.set(length === total ? bytes : bytes.subarray(pos, pos + length), inputPtr);
    pos += length;
    const callOptions = options | (flush && pos === total ? FLUSH : 0);
    let offset = 0;
    for (;;) {
      scratch[0] = state.s0;
      scratch[1] = state.s1;
      const status = wasm.ew_decode(id, callOptions, offset, length - offset);
      state.s0 = scratch[0];
      state.s1 = scratch[1];
      const begin = scratch[3];
      const end = scratch[4];
      if (end > begin) text += stringFromUtf16(memory, u16, (outputPtr >> 1) + begin, (outputPtr >> 1) + end);
      if (status === STATUS_ERROR) throw new TypeError(MESSAGES.fatalDecode(ENCODING_NAMES[id]));
      offset += scratch[2];
      if (status === STATUS_DONE) break;
    }
  } while (pos < total);
  return text;
}

// Where a JS string's scalar values reach wasm fastest: the host's UTF-8 encodeInto writes them
// straight into wasm memory (DESIGN.md section 6); without one, the code units are copied.
const hostEncoder = typeof globalThis.TextEncoder === 'function' ? new globalThis.TextEncoder() : null;

// Writes up to a chunk of `text` from `start` into the input buffer. Returns [units read, length
// in the buffer, whether the buffer holds UTF-16]. Never splits a surrogate pair.
function stageText(text, start) {
  if (hostEncoder) {
    let end = Math.min(text.length, start + inputCapacity);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
    const { read, written } = hostEncoder.encodeInto(
      start === 0 && end === text.length ? text : text.slice(start, end),
      u8.subarray(inputPtr, inputPtr + inputCapacity),
    );
    return [read, written, false];
  }
  const n = copyUtf16(text, start);
  return [n, n, true];
}

// Copies a chunk of `text`'s code units from `start` into the input buffer, never ending it between
// the two halves of a surrogate pair. Returns how many.
function copyUtf16(text, start) {
  let n = Math.min(text.length - start, inputCapacity >> 1);
  if (n < text.length - start && (text.charCodeAt(start + n - 1) & 0xfc00) === 0xd800) n--;
  const base = inputPtr >> 1;
  for (let i = 0; i < n; i++) u16[base + i] = text.charCodeAt(start + i);
  return n;
}

// Encodes `text` with encoding `id`'s encoder in the "fatal" or "html" error mode. Returns a
// Uint8Array; throws a TypeError naming the first code point that cannot be encoded (fatal).
export function encode(id, text, html) {
  views();
  const chunks = [];
  let size = 0;
  let start = 0;
  const state = { word: 0 };
  do {
    views();
    const [read, length, isUtf16] = stageText(text, start);
    start += read;
    const options = (html ? HTML : 0) | (start === text.length ? FLUSH : 0);
    let offset = 0;
    for (;;) {
      scratch[0] = state.word;
      const status = wasm.ew_encode(id, options, offset, length - offset, isUtf16 ? 1 : 0);
      state.word = scratch[0];
      if (status === STATUS_ERROR) throw new TypeError(MESSAGES.fatalEncode(ENCODING_NAMES[id], scratch[5]));
      chunks.push(u8.slice(outputPtr, outputPtr + scratch[4]));
      size += scratch[4];
      offset += scratch[2];
      if (status === STATUS_DONE) break;
    }
  } while (start < text.length);
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) out.set(chunk, at), (at += chunk.length);
  return out;
}

// TextEncoder.encodeInto's UTF-8 encoder for hosts without one: whole scalar values while they fit.
export function encodeInto(text, destination) {
  let read = 0;
  let written = 0;
  while (read < text.length) {
    views();
    const n = copyUtf16(text, read);
    wasm.ew_encode_into(n, destination.length - written);
    const r = scratch[2];
    const w = scratch[4];
    destination.set(u8.subarray(outputPtr, outputPtr + w), written);
    read += r;
    written += w;
    if (r < n) break;
  }
  return { read, written };
}
