// When the WebAssembly side fails: a table family that cannot load (its memory cannot grow, or its
// module does not instantiate), memory running out after load, and traps in the middle of a call.
// Each failure is a clear error naming what failed, leaves nothing half-registered or half-updated
// in JS, and the next call (on the same decoder, a new one, another encoding) is right.
//
// The faults are real ones in the real modules: family modules whose memory section is rewritten
// here, on the .wasm bytes, to cap their growth; and genuine traps ("memory access out of bounds"
// in the real ew_decode / ew_encode), caused by leaving the module's stack pointer where a trap
// leaves it, unrestored (see poison() below).
import { describe, expect, it } from 'vitest';
import { coreInstance, encodingId, familyLoaded, instanceFor, registerFamily } from '../../js/wasm/core.js';
import {
  encode,
  nativeDelegation,
  setNativeDelegation,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
} from '../../js/index.js';
import { addPart, WasmInstance } from '../../js/wasm/instance.js';
import { familyBytes } from './family_modules.js';
import { runDecoder } from '../../js/wasm/run_decoder.js';
import { runEncoder } from '../../js/wasm/run_encoder.js';
import { bytesEqual, hex, thrown } from './helpers.js';

// ---------------------------------------------------------------------------------------------
// Rewriting a module's memory limits

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(b & 0x80)) return [value, at];
  }
}

function leb(value) {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
}

// `wasm` with the limits of its (one, defined) memory replaced by limits(initial, maximum): a new
// memory section, [initial, maximum] in 64 KiB pages.
function withMemoryLimits(wasm, limits) {
  let at = 8; // magic and version
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = readLeb(wasm, at + 1);
    if (id === 5) {
      const [count, flagsAt] = readLeb(wasm, body);
      const flags = wasm[flagsAt];
      if (count !== 1 || flags > 1) throw new Error(`unexpected memory section (${count} memories, flags ${flags})`);
      const [initial, next] = readLeb(wasm, flagsAt + 1);
      const maximum = flags & 1 ? readLeb(wasm, next)[0] : null;
      const [newInitial, newMaximum] = limits(initial, maximum);
      const content = [1, 1, ...leb(newInitial), ...leb(newMaximum)];
      const section = Uint8Array.from([5, ...leb(content.length), ...content]);
      const out = new Uint8Array(at + section.length + (wasm.length - body - size));
      out.set(wasm.subarray(0, at), 0);
      out.set(section, at);
      out.set(wasm.subarray(body + size), at + section.length);
      return out;
    }
    at = body + size;
  }
  throw new Error('no memory section');
}

// The core's instance (made here if no decoder has needed it yet).
const core = coreInstance();
const PAGE = 65536;
const pages = (instance) => instance.memory.buffer.byteLength / PAGE;

// What a trap leaves behind when it stops a wasm function between its prologue and its epilogue:
// the module's stack pointer (its __stack_pointer global) lowered and never restored. Here it is
// set through the module's own stackRestore export, at its worst, 0: from then on every call of
// that instance that uses the stack traps for real ("memory access out of bounds"). (Some calls
// use no stack, the single-byte encoders and label matching among them: each test follows a
// poison() with a call that does.)
const poison = (instance) => instance.wasm.stackRestore(0);

// Runs fn with decoding handed to the host's decoders off (so UTF-8 runs in wasm), then restores.
function allInWasm(fn) {
  const wasOn = nativeDelegation().length > 0;
  setNativeDelegation(false);
  try {
    return fn();
  } finally {
    setNativeDelegation(wasOn);
  }
}

// One whole decode or encode of encoding `id` (named `name`) in `instance`, as TextDecoder and
// encode() run them.
const decodeIn = (instance, id, name, fatal, bytes) =>
  runDecoder(instance, { id, name, fatal, ignoreBOM: false, state: { s0: 0, s1: 0 } }, bytes, true);
const encodeIn = (instance, id, name, text, html) => runEncoder(instance, { id, name, html, state: 0 }, text, true);

const KOREAN = { label: 'euc-kr', text: '\uac00\ud55c\uad6d\uc5b4', bytes: hex('B0 A1 C7 D1 B1 B9 BE EE') };

