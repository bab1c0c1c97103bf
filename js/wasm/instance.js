// One instantiated wasm module (the core, or a table family's module): making it, remaking it after
// a trap, calling into it (cpp/exports.cpp), and the typed-array views of its memory. Input goes in
// through a fixed buffer in chunks, so wasm memory stays bounded whatever the input size; a
// decoder's state lives in the JS object and passes through a scratch area on every call (docs/design.md
// section 5). The calls themselves: labels.js, run_decoder.js, run_encoder.js, encode_into.js.
import { FAMILIES } from '../generated/encodings.js';
import { FAMILY_HOST, PART_SECTION, SCRATCH_WORDS } from '../generated/abi.js';
import { lengthOf, memoryBufferOf, setBytes, Uint16Array, Uint32Array, Uint8Array } from './intrinsics.js';
import * as WASM_MESSAGES from './messages.js';

// The class of error to report `error` as, keeping the engine's own kind where it says something.
const kindOf = (error) =>
  error instanceof RangeError
    ? RangeError
    : error instanceof WebAssembly.RuntimeError
      ? WebAssembly.RuntimeError
      : error instanceof WebAssembly.LinkError
        ? WebAssembly.LinkError
        : Error;

const { Instance } = WebAssembly;
const { customSections } = WebAssembly.Module;

// FAMILIES.indexOf(family), without the page's Array.prototype.indexOf (a family's tables are
// expanded on an encoding's first use, after a trap too, when a page may have replaced it).
function familyId(family) {
  let id = 0;
  while (id < FAMILIES.length && FAMILIES[id] !== family) id++;
  return id;
}

// Expands family `family`'s tables in the instance exports `wasm`, after checking that its module
// holds them (a module of another family would expand its own tables for this family's encodings).
// `blob`: a part's tables (addPart below), which go in through the input buffer; null where
// the module embeds them.
export function expandFamily(wasm, family, blob = null) {
  const mask = wasm.ew_families?.();
  const id = familyId(family);
  // A module that does not hold `family` holds one other family (the combined module holds them
  // all), which its lowest bit names (its parts, whose blobs it takes, come after it in FAMILIES);
  // no bit at all: not a table module.
  if (!((mask >>> id) & 1)) throw new Error(WASM_MESSAGES.wrongFamily(family, FAMILIES[31 - Math.clz32(mask & -mask)]));
  // (a part's blob larger than the input buffer it goes through is not this build's either)
  if (blob && lengthOf(blob) > wasm.ew_input_capacity()) throw new Error(WASM_MESSAGES.familyLoadFailed(family));
  let loaded;
  try {
    if (blob) setBytes(new Uint8Array(memoryBufferOf(wasm.memory), wasm.ew_input(), wasm.ew_input_capacity()), blob);
    loaded = wasm.ew_family_init(id, blob ? lengthOf(blob) : 0);
  } catch (error) {
    throw new (kindOf(error))(WASM_MESSAGES.familyInstantiate(family, error), { cause: error });
  }
  if (!loaded) {
    if (wasm.ew_tables_out_of_memory?.()) throw new RangeError(WASM_MESSAGES.familyOutOfMemory(family));
    // A part with no blob from its own module, in a module that does not embed it: its host's own
    // module (registerFamily of the part given the host's module, which it then shares).
    if (!blob && FAMILY_HOST[id] !== id) throw new Error(WASM_MESSAGES.wrongFamily(family, FAMILIES[FAMILY_HOST[id]]));
    throw new Error(WASM_MESSAGES.familyLoadFailed(family));
  }
}

export class WasmInstance {
  // `family`: the name of the table family whose module this is (its tables are expanded when it is
  // instantiated), or null for the core. A module that holds several families (tables/all.wasm
  // under dist/) serves more of them through addFamily() below.
  constructor(module, family = null) {
    this.module = module;
    this.family = family;
    // The families whose tables this instance expands, on every instantiation.
    this.families = family ? [family] : [];
    this.broken = false;
    this.inWasm = false;
    this.instantiate();
  }

  // A new instance of the module: on construction, and on the first call after one that failed in
  // wasm. A trap can stop a function anywhere (with the stack pointer lowered, a lookup half-built),
  // so after one the instance is discarded whole; decoders and encoders keep their state in JS and
  // carry on with the new one. Throws (and stays broken) if the new instance cannot be made.
  instantiate() {
    const { family } = this;
    let wasm;
    try {
      wasm = new Instance(this.module, {}).exports;
      wasm._initialize();
    } catch (error) {
      // (A TypeError here: what registerFamily() was given is not a WebAssembly.Module, or not one
      // of ours; the argument's error, as WebIDL would make it.)
      const Kind = error instanceof TypeError ? TypeError : kindOf(error);
      throw new Kind(
        family === null ? WASM_MESSAGES.coreInstantiate(error) : WASM_MESSAGES.familyInstantiate(family, error),
        {
          cause: error,
        },
      );
    }
    // (this.blobs: the blobs of the parts among them, by name: addFamily)
    // (an index loop: no array iteration, which a page may have replaced)
    const { families } = this;
    for (let i = 0; i < families.length; i++) expandFamily(wasm, families[i], this.blobs?.[families[i]]);
    this.wasm = wasm;
    this.memory = wasm.memory;
    this.inputPtr = wasm.ew_input();
    this.inputCapacity = wasm.ew_input_capacity();
    this.outputPtr = wasm.ew_output();
    this.outputBytes = wasm.ew_output_capacity() * 2;
    this.scratchPtr = wasm.ew_scratch();
    // (the decoders' core, dist/encoding-lite.wasm, has no ew_output_latin1: js/wasm/strings.js)
    this.latin1 = wasm.ew_output_latin1 !== undefined;
    this.u8 = undefined;
    this.views();
    this.broken = false;
  }

