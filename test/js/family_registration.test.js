// A table family module identifies its family: registerFamily refuses a module of another family
// (or the core) with an Error naming both, registers nothing, and the right module still registers
// afterwards. A module asked for an encoding it does not hold says so: its own Error, never the
// TypeError of malformed input. The modules are the real ones from dist/.
import { describe, expect, it } from 'vitest';
import { coreInstance, encodingId, familyLoaded, instanceFor, registerFamily } from '../../js/wasm/core.js';
import { RECORD_ERRORS, SCRATCH_ERRORS } from '../../js/generated/abi.js';
import { encode, TextDecoder } from '../../js/index.js';
import { addFamily, WasmInstance } from '../../js/wasm/instance.js';
import { runDecoder } from '../../js/wasm/run_decoder.js';
import { runEncoder } from '../../js/wasm/run_encoder.js';
import { familyModule } from './family_modules.js';
import { bytesEqual, hex, thrown } from './helpers.js';

// EUC-KR bytes of U+AC00 U+D55C (index EUC-KR pointers 9026 and 15226).
const KOREAN = { text: '\uac00\ud55c', bytes: hex('B0 A1 C7 D1') };
// The core's instance (made here if no decoder has needed it yet).
const core = coreInstance();
const wrongFamily = (family, held) =>
  `The module given for the ${family} tables is the ${held} tables' module: ` +
  `pass the module of 'encoding-wasm/tables/${family}.wasm'.`;

describe('registerFamily with the module of another family', () => {
  it('refuses it with an Error naming both families, and the right module registers afterwards', async () => {
    const japanese = await familyModule('japanese');
    const korean = await familyModule('korean');
    // The check is made when the module is instantiated for a family, before its tables load.
    const error = thrown(() => new WasmInstance(japanese, 'korean'));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(wrongFamily('korean', 'japanese'));
    if (!familyLoaded('korean')) {
      // Node, Deno, Bun: nothing in this file has used korean yet. The public path: the same error,
      // nothing registered, then the right module registers and EUC-KR works.
      expect(() => registerFamily('korean', japanese)).toThrow(error.message);
      expect(familyLoaded('korean')).toBe(false);
      registerFamily('korean', korean);
    }
    expect(familyLoaded('korean')).toBe(true);
    expect(new TextDecoder('euc-kr').decode(KOREAN.bytes)).toBe(KOREAN.text);
    expect(bytesEqual(encode(KOREAN.text, 'euc-kr'), KOREAN.bytes)).toBe(true);
  });

  it('refuses the core module as a family module', async () => {
    const coreModule = core.module;
    const error = thrown(() => new WasmInstance(coreModule, 'japanese'));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(
      "The module given for the japanese tables is not a table family module: pass the module of 'encoding-wasm/tables/japanese.wasm'.",
    );
    expect(new TextDecoder('shift_jis').decode(hex('93 FA 96 7B'))).toBe('\u65e5\u672c');
  });

  it('refuses what is not a WebAssembly.Module with a TypeError naming the family', () => {
    for (const notModule of [{}, new Uint8Array(8), null]) {
      const error = thrown(() => new WasmInstance(notModule, 'korean'));
      expect(error.constructor).toBe(TypeError);
      expect(error.message).toMatch(
        /^The korean tables could not be loaded: their WebAssembly module failed to instantiate \(TypeError: .+\)\.$/,
      );
    }
    expect(() => registerFamily('no-such-family', {})).toThrow(RangeError);
    expect(new TextDecoder('shift_jis').decode(hex('93 FA 96 7B'))).toBe('\u65e5\u672c');
  });

  it('accepts each family its own module', async () => {
    for (const family of ['chinese-simplified', 'chinese-traditional', 'japanese', 'korean']) {
      const instance = new WasmInstance(await familyModule(family), family);
      expect(instance.family).toBe(family);
      // Its one-byte string path too, which the JS takes only where the module exports it (build.sh
      // keeps the exports the JS calls: tools/wasm_roots.mjs).
      expect(instance.latin1, family).toBe(true);
    }
  });
});