// Decoding and encoding that must work after each failure, in the core and in a family.
function expectAllWell() {
  expect(new TextDecoder('windows-1252').decode(hex('80 61 9F'))).toBe('\u20aca\u0178');
  expect(allInWasm(() => new TextDecoder('utf-8').decode(hex('E2 82 AC F0 9F 98 80')))).toBe('\u20ac\u{1f600}');
  expect(new TextDecoder('utf-16le').decode(hex('3D D8 00 DE'))).toBe('\u{1f600}');
  expect(new TextDecoder('shift_jis').decode(hex('93 FA 96 7B'))).toBe('\u65e5\u672c');
  expect(new TextDecoder(KOREAN.label).decode(KOREAN.bytes)).toBe(KOREAN.text);
  expect(bytesEqual(encode('\u20ac', 'windows-1252'), hex('80'))).toBe(true);
  expect(bytesEqual(encode('\u65e5', 'euc-jp'), hex('C6 FC'))).toBe(true);
  expect(bytesEqual(encode(KOREAN.text, KOREAN.label), KOREAN.bytes)).toBe(true);
}

describe('a table family that cannot load', () => {
  it('its memory cannot grow: a RangeError naming the family, nothing registered, all else works', async () => {
    const wasm = await familyBytes('korean');
    const capped = await WebAssembly.compile(withMemoryLimits(wasm, (initial) => [initial, initial]));
    const error = thrown(() => new WasmInstance(capped, 'korean'));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(
      'The korean tables could not be loaded: WebAssembly memory could not grow to hold them (out of memory).',
    );
    if (!familyLoaded('korean')) {
      // Node, Deno and Bun: families load on first use, and nothing in this file has used korean
      // before this test. Through the public registration path: the error, and no registration.
      expect(() => registerFamily('korean', capped)).toThrow(error.message);
      expect(familyLoaded('korean')).toBe(false);
      // The next use loads it again, from its file (these hosts load families synchronously).
      expect(new TextDecoder(KOREAN.label).decode(KOREAN.bytes)).toBe(KOREAN.text);
    } else {
      // The browser project: test/hosts/browser/setup.js has registered every family already, so
      // a second registration is a no-op, and the working module stays.
      expect(() => registerFamily('korean', capped)).not.toThrow();
    }
    expect(familyLoaded('korean')).toBe(true);
    expectAllWell();
  });

  it('its module does not instantiate (memory too small for its data): an error naming the family', async () => {
    const wasm = await familyBytes('chinese-traditional');
    const tooSmall = await WebAssembly.compile(withMemoryLimits(wasm, () => [1, 1]));
    const error = thrown(() => new WasmInstance(tooSmall, 'chinese-traditional'));
    expect(error.message).toMatch(
      /^The chinese-traditional tables could not be loaded: their WebAssembly module failed to instantiate \(\w+: .+\)\.$/,
    );
    expect(error.cause).toBeInstanceOf(Error);
    expect(new TextDecoder('big5').decode(hex('A4 A4 A4 E5'))).toBe('\u4e2d\u6587');
    expectAllWell();
  });

  it('an instance that cannot be made again stays broken, says so on every call, and recovers', async () => {
    const wasm = await familyBytes('korean');
    const good = await WebAssembly.compile(wasm);
    const capped = await WebAssembly.compile(withMemoryLimits(wasm, (initial) => [initial, initial]));
    const instance = new WasmInstance(good, 'korean');
    const id = encodingId(KOREAN.label);
    const decode = () => decodeIn(instance, id, 'euc-kr', false, KOREAN.bytes);
    expect(decode()).toBe(KOREAN.text);
    poison(instance);
    expect(decode).toThrow(WebAssembly.RuntimeError);
    // Made again from a module whose memory cannot grow: the family's out-of-memory error, each time.
    instance.module = capped;
    for (let i = 0; i < 2; i++) expect(decode).toThrow('The korean tables could not be loaded');
    instance.module = good;
    expect(decode()).toBe(KOREAN.text);
    expectAllWell();
  });
});

