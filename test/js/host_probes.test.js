// The exactness probes of the host's decoders (js/host/probes.js), which decide what the main entry
// (js/host/native.js) hands to the host. It makes host decoders
// with the caller's fatal and ignoreBOM, stream through them, and keep one after a call that
// flushed, so a host decoder that is wrong in any of those ways must fail the probes. Each broken
// host below is this host's own decoder with one such fault; the expected text comes from the
// standard (and the reference decoder, test/reference/reference.mjs), never from the host.
import { describe, expect, it } from 'vitest';
import { exactBytewise, exactUtf } from '../../js/host/probes.js';
import * as reference from '../reference/reference.mjs';
import { singleByteEncodings } from './helpers.js';

const Host = globalThis.TextDecoder;
const hostOf = (Native) => ({ Native, decode: Native.prototype.decode });
const UTF = ['utf-8', 'utf-16le', 'utf-16be'];
const empty = (input) => input === undefined || new Uint8Array(input.buffer ?? input).length === 0;

// Host decoders with one fault each.
const broken = {
  // ignoreBOM is not honoured: a BOM is always taken off.
  ignoresIgnoreBOM: class extends Host {
    constructor(label, options) {
      super(label, { fatal: options?.fatal });
    }
  },
  // After a call that flushed, BOM seen stays true: a later BOM is output as U+FEFF.
  keepsBomSeen: class extends Host {
    #flushed = null;
    decode(input, options) {
      if (this.#flushed) return this.#flushed.decode(input, options);
      const text = super.decode(input, options);
      if (!options?.stream) this.#flushed = new Host(this.encoding, { fatal: this.fatal, ignoreBOM: true });
      return text;
    }
  },
  // Fatal: bytes held at the end of the stream are dropped at the flush instead of a TypeError.
  silentAtFlush: class extends Host {
    decode(input, options) {
      try {
        return super.decode(input, options);
      } catch (error) {
        if (this.fatal && !options?.stream && empty(input)) return '';
        throw error;
      }
    }
  },
  // Fatal mode ignored for UTF-16BE.
  utf16beNotFatal: class extends Host {
    constructor(label, options) {
      const be = new Host(label).encoding === 'utf-16be';
      super(label, be ? { ignoreBOM: options?.ignoreBOM } : options);
    }
  },
};

// Single-byte decoders with one fault each.
const brokenBytewise = {
  // With ignoreBOM, another code path: every byte as Latin-1.
  latin1WithIgnoreBOM: class extends Host {
    decode(input, options) {
      if (!this.ignoreBOM) return super.decode(input, options);
      return String.fromCharCode(...new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
    }
  },
  // Fatal mode ignored in streamed calls.
  notFatalStreaming: class extends Host {
    decode(input, options) {
      if (!this.fatal || !options?.stream) return super.decode(input, options);
      return new Host(this.encoding).decode(input);
    }
  },
};

describe.skipIf(typeof Host !== 'function')('the host decoders exactness probes', () => {
  it("pass this host's UTF-16 decoders, and its UTF-8 decoder but Deno's", () => {
    for (const name of UTF) {
      // Deno's UTF-8 decoder drops a U+FEFF that follows ASCII from an earlier streamed chunk
      // (docs/design.md section 7): 'a', then EF BB BF gives 'a' where the standard gives 'a\ufeff'.
      const deno = name === 'utf-8' && globalThis.Deno !== undefined;
      expect(exactUtf(hostOf(Host), name), name).toBe(!deno);
    }
  });

  it('fail a UTF decoder that ignores ignoreBOM, keeps BOM seen after a flush, or misses a fatal error', () => {
    for (const name of UTF) {
      expect(exactUtf(hostOf(broken.ignoresIgnoreBOM), name), name).toBe(false);
      expect(exactUtf(hostOf(broken.keepsBomSeen), name), name).toBe(false);
      expect(exactUtf(hostOf(broken.silentAtFlush), name), name).toBe(false);
    }
    expect(exactUtf(hostOf(broken.utf16beNotFatal), 'utf-16be')).toBe(false);
    // (the same host, exact for the others)
    expect(exactUtf(hostOf(broken.utf16beNotFatal), 'utf-16le')).toBe(true);
  });

  // The single-byte encodings this host decodes as the reference decoder does, with one byte
  // without a mapping (an error).
  const all = Uint8Array.from({ length: 256 }, (_, b) => b);
  const ours = (name) => (bytes) => reference.decode(name, bytes);
  const exactHere = singleByteEncodings()
    .map((e) => e.name)
    .filter((name) => exactBytewise(hostOf(Host), name, ours(name)) && reference.decode(name, all).includes('\ufffd'));

  it('pass the single-byte decoders of this host that are exact (Node 20 has 21 of 28)', () => {
    expect(exactHere.length).toBeGreaterThan(0);
  });

  it('fail a single-byte decoder that decodes otherwise with ignoreBOM, or misses a fatal error when streaming', () => {
    for (const name of exactHere) {
      expect(exactBytewise(hostOf(brokenBytewise.latin1WithIgnoreBOM), name, ours(name)), name).toBe(false);
      expect(exactBytewise(hostOf(brokenBytewise.notFatalStreaming), name, ours(name)), name).toBe(false);
      // A single-byte decoder has no BOM to keep: ignoreBOM changes nothing.
      expect(exactBytewise(hostOf(broken.ignoresIgnoreBOM), name, ours(name)), name).toBe(true);
    }
  });
});
