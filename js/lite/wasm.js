// encoding-wasm/lite's wasm side: its core (dist/encoding-lite.wasm: every encoding without tables,
// scalar) and the decode-only table families (dist/tables/<family>-decoder.wasm; a part of a family,
// such as the EUC-JP decoder's japanese-jis0212, expanded in its host family's instance as js/core.js
// does), each instantiated when loaded and again after a failure in wasm, and decoding a chunk in one of them through the
// buffers and scratch area of cpp/exports.cpp. tools/bundle_lite.mjs renames the .wasm paths of
// the hosts ("#lite-host": ./sync_host.js, ./browser_host.js) to those files. The core is at hand
// from load in Node, Bun, Deno and workerd; in browsers only where a host decoder is not exact, or
// after preload().
import { coreModule, loadCombined, loadCore, loadFamily, loadFamilySync } from '#lite-host';
import { BOM_SEEN, queueAfterError } from '../after_error.js';
import * as ABI from '../generated/abi.js';
import { DECODER_PART, ENCODING_FAMILY, FAMILIES, FAMILY_HOST, PART_SECTION } from '../generated/encodings.js';
import { utf16StringDecoder } from '../host_probes.js';
import {
  apply,
  bufferOf,
  fromCharCode,
  lengthOf,
  memoryBufferOf,
  offsetOf,
  setBytes,
  Uint16Array,
  Uint32Array,
  Uint8Array,
} from '../intrinsics.js';
import * as MESSAGES from '../messages.js';
import { delegated } from './host.js';
import { encodingId, NAMES } from '../labels.js';
import { notLoaded } from '../wasm_refusal.js';

const { Instance } = WebAssembly;
const HostTextDecoder = globalThis.TextDecoder;
const hostDecode = HostTextDecoder?.prototype.decode;
// Strings of our output: the host's UTF-16LE decoder where it is correct, else String.fromCharCode.
const utf16 = utf16StringDecoder(HostTextDecoder);
// Bytes per call into wasm: output of at most 65528 code units stays out of V8's slow large-object
// space (docs/design.md section 5).
const PIECE = 65528 - 16;

// A module: its families' ids (none for the core), the blobs of the parts it expands (by family id,
// in an object with no prototype: a page may have put elements on Array.prototype), and its
// instance's exports once made.
const moduleOf = (module, family) => ({
  module,
  families: family < 0 ? [] : [family],
  blobs: { __proto__: null },
  wasm: null,
});
let core = null;
const setCore = (module) => exportsOf((core = moduleOf(module, -1)));
if (coreModule !== null) setCore(coreModule);
const families = FAMILIES.map(() => null);

// Expands family number `family`'s tables in the instance exports `wasm` (a part's from `blob`, put
// in the input buffer; none where the module embeds them), or throws if its module does not hold
// them or they cannot be expanded.
function expand(wasm, family, blob) {
  const name = FAMILIES[family];
  if (!((wasm.ew_families?.() >>> family) & 1)) throw new Error(MESSAGES.wrongFamily(name, null));
  // (a part's blob larger than the input buffer it goes through is not this build's either)
  if (blob && lengthOf(blob) > wasm.ew_input_capacity()) throw new Error(MESSAGES.familyLoadFailed(name));
  if (blob) setBytes(new Uint8Array(memoryBufferOf(wasm.memory), wasm.ew_input(), wasm.ew_input_capacity()), blob);
  if (wasm.ew_family_init(family, blob ? lengthOf(blob) : 0)) return;
  // (a part with no blob, in a module that does not embed it: its host's own module, as js/instance.js says)
  const host = FAMILY_HOST[family];
  throw new Error(
    !blob && host !== family ? MESSAGES.wrongFamily(name, FAMILIES[host]) : MESSAGES.familyLoadFailed(name),
  );
}

// The exports of `m`'s instance, made (and its families' tables expanded) if there is none.
function exportsOf(m) {
  if (m.wasm === null) {
    const wasm = new Instance(m.module, {}).exports;
    wasm._initialize();
    const { families } = m;
    for (let i = 0; i < families.length; i++) expand(wasm, families[i], m.blobs[families[i]]);
    m.wasm = wasm;
  }
  return m.wasm;
}

// Registers family number `family` from compiled module `module`, sharing the instance of a module
// registered before (tables/all-decoder.wasm holds every family), or for a part, its host's
// (js/generated/encodings.js FAMILY_HOST), which expands the blob of the part module's custom
// section; throws, registering nothing, if the module does not hold it or a part's host is not
// registered.
function register(family, module) {
  const host = FAMILY_HOST[family];
  let m = null;
  for (let f = 0; f < families.length; f++) if (families[f]?.module === module) m = families[f];
  let blob;
  if (!m && host !== family) {
    m = families[host];
    if (m === null) throw new Error(MESSAGES.partWithoutHost(FAMILIES[family], FAMILIES[host]));
    // (a TypeError for a value that is not a WebAssembly.Module)
    blob = WebAssembly.Module.customSections(module, PART_SECTION)[0];
    if (!blob) throw new Error(MESSAGES.wrongFamily(FAMILIES[family], null));
    blob = new Uint8Array(blob);
  }
  if (m) {
    expand(exportsOf(m), family, blob);
    m.blobs[family] = blob;
    m.families[m.families.length] = family;
  } else {
    m = moduleOf(module, family);
    exportsOf(m);
  }
  families[family] = m;
}