// One decode call of encoding `name` in `instance` from `state` ({s0, s1}), and one encode call.
const decodeIn = (instance, name, fatal, state, bytes) =>
  runDecoder(instance, { id: encodingId(name), name, fatal, ignoreBOM: false, state }, bytes, true);
const encodeIn = (instance, name, text) =>
  runEncoder(instance, { id: encodingId(name), name, html: false, state: 0 }, text, true);

describe('an encoding a module does not hold', () => {
  const unavailable = (module, name) =>
    `encoding-wasm: the ${module} WebAssembly module cannot handle ${name}: its codec is not in that module, ` +
    'or its tables are not loaded.';

  it('the core asked to decode or encode EUC-KR: an Error saying so, not a decoding error', () => {
    const state = { s0: 0x1234, s1: 0 };
    const decodeError = thrown(() => decodeIn(core, 'euc-kr', true, state, KOREAN.bytes));
    expect(decodeError.constructor).toBe(Error);
    expect(decodeError.message).toBe(unavailable('core', 'euc-kr'));
    expect(state).toEqual({ s0: 0x1234, s1: 0 });
    const encodeError = thrown(() => encodeIn(core, 'euc-kr', KOREAN.text));
    expect(encodeError.constructor).toBe(Error);
    expect(encodeError.message).toBe(unavailable('core', 'euc-kr'));
    // The core still works, and so does EUC-KR through its own module.
    expect(decodeIn(core, 'windows-1252', true, { s0: 0, s1: 0 }, hex('80'))).toBe('\u20ac');
    expect(new TextDecoder('euc-kr', { fatal: true }).decode(KOREAN.bytes)).toBe(KOREAN.text);
  });

  it('a family module asked for another family encoding or a core one', async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    const state = { s0: 0, s1: 0 };
    for (const name of ['euc-kr', 'windows-1252', 'utf-8']) {
      const error = thrown(() => decodeIn(japanese, name, false, state, hex('41')));
      expect(error.constructor, name).toBe(Error);
      expect(error.message).toBe(unavailable('japanese', name));
    }
    expect(decodeIn(japanese, 'shift_jis', true, state, hex('93 FA'))).toBe('\u65e5');
  });
});

// The error log (docs/design.md section 16): the family modules every entry loads are built with it,
// and record each error when asked to (and nothing otherwise).
describe('the error log in the family modules', () => {
  // The number of errors `instance` records decoding `bytes` as `name` with RECORD_ERRORS, and the text.
  function recorded(instance, name, bytes) {
    const raw = instance.wasm;
    let errors = 0;
    instance.wasm = {
      __proto__: raw,
      ew_decode(id, options, offset, length) {
        const status = raw.ew_decode(id, options | RECORD_ERRORS, offset, length);
        instance.views();
        errors += instance.scratch[SCRATCH_ERRORS];
        return status;
      },
    };
    return { text: decodeIn(instance, name, false, { s0: 0, s1: 0 }, bytes), errors };
  }

  it('records every error when asked to, in the modules every entry loads', async () => {
    // Shift_JIS: 0xA0 is an error (no lead byte, no ASCII or katakana), then U+65E5; EUC-KR: 0xFF is an error (two of them).
    const cases = [
      ['japanese', 'shift_jis', hex('A0 93 FA'), '\ufffd\u65e5', 1],
      ['korean', 'euc-kr', hex('FF B0 A1 FF'), '\ufffd\uac00\ufffd', 2],
    ];
    for (const [family, name, bytes, text, errors] of cases) {
      const module = await familyModule(family);
      expect(recorded(new WasmInstance(module, family), name, bytes)).toEqual({ text, errors });
      // (not asked: no records)
      const plain = new WasmInstance(module, family);
      expect(decodeIn(plain, name, false, { s0: 0, s1: 0 }, bytes)).toBe(text);
      expect(plain.scratch[SCRATCH_ERRORS]).toBe(0);
    }
  });
});

