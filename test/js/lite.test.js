// encoding-wasm/lite (js/lite.js, bundled per host by tools/bundle_lite.mjs): the host's exact
// decoders, its scalar core (dist/encoding-lite.wasm) only where one is not exact, and the
// decode-only families. Its TextDecoder's behaviour is tested by the TextDecoder suites themselves,
// run again on it (ENCODING_WASM_ENTRY=lite, vitest.config.js); this checks what is particular to
// the entry.
import { describe, expect, it, vi } from 'vitest';
import { LITE_BYTEWISE } from '../../js/generated/lite_data.js';
import * as main from 'encoding-wasm';
import * as reference from '../reference/reference.mjs';
import { familyModule, partModuleWith } from './family_modules.js';
import { bytes, singleByteEncodings, singleByteTable, watchingInstances, withHostileBuiltins } from './helpers.js';

// Load the entry while watching WebAssembly.Instance: the modules it instantiates at load, and then
// those its preload() instantiates for a family.
const {
  loaded: lite,
  modules,
  exportsOf,
} = await watchingInstances(async () => {
  const entry = await import('encoding-wasm/lite');
  await entry.preload('shift_jis');
  return entry;
});
const inBrowser = typeof document !== 'undefined';
const withCore = exportsOf.length === 2;
const japanese = modules[exportsOf.length - 1];
const NAMES = reference.ENCODING_NAMES.map((name) => name.toLowerCase());

