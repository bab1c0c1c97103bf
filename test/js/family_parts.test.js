// A part of a table family (tools/generator/boundary.mjs FAMILIES `host`): index jis0212, which only the
// EUC-JP decoder reads (https://encoding.spec.whatwg.org/#euc-jp-decoder; the encoder does not), is
// a module of its own (dist/tables/japanese-jis0212.wasm), so that a Shift_JIS user does not fetch
// it. Its blob is expanded in the japanese family's instance. Expected values come from
// index-jis0212.txt and index-jis0208.txt (pointer = (lead - 0xA1) * 94 + trail - 0xA1).
import { describe, expect, it } from 'vitest';
import { encodingId, familyLoaded, instanceFor, preload, registerFamily } from '../../js/wasm/core.js';
import { ErrorReportingDecoder } from '../../js/errors.js';
import { encode, TextDecoder } from '../../js/index.js';
import { addFamily, addPart, WasmInstance } from '../../js/wasm/instance.js';
import { runDecoder } from '../../js/wasm/run_decoder.js';
import { runEncoder } from '../../js/wasm/run_encoder.js';
import { familyModule, partModuleWith } from './family_modules.js';
import { bytesEqual, hex, thrown } from './helpers.js';

// 0x8F 0xB0 0xA1: index jis0212 pointer 1410, U+4E02 (in no other index); 0xB0 0xA1: index jis0208
// pointer 1410, U+4E9C; Shift_JIS 0x93 0xFA and EUC-JP 0xC6 0xFC: index jis0208 pointer 3569, U+65E5.
const JIS0212 = { bytes: hex('8F B0 A1'), text: '\u4e02' };
const JIS0208 = { bytes: hex('B0 A1'), text: '\u4e9c' };
const SHIFT_JIS = { bytes: hex('93 FA'), text: '\u65e5' };
const EUC_JP_HI = { bytes: hex('C6 FC'), text: '\u65e5' };

// A fatal decoder's record and an encoder's (run_decoder.js, run_encoder.js) of encoding `name`.
const decoder = (name) => ({ id: encodingId(name), name, fatal: true, ignoreBOM: false, state: { s0: 0, s1: 0 } });
const encoder = (name) => ({ id: encodingId(name), name, html: false, state: 0 });
const decodeIn = (instance, name, bytes) => runDecoder(instance, decoder(name), bytes, true);
const encodeIn = (instance, name, text) => runEncoder(instance, encoder(name), text, true);
const unavailable = (name) =>
  `encoding-wasm: the japanese WebAssembly module cannot handle ${name}: its codec is not in that module, ` +
  'or its tables are not loaded.';

