// Robustness: bad input of every kind (huge lengths too) leaves decoders and encoders working; many
// decoders at once keep their own state; a million decoders do not grow memory. (User changes to
// built-ins: builtins.test.js. Failures of the wasm side itself, traps and out-of-memory, are in
// wasm_failure.test.js.)
import { describe, expect, it } from 'vitest';
import {
  bytes,
  hex,
  prng,
  randomChunks,
  residentBytes,
  singleByteTable,
  throughStream,
  utf16Bytes,
  utf8Encode,
  V8_OUTSIDE_BROWSER,
} from './helpers.js';

// Load the package while watching WebAssembly.Instance, to find the core's memory. (If the module
// was already loaded elsewhere in this worker, the memory checks fall back to the process RSS.)
const instances = [];
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = new Proxy(OriginalInstance, {
  construct(target, args, newTarget) {
    const instance = Reflect.construct(target, args, newTarget);
    instances.push(instance);
    return instance;
  },
});
let api;
try {
  api = await import('./entry.js');
  // (the core is instantiated on first use, which an encode is, in every host)
  api.encode('a', 'windows-1252');
} finally {
  WebAssembly.Instance = OriginalInstance;
}
const { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream, encode } = api;
// (the cores: the modules without tables; the full one, which decoders use once it is loaded)
const cores = instances.filter(
  (i) => i.exports?.memory instanceof WebAssembly.Memory && 'ew_decode' in i.exports && !('ew_families' in i.exports),
);
const core = cores.find((i) => 'ew_encode' in i.exports) ?? cores[0];
const wasmMemory = core?.exports.memory ?? null;

// Calls fn and swallows what it throws (the tests check what happens after).
const attempt = (fn) => {
  try {
    fn();
  } catch {
    /* expected */
  }
};

// For each encoding: a way to leave a decoder with bytes pending, and what the rest gives.
const PENDING = [
  ['utf-8', 'E2 82', 'AC 61', '\u20aca'],
  ['utf-8', 'F0 9F', '98 80', '\u{1f600}'],
  ['utf-16le', '3D D8 00', 'DE 61 00', '\u{1f600}a'],
  ['utf-16be', 'D8', '3D DE 00', '\u{1f600}'],
  ['windows-1252', '80', '9F', '\u20ac\u0178'],
  ['x-user-defined', 'FF', '80', '\uf7ff\uf780'],
];

// Ways to call decode() that fail in argument conversion, before the method's steps.
const BAD_CALLS = [
  ['a string input', (d) => d.decode('abc', { stream: true })],
  ['a number input', (d) => d.decode(1)],
  ['null input', (d) => d.decode(null, { stream: true })],
  ['a plain object input', (d) => d.decode({ byteLength: 1 })],
  ['an array input', (d) => d.decode([0x61])],
  ['non-object options', (d) => d.decode(new Uint8Array(1), 'stream')],
  [
    'a throwing stream getter',
    (d) =>
      d.decode(hex('FF FF FF'), {
        get stream() {
          throw new Error('getter');
        },
      }),
  ],
  ['a Symbol input', (d) => d.decode(Symbol('x'))],
  ['the wrong receiver', (d) => TextDecoder.prototype.decode.call({ d }, new Uint8Array(1))],
];

