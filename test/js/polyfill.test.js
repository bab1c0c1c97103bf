// install() (the function behind `import 'encoding-wasm/polyfill'`) on fake global objects, so that
// nothing here touches the real globals: docs/design.md section 8, "the polyfill never makes a runtime
// worse". Missing classes are installed; a native TextDecoder that lacks an encoding of the standard,
// accepts a label of replacement, or decodes differently from the standard is replaced; complete
// natives are left alone unless { force: true }.
import { describe, expect, it } from 'vitest';
import {
  nativeDelegation,
  preload,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
} from '../../js/index.js';
import { install } from '../../js/webidl/install.js';

// Our classes stand in for complete natives (they pass every probe); the multi-byte tables must be
// there for that in hosts that cannot load them on first use.
await preload();

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
const OURS = { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream };
const report = (parts) => ({ installed: [], replaced: [], wrapped: [], skipped: [], ...parts });

// A native TextDecoder as an old runtime without legacy encodings has it: UTF-8 only.
class Utf8OnlyDecoder {
  #decoder;
  constructor(label = 'utf-8', options = undefined) {
    if (String(label).trim().toLowerCase() !== 'utf-8') throw new RangeError(`unsupported ${label}`);
    this.#decoder = new TextDecoder('utf-8', options);
  }
  get encoding() {
    return 'utf-8';
  }
  decode(input, options) {
    return this.#decoder.decode(input, options);
  }
}

class Utf8OnlyDecoderStream extends TextDecoderStream {
  constructor(label = 'utf-8', options = undefined) {
    if (String(label).trim().toLowerCase() !== 'utf-8') throw new RangeError(`unsupported ${label}`);
    super(label, options);
  }
}

// Complete natives: subclasses of ours, so the same behaviour but other classes.
class CompleteDecoder extends TextDecoder {}
class CompleteEncoder extends TextEncoder {}
class CompleteDecoderStream extends TextDecoderStream {}
class CompleteEncoderStream extends TextEncoderStream {}
const complete = () => ({
  TextDecoder: CompleteDecoder,
  TextEncoder: CompleteEncoder,
  TextDecoderStream: CompleteDecoderStream,
  TextEncoderStream: CompleteEncoderStream,
});

// A complete decoder but for one thing, given as a decode() override or a constructor check.
function decoderExceptFor({ decode, construct }) {
  return class extends TextDecoder {
    constructor(label = 'utf-8', options = undefined) {
      construct?.(String(label).trim().toLowerCase());
      super(label, options);
    }
    decode(input, options) {
      return decode?.(this, input) ?? super.decode(input, options);
    }
  };
}

describe('install() on a global object without the classes', () => {
  it('installs all four, as WebIDL defines interface objects on the global', () => {
    const target = {};
    expect(install({ target })).toEqual(report({ installed: NAMES }));
    for (const name of NAMES) {
      expect(Object.getOwnPropertyDescriptor(target, name), name).toEqual({
        value: OURS[name],
        writable: true,
        enumerable: false,
        configurable: true,
      });
    }
  });

  it('the installed classes work', async () => {
    const target = {};
    install({ target });
    expect(new target.TextDecoder('windows-1252').decode(Uint8Array.of(0x80))).toBe('\u20ac');
    expect(Array.from(new target.TextEncoder().encode('\u20ac'))).toEqual([0xe2, 0x82, 0xac]);
    const stream = new target.TextDecoderStream('shift_jis');
    const writer = stream.writable.getWriter();
    writer.write(Uint8Array.of(0x93, 0xfa));
    writer.close();
    const { value } = await stream.readable.getReader().read();
    expect(value).toBe('\u65e5');
    expect(new target.TextEncoderStream().encoding).toBe('utf-8');
  });

  it('a value that is not a function counts as missing', () => {
    const target = { TextDecoder: undefined, TextEncoder: 'nope' };
    expect(install({ target })).toEqual(report({ installed: NAMES }));
    expect(target.TextEncoder).toBe(TextEncoder);
  });

  it('a second call finds ours and skips them', () => {
    const target = {};
    install({ target });
    expect(install({ target })).toEqual(report({ skipped: NAMES }));
    expect(install({ target, force: true })).toEqual(report({ skipped: NAMES }));
  });

  it('properties it may not redefine are skipped, and it does not throw', () => {
    const frozen = Object.freeze({});
    expect(install({ target: frozen })).toEqual(report({ skipped: NAMES }));
    const target = {};
    Object.defineProperty(target, 'TextDecoder', { value: Utf8OnlyDecoder, writable: false, configurable: false });
    const result = install({ target });
    expect(result.skipped).toEqual(['TextDecoder']);
    expect(target.TextDecoder).toBe(Utf8OnlyDecoder);
  });
});

