// Deno's stand-ins for Buffer#ucs2Slice and #latin1Slice (js/host/deno_buffer.js), which js/wasm/strings.js
// uses until they have made 2^22 code units, so that a Deno process reads its `Buffer` global (which
// loads Deno's Node compatibility layer) only once that is worth it. Run in every host with a
// `Buffer` getter of the test's own that counts its reads and gives a Buffer whose methods count
// their calls and make strings by String.fromCharCode (the definitions of UTF-16LE code units and
// of Latin-1 bytes as code points), so expected strings never come from the code under test.
import { describe, expect, it } from 'vitest';
import { BUFFER_AFTER, lateBufferPrototype } from '../../js/host/deno_buffer.js';

// The string of code units `units`, and of Latin-1 bytes `bytes`, by definition.
const fromUnits = (units) => {
  let s = '';
  for (const u of units) s += String.fromCharCode(u);
  return s;
};

function fakeBuffer() {
  const calls = { ucs2Slice: 0, latin1Slice: 0, reads: 0 };
  const prototype = {
    ucs2Slice(start, end) {
      calls.ucs2Slice++;
      const units = [];
      for (let i = start; i < end; i += 2) units.push(this[i] | (this[i + 1] << 8));
      return fromUnits(units);
    },
    latin1Slice(start, end) {
      calls.latin1Slice++;
      return fromUnits(this.subarray(start, end));
    },
  };
  const getter = () => {
    calls.reads++;
    return { prototype };
  };
  return { calls, getter };
}

// A view over a buffer with bytes before `bytes`, as js/wasm/strings.js passes one over all of wasm memory.
function memoryWith(bytes, at = 5) {
  const memory = new Uint8Array(at + bytes.length + 3);
  memory.set(bytes, at);
  return { memory, start: at, end: at + bytes.length };
}

// UTF-16LE bytes of `text` (code units as they are).
const utf16le = (text) =>
  Uint8Array.from([...Array(text.length).keys()].flatMap((i) => [text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8]));

describe('Deno: Buffer stand-ins until 2^22 code units (js/host/deno_buffer.js)', () => {
  const texts = ['a', 'Съешь же ещё этих мягких французских булок', 'a\u{1f600}\u20ac\u3042\ufeff', 'é'.repeat(9000)];

  it('make the strings Buffer makes, without reading Buffer', () => {
    const { calls, getter } = fakeBuffer();
    const { ucs2Slice, latin1Slice } = lateBufferPrototype(getter);
    for (const text of texts) {
      const { memory, start, end } = memoryWith(utf16le(text));
      expect(Reflect.apply(ucs2Slice, memory, [start, end])).toBe(text);
    }
    // Latin-1: every byte, C1 controls too (0x80-0x9F are U+0080-U+009F, unlike windows-1252), in
    // more than one piece of 8192.
    const bytes = Uint8Array.from({ length: 20000 }, (_, i) => (i * 7) & 0xff);
    const { memory, start, end } = memoryWith(bytes);
    expect(Reflect.apply(latin1Slice, memory, [start, end])).toBe(fromUnits(bytes));
    expect(Reflect.apply(latin1Slice, memory, [start + 3, start + 3])).toBe('');
    expect(calls).toEqual({ ucs2Slice: 0, latin1Slice: 0, reads: 0 });
  });

  it('read Buffer once, when the units made reach 2^22, and use its methods from then on', () => {
    expect(BUFFER_AFTER).toBe(1 << 22);
    const { calls, getter } = fakeBuffer();
    const { ucs2Slice, latin1Slice } = lateBufferPrototype(getter);
    const latin1 = memoryWith(new Uint8Array(1 << 16).fill(0xe9));
    const utf16 = memoryWith(utf16le('Ж'.repeat(1 << 15)));
    // 2^16 + 2^15 units a round: 42 rounds make 2^22 - 2^16 (short of it), the 43rd crosses it.
    for (let round = 0; round < 43; round++) {
      expect(Reflect.apply(latin1Slice, latin1.memory, [latin1.start, latin1.end])).toBe('é'.repeat(1 << 16));
      expect(Reflect.apply(ucs2Slice, utf16.memory, [utf16.start, utf16.end])).toBe('Ж'.repeat(1 << 15));
      expect(calls.reads).toBe(round < 42 ? 0 : 1);
    }
    // The call that reached the bound was Buffer's already (the 43rd latin1Slice).
    expect(calls).toEqual({ ucs2Slice: 1, latin1Slice: 1, reads: 1 });
    const text = 'a\u{1f600}';
    const { memory, start, end } = memoryWith(utf16le(text));
    expect(Reflect.apply(ucs2Slice, memory, [start, end])).toBe(text);
    expect(calls).toEqual({ ucs2Slice: 2, latin1Slice: 1, reads: 1 });
  });

  it('go on where reading Buffer throws or gives none', () => {
    for (const getter of [
      () => {
        throw new Error('no Node compatibility');
      },
      () => undefined,
      () => ({ prototype: {} }),
    ]) {
      let reads = 0;
      const { ucs2Slice } = lateBufferPrototype(() => (reads++, getter()));
      const text = 'Ж'.repeat(1 << 16);
      const { memory, start, end } = memoryWith(utf16le(text));
      for (let i = 0; i < 65; i++) expect(Reflect.apply(ucs2Slice, memory, [start, end]) === text).toBe(true);
      expect(reads).toBe(1);
    }
  });
});