// The combined module (dist/tables/all.wasm, what 'encoding-wasm/tables/all' loads in browsers and
// workerd): one instance serves every family it holds, each family's tables expanded when it is added.
// Expected values: index Big5 pointer 5495 (A4 40) is U+4E00; index gb18030 pointer 12892 (C4 E3) is
// U+4F60; Shift_JIS 93 FA 96 7B and EUC-KR as above.
describe('the combined module', () => {
  const CASES = [
    ['chinese-simplified', 'gbk', hex('C4 E3'), '\u4f60'],
    ['chinese-traditional', 'big5', hex('A4 40'), '\u4e00'],
    ['japanese', 'shift_jis', hex('93 FA 96 7B'), '\u65e5\u672c'],
    ['korean', 'euc-kr', KOREAN.bytes, KOREAN.text],
  ];

  it('serves every family from one instance, each expanded when added', async () => {
    const all = await familyModule('all');
    const instance = new WasmInstance(all, 'korean');
    expect(instance.latin1).toBe(true);
    // Not yet added: the module holds the codec, but the family's tables are not loaded.
    const error = thrown(() => decodeIn(instance, 'big5', false, { s0: 0, s1: 0 }, hex('A4 40')));
    expect(error.message).toMatch(/cannot handle big5/);
    for (const [family] of CASES) if (family !== 'korean') addFamily(instance, family);
    expect(instance.families.sort()).toEqual(CASES.map(([family]) => family).sort());
    for (const [, name, bytes, text] of CASES) {
      expect(decodeIn(instance, name, true, { s0: 0, s1: 0 }, bytes), name).toBe(text);
      expect(bytesEqual(encodeIn(instance, name, text), bytes), name).toBe(true);
    }
  });

  it('a family module refuses another family with the same Error, and keeps serving its own', async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    const error = thrown(() => addFamily(japanese, 'korean'));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(wrongFamily('korean', 'japanese'));
    expect(japanese.families).toEqual(['japanese']);
    expect(decodeIn(japanese, 'shift_jis', true, { s0: 0, s1: 0 }, hex('93 FA'))).toBe('\u65e5');
  });

  it('recovers every family it serves after a trap', async () => {
    const instance = new WasmInstance(await familyModule('all'), 'japanese');
    addFamily(instance, 'chinese-traditional');
    // A trap marks the instance for replacement; the fresh one expands both families again.
    instance.broken = true;
    instance.enter();
    expect(decodeIn(instance, 'big5', true, { s0: 0, s1: 0 }, hex('A4 40'))).toBe('\u4e00');
    expect(decodeIn(instance, 'shift_jis', true, { s0: 0, s1: 0 }, hex('93 FA'))).toBe('\u65e5');
  });

  it('registerFamily gives the families registered with it one instance', async () => {
    const all = await familyModule('all');
    const fresh = CASES.filter(([family]) => !familyLoaded(family));
    for (const [family] of fresh) registerFamily(family, all);
    for (const [family, name, bytes, text] of CASES) {
      expect(familyLoaded(family)).toBe(true);
      expect(new TextDecoder(name).decode(bytes), name).toBe(text);
    }
    const instances = new Set(fresh.map(([, name]) => instanceFor(encodingId(name))));
    expect(instances.size).toBe(Math.min(fresh.length, 1));
  });

  it("'encoding-wasm/tables/all' registers it for every family where the host fetches its tables", async () => {
    const host = await import('#host/primitives.js');
    await import('../../js/tables/all.js');
    for (const [family, name, bytes, text] of CASES) {
      expect(familyLoaded(family)).toBe(true);
      expect(new TextDecoder(name).decode(bytes), name).toBe(text);
    }
    if (host.loadCombined) {
      // Browsers (the suites' set-up imports tables/all before any family): one instance, whose
      // module holds the four families and the japanese family's part (index jis0212).
      const instances = new Set(CASES.map(([, name]) => instanceFor(encodingId(name))));
      expect(instances.size).toBe(1);
      expect([...instances][0].wasm.ew_families()).toBe(0b11111);
    }
  });
});