describe('after bad calls, decoders still work', () => {
  it.each(PENDING)(
    '%s: a failed conversion mid-stream leaves the pending bytes as they were',
    (label, head, tail, want) => {
      for (const [what, bad] of BAD_CALLS) {
        for (const fatal of [false, true]) {
          const d = new TextDecoder(label, { fatal });
          const first = d.decode(hex(head), { stream: true });
          expect(() => bad(d), what).toThrow();
          expect(first + d.decode(hex(tail)), `${label} after ${what}`).toBe(want);
          // And a fresh decode afterwards is right too.
          const ok =
            label === 'utf-16le' || label === 'utf-16be' ? utf16Bytes('ok', label === 'utf-16be') : bytes('ok');
          expect(d.decode(ok)).toBe('ok');
        }
      }
    },
  );

  // (After an error in a call with { stream: true } the decoder carries on: exact_after_error.test.js.)
  it('after a fatal error in a call that ends the stream, the next decode of a known input is right', () => {
    for (const [label, bad, good, want] of [
      ['utf-8', 'C0 80', 'C3 A9', '\u00e9'],
      ['utf-8', 'ED A0 80', '61', 'a'],
      ['utf-16le', '00 DC', '61 00', 'a'],
      ['utf-16be', 'D8 00 00 61', '00 61', 'a'],
      ['iso-8859-3', 'A5', 'A1', '\u0126'],
      ['windows-1253', 'AA', 'A2', '\u0386'],
    ]) {
      for (const before of [null, '41']) {
        const d = new TextDecoder(label, { fatal: true });
        // (a stream in progress before the failing call, or not)
        if (before) d.decode(hex(before), { stream: true });
        for (let i = 0; i < 3; i++) {
          expect(() => d.decode(hex(bad))).toThrow(TypeError);
          expect(d.decode(hex(good))).toBe(want);
        }
      }
    }
  });

  it('a throwing label or options does not leave a half-made decoder around', () => {
    class Boom extends Error {}
    attempt(
      () =>
        new TextDecoder({
          toString() {
            throw new Boom();
          },
        }),
    );
    attempt(
      () =>
        new TextDecoder('latin1', {
          get fatal() {
            throw new Boom();
          },
        }),
    );
    attempt(() => new TextDecoder('bogus'));
    attempt(() => new TextDecoder('replacement'));
    const d = new TextDecoder('latin1');
    expect(d.fatal).toBe(false);
    expect(d.decode(hex('80 E9'))).toBe('\u20ac\u00e9');
  });

  it('encoder errors do not disturb decoders with pending bytes, and vice versa', () => {
    const decoders = PENDING.map(([label, head, tail, want]) => {
      const d = new TextDecoder(label);
      return { d, first: d.decode(hex(head), { stream: true }), tail, want };
    });
    expect(() => encode('\u{1f600}', 'windows-1252')).toThrow(TypeError);
    expect(() => encode('a', 'utf-16le')).toThrow(RangeError);
    attempt(() => new TextEncoder().encodeInto('a', new Uint16Array(2)));
    attempt(() => new TextDecoder('utf-8', { fatal: true }).decode(hex('FF')));
    attempt(() => new TextDecoder('utf-16le', { fatal: true }).decode(hex('00 D8')));
    for (const { d, first, tail, want } of decoders) expect(first + d.decode(hex(tail))).toBe(want);
    expect(encode('\u20ac', 'windows-1252')).toEqual(hex('80'));
    expect(encode('\u{1f600}', 'windows-1252', { errorMode: 'html' })).toEqual(bytes('&#128512;'));
  });

  it('re-entrant use from inside argument conversion', () => {
    const outer = new TextDecoder('utf-8');
    const inner = new TextDecoder('utf-16le');
    expect(outer.decode(hex('E2'), { stream: true })).toBe('');
    let innerResult = null;
    const options = {
      get stream() {
        expect(inner.decode(hex('3D D8'), { stream: true })).toBe('');
        innerResult = inner.decode(hex('00 DE'));
        encode('\u0100', 'latin1', { errorMode: 'html' });
        attempt(() => outer.decode(hex('FF'), { stream: true }));
        return false;
      },
    };
    // The getter's own call to outer.decode() ran a complete step of its own (a non-fatal
    // U+FFFD for E2 then FF, leaving nothing pending); then this call decodes 82 AC from scratch.
    expect(outer.decode(hex('82 AC'), options)).toBe('\ufffd\ufffd');
    expect(innerResult).toBe('\u{1f600}');
    const label = {
      toString() {
        expect(new TextDecoder('koi8-r').decode(hex('C1'))).toBe('\u0430');
        return 'koi8-u';
      },
    };
    expect(new TextDecoder(label).decode(hex('A4'))).toBe('\u0454');
  });
});

const V8_MAX_STRING = 2 ** 29 - 24;
const TOO_LONG =
  /^The decoded text would be longer than the longest string this JavaScript engine can make( \(at least \d+ code units\))?\. Decode the input in pieces/;