describe('encoding-wasm/lite', () => {
  it('instantiates the lite core (no labels, no encoders) only where a host decoder is not exact, and the decode-only family', () => {
    const family = exportsOf.at(-1);
    expect(family).toContain('ew_family_init');
    expect(family).not.toContain('ew_encode');
    if (withCore) {
      expect(exportsOf[0]).toContain('ew_decode');
      for (const absent of ['ew_get_encoding', 'ew_output_latin1', 'ew_encode', 'ew_encode_into', 'ew_family_init'])
        expect(exportsOf[0]).not.toContain(absent);
    } else {
      // No core: every encoding the entry hands to the host is exact here (with delegation on).
      expect(exportsOf).toHaveLength(1);
      lite.setNativeDelegation(true);
      const exact = lite.nativeDelegation();
      for (const name of [
        'utf-8',
        'utf-16le',
        'utf-16be',
        'x-user-defined',
        ...singleByteEncodings().map((e) => e.name),
      ])
        expect(exact).toContain(name.toLowerCase());
    }
    // Chromium's and Firefox's decoders are exact for every one of them (WebKitGTK's ISO-8859-16 is not).
    if (inBrowser && !/AppleWebKit(?!.*Chrome)/.test(navigator.userAgent)) expect(withCore).toBe(false);
  });

  it('exports TextDecoder, preload, registerFamily and native delegation', () => {
    expect(Object.keys(lite).sort()).toEqual([
      'TextDecoder',
      'nativeDelegation',
      'preload',
      'registerFamily',
      'setNativeDelegation',
    ]);
    expect(lite.TextDecoder).not.toBe(main.TextDecoder);
    expect(Object.prototype.toString.call(new lite.TextDecoder())).toBe('[object TextDecoder]');
  });

  it('decodes as the standard says, handed to the host and in its core (index jis0208, index windows-1252)', async () => {
    // Shift_JIS 93 FA, 96 7B: index jis0208 pointers 3569 and 4007, U+65E5 and U+672C; windows-1252
    // 0x80 and 0x9F: U+20AC and U+0178; UTF-8 FF is an error at byte 1.
    const check = () => {
      expect(new lite.TextDecoder('shift_jis').decode(bytes([0x93, 0xfa, 0x96, 0x7b]))).toBe('\u65e5\u672c');
      expect(new lite.TextDecoder('windows-1252').decode(bytes([0x80, 0x61, 0x9f]))).toBe('\u20aca\u0178');
      expect(() => new lite.TextDecoder('utf-8', { fatal: true }).decode(bytes([0x61, 0xff]))).toThrow(
        new TypeError('The encoded data is not valid utf-8.'),
      );
      expect(() => new lite.TextDecoder('replacement')).toThrow(RangeError);
    };
    const was = lite.nativeDelegation().length > 0;
    try {
      lite.setNativeDelegation(true);
      check();
      lite.setNativeDelegation(false);
      // In wasm: without the core (a browser whose decoders are all exact), preload() fetches it.
      if (!withCore && !lite.nativeDelegation().length) {
        expect(() => new lite.TextDecoder('windows-1252')).toThrow(
          'encoding-wasm/lite decodes windows-1252 in its WebAssembly core here, which is not loaded: call ' +
            '\'await preload("windows-1252")\' first.',
        );
        await lite.preload('windows-1252');
      }
      check();
    } finally {
      lite.setNativeDelegation(was);
    }
  });

  it("decodes GBK on its first use with the page's array methods and iteration replaced", async () => {
    // (where families load on first use, the chinese-simplified family loads and expands then; in
    // browsers, which preload it first, only the decoding runs so)
    if (inBrowser) await lite.preload('gbk');
    // GBK D6 D0 CE C4: index gb18030 pointers 20170 and 19238, U+4E2D U+6587.
    const gbk = bytes([0xd6, 0xd0, 0xce, 0xc4]);
    // (and an element 0 on Array.prototype: the family's number, which the blobs kept by it must not read)
    const { result, called } = withHostileBuiltins(() => {
      Array.prototype[0] = {};
      try {
        return new lite.TextDecoder('gbk').decode(gbk);
      } finally {
        delete Array.prototype[0];
      }
    });
    expect(called).toEqual([]);
    expect(result).toBe('\u4e2d\u6587');
  });

  it('names its own entry and the decode-only files in the messages about tables', () => {
    // EUC-KR B0 A1: index EUC-KR pointer (0xB0 - 0x81) * 190 + (0xA1 - 0x41) = 9026, U+AC00.
    const euckr = () => new lite.TextDecoder('euc-kr').decode(bytes([0xb0, 0xa1]));
    if (!inBrowser) expect(euckr()).toBe('\uac00');
    else
      expect(euckr).toThrow(
        "The euc-kr tables are not loaded. Import 'encoding-wasm/lite/tables/korean' or call " +
          '\'await preload("euc-kr")\' first.',
      );
    expect(() => lite.registerFamily('chinese-traditional', japanese)).toThrow(
      /pass the module of 'encoding-wasm\/tables\/chinese-traditional-decoder\.wasm'/,
    );
    expect(() => lite.registerFamily('chinese', japanese)).toThrow(RangeError);
  });

  it("loads the EUC-JP decoder's part of the japanese family (index jis0212) as the main entry does, in the japanese instance", async () => {
    // EUC-JP 8F B0 A1: index jis0212 pointer 1410, U+4E02; B0 A1: index jis0208 pointer 1410, U+4E9C
    // (pointer = (lead - 0xA1) * 94 + trail - 0xA1).
    const eucJp = () => new lite.TextDecoder('euc-jp').decode(bytes([0x8f, 0xb0, 0xa1, 0xb0, 0xa1]));
    // Not the part's module: an empty module (no part section); the japanese family's own, which
    // does not embed the part (as in the main entry, js/core.js registerFamily); not a module.
    const empty = new WebAssembly.Module(Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00));
    expect(() => lite.registerFamily('japanese-jis0212', empty)).toThrow(
      new Error(
        "The module given for the japanese-jis0212 tables is not a table family module: pass the module of 'encoding-wasm/tables/japanese-jis0212-decoder.wasm'.",
      ),
    );
    expect(() => lite.registerFamily('japanese-jis0212', japanese)).toThrow(
      new Error(
        "The module given for the japanese-jis0212 tables is the japanese tables' module: pass the module of 'encoding-wasm/tables/japanese-jis0212-decoder.wasm'.",
      ),
    );
    // The part's blob with bytes after it, more than the input buffer it goes through holds.
    const [blob] = WebAssembly.Module.customSections(await familyModule('japanese-jis0212'), 'encoding-wasm.tables');
    const tooLong = new Uint8Array(1 << 20);
    tooLong.set(new Uint8Array(blob));
    expect(() => lite.registerFamily('japanese-jis0212', partModuleWith(tooLong))).toThrow(
      new Error(
        'The japanese-jis0212 tables do not match this build of encoding-wasm (reinstall the package, or rebuild dist/).',
      ),
    );
    expect(() => lite.registerFamily('japanese-jis0212', {})).toThrow(TypeError);
    const instances = modules.length;
    if (inBrowser) {
      expect(eucJp).toThrow(
        "The euc-jp tables are not loaded. Import 'encoding-wasm/lite/tables/japanese-jis0212' or call " +
          '\'await preload("euc-jp")\' first.',
      );
      await lite.preload('euc-jp');
    }
    expect(eucJp()).toBe('\u4e02\u4e9c');
    // Expanded in the japanese family's instance: no instance of its own, and Shift_JIS as before.
    expect(modules.length).toBe(instances);
    expect(new lite.TextDecoder('shift_jis').decode(bytes([0x93, 0xfa]))).toBe('\u65e5');
    // A no-op now that it is loaded.
    await lite.preload('euc-jp');
    lite.registerFamily('japanese-jis0212', japanese);
    expect(eucJp()).toBe('\u4e02\u4e9c');
  });

  it("LITE_BYTEWISE: the hash of the reference decoder's output for bytes 0x00-0xFF, 0 where there is none", () => {
    const all = Uint8Array.from({ length: 256 }, (_, b) => b);
    const hash = (text) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      return h;
    };
    const bytewise = [...singleByteEncodings().map((e) => e.name), 'x-user-defined'];
    expect(LITE_BYTEWISE).toHaveLength(reference.ENCODING_NAMES.length);
    reference.ENCODING_NAMES.forEach((name, id) => {
      const want = bytewise.includes(name) ? hash(reference.decode(name, all)) : 0;
      expect(LITE_BYTEWISE[id], name).toBe(want);
    });
  });
});