describe('memory that runs out after a family has loaded', () => {
  // Each family's encoders build a code point -> pointer lookup on first use (table_alloc). With
  // memory capped right after the tables are expanded, that allocation fails: the encoders fall
  // back to searching the index and stay exact.
  it.each([
    ['chinese-simplified', ['gbk', 'gb18030'], '\u4e2d\u6587\u7f16\u7801\u6d4b\u8bd5\u20ac\u00b7'],
    ['chinese-traditional', ['big5'], '\u4e2d\u6587\u7de8\u78bc\u6e2c\u8a66\u2550\u5341'],
    [
      'japanese',
      ['shift_jis', 'euc-jp', 'iso-2022-jp'],
      '\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\uff76\u2212',
    ],
    ['korean', ['euc-kr'], KOREAN.text],
  ])('%s: encoders fall back when their lookup cannot be allocated', async (family, labels, text) => {
    const wasm = await familyBytes(family);
    // The EUC-JP decoder needs the japanese family's part too (index jis0212).
    const part = family === 'japanese' ? await WebAssembly.compile(await familyBytes('japanese-jis0212')) : null;
    const withPart = (instance) => (part ? addPart(instance, 'japanese-jis0212', part) : instance);
    const loaded = pages(withPart(new WasmInstance(await WebAssembly.compile(wasm), family)));
    const tight = withPart(
      new WasmInstance(await WebAssembly.compile(withMemoryLimits(wasm, (initial) => [initial, loaded])), family),
    );
    for (const label of labels) {
      const id = encodingId(label);
      const got = encodeIn(tight, id, label, text, false);
      expect(Array.from(got), label).toEqual(Array.from(encode(text, label)));
      expect(tight.wasm.ew_tables_out_of_memory(), label).toBe(1);
      const html = encodeIn(tight, id, label, `a\u{1f600}${text}`, true);
      expect(Array.from(html), label).toEqual(Array.from(encode(`a\u{1f600}${text}`, label, { errorMode: 'html' })));
      // gb18030 encodes every scalar value but U+E5E5.
      expect(() => encodeIn(tight, id, label, label === 'gb18030' ? '\ue5e5' : '\u{1f600}', false)).toThrow(TypeError);
      expect(decodeIn(tight, id, label, true, got), label).toBe(new TextDecoder(label).decode(got));
    }
    expect(pages(tight)).toBe(loaded);
    expectAllWell();
  });
});