describe('huge lengths', () => {
  describe.skipIf(!V8_OUTSIDE_BROWSER)('V8 outside a browser (see V8_OUTSIDE_BROWSER)', () => {
    // One zero-filled input one byte longer than the longest string (512 MiB, of untouched pages),
    // for every test here.
    let huge = null;
    const hugeInput = () => (huge ??= new Uint8Array(V8_MAX_STRING + 1));

    it.each([
      // (One huge call each, two or three seconds: flushing for some, streaming for others.)
      ['windows-1252', false, hex('61'), 'a', hex('80'), '\u20ac'],
      ['utf-8', true, hex('C3 A9'), '\u00e9', hex('E2 82 AC'), '\u20ac'],
      ['x-user-defined', true, hex('80'), '\uf780', hex('FF'), '\uf7ff'],
    ])(
      '%s: output longer than the longest string is a RangeError that says so; the decoder works right after',
      (label, stream, head, headText, good, want) => {
        const d = new TextDecoder(label, { fatal: true });
        expect(d.decode(head, { stream: true })).toBe(headText);
        let error = null;
        try {
          d.decode(hugeInput(), { stream });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(RangeError);
        expect(error.message).toMatch(TOO_LONG);
        // The failed call ended the stream: the next one starts anew, on this decoder and others.
        expect(d.decode(good)).toBe(want);
        expect(d.decode(head, { stream: true }) + d.decode(good)).toBe(headText + want);
        expect(new TextDecoder(label).decode(good)).toBe(want);
      },
    );

    it('a TextDecoderStream chunk whose output is too long errors the stream with that RangeError', async () => {
      await expect(throughStream(new TextDecoderStream('windows-1252'), [hex('80'), hugeInput()])).rejects.toThrow(
        TOO_LONG,
      );
      expect((await throughStream(new TextDecoderStream('windows-1252'), [hex('80'), hex('61')])).join('')).toBe(
        '\u20aca',
      );
      huge = null;
    });

    it('encodeInto a destination of 4 GiB writes what fits, on the host path and the wasm path', () => {
      // Node 20's own encodeInto takes a destination's length modulo 2 ** 32: 4 GiB wrote nothing.
      for (const destination of [new Uint8Array(2 ** 32), new Uint8Array(new SharedArrayBuffer(2 ** 32))]) {
        expect(new TextEncoder().encodeInto('a\u20ac\u{1f600}', destination)).toEqual({ read: 4, written: 8 });
        expect(Array.from(destination.subarray(0, 9))).toEqual([0x61, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0]);
        destination[2 ** 32 - 1] = 0xff;
        expect(destination[2 ** 32 - 1]).toBe(0xff);
      }
      const small = new Uint8Array(3);
      expect(new TextEncoder().encodeInto('\u20ac', small)).toEqual({ read: 1, written: 3 });
      expect(new TextDecoder().decode(small)).toBe('\u20ac');
    });
  });

  // Everywhere: a length claimed by a property is never believed.
  const HUGE = 2 ** 53;
  const lying = (view, key = 'length') => Object.defineProperty(view, key, { value: HUGE });

  it('decode(): plain objects claiming 2 ** 53 bytes are a TypeError; a view with a lying length decodes its own bytes', () => {
    for (const [label, head, tail, want] of PENDING) {
      const d = new TextDecoder(label, { fatal: true });
      const first = d.decode(hex(head), { stream: true });
      for (const input of [
        { length: HUGE },
        { byteLength: HUGE },
        { buffer: new ArrayBuffer(8), byteOffset: 0, byteLength: HUGE, length: HUGE },
        new Proxy(new Uint8Array(4), {
          get: (target, key) => (key === 'length' || key === 'byteLength' ? HUGE : target[key]),
        }),
      ]) {
        expect(() => d.decode(input, { stream: true }), label).toThrow(TypeError);
      }
      // A real view of the tail's bytes, at the start of a buffer 100 times as long (filled with a
      // byte that would show up in the output), whose length properties lie.
      const tailBytes = hex(tail);
      const backing = new Uint8Array(tailBytes.length * 100).fill(0x41);
      backing.set(tailBytes);
      const view = lying(lying(new Uint8Array(backing.buffer, 0, tailBytes.length)), 'byteLength');
      expect(first + d.decode(view), label).toBe(want);
      expect(new TextDecoder(label).decode(lying(new Uint8Array(backing.buffer, 0, 0)))).toBe('');
    }
  });

  it('TextEncoder.encodeInto, encode() and the streams: lengths of 2 ** 53 that are not real', async () => {
    const encoder = new TextEncoder();
    expect(() => encoder.encodeInto('abc', { length: HUGE })).toThrow(TypeError);
    for (const buffer of [new ArrayBuffer(16), new SharedArrayBuffer(16)]) {
      const destination = lying(new Uint8Array(buffer, 0, 4));
      expect(encoder.encodeInto('abcdef', destination)).toEqual({ read: 4, written: 4 });
      expect(Array.from(new Uint8Array(buffer, 0, 6))).toEqual([0x61, 0x62, 0x63, 0x64, 0, 0]);
    }
    const huge = { length: HUGE, toString: () => 'ok' };
    expect(Array.from(encode(huge, 'windows-1252'))).toEqual([0x6f, 0x6b]);
    expect(Array.from(encode('\u20ac', { length: HUGE, toString: () => 'latin1' }))).toEqual([0x80]);
    expect(encoder.encode({ length: HUGE })).toEqual(utf8Encode('[object Object]'));
    if (TextDecoderStream) {
      await expect(throughStream(new TextDecoderStream(), [hex('E2'), { length: HUGE }])).rejects.toThrow(TypeError);
      expect((await throughStream(new TextDecoderStream(), [hex('E2'), hex('82 AC')])).join('')).toBe('\u20ac');
      const encoded = await throughStream(new TextEncoderStream(), [huge]);
      expect(encoded.map((chunk) => Array.from(chunk))).toEqual([[0x6f, 0x6b]]);
    }
    expect(new TextDecoder('windows-1252').decode(hex('80'))).toBe('\u20ac');
  });

  it('a label of a million characters: found if it is whitespace around a label, else a RangeError', () => {
    const pad = ' \t\n'.repeat(350_000);
    expect(new TextDecoder(`${pad}latin2${pad}`).decode(hex('A1'))).toBe('\u0104');
    expect(() => new TextDecoder(`${pad}latin2x`)).toThrow(RangeError);
    expect(Array.from(encode('\u0104', `${pad}latin2`))).toEqual([0xa1]);
    expect(new TextDecoder('latin2').decode(hex('A1'))).toBe('\u0104');
  });
});

describe('many decoders at once', () => {
  it('interleaved streams over many instances keep their own state', () => {
    const rand = prng(77);
    const W1252 = singleByteTable('windows-1252');
    const text = (n) => {
      let s = '';
      for (let i = 0; i < n; i++) {
        const r = rand();
        s += r < 0.5 ? 'x' : r < 0.7 ? '\u00e9' : r < 0.9 ? '\u20ac' : '\u{1f600}';
      }
      return s;
    };
    const streams = [];
    for (let i = 0; i < 60; i++) {
      const kind = i % 4;
      const t = text(3000);
      if (kind === 0) streams.push({ label: 'utf-8', input: utf8Encode(t), want: t });
      else if (kind === 1) streams.push({ label: 'utf-16le', input: utf16Bytes(t), want: t });
      else if (kind === 2) streams.push({ label: 'utf-16be', input: utf16Bytes(t, true), want: t });
      else {
        const latin = t.replace(/\u{1f600}/gu, '\u0152');
        const input = Uint8Array.from(latin, (c) => (c === 'x' ? 0x78 : W1252.encode.get(c.codePointAt(0))));
        streams.push({ label: 'windows-1252', input, want: latin });
      }
    }
    for (const s of streams) {
      s.decoder = new TextDecoder(s.label, { fatal: true });
      s.chunks = randomChunks(s.input, rand, 7);
      s.got = '';
    }
    for (let round = 0; streams.some((s) => round < s.chunks.length); round++) {
      for (const s of streams)
        if (round < s.chunks.length) s.got += s.decoder.decode(s.chunks[round], { stream: true });
    }
    for (const s of streams) {
      s.got += s.decoder.decode();
      expect(s.got === s.want, s.label).toBe(true);
    }
  });

  it('a million windows-1252 decoders: right every time, and memory does not grow', async () => {
    const input = hex('80 61 9F FF 81');
    const want = '\u20aca\u0178\u00ff\u0081';
    const memoryBefore = wasmMemory?.buffer.byteLength;
    const rssBefore = await residentBytes();
    let wrong = 0;
    for (let i = 0; i < 1_000_000; i++) {
      if (new TextDecoder('windows-1252').decode(input) !== want) wrong++;
    }
    expect(wrong).toBe(0);
    if (wasmMemory) expect(wasmMemory.buffer.byteLength).toBe(memoryBefore);
    // Decoder objects are garbage; RSS may move, but not by anything like a per-instance leak.
    expect((await residentBytes()) - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });

  it('200k streaming UTF-8/UTF-16 decoders left with pending bytes do not grow wasm memory', () => {
    const memoryBefore = wasmMemory?.buffer.byteLength;
    const keep = [];
    for (let i = 0; i < 200_000; i++) {
      const d = new TextDecoder(i % 2 ? 'utf-8' : 'utf-16le');
      d.decode(i % 2 ? hex('F0 9F 98') : hex('3D D8 00'), { stream: true });
      if (i % 999 === 0) keep.push([d, i % 2 ? hex('80') : hex('DE')]);
    }
    if (wasmMemory) expect(wasmMemory.buffer.byteLength).toBe(memoryBefore);
    for (const [d, rest] of keep) expect(d.decode(rest)).toBe('\u{1f600}');
  });

  it('large inputs and encodes do not leave wasm memory growing', () => {
    const big = new Uint8Array(3 << 20).fill(0x61);
    const first = new TextDecoder('windows-1252').decode(big);
    const memoryAfterFirst = wasmMemory?.buffer.byteLength;
    for (let i = 0; i < 5; i++) {
      expect(new TextDecoder('windows-1252').decode(big) === first).toBe(true);
      expect(encode(first, 'latin1').length).toBe(big.length);
    }
    if (wasmMemory) expect(wasmMemory.buffer.byteLength).toBe(memoryAfterFirst);
  });

  it('the core memory was found (so the memory checks above are real)', () => {
    expect(wasmMemory).toBeInstanceOf(WebAssembly.Memory);
  });
});