// The probe without the core (js/lite/exact.js): a host decoder that gets one byte of one encoding
// wrong, or one fatal error of another, is not used for them. Where vi.resetModules loads a second
// copy (Node, Deno; not Bun's runner nor a browser page).
const canReload = !globalThis.process?.versions?.bun && !inBrowser;
// A second copy of js/lite/exact.js, loaded with `Native` as the host's TextDecoder.
async function exactOver(Native) {
  const Host = globalThis.TextDecoder;
  vi.resetModules();
  globalThis.TextDecoder = Native;
  try {
    return await import('../../js/lite/exact.js');
  } finally {
    globalThis.TextDecoder = Host;
  }
}

describe.skipIf(!canReload || typeof globalThis.TextDecoder !== 'function')('the hash probe', () => {
  it('rejects a host decoder with one byte or one error wrong, and takes the exact ones', async () => {
    const exactHere = (await import('../../js/lite/exact.js')).exact;
    const ids = singleByteEncodings()
      .map((e) => ({ ...e, id: NAMES.indexOf(e.name.toLowerCase()) }))
      .filter((e) => exactHere(e.id));
    const withError = ids.find((e) => singleByteTable(e.index).decode.includes(null));
    const wrongByte = ids.find((e) => e !== withError);
    if (!withError || !wrongByte) return; // nothing to break here
    const badByte = 0x80 + singleByteTable(wrongByte.index).decode.findIndex((cp) => cp !== null);
    const errorByte = 0x80 + singleByteTable(withError.index).decode.findIndex((cp) => cp === null);
    const Host = globalThis.TextDecoder;
    const { decode } = Host.prototype;
    class Broken extends Host {}
    Broken.prototype.decode = function (input, options) {
      const b = new Uint8Array(input ?? []);
      if (this.encoding === wrongByte.name.toLowerCase() && b.includes(badByte)) return 'x'.repeat(b.length);
      if (this.encoding === withError.name.toLowerCase() && this.fatal && b.includes(errorByte)) return 'x';
      return Reflect.apply(decode, this, [input, options]);
    };
    const copy = await exactOver(Broken);
    expect(copy.exact(wrongByte.id)).toBe(false);
    expect(copy.exact(withError.id)).toBe(false);
    for (const e of ids.filter((e) => e !== wrongByte && e !== withError)) expect(copy.exact(e.id), e.name).toBe(true);
  });

  it('takes a host decoder whose output is not a string for not exact, and goes on', async () => {
    const Host = globalThis.TextDecoder;
    class Odd extends Host {}
    Odd.prototype.decode = function () {
      return null;
    };
    const copy = await exactOver(Odd);
    // A single-byte encoding (the hash probe) and UTF-8 (js/host_probes.js): neither throws.
    const id = (name) => NAMES.indexOf(name);
    expect(copy.exact(id('windows-1251'))).toBe(false);
    expect(copy.exact(id('utf-8'))).toBe(false);
  });
});
