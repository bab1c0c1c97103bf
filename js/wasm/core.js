// The modules behind the API: the core (labels, UTF-8, UTF-16, single-byte, x-user-defined,
// replacement) and one module per multi-byte table family, loaded on demand (docs/design.md section 4).
import {
  coreModule,
  loadCombined,
  loadCore,
  loadDecoderCore as loadDecoderCoreModule,
  loadFamily,
  loadFamilySync,
} from '#host/primitives.js';
import { ENCODING_FAMILY, FAMILIES } from '../generated/encodings.js';
import { DECODER_PART, FAMILY_HOST } from '../generated/abi.js';
import { addFamily, addPart, instanceOfModule, WasmInstance } from './instance.js';
import { encodingId, NAMES } from '../webidl/labels.js';
import * as MESSAGES from '../webidl/messages.js';
import * as WASM_MESSAGES from './messages.js';
import { notLoaded } from './refusal.js';
import { hostDecoderFor } from '../host/native.js';

export { encodingId };
export const REPLACEMENT = NAMES.indexOf('replacement');
export const UTF_8 = NAMES.indexOf('utf-8');
// The core's compiled module and its instance, made on first use. Node, Bun, Deno and workerd have
// the module at load; browsers and bundlers fetch it (js/host/browser/primitives.js loadCore) only
// for what needs it: at load where a TextDecoder would (js/host/browser/decoder_wasm.js) or where an
// entry point encodes (js/host/browser/core_at_load.js), else through preload().
let module = coreModule;
let core = null;
const families = FAMILIES.map(() => null);

// The core's WasmInstance; where its module is not loaded (a browser, whose host decodes every
// encoding a TextDecoder was asked for so far), an Error naming encoding `id` and preload().
export function coreInstance(id = UTF_8) {
  if (core !== null) return core;
  if (module === null) throw notLoaded(NAMES[id], MESSAGES.coreMissing(NAMES[id]));
  return (core = new WasmInstance(module));
}

// Fetches the core where it is not at hand (js/host/browser/core_at_load.js awaits this at load).
export async function loadCoreModule() {
  module ??= await loadCore();
}

// Where the core is not at hand and only decoders need wasm (browsers whose host decoders are not
// all exact: js/host/browser/decoder_wasm.js), the decoders' core instead: dist/encoding-lite.wasm,
// decode-only and scalar (4.0 KB gzipped against 12.9; docs/design.md section 13). Decoders run in
// the full core whenever that is loaded.
let decoderModule = null;
let decoderCore = null;

export async function loadDecoderCore() {
  if (module === null) decoderModule ??= await loadDecoderCoreModule();
}

const decoderCoreInstance = (id) =>
  module !== null || decoderModule === null ? coreInstance(id) : (decoderCore ??= new WasmInstance(decoderModule));

export const encodingName = (id) => NAMES[id];

// The module that implements encoding `id`, loading its family synchronously where the host can
// read files; elsewhere the family must have been imported or preloaded. `decoding`: for a decoder,
// which may need a part of its family too (DECODER_PART: EUC-JP's index jis0212). A family that
// fails to load throws an error naming it, and is not registered: the next use tries again.
export function instanceFor(id, decoding = false) {
  const family = ENCODING_FAMILY[id];
  if (family < 0) return decoding ? decoderCoreInstance(id) : coreInstance(id);
  const instance = (families[family] ??= new WasmInstance(loadSync(family, id), FAMILIES[family]));
  const part = DECODER_PART[id];
  // (only a part can be missing here; loadSync throws where the host cannot load it synchronously)
  if (decoding && !families[part]) families[part] = addPart(instance, FAMILIES[part], loadSync(part, id));
  return instance;
}

// Family `family`'s module, read where the host can (for a decoder or encoder of encoding `id`).
function loadSync(family, id) {
  const name = FAMILIES[family];
  if (!loadFamilySync) throw notLoaded(NAMES[id], MESSAGES.familyMissing(NAMES[id], name));
  try {
    return loadFamilySync(name);
  } catch (error) {
    throw new Error(WASM_MESSAGES.familyRead(name, error), { cause: error });
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
  if (host !== family && !families[host]) throw new Error(WASM_MESSAGES.partWithoutHost(name, FAMILIES[host]));
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
export function preload(...labels) {
  return preloadFor(labels, hostDecoderFor);
}

// preload() for `labels` (an array), where `hostDecoderFor(name)` is the host decoder that takes
// encoding `name`, or null (js/host/native.js). The iconv-lite drop-in, which decodes everything in
// wasm, passes one that is always null, so that its bundle does not carry the host's decoders.
export async function preloadFor(labels, hostDecoderFor) {
  const wanted = new Set();
  // The core, where it is not at hand: with no labels, or for an encoding without tables that the
  // host does not decode for us.
  let needCore = labels.length === 0;
  for (const label of labels) {
    const id = encodingId(`${label}`);
    if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
    // (the family, then its part that the decoder needs, if any, which the family's instance expands)
    if (ENCODING_FAMILY[id] >= 0) wanted.add(ENCODING_FAMILY[id]).add(DECODER_PART[id]);
    else if (hostDecoderFor(NAMES[id]) === null) needCore = true;
  }
  if (needCore) await loadCoreModule();
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