describe('the japanese module without its part, index jis0212', () => {
  it('decodes Shift_JIS and ISO-2022-JP and encodes EUC-JP, but does not decode EUC-JP', async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    expect(decodeIn(japanese, 'shift_jis', SHIFT_JIS.bytes)).toBe(SHIFT_JIS.text);
    expect(decodeIn(japanese, 'iso-2022-jp', hex('1B 24 42 46 7C 1B 28 42'))).toBe('\u65e5');
    expect(bytesEqual(encodeIn(japanese, 'euc-jp', EUC_JP_HI.text), EUC_JP_HI.bytes)).toBe(true);
    // Not a decoding error: the module says it cannot serve the EUC-JP decoder yet.
    const error = thrown(() => decodeIn(japanese, 'euc-jp', JIS0208.bytes));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(unavailable('euc-jp'));
  });

  it('with the part added decodes EUC-JP, index jis0212 included, and again after a trap', async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    expect(addPart(japanese, 'japanese-jis0212', await familyModule('japanese-jis0212'))).toBe(japanese);
    expect(japanese.families).toEqual(['japanese', 'japanese-jis0212']);
    expect(decodeIn(japanese, 'euc-jp', JIS0212.bytes)).toBe(JIS0212.text);
    expect(decodeIn(japanese, 'euc-jp', JIS0208.bytes)).toBe(JIS0208.text);
    // A trap marks the instance for replacement; the fresh one expands the family and its part again.
    // (with a page's Object.prototype.japanese, which the blobs kept by family name must not read)
    japanese.broken = true;
    Object.prototype.japanese = {};
    try {
      japanese.enter();
    } finally {
      delete Object.prototype.japanese;
    }
    expect(decodeIn(japanese, 'euc-jp', JIS0212.bytes)).toBe(JIS0212.text);
    expect(decodeIn(japanese, 'shift_jis', SHIFT_JIS.bytes)).toBe(SHIFT_JIS.text);
  });

  it('refuses a module that is not the part: an Error, a TypeError for a non-module; serves as before', async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    const error = thrown(() => addPart(japanese, 'japanese-jis0212', japanese.module));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(
      "The module given for the japanese-jis0212 tables is the japanese tables' module: pass the module of 'encoding-wasm/tables/japanese-jis0212.wasm'.",
    );
    // A module that is no table family's (no exports).
    const empty = new WebAssembly.Module(Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00));
    expect(thrown(() => addPart(japanese, 'japanese-jis0212', empty)).message).toBe(
      "The module given for the japanese-jis0212 tables is not a table family module: pass the module of 'encoding-wasm/tables/japanese-jis0212.wasm'.",
    );
    // Another family's module (no part section): named.
    const koreanModule = await familyModule('korean');
    const korean = thrown(() => addPart(japanese, 'japanese-jis0212', koreanModule));
    expect(korean.constructor).toBe(Error);
    expect(korean.message).toBe(
      "The module given for the japanese-jis0212 tables is the korean tables' module: pass the module of 'encoding-wasm/tables/japanese-jis0212.wasm'.",
    );
    expect(thrown(() => addPart(japanese, 'japanese-jis0212', {})).constructor).toBe(TypeError);
    expect(japanese.families).toEqual(['japanese']);
    expect(thrown(() => decodeIn(japanese, 'euc-jp', JIS0208.bytes)).message).toBe(unavailable('euc-jp'));
    expect(decodeIn(japanese, 'shift_jis', SHIFT_JIS.bytes)).toBe(SHIFT_JIS.text);
  });

  it("refuses the host's own module as the part's (registerFamily shares a module given twice): an Error naming both", async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    // What registerFamily('japanese-jis0212', <the module registered for japanese>) runs (js/wasm/core.js).
    const error = thrown(() => addFamily(japanese, 'japanese-jis0212'));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(
      "The module given for the japanese-jis0212 tables is the japanese tables' module: pass the module of 'encoding-wasm/tables/japanese-jis0212.wasm'.",
    );
    expect(japanese.families).toEqual(['japanese']);
    expect(thrown(() => decodeIn(japanese, 'euc-jp', JIS0208.bytes)).message).toBe(unavailable('euc-jp'));
    expect(decodeIn(japanese, 'shift_jis', SHIFT_JIS.bytes)).toBe(SHIFT_JIS.text);
  });

  it('refuses a part module whose blob is damaged, cut short or too long for the input buffer; serves as before', async () => {
    const japanese = new WasmInstance(await familyModule('japanese'), 'japanese');
    const [section] = WebAssembly.Module.customSections(await familyModule('japanese-jis0212'), 'encoding-wasm.tables');
    const blob = new Uint8Array(section);
    const flipped = blob.slice();
    flipped[blob.length >> 1] ^= 0x01;
    const tooLong = new Uint8Array(japanese.wasm.ew_input_capacity() + 1);
    tooLong.set(blob);
    const mismatch =
      'The japanese-jis0212 tables do not match this build of encoding-wasm (reinstall the package, or rebuild dist/).';
    for (const payload of [flipped, blob.subarray(0, blob.length - 1), blob.subarray(0, 0), tooLong]) {
      const error = thrown(() => addPart(japanese, 'japanese-jis0212', partModuleWith(payload)));
      expect(error.constructor).toBe(Error);
      expect(error.message).toBe(mismatch);
      expect(japanese.families).toEqual(['japanese']);
      expect(thrown(() => decodeIn(japanese, 'euc-jp', JIS0208.bytes)).message).toBe(unavailable('euc-jp'));
      expect(decodeIn(japanese, 'shift_jis', SHIFT_JIS.bytes)).toBe(SHIFT_JIS.text);
    }
    // The blob itself, in the same instance: EUC-JP decodes, index jis0212 included.
    addPart(japanese, 'japanese-jis0212', partModuleWith(blob));
    expect(decodeIn(japanese, 'euc-jp', JIS0212.bytes)).toBe(JIS0212.text);
  });

  it('the part module holds no code: it has no imports and no exports', async () => {
    const part = await familyModule('japanese-jis0212');
    expect(WebAssembly.Module.imports(part)).toEqual([]);
    expect(WebAssembly.Module.exports(part)).toEqual([]);
  });
});