describe('a trap in wasm does not poison later calls', () => {
  it('core: a trap while decoding is a RuntimeError naming the module; the same decoder, and new ones, decode right', () => {
    allInWasm(() => {
      const d = new TextDecoder('utf-8');
      expect(d.decode(hex('E2 82'), { stream: true })).toBe('');
      const before = core.wasm;
      poison(core);
      const error = thrown(() => d.decode(hex('AC'), { stream: true }));
      expect(error).toBeInstanceOf(WebAssembly.RuntimeError);
      expect(error.message).toMatch(
        /^encoding-wasm: the core WebAssembly module failed while decoding utf-8 \(RuntimeError: .+\)\. That instance has been discarded; the next call uses a fresh one\.$/,
      );
      expect(error.cause).toBeInstanceOf(WebAssembly.RuntimeError);
      // The instance that trapped would trap again on every call: it had to go.
      expect(() => before.ew_decode(encodingId('utf-8'), 0, 0, 1)).toThrow(WebAssembly.RuntimeError);
      // After an error the decoder starts a new stream (as after a fatal error): nothing pending.
      expect(d.decode(hex('61'))).toBe('a');
      expect(core.wasm).not.toBe(before);
      expect(d.decode(hex('E2 82'), { stream: true }) + d.decode(hex('AC'))).toBe('\u20ac');
    });
    expectAllWell();
  });

  it('core: a trap in the middle of a long decode, after output was made', () => {
    const input = new Uint8Array(300_000).fill(0x61);
    for (let i = 0; i < input.length; i += 1000) input[i] = 0x80;
    const want = new TextDecoder('windows-1252').decode(input);
    expect(want.length).toBe(input.length);
    // In wasm, not the host's windows-1252 decoder (delegated where it is exact).
    const d = allInWasm(() => new TextDecoder('windows-1252', { fatal: true }));
    const real = core.wasm;
    let calls = 0;
    // The real exports, with the module's stack pointer left wrong just before the third call.
    const wrapper = {
      ...real,
      ew_decode(...args) {
        if (++calls === 3) real.stackRestore(0);
        return real.ew_decode(...args);
      },
    };
    core.wasm = wrapper;
    expect(() => d.decode(input, { stream: true })).toThrow('failed while decoding windows-1252');
    expect(calls).toBe(3);
    expect(d.decode(input) === want).toBe(true);
    expect(core.wasm).not.toBe(wrapper);
    expect(allInWasm(() => new TextDecoder('windows-1252')).decode(input) === want).toBe(true);
    expectAllWell();
  });

  it('core: a trap while encoding, and in encodeInto, then both are right', () => {
    poison(core);
    expect(() => encode('\u20aca', 'utf-8')).toThrow(
      /^encoding-wasm: the core WebAssembly module failed while encoding utf-8/,
    );
    expect(Array.from(encode('\u20aca', 'utf-8'))).toEqual([0xe2, 0x82, 0xac, 0x61]);
    // TextEncoder.encodeInto runs in wasm for a shared destination (the host's may refuse one).
    const shared = new Uint8Array(new SharedArrayBuffer(8));
    poison(core);
    expect(() => new TextEncoder().encodeInto('\u20ac', shared)).toThrow(WebAssembly.RuntimeError);
    expect(new TextEncoder().encodeInto('a\u20ac', shared)).toEqual({ read: 2, written: 4 });
    expect(Array.from(shared.subarray(0, 4))).toEqual([0x61, 0xe2, 0x82, 0xac]);
    expectAllWell();
  });

  it('a family: a trap while decoding Shift_JIS names the family; its tables come back with the new instance', () => {
    const instance = instanceFor(encodingId('shift_jis'));
    // (in browsers, whose set-up imports tables/all, the module that holds every family and part)
    const module = instance.wasm.ew_families() === 0b11111 ? 'tables/all' : 'japanese';
    const d = new TextDecoder('shift_jis');
    expect(d.decode(hex('93'), { stream: true })).toBe('');
    const before = instance.wasm;
    poison(instance);
    expect(() => d.decode(hex('FA'), { stream: true })).toThrow(
      new RegExp(
        `^encoding-wasm: the ${module} WebAssembly module failed while decoding shift_jis \\(RuntimeError: .+\\)\\.`,
      ),
    );
    expect(d.decode(hex('93 FA 96 7B'))).toBe('\u65e5\u672c');
    expect(instance.wasm).not.toBe(before);
    expect(instanceFor(encodingId('euc-jp'))).toBe(instance);
    poison(instance);
    expect(() => encode('\u65e5', 'euc-jp')).toThrow(`the ${module} WebAssembly module failed while encoding euc-jp`);
    expect(Array.from(encode('\u65e5\u672c', 'shift_jis'))).toEqual([0x93, 0xfa, 0x96, 0x7b]);
    expectAllWell();
  });

  it('TextDecoderStream: a trap errors that stream with the error; a new stream decodes right', async () => {
    // In wasm, not the host's windows-1252 decoder (delegated where it is exact).
    const broken = allInWasm(() => new TextDecoderStream('windows-1252'));
    const writer = broken.writable.getWriter();
    const reader = broken.readable.getReader();
    poison(core);
    // Every promise of the errored stream rejects with the error (all handled at once: Bun reports
    // a rejection not yet handled when the next one settles).
    const [read, written, closed] = await Promise.allSettled([reader.read(), writer.write(hex('80')), writer.closed]);
    for (const result of [read, written, closed]) {
      expect(result.status).toBe('rejected');
      expect(result.reason).toBeInstanceOf(WebAssembly.RuntimeError);
      expect(result.reason.message).toContain('failed while decoding windows-1252');
    }

    const stream = allInWasm(() => new TextDecoderStream('windows-1252'));
    const out = [];
    const reading = (async () => {
      for (const r = stream.readable.getReader(); ;) {
        const { done, value } = await r.read();
        if (done) return;
        out.push(value);
      }
    })();
    const w = stream.writable.getWriter();
    await w.write(hex('80 61'));
    await w.write(hex('9F'));
    await w.close();
    await reading;
    expect(out.join('')).toBe('\u20aca\u0178');
    expectAllWell();
  });
});