// The module that decodes encoding `id`, loading its family, and then the part of it that its
// decoder needs (DECODER_PART: EUC-JP's index jis0212), on first use where the host can.
export function moduleFor(id) {
  const family = ENCODING_FAMILY[id];
  if (family < 0) {
    if (core === null) throw notLoaded(NAMES[id], MESSAGES.liteCoreMissing(NAMES[id]));
    return core;
  }
  loadSync(id, family);
  loadSync(id, DECODER_PART[id]);
  return families[family];
}

// Loads family number `family` for encoding `id` if it is not registered, where the host can.
// (No array methods or iteration here, in moduleFor, register or exportsOf: a page may have replaced
// them; test/js/builtins.test.js, lite.test.js.)
function loadSync(id, family) {
  if (families[family]) return;
  if (!loadFamilySync) throw notLoaded(NAMES[id], MESSAGES.familyMissing(NAMES[id], FAMILIES[family]));
  register(family, loadFamilySync(FAMILIES[family]));
}

// Non-standard: makes family `name` available from its compiled module (tables/<name>-decoder.wasm).
export function registerFamily(name, module) {
  const family = FAMILIES.indexOf(name);
  if (family < 0) throw new RangeError(`unknown table family ${name}`);
  if (families[family] === null) register(family, module);
}

// Non-standard: loads what the given labels need (everything with no labels) for hosts that cannot
// load it on first use (browsers, bundlers, workerd): their table families, and in browsers the lite
// core where an encoding is not handed to the host's decoder (./host.js).
export async function preload(...labels) {
  const wanted = [];
  let needCore = labels.length === 0;
  for (const label of labels) {
    const id = encodingId(`${label}`);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    // (the family, then the part of it that the decoder needs, if any)
    if (ENCODING_FAMILY[id] >= 0) wanted.push(ENCODING_FAMILY[id], DECODER_PART[id]);
    else if (!delegated(id)) needCore = true;
  }
  if (needCore && core === null) setCore(await loadCore());
  if (labels.length === 0) {
    if (loadCombined && families.every((f) => f === null)) {
      const module = await loadCombined();
      FAMILIES.forEach((name, family) => register(family, module));
      return;
    }
    FAMILIES.forEach((name, family) => wanted.push(family));
  }
  for (const family of wanted) if (families[family] === null) register(family, await loadFamily(FAMILIES[family]));
}

// The string of the `n` code units at byte `at` of `buffer` (wasm memory).
function utf16String(buffer, at, n) {
  if (utf16 !== null && n > 24) return apply(hostDecode, utf16, [new Uint8Array(buffer, at, 2 * n)]);
  const units = new Uint16Array(buffer, at, n);
  let s = '';
  for (let i = 0; i < n; i++) s += fromCharCode(units[i]);
  return s;
}

// Decodes `bytes` (a Uint8Array), with end-of-queue after them when `flush`, in module `m` for the
// decoder `d` ({ id, options, s0, s1 }: the encoding, FATAL | IGNORE_BOM, and its eight bytes of
// state, which this updates). Returns the output; a fatal error is a TypeError, after which, without
// `flush`, the decoder carries on (../after_error.js: d.queue is set to the I/O queue's bytes);
// output longer than a string can be a RangeError. A failure in wasm (a trap) goes out
// as it came, and the next call makes a new instance.
export function decodeInWasm(m, d, bytes, flush) {
  const total = lengthOf(bytes);
  const bomSeen = d.s1 & BOM_SEEN;
  let text = '';
  let pos = 0;
  do {
    const wasm = exportsOf(m);
    const buffer = memoryBufferOf(wasm.memory);
    const n = total - pos < PIECE ? total - pos : PIECE;
    setBytes(new Uint8Array(buffer), new Uint8Array(bufferOf(bytes), offsetOf(bytes) + pos, n), wasm.ew_input());
    pos += n;
    const options = d.options | (flush && pos === total ? ABI.FLUSH : 0);
    const scratch = new Uint32Array(buffer, wasm.ew_scratch(), 8);
    for (let offset = 0; ;) {
      scratch[ABI.SCRATCH_STATE0] = d.s0;
      scratch[ABI.SCRATCH_STATE1] = d.s1;
      let status;
      try {
        status = wasm.ew_decode(d.id, options, offset, n - offset);
      } catch (error) {
        m.wasm = null;
        throw error;
      }
      d.s0 = scratch[ABI.SCRATCH_STATE0];
      d.s1 = scratch[ABI.SCRATCH_STATE1];
      const begin = scratch[ABI.SCRATCH_BEGIN];
      const end = scratch[ABI.SCRATCH_WRITTEN];
      if (end > begin) {
        const piece = utf16String(buffer, wasm.ew_output() + 2 * begin, end - begin);
        try {
          text += piece;
        } catch (error) {
          throw new RangeError(MESSAGES.tooLong(), { cause: error });
        }
      }
      if (status === ABI.STATUS_ERROR) {
        if (!flush) {
          d.s1 = (d.s1 & ~BOM_SEEN) | bomSeen;
          d.queue = queueAfterError(scratch[ABI.SCRATCH_RESTORED], bytes, pos - n + offset + scratch[ABI.SCRATCH_READ]);
        }
        throw new TypeError(MESSAGES.fatalDecode(NAMES[d.id]));
      }
      if (status > ABI.STATUS_ERROR) throw new Error(MESSAGES.unavailable('lite', NAMES[d.id]));
      offset += scratch[ABI.SCRATCH_READ];
      if (status === ABI.STATUS_DONE) break;
    }
  } while (pos < total);
  return text;
}