  // What every entry point calls first: a fresh instance if the last call failed in wasm, else
  // up-to-date views of memory.
  enter() {
    if (this.broken) this.instantiate();
    else this.views();
  }

  // Runs `work(this, a, b, c)`: the whole of one call into this instance (labels.js,
  // run_decoder.js, run_encoder.js, encode_into.js, which call its exports only with this.inWasm
  // set), and returns its result. An exception out of an export (no imports, so no JS ran inside)
  // is a trap or the engine giving up (stack overflow): this instance is marked for replacement,
  // and the error thrown names the module and what failed, `during` followed by `name` (an
  // encoding's name) if given. Anything else `work` throws goes out as it is. (One guard around
  // the call, and the exports called directly with exactly their arguments: V8 calls an export
  // given more through a slower path, and ew_decode given five made 64-byte decode calls 12%
  // slower on Node 20; a helper calling every export with five arguments, 0-7%.)
  run(work, during, name, a, b, c) {
    try {
      return work(this, a, b, c);
    } catch (error) {
      if (!this.inWasm) throw error;
      this.inWasm = false;
      this.broken = true;
      const what = name === undefined ? during : `${during} ${name}`;
      throw new (kindOf(error))(WASM_MESSAGES.trapped(this.family ?? 'core', what, error), { cause: error });
    }
  }

  // Typed-array views of memory, renewed after it grows (building a family's tables or an
  // encoder's lookup grows it; decoding never does). Growth detaches the old views, whose length
  // then reads 0, so that their first element reads undefined: a check far cheaper than comparing
  // memory.buffer, and one that runs no getter (a page may have replaced that of `length`).
  views() {
    if (this.u8 !== undefined && this.u8[0] !== undefined) return;
    const buffer = memoryBufferOf(this.memory);
    this.buffer = buffer;
    this.u8 = new Uint8Array(buffer);
    this.u16 = new Uint16Array(buffer);
    this.scratch = new Uint32Array(buffer, this.scratchPtr, SCRATCH_WORDS);
  }
}

// The instance in `families` (the registered ones by family number, null where none) made from
// `module`, or null: a module of several families (tables/all.wasm) has one instance for them all.
// (An index loop: this can run after a page replaced Array.prototype.find.)
export function instanceOfModule(families, module) {
  for (let f = 0; f < families.length; f++)
    if (families[f] !== null && families[f].module === module) return families[f];
  return null;
}

// Makes `instance` serve `family` too (its module holds several families, or `family` is a part of
// its family whose `blob` comes from the part's module): expands that family's tables, or throws as
// registering a new instance would and serves nothing more. (Not a method, so that a bundle without
// registerFamily or parts does not carry it.)
export function addFamily(instance, family, blob = null) {
  if (instance.broken) instance.instantiate();
  try {
    expandFamily(instance.wasm, family, blob);
  } catch (error) {
    // A trap while expanding (the error's cause) may have left the instance half-changed: the next
    // call makes a fresh one.
    if (error.cause !== undefined) instance.broken = true;
    throw error;
  }
  instance.families[instance.families.length] = family;
  // (expanded again after a trap)
  if (blob) (instance.blobs ??= { __proto__: null })[family] = blob;
}

// The family whose tables `module` holds, named as expandFamily names it (a module of several, the
// combined one, by its first), or null if it is not a table family module: for the message about a
// module given for a part that is not the part's. (Instantiated to ask it: only on that error.)
function heldBy(module) {
  let mask = 0;
  try {
    mask = new Instance(module, {}).exports.ew_families?.() | 0;
  } catch {
    // (not a module without imports: not one of ours)
  }
  return mask ? FAMILIES[31 - Math.clz32(mask & -mask)] : null;
}

// Makes `instance`, its host's, serve part `name` (js/generated/encodings.js FAMILY_HOST) from the
// part's module: expands the blob of its custom section there, from then on; returns `instance`.
// Throws, as a new instance would, for a module that is not the part's.
export function addPart(instance, name, module) {
  // (a TypeError for a value that is not a WebAssembly.Module)
  const blob = customSections(module, PART_SECTION)[0];
  if (blob === undefined) throw new Error(WASM_MESSAGES.wrongFamily(name, heldBy(module)));
  addFamily(instance, name, new Uint8Array(blob));
  return instance;
}
