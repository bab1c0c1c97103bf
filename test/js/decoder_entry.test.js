// encoding-wasm/decoder (js/decoder.js, bundled per host by tools/bundle_decoder.mjs): it runs on the
// decode-only builds of the wasm modules, with a registry of its own. Its TextDecoder's behaviour is
// tested by the TextDecoder suites themselves, run again on it (ENCODING_WASM_ENTRY=decoder,
// vitest.config.js); this checks what is particular to the entry.
import { describe, expect, it } from 'vitest';
import * as main from 'encoding-wasm';
import { bytes, watchingInstances } from './helpers.js';

// Load the entry while watching WebAssembly.Instance: the modules it instantiates, and then those
// its preload() instantiates for a family.
const {
  loaded: lite,
  modules,
  exportsOf,
} = await watchingInstances(async () => {
  const entry = await import('encoding-wasm/decoder');
  await entry.preload('shift_jis');
  return entry;
});

describe('encoding-wasm/decoder', () => {
  it('instantiates the decode-only core and family modules: ew_decode, and no encoder', () => {
    // the core (labels, ew_get_encoding) and the japanese family (ew_family_init)
    expect(exportsOf).toHaveLength(2);
    const [core, japanese] = exportsOf;
    expect(core).toContain('ew_get_encoding');
    expect(japanese).toContain('ew_family_init');
    for (const names of exportsOf) {
      expect(names).toContain('ew_decode');
      expect(names).not.toContain('ew_encode');
      expect(names).not.toContain('ew_encode_into');
    }
  });

  it('exports the TextDecoder, preload, registerFamily and native delegation, and no encoder', () => {
    expect(Object.keys(lite).sort()).toEqual([
      'TextDecoder',
      'nativeDelegation',
      'preload',
      'registerFamily',
      'setNativeDelegation',
    ]);
    // A TextDecoder of its own (its own core instance and family registry), not the main entry's.
    expect(lite.TextDecoder).not.toBe(main.TextDecoder);
    expect(Object.prototype.toString.call(new lite.TextDecoder())).toBe('[object TextDecoder]');
  });

  it('decodes as the standard says (index jis0208, index windows-1252)', () => {
    // Shift_JIS 93 FA, 96 7B: index jis0208 pointers 3569 and 4007, U+65E5 and U+672C; windows-1252
    // 0x80 and 0x9F: U+20AC and U+0178.
    expect(new lite.TextDecoder('shift_jis').decode(bytes([0x93, 0xfa, 0x96, 0x7b]))).toBe('\u65e5\u672c');
    expect(new lite.TextDecoder('windows-1252').decode(bytes([0x80, 0x61, 0x9f]))).toBe('\u20aca\u0178');
    expect(() => new lite.TextDecoder('utf-8', { fatal: true }).decode(bytes([0x61, 0xff]))).toThrow(
      new TypeError('The encoded data is not valid utf-8 (the error was found at byte 1).'),
    );
    expect(() => new lite.TextDecoder('replacement')).toThrow(RangeError);
  });

  it('names its own entry and files in the messages about tables', () => {
    // EUC-KR's family was never loaded here: Node, Deno and Bun load it on first use (its -decoder
    // file; index EUC-KR pointer (0xB0 - 0x81) * 190 + (0xA1 - 0x41) = 9026 is U+AC00), and where it
    // cannot load so (browsers: a page has a document) the error names the decoder's tables entry.
    // A module of the wrong build or family names the decoder's file.
    const euckr = () => new lite.TextDecoder('euc-kr').decode(bytes([0xb0, 0xa1]));
    if (typeof document === 'undefined') expect(euckr()).toBe('\uac00');
    else
      expect(euckr).toThrow(
        "The euc-kr tables are not loaded. Import 'encoding-wasm/decoder/tables/korean' or call " +
          '\'await preload("euc-kr")\' first.',
      );
    const japanese = modules[1];
    expect(() => lite.registerFamily('chinese-traditional', japanese)).toThrow(
      /pass the module of 'encoding-wasm\/tables\/chinese-traditional-decoder\.wasm'/,
    );
  });

  it('registerFamily: a TypeError for what is not a module, a RangeError for an unknown family; nothing registered', () => {
    // No host has loaded chinese-simplified for this entry here (browsers load the main entry's).
    expect(() => lite.registerFamily('chinese-simplified', new Uint8Array(8))).toThrow(TypeError);
    expect(() => lite.registerFamily('chinese', modules[1])).toThrow(RangeError);
    // GBK 0x80 is U+20AC, and B0 A1 index gb18030 pointer (0xB0 - 0x81) * 190 + (0xA1 - 0x41) = 9026, U+554A.
    const gbk = () => new lite.TextDecoder('gbk').decode(bytes([0x80, 0xb0, 0xa1]));
    if (typeof document === 'undefined') expect(gbk()).toBe('\u20ac\u554a');
    else expect(gbk).toThrow("The gbk tables are not loaded. Import 'encoding-wasm/decoder/tables/chinese-simplified'");
  });
});