describe('the entry points load the part for EUC-JP decoders only', () => {
  it('registerFamily of the part before its family: an Error naming both, and nothing registered', async () => {
    const part = await familyModule('japanese-jis0212');
    // (Node, Deno, Bun: nothing in this file has registered japanese yet; browsers' set-up imports
    // tables/all, which registers every family and part)
    if (!familyLoaded('japanese')) {
      const error = thrown(() => registerFamily('japanese-jis0212', part));
      expect(error.constructor).toBe(Error);
      expect(error.message).toBe(
        'The japanese-jis0212 tables are a part of the japanese tables, which must be loaded first.',
      );
      expect(familyLoaded('japanese-jis0212')).toBe(false);
    }
  });

  it('where families load on first use, Shift_JIS and the EUC-JP encoder leave it unloaded', async () => {
    const host = await import('#host/primitives.js');
    // (Browsers: the suites' set-up imports tables/all first, which holds every family and part.)
    const firstUse = host.loadFamilySync !== null && !familyLoaded('japanese');
    expect(new TextDecoder('shift_jis').decode(SHIFT_JIS.bytes)).toBe(SHIFT_JIS.text);
    expect(bytesEqual(encode(EUC_JP_HI.text, 'euc-jp'), EUC_JP_HI.bytes)).toBe(true);
    expect(familyLoaded('japanese')).toBe(true);
    expect(familyLoaded('japanese-jis0212')).toBe(!firstUse);
    const eucJp = new TextDecoder('euc-jp', { fatal: true });
    expect(familyLoaded('japanese-jis0212')).toBe(true);
    expect(eucJp.decode(JIS0212.bytes)).toBe(JIS0212.text);
    // One instance serves the family and its part.
    expect(instanceFor(encodingId('euc-jp'), true)).toBe(instanceFor(encodingId('shift_jis')));
  });

  it("preload('euc-jp') and registerFamily of the part are no-ops once it is loaded", async () => {
    await preload('euc-jp');
    registerFamily('japanese-jis0212', await familyModule('japanese-jis0212'));
    expect(new TextDecoder('euc-jp').decode(JIS0212.bytes)).toBe(JIS0212.text);
  });

  it('encoding-wasm/errors: the EUC-JP decoder with the log decodes with the part', () => {
    const withLog = new ErrorReportingDecoder('euc-jp');
    const { text, errors } = withLog.decode(Uint8Array.of(...JIS0212.bytes, 0x80, ...JIS0208.bytes));
    expect(text).toBe(`${JIS0212.text}\ufffd${JIS0208.text}`);
    expect(errors).toEqual([{ offset: 3, length: 1 }]);
    // (the module instance the TextDecoder of EUC-JP runs in: one build, with the log)
    expect(familyLoaded('japanese-jis0212')).toBe(true);
  });
});
