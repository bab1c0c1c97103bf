// The hash probe by which the main entry decides, without wasm, whether the host's decoder of a
// single-byte encoding is exact (js/host/native.js, js/host/probes.js exactSingleByte,
// js/generated/lite_data.js LITE_BYTEWISE).
import { describe, expect, it, vi } from 'vitest';
import { LITE_BYTEWISE } from '../../js/generated/lite_data.js';
import * as reference from '../reference/reference.mjs';
import { singleByteEncodings, singleByteTable } from './helpers.js';

const inBrowser = typeof document !== 'undefined';

describe('the hash probe data', () => {
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

// The probe without the core: a host decoder that gets one byte of one encoding wrong, or one fatal
// error of another, is not used for them. Where vi.resetModules loads a second copy (Node, Deno;
// not Bun's runner nor a browser page).
const canReload = !globalThis.process?.versions?.bun && !inBrowser;
// A second copy of js/host/native.js, loaded with `Native` as the host's TextDecoder and delegation on;
// exact(name): whether it hands `name` to that host decoder.
async function exactOver(Native) {
  const Host = globalThis.TextDecoder;
  vi.resetModules();
  globalThis.TextDecoder = Native;
  try {
    const native = await import('../../js/host/native.js');
    native.setNativeDelegation(true);
    return { exact: (name) => native.hostDecoderFor(name) !== null };
  } finally {
    globalThis.TextDecoder = Host;
  }
}

describe.skipIf(!canReload || typeof globalThis.TextDecoder !== 'function')('the hash probe', () => {
  it('rejects a host decoder with one byte or one error wrong, and takes the exact ones', async () => {
    const here = await exactOver(globalThis.TextDecoder);
    const exact = singleByteEncodings()
      .map((e) => ({ ...e, name: e.name.toLowerCase() }))
      .filter((e) => here.exact(e.name));
    const withError = exact.find((e) => singleByteTable(e.index).decode.includes(null));
    const wrongByte = exact.find((e) => e !== withError);
    if (!withError || !wrongByte) return; // nothing to break here
    const badByte = 0x80 + singleByteTable(wrongByte.index).decode.findIndex((cp) => cp !== null);
    const errorByte = 0x80 + singleByteTable(withError.index).decode.findIndex((cp) => cp === null);
    const Host = globalThis.TextDecoder;
    const { decode } = Host.prototype;
    class Broken extends Host {}
    Broken.prototype.decode = function (input, options) {
      const b = new Uint8Array(input ?? []);
      if (this.encoding === wrongByte.name && b.includes(badByte)) return 'x'.repeat(b.length);
      if (this.encoding === withError.name && this.fatal && b.includes(errorByte)) return 'x';
      return Reflect.apply(decode, this, [input, options]);
    };
    const copy = await exactOver(Broken);
    expect(copy.exact(wrongByte.name)).toBe(false);
    expect(copy.exact(withError.name)).toBe(false);
    for (const e of exact.filter((e) => e !== wrongByte && e !== withError))
      expect(copy.exact(e.name), e.name).toBe(true);
  });

  it('takes a host decoder whose output is not a string for not exact, and goes on', async () => {
    const Host = globalThis.TextDecoder;
    class Odd extends Host {}
    Odd.prototype.decode = function () {
      return null;
    };
    const copy = await exactOver(Odd);
    // A single-byte encoding (the hash probe) and UTF-8 (js/host/probes.js): neither throws.
    expect(copy.exact('windows-1251')).toBe(false);
    expect(copy.exact('utf-8')).toBe(false);
  });
});
