// The modules behind the API: the core (labels, UTF-8, UTF-16, single-byte, x-user-defined,
// replacement) and one module per multi-byte table family, loaded on demand (docs/design.md section 4).
import { addPart as addPartSync, coreModule, loadCombined, loadFamily, loadFamilySync } from '#host';
import { DECODER_PART, ENCODING_FAMILY, ENCODING_NAMES, FAMILIES, FAMILY_HOST } from './generated/encodings.js';
import { addFamily, addPart, instanceOfModule, WasmInstance } from './instance.js';
import { charCodeOf, Map, mapGet, mapSet, sliceOf } from './intrinsics.js';
import { getEncoding } from './labels.js';
import * as MESSAGES from './messages.js';

export const REPLACEMENT = ENCODING_NAMES.indexOf('replacement');
export const UTF_8 = ENCODING_NAMES.indexOf('utf-8');
export const core = new WasmInstance(coreModule);
const families = FAMILIES.map(() => null);

// https://encoding.spec.whatwg.org/#concept-encoding-get. Results for strings seen before come from
// a small cache, since pages create decoders by the thousand.
const labelCache = new Map();
let cached = 0;

// https://infra.spec.whatwg.org/#strip-leading-and-trailing-ascii-whitespace, for labels too long
// to hand to the core whole (which strips the same way).
function stripAsciiWhitespace(label) {
  const white = (c) => c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
  let start = 0;
  let end = label.length;
  while (start < end && white(charCodeOf(label, start))) start++;
  while (end > start && white(charCodeOf(label, end - 1))) end--;
  return sliceOf(label, start, end);
}

export function encodingId(label) {
  let id = mapGet(labelCache, label);
  if (id !== undefined) return id;
  // A label longer than the input buffer can only match if it is mostly ASCII whitespace.
  id = getEncoding(core, label.length > 1024 ? stripAsciiWhitespace(label) : label);
  // Only label-sized strings are kept: a cached megabyte label would live as long as the page.
  if (cached < 256 && label.length <= 64) {
    mapSet(labelCache, label, id);
    cached++;
  }
  return id;
}

export const encodingName = (id) => ENCODING_NAMES[id];

// The module that implements encoding `id`, loading its family synchronously where the host can
// read files; elsewhere the family must have been imported or preloaded. `decoding`: for a decoder,
// which may need a part of its family too (DECODER_PART: EUC-JP's index jis0212). A family that
// fails to load throws an error naming it, and is not registered: the next use tries again.
export function instanceFor(id, decoding = false) {
  const family = ENCODING_FAMILY[id];
  if (family < 0) return core;
  const instance = (families[family] ??= new WasmInstance(loadSync(family, id), FAMILIES[family]));
  const part = DECODER_PART[id];
  // (only a part can be missing here; loadSync throws where the host has no addPart: it cannot load
  // synchronously)
  if (decoding && !families[part]) families[part] = addPartSync(instance, FAMILIES[part], loadSync(part, id));
  return instance;
}

// Family `family`'s module, read where the host can (for a decoder or encoder of encoding `id`).
function loadSync(family, id) {
  const name = FAMILIES[family];
  if (!loadFamilySync) throw new Error(MESSAGES.familyMissing(ENCODING_NAMES[id], name));
  try {
    return loadFamilySync(name);
  } catch (error) {
    throw new Error(MESSAGES.familyRead(name, error), { cause: error });
  }
}

// Whether family `name`'s module is registered (for tests).
export const familyLoaded = (name) => families[FAMILIES.indexOf(name)] != null;

// Non-standard: makes a family available from its compiled module (the static entry points
// 'encoding-wasm/tables/<family>' call this). The module is instantiated and its tables expanded
// here; if that fails (out of memory: a RangeError; a module of another build, or of another family,
// which its ew_families tells: an Error), this throws an error naming the family and registers
// nothing. A module that holds several families (tables/all.wasm under dist/) has one instance for
// all the families it is registered for.
export function registerFamily(name, module) {
  const family = FAMILIES.indexOf(name);
  if (family < 0) throw new RangeError(`unknown table family ${name}`);
  if (families[family]) return;
  const host = FAMILY_HOST[family];
  if (host !== family && !families[host]) throw new Error(MESSAGES.partWithoutHost(name, FAMILIES[host]));
  const shared = instanceOfModule(families, module);
  if (shared) {
    addFamily(shared, name);
    // Its messages (a trap, an encoding it cannot handle) name the combined module, tables/all.wasm.
    shared.family = 'tables/all';
  }
  families[family] =
    shared ?? (host === family ? new WasmInstance(module, name) : addPart(families[host], name, module));
}

// registerFamily for the static entry points 'encoding-wasm/tables/<family>', which pass the
// family's own module: no instance to share, so a page that imports one family does not carry that.
export function registerOwnModule(name, module) {
  const family = FAMILIES.indexOf(name);
  families[family] ??= new WasmInstance(module, name);
}

// Non-standard: loads the table families the given labels need (all of them with no labels),
// for hosts that cannot load them synchronously on first use.
export async function preload(...labels) {
  const wanted = new Set();
  for (const label of labels) {
    const id = encodingId(`${label}`);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    // (the family, then its part that the decoder needs, if any, which the family's instance expands)
    if (ENCODING_FAMILY[id] >= 0) wanted.add(ENCODING_FAMILY[id]).add(DECODER_PART[id]);
  }
  if (labels.length === 0) FAMILIES.forEach((_, f) => wanted.add(f));
  // Every family, none loaded yet, where the host fetches them (loadCombined: browsers and
  // bundlers; not workerd, whose upload would hold it beside the four): the combined module, which carries the drivers once instead of once per family
  // (docs/design.md section 3).
  if (loadCombined && wanted.size === FAMILIES.length && families.every((f) => f === null)) {
    const module = await loadCombined();
    for (const name of FAMILIES) registerFamily(name, module);
    return;
  }
  for (const family of wanted) {
    if (!families[family]) registerFamily(FAMILIES[family], await loadFamily(FAMILIES[family]));
  }
}
