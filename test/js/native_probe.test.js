// The exhaustive probe that lets a single-byte encoding be handed to the host's decoder
// (js/host/native.js): a copy of the package loaded over a host TextDecoder that gets one byte of one
// encoding wrong, misses one fatal error of another, or strips a BOM in a third must keep those
// three in wasm and hand over the rest as before. Where vi.resetModules loads a second copy (Node,
// Deno; not Bun's runner nor a browser page).
import { describe, expect, it, vi } from 'vitest';
import * as api from 'encoding-wasm';
import { singleByteEncodings, singleByteTable } from './helpers.js';

const canReload = !globalThis.process?.versions?.bun && !('document' in globalThis);

// A byte of `index` that decodes to an error (null), and one that does not (>= 0x80).
const byteWhere = (index, wanted) => 0x80 + singleByteTable(index).decode.findIndex(wanted);

describe.skipIf(!canReload || typeof globalThis.TextDecoder !== 'function')('single-byte delegation probe', () => {
  it('keeps an encoding in wasm when the host decoder gets one byte or one error wrong', async () => {
    const was = api.nativeDelegation().length > 0;
    api.setNativeDelegation(true);
    const exactHere = api.nativeDelegation();
    api.setNativeDelegation(was);
    // Three encodings the host decodes exactly, if it has three; broken below in three ways.
    const names = singleByteEncodings().filter((e) => exactHere.includes(e.name.toLowerCase()));
    const withError = names.find((e) => singleByteTable(e.index).decode.includes(null));
    const others = names.filter((e) => e !== withError);
    if (!withError || others.length < 2) return; // nothing to break here (checked in Node: see below)
    const [wrongByte, bomStripped] = others;
    const badByte = byteWhere(wrongByte.index, (cp) => cp !== null);
    const errorByte = byteWhere(withError.index, (cp) => cp === null);

    const Host = globalThis.TextDecoder;
    const { decode } = Host.prototype;
    class Broken extends Host {}
    Broken.prototype.decode = function (input, options) {
      const bytes = new Uint8Array(input ?? []);
      const name = this.encoding;
      if (name === wrongByte.name.toLowerCase() && bytes.includes(badByte)) return 'x'.repeat(bytes.length);
      if (name === withError.name.toLowerCase() && this.fatal && bytes.includes(errorByte)) return 'x';
      if (name === bomStripped.name.toLowerCase() && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
        return Reflect.apply(decode, this, [bytes.subarray(3), options]);
      return Reflect.apply(decode, this, [input, options]);
    };
    vi.resetModules();
    globalThis.TextDecoder = Broken;
    let copy;
    try {
      copy = await import('encoding-wasm');
    } finally {
      globalThis.TextDecoder = Host;
    }
    copy.setNativeDelegation(true);
    const delegated = copy.nativeDelegation();
    const lower = (e) => e.name.toLowerCase();
    expect(delegated).not.toContain(lower(wrongByte));
    expect(delegated).not.toContain(lower(withError));
    expect(delegated).not.toContain(lower(bomStripped));
    expect(delegated.sort()).toEqual(
      exactHere.filter((n) => ![wrongByte, withError, bomStripped].map(lower).includes(n)).sort(),
    );
    // And what the copy decodes is still the index's.
    const { decode: table } = singleByteTable(wrongByte.index);
    expect(new copy.TextDecoder(wrongByte.name).decode(Uint8Array.of(badByte))).toBe(
      String.fromCharCode(table[badByte - 0x80]),
    );
  });

  it.skipIf(!globalThis.process?.versions?.node || globalThis.process.versions.bun || globalThis.Deno)(
    "Node's decoders give the probe something to reject",
    () => {
      const was = api.nativeDelegation().length > 0;
      api.setNativeDelegation(true);
      const exactHere = api.nativeDelegation();
      api.setNativeDelegation(was);
      const names = singleByteEncodings().filter((e) => exactHere.includes(e.name.toLowerCase()));
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(names.some((e) => singleByteTable(e.index).decode.includes(null))).toBe(true);
    },
  );
});