describe('install() over natives that fall short of the standard', () => {
  it('a TextDecoder that rejects the legacy labels is replaced, and its TextDecoderStream with it', () => {
    const target = {
      TextDecoder: Utf8OnlyDecoder,
      TextEncoder: CompleteEncoder,
      TextDecoderStream: Utf8OnlyDecoderStream,
      TextEncoderStream: CompleteEncoderStream,
    };
    expect(install({ target })).toEqual(
      report({ replaced: ['TextDecoder', 'TextDecoderStream'], skipped: ['TextEncoder', 'TextEncoderStream'] }),
    );
    expect(target.TextDecoder).toBe(TextDecoder);
    expect(target.TextDecoderStream).toBe(TextDecoderStream);
    expect(target.TextEncoder).toBe(CompleteEncoder);
    expect(target.TextEncoderStream).toBe(CompleteEncoderStream);
    expect(Object.getOwnPropertyDescriptor(target, 'TextDecoder')).toMatchObject({ enumerable: false });
    expect(new target.TextDecoder('gbk').decode(Uint8Array.of(0x80))).toBe('\u20ac');
  });

  it('a TextDecoder missing any single encoding is replaced', () => {
    for (const missing of ['iso-8859-16', 'x-user-defined', 'iso-8859-8-i', 'gb18030', 'utf-16be']) {
      const Native = decoderExceptFor({
        construct: (label) => {
          if (label === missing) throw new RangeError(label);
        },
      });
      const result = install({ target: { ...complete(), TextDecoder: Native } });
      expect(result.replaced, missing).toEqual(['TextDecoder', 'TextDecoderStream']);
    }
  });

  it('a TextDecoder that accepts a label of replacement is replaced', () => {
    class AcceptsIso2022Kr extends TextDecoder {
      constructor(label = 'utf-8', options = undefined) {
        super(String(label).toLowerCase() === 'iso-2022-kr' ? 'utf-8' : label, options);
      }
    }
    const result = install({ target: { ...complete(), TextDecoder: AcceptsIso2022Kr } });
    expect(result.replaced).toEqual(['TextDecoder', 'TextDecoderStream']);
  });

  it('a TextDecoder that reports another name than the standard is replaced', () => {
    class GbkAsGb18030 extends TextDecoder {
      get encoding() {
        const name = super.encoding;
        return name === 'gbk' ? 'gb18030' : name;
      }
    }
    expect(install({ target: { ...complete(), TextDecoder: GbkAsGb18030 } }).replaced).toContain('TextDecoder');
  });

  // Each of these is a way runtimes have decoded differently from the standard.
  it.each([
    ['windows-1252 as Latin-1 outside streaming', 'windows-1252', (bytes) => String.fromCharCode(...bytes)],
    ['Shift_JIS 0x80 as U+FFFD', 'shift_jis', (bytes) => (bytes[0] === 0x80 ? '\ufffd\uff61' : undefined)],
    ['Big5 without the HKSCS rows', 'big5', (bytes) => (bytes[0] < 0xa1 ? '\ufffd@' : undefined)],
    ['EUC-KR without the extension rows', 'euc-kr', (bytes) => (bytes[0] < 0xa1 ? '\ufffdA' : undefined)],
    ['a single-byte table with one byte different', 'koi8-u', (bytes) => (bytes.length === 128 ? '?' : undefined)],
    ['UTF-8 errors not as maximal subparts', 'utf-8', (bytes) => (bytes[0] === 0xf0 ? '\ufffd' : undefined)],
  ])('%s: replaced', (_, encoding, wrong) => {
    const Native = decoderExceptFor({
      decode: (decoder, input) => (decoder.encoding === encoding ? wrong(new Uint8Array(input)) : undefined),
    });
    const target = { ...complete(), TextDecoder: Native };
    expect(install({ target })).toEqual(
      report({ replaced: ['TextDecoder', 'TextDecoderStream'], skipped: ['TextEncoder', 'TextEncoderStream'] }),
    );
  });

  it('a TextDecoderStream that rejects a label is replaced, even with a complete TextDecoder', () => {
    const target = { ...complete(), TextDecoderStream: Utf8OnlyDecoderStream };
    expect(install({ target })).toEqual(
      report({ replaced: ['TextDecoderStream'], skipped: ['TextDecoder', 'TextEncoder', 'TextEncoderStream'] }),
    );
  });

  it('a TextEncoder without encodeInto() is replaced', () => {
    class OldEncoder {
      encode(input = '') {
        return new TextEncoder().encode(input);
      }
    }
    const target = { ...complete(), TextEncoder: OldEncoder };
    expect(install({ target }).replaced).toEqual(['TextEncoder']);
    expect(target.TextEncoder).toBe(TextEncoder);
  });

  it('missing stream classes next to incomplete natives are installed', () => {
    const target = { TextDecoder: Utf8OnlyDecoder, TextEncoder: CompleteEncoder };
    expect(install({ target })).toEqual(
      report({
        installed: ['TextDecoderStream', 'TextEncoderStream'],
        replaced: ['TextDecoder'],
        skipped: ['TextEncoder'],
      }),
    );
  });
});

describe('install() over complete natives', () => {
  it('leaves them alone', () => {
    const target = complete();
    expect(install({ target })).toEqual(report({ skipped: NAMES }));
    expect(target).toEqual(complete());
  });

  it('replaces them with { force: true }', () => {
    const target = complete();
    expect(install({ target, force: true })).toEqual(report({ replaced: NAMES }));
    for (const name of NAMES) expect(target[name]).toBe(OURS[name]);
  });
});

describe("install() over the host's own classes", () => {
  it('a TextDecoder that ours hands UTF-8 or UTF-16 to is reported as wrapped, not replaced', () => {
    const Host = globalThis.TextDecoder;
    if (typeof Host !== 'function' || Host === TextDecoder) return;
    const target = { TextDecoder: Host };
    const result = install({ target, force: true });
    // nativeDelegation() lists the encodings ours hands to this very class.
    const wraps = nativeDelegation().length > 0;
    expect(result.wrapped).toEqual(wraps ? ['TextDecoder'] : []);
    expect(result.replaced).toEqual(wraps ? [] : ['TextDecoder']);
    expect(target.TextDecoder).toBe(TextDecoder);
  });
});
