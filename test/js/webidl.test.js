// The WebIDL shape and argument conversions of TextDecoder and TextEncoder:
// https://encoding.spec.whatwg.org/#interface-textdecoder, #interface-textencoder and
// https://webidl.spec.whatwg.org/ (interface objects, attributes, operations, dictionaries,
// AllowSharedBufferSource, [AllowShared] Uint8Array, USVString).
import { describe, expect, it } from 'vitest';
import { TextDecoder, TextEncoder } from './entry.js';
import { bytes, detach, hex, loggingOptions, thrown } from './helpers.js';

// Node's Buffer where the host has one (Node, Deno, Bun; not a browser page).
const HOST_BUFFER = typeof globalThis.Buffer === 'function' ? globalThis.Buffer : null;

const decoderProto = TextDecoder.prototype;
const encoderProto = TextEncoder.prototype;
const getterOf = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;

describe('interface objects', () => {
  it('constructors: name, length, prototype, and they need new', () => {
    expect(TextDecoder.name).toBe('TextDecoder');
    expect(TextEncoder.name).toBe('TextEncoder');
    expect(TextDecoder.length).toBe(0);
    expect(TextEncoder.length).toBe(0);
    expect(Object.getOwnPropertyDescriptor(TextDecoder, 'prototype')).toMatchObject({
      writable: false,
      enumerable: false,
      configurable: false,
    });
    expect(decoderProto.constructor).toBe(TextDecoder);
    expect(encoderProto.constructor).toBe(TextEncoder);
    expect(() => TextDecoder()).toThrow(TypeError);
    expect(() => TextEncoder()).toThrow(TypeError);
    expect(() => TextDecoder.call(new TextDecoder())).toThrow(TypeError);
  });

  it('operation lengths', () => {
    expect(decoderProto.decode.length).toBe(0);
    expect(encoderProto.encode.length).toBe(0);
    expect(encoderProto.encodeInto.length).toBe(2);
    expect(decoderProto.decode.name).toBe('decode');
    expect(encoderProto.encode.name).toBe('encode');
    expect(encoderProto.encodeInto.name).toBe('encodeInto');
  });

  it.each([
    [decoderProto, ['encoding', 'fatal', 'ignoreBOM'], ['decode']],
    [encoderProto, ['encoding'], ['encode', 'encodeInto']],
  ])('members are on the prototype, enumerable and configurable (%#)', (proto, attributes, operations) => {
    for (const name of attributes) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      expect(d, name).toMatchObject({ enumerable: true, configurable: true, set: undefined });
      expect(typeof d.get, name).toBe('function');
      expect(d.get.length).toBe(0);
      expect(d.get.name).toBe(`get ${name}`);
    }
    for (const name of operations) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      expect(d, name).toMatchObject({ enumerable: true, configurable: true, writable: true });
      expect(typeof d.value).toBe('function');
    }
    expect(Object.keys(proto).sort()).toEqual([...attributes, ...operations].sort());
  });

  it('instances have no own properties', () => {
    expect(Reflect.ownKeys(new TextDecoder())).toEqual([]);
    expect(Reflect.ownKeys(new TextEncoder())).toEqual([]);
  });

  it('Symbol.toStringTag', () => {
    expect(Object.prototype.toString.call(new TextDecoder())).toBe('[object TextDecoder]');
    expect(Object.prototype.toString.call(new TextEncoder())).toBe('[object TextEncoder]');
    expect(Object.prototype.toString.call(decoderProto)).toBe('[object TextDecoder]');
    expect(Object.getOwnPropertyDescriptor(decoderProto, Symbol.toStringTag)).toEqual({
      value: 'TextDecoder',
      writable: false,
      enumerable: false,
      configurable: true,
    });
    expect(Object.getOwnPropertyDescriptor(encoderProto, Symbol.toStringTag)).toEqual({
      value: 'TextEncoder',
      writable: false,
      enumerable: false,
      configurable: true,
    });
  });

  it('subclasses work and keep the brand', () => {
    class MyDecoder extends TextDecoder {}
    class MyEncoder extends TextEncoder {}
    const d = new MyDecoder('latin1', { fatal: true });
    expect(d.encoding).toBe('windows-1252');
    expect(d.fatal).toBe(true);
    expect(d.decode(hex('80'))).toBe('\u20ac');
    expect(new MyEncoder().encode('\u20ac')).toEqual(hex('E2 82 AC'));
  });
});

describe('receivers (brand checks)', () => {
  const strangers = [
    {},
    null,
    undefined,
    1,
    'utf-8',
    Object.create(decoderProto),
    Object.create(encoderProto),
    decoderProto,
    encoderProto,
  ];

  it('TextDecoder getters throw a TypeError on anything but a TextDecoder', () => {
    for (const name of ['encoding', 'fatal', 'ignoreBOM']) {
      const get = getterOf(decoderProto, name);
      for (const receiver of [...strangers, new TextEncoder()]) {
        expect(() => get.call(receiver), `${name} on ${String(receiver)}`).toThrow(TypeError);
      }
    }
    expect(() => decoderProto.encoding).toThrow(TypeError);
    expect(() => decoderProto.fatal).toThrow(TypeError);
  });

  it('TextDecoder.prototype.decode throws a TypeError on anything but a TextDecoder', () => {
    for (const receiver of [...strangers, new TextEncoder()]) {
      expect(() => decoderProto.decode.call(receiver, new Uint8Array(1))).toThrow(TypeError);
      expect(() => decoderProto.decode.call(receiver)).toThrow(TypeError);
    }
  });

  it('TextEncoder members throw a TypeError on anything but a TextEncoder', () => {
    const get = getterOf(encoderProto, 'encoding');
    for (const receiver of [...strangers, new TextDecoder()]) {
      expect(() => get.call(receiver)).toThrow(TypeError);
      expect(() => encoderProto.encode.call(receiver, 'a')).toThrow(TypeError);
      expect(() => encoderProto.encodeInto.call(receiver, 'a', new Uint8Array(4))).toThrow(TypeError);
    }
    expect(() => encoderProto.encoding).toThrow(TypeError);
  });

  it('the brand check comes before argument conversion', () => {
    let called = false;
    const label = {
      toString() {
        called = true;
        return 'a';
      },
    };
    expect(() => encoderProto.encode.call({}, label)).toThrow(TypeError);
    expect(() =>
      decoderProto.decode.call({}, undefined, {
        get stream() {
          called = true;
          return false;
        },
      }),
    ).toThrow(TypeError);
    expect(called).toBe(false);
  });
});

describe('TextDecoderOptions and TextDecodeOptions (WebIDL dictionaries)', () => {
  it('undefined and null are the empty dictionary', () => {
    for (const options of [undefined, null]) {
      const d = new TextDecoder('utf-8', options);
      expect(d.fatal).toBe(false);
      expect(d.ignoreBOM).toBe(false);
      expect(d.decode(hex('EF BB BF 61'), options)).toBe('a');
    }
  });

  it('a non-object is a TypeError', () => {
    for (const options of [1, 0, 'x', '', true, false, Symbol('o'), 1n]) {
      expect(() => new TextDecoder('utf-8', options), String(options)).toThrow(TypeError);
      expect(() => new TextDecoder().decode(new Uint8Array(0), options), String(options)).toThrow(TypeError);
    }
  });

  it('any object is accepted, including arrays, functions and wrappers', () => {
    for (const options of [{}, [], () => {}, new Number(1), new Boolean(true), /re/, new Date(0)]) {
      const d = new TextDecoder('utf-8', options);
      expect(d.fatal).toBe(false);
      expect(d.ignoreBOM).toBe(false);
      expect(d.decode(hex('61'), options)).toBe('a');
    }
    const fn = Object.assign(function options() {}, { fatal: 1, ignoreBOM: 'yes' });
    const d = new TextDecoder('utf-8', fn);
    expect(d.fatal).toBe(true);
    expect(d.ignoreBOM).toBe(true);
  });

  it('members are converted with ToBoolean', () => {
    const truthy = [true, 1, -1, 'false', '0', ' ', {}, [], Symbol('s'), 1n, -0.5, Infinity];
    const falsy = [false, 0, -0, NaN, '', null, undefined, 0n];
    for (const v of truthy) {
      const d = new TextDecoder('utf-16le', { fatal: v, ignoreBOM: v });
      expect(d.fatal, String(v)).toBe(true);
      expect(d.ignoreBOM, String(v)).toBe(true);
    }
    for (const v of falsy) {
      const d = new TextDecoder('utf-16le', { fatal: v, ignoreBOM: v });
      expect(d.fatal, String(v)).toBe(false);
      expect(d.ignoreBOM, String(v)).toBe(false);
    }
    // stream: truthy keeps the pending byte, falsy flushes it.
    for (const v of truthy) {
      const d = new TextDecoder('utf-8');
      expect(d.decode(hex('E2 82'), { stream: v }), String(v)).toBe('');
      expect(d.decode(hex('AC'))).toBe('\u20ac');
    }
    for (const v of falsy) {
      const d = new TextDecoder('utf-8');
      expect(d.decode(hex('E2 82'), { stream: v }), String(v)).toBe('\ufffd');
    }
  });

  it('inherited members count', () => {
    const d = new TextDecoder('utf-8', Object.create({ fatal: true, ignoreBOM: true }));
    expect(d.fatal).toBe(true);
    expect(d.ignoreBOM).toBe(true);
    const s = new TextDecoder('utf-8');
    expect(s.decode(hex('E2'), Object.create({ stream: true }))).toBe('');
    expect(s.decode(hex('82 AC'))).toBe('\u20ac');
  });

  it('members are read with [[Get]] in lexicographic order, once each, and nothing else', () => {
    const traps = [];
    const handler = {};
    for (const trap of ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf']) {
      handler[trap] = (target, ...args) => {
        traps.push([trap, typeof args[0] === 'symbol' ? args[0].toString() : args[0]]);
        return Reflect[trap](target, ...args);
      };
    }
    const options = new Proxy({ ignoreBOM: true, fatal: true, stream: true }, handler);
    const d = new TextDecoder('utf-8', options);
    expect(traps.filter(([t]) => t !== 'getPrototypeOf')).toEqual([
      ['get', 'fatal'],
      ['get', 'ignoreBOM'],
    ]);
    traps.length = 0;
    d.decode(new Uint8Array(0), options);
    expect(traps.filter(([t]) => t !== 'getPrototypeOf')).toEqual([['get', 'stream']]);
  });

  it('getters run in order and a throwing getter propagates', () => {
    const log = [];
    const make = (throwAt) => ({
      get ignoreBOM() {
        log.push('ignoreBOM');
        if (throwAt === 'ignoreBOM') throw new SyntaxError('ignoreBOM');
        return false;
      },
      get fatal() {
        log.push('fatal');
        if (throwAt === 'fatal') throw new SyntaxError('fatal');
        return true;
      },
    });
    new TextDecoder('utf-8', make(null));
    expect(log).toEqual(['fatal', 'ignoreBOM']);
    log.length = 0;
    expect(() => new TextDecoder('utf-8', make('fatal'))).toThrow(SyntaxError);
    expect(log).toEqual(['fatal']);
    log.length = 0;
    expect(() => new TextDecoder('utf-8', make('ignoreBOM'))).toThrow(SyntaxError);
    expect(log).toEqual(['fatal', 'ignoreBOM']);

    const d = new TextDecoder();
    const error = new EvalError('stream');
    expect(
      thrown(() =>
        d.decode(new Uint8Array(1), {
          get stream() {
            throw error;
          },
        }),
      ),
    ).toBe(error);
  });

  it('decode() converts the input before the options', () => {
    const log = [];
    const options = loggingOptions(log, { stream: false });
    expect(() => new TextDecoder().decode('not a buffer', options)).toThrow(TypeError);
    expect(log).toEqual([]);
    new TextDecoder().decode(new Uint8Array(0), options);
    expect(log).toEqual(['stream']);
  });
});

describe('decode() input types (AllowSharedBufferSource)', () => {
  // 16 bytes: "ABCDEFGH" then "abcdefgh"; views over bytes 8..16 must give "abcdefgh".
  const source = bytes('ABCDEFGHabcdefgh');
  const makeBuffer = (Backing = ArrayBuffer) => {
    const b = new Backing(16);
    new Uint8Array(b).set(source);
    return b;
  };
  const VIEW_TYPES = [
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
    BigInt64Array,
    BigUint64Array,
    ...(typeof globalThis.Float16Array === 'function' ? [globalThis.Float16Array] : []),
  ];

  it('ArrayBuffer and SharedArrayBuffer, whole', () => {
    expect(new TextDecoder().decode(makeBuffer())).toBe('ABCDEFGHabcdefgh');
    expect(new TextDecoder().decode(makeBuffer(SharedArrayBuffer))).toBe('ABCDEFGHabcdefgh');
    expect(new TextDecoder().decode(new ArrayBuffer(0))).toBe('');
    expect(new TextDecoder().decode(new SharedArrayBuffer(0))).toBe('');
  });

  it.each(VIEW_TYPES.map((T) => [T.name, T]))('%s: the bytes of the view, over ArrayBuffer and SAB', (_, T) => {
    for (const Backing of [ArrayBuffer, SharedArrayBuffer]) {
      const whole = new T(makeBuffer(Backing));
      expect(new TextDecoder().decode(whole)).toBe('ABCDEFGHabcdefgh');
      const tail = new T(makeBuffer(Backing), 8, 8 / T.BYTES_PER_ELEMENT);
      expect(new TextDecoder().decode(tail)).toBe('abcdefgh');
      const empty = new T(makeBuffer(Backing), 8, 0);
      expect(new TextDecoder().decode(empty)).toBe('');
    }
  });

  it('DataView, over ArrayBuffer and SAB, with offset and length', () => {
    for (const Backing of [ArrayBuffer, SharedArrayBuffer]) {
      expect(new TextDecoder().decode(new DataView(makeBuffer(Backing)))).toBe('ABCDEFGHabcdefgh');
      expect(new TextDecoder().decode(new DataView(makeBuffer(Backing), 3, 7))).toBe('DEFGHab');
      expect(new TextDecoder().decode(new DataView(makeBuffer(Backing), 16))).toBe('');
    }
  });

  it('subarrays and Uint8Array subclasses', () => {
    expect(new TextDecoder().decode(source.subarray(5, 9))).toBe('FGHa');
    class MyBytes extends Uint8Array {}
    expect(new TextDecoder().decode(MyBytes.from([0x68, 0x69]))).toBe('hi');
  });

  // Node's Buffer: the host's own Uint8Array subclass, small ones views into a shared pool.
  it.skipIf(!HOST_BUFFER)('Node Buffers (hosts that have one)', () => {
    expect(new TextDecoder().decode(HOST_BUFFER.from('h\u00e9', 'utf8'))).toBe('h\u00e9');
  });

  it('views over SharedArrayBuffer decode multi-byte encodings of every family of this suite', () => {
    const sab = new SharedArrayBuffer(8);
    new Uint8Array(sab).set(hex('E2 82 AC 00 3D D8 00 DE'));
    expect(new TextDecoder().decode(new Uint8Array(sab, 0, 3))).toBe('\u20ac');
    expect(new TextDecoder('utf-16le').decode(new Uint8Array(sab, 4, 4))).toBe('\u{1f600}');
    expect(new TextDecoder('utf-16be').decode(new DataView(sab, 3, 2))).toBe('\u003d');
    expect(new TextDecoder('windows-1252').decode(new Uint8Array(sab, 2, 1))).toBe('\u00ac');
    const d = new TextDecoder('utf-8');
    expect(d.decode(new Uint8Array(sab, 0, 1), { stream: true })).toBe('');
    expect(d.decode(new Uint8Array(sab, 1, 2))).toBe('\u20ac');
  });

  it('anything else is a TypeError', () => {
    const bad = [
      1,
      0,
      'abc',
      '',
      true,
      null,
      {},
      [],
      [0x61],
      { buffer: new ArrayBuffer(1), byteOffset: 0, byteLength: 1 },
      Object.create(Uint8Array.prototype),
      Object.create(ArrayBuffer.prototype),
      Object.create(DataView.prototype),
      { [Symbol.toStringTag]: 'Uint8Array', length: 0 },
      Symbol('x'),
      1n,
      () => {},
      new Proxy(new Uint8Array(1), {}),
    ];
    bad.forEach((input, i) => {
      expect(() => new TextDecoder().decode(input), `bad input #${i}`).toThrow(TypeError);
      expect(() => new TextDecoder().decode(input, { stream: true }), `bad input #${i}`).toThrow(TypeError);
    });
  });

  it('a detached ArrayBuffer, and views over one, decode as no bytes', () => {
    const cases = () => {
      const buffer = makeBuffer();
      const views = [new Uint8Array(buffer), new Uint16Array(buffer, 2, 3), new DataView(buffer, 1, 4)];
      detach(buffer);
      expect(buffer.byteLength).toBe(0);
      return [buffer, ...views];
    };
    for (const input of cases()) {
      expect(new TextDecoder().decode(input)).toBe('');
      expect(new TextDecoder('utf-16le', { fatal: true }).decode(input)).toBe('');
      expect(new TextDecoder('windows-1252').decode(input, { stream: true })).toBe('');
    }
    // No bytes, mid-stream: the pending sequence is untouched.
    for (const input of cases()) {
      const d = new TextDecoder('utf-8', { fatal: true });
      expect(d.decode(hex('E2 82'), { stream: true })).toBe('');
      expect(d.decode(input, { stream: true })).toBe('');
      expect(d.decode(hex('AC'))).toBe('\u20ac');
    }
  });

  // [AllowResizable] (whatwg/encoding pull request 362, "Add support for [AllowResizable] inputs",
  // and its web-platform-tests textdecoder-copy and textdecoder-streaming cases): a resizable
  // ArrayBuffer, a growable SharedArrayBuffer and views over them are BufferSources like any other,
  // whose bytes are the ones they hold when decode() reads them.
  describe('resizable ArrayBuffers and growable SharedArrayBuffers (whatwg/encoding PR 362)', () => {
    const ABCDEFGH = [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68];
    const resizable = () => {
      const buffer = new ArrayBuffer(8, { maxByteLength: 16 });
      new Uint8Array(buffer).set(ABCDEFGH);
      return buffer;
    };
    const growable = () => {
      const buffer = new SharedArrayBuffer(8, { maxByteLength: 16 });
      new Uint8Array(buffer).set(ABCDEFGH);
      return buffer;
    };

    it('every kind of view over them decodes the bytes it views', () => {
      for (const make of [resizable, growable]) {
        const cases = [
          [make(), 'abcdefgh'],
          [new Uint8Array(make()), 'abcdefgh'],
          [new Uint8Array(make(), 2, 4), 'cdef'],
          [new Int8Array(make(), 6), 'gh'],
          [new Uint16Array(make(), 2, 2), 'cdef'],
          [new Int32Array(make()), 'abcdefgh'],
          [new DataView(make()), 'abcdefgh'],
          [new DataView(make(), 1, 3), 'bcd'],
        ];
        for (const [input, want] of cases) {
          const what = `${make.name} ${Object.prototype.toString.call(input)}`;
          expect(new TextDecoder().decode(input), what).toBe(want);
          expect(new TextDecoder('windows-1252', { fatal: true }).decode(input, { stream: true }), what).toBe(want);
          expect(new TextDecoder('utf-16be').decode(input), what).toBe(decode16(want));
        }
      }
    });

    // UTF-16BE of an ASCII string's bytes, from the bytes (independent of the code under test).
    function decode16(ascii) {
      let out = '';
      for (let i = 0; i + 1 < ascii.length; i += 2)
        out += String.fromCharCode((ascii.charCodeAt(i) << 8) | ascii.charCodeAt(i + 1));
      return ascii.length % 2 ? out + '\ufffd' : out;
    }

    it('after a resize, views see the new length: length-tracking ones follow it, fixed ones out of bounds see none', () => {
      const buffer = resizable();
      const tracking = new Uint8Array(buffer);
      const fixed = new Uint8Array(buffer, 4, 4);
      const trackingView = new DataView(buffer);
      const fixedView = new DataView(buffer, 4, 4);
      const d = new TextDecoder();
      buffer.resize(6);
      expect(d.decode(buffer)).toBe('abcdef');
      expect(d.decode(tracking)).toBe('abcdef');
      expect(d.decode(trackingView)).toBe('abcdef');
      expect(d.decode(fixed)).toBe(''); // out of bounds: a byte length of 0
      expect(d.decode(fixedView)).toBe('');
      buffer.resize(10);
      expect(d.decode(tracking)).toBe('abcdef\0\0\0\0');
      expect(d.decode(fixed)).toBe('ef\0\0');
      expect(d.decode(fixedView)).toBe('ef\0\0');
      const shared = growable();
      const sharedTracking = new Uint8Array(shared);
      shared.grow(9);
      expect(d.decode(sharedTracking)).toBe('abcdefgh\0');
      expect(d.decode(shared)).toBe('abcdefgh\0');
    });

    // decode()'s steps read the input after WebIDL has converted both arguments, so what a getter of
    // the options dictionary does to the buffer shows in the output.
    it('a stream getter that shrinks, grows or detaches the buffer: the bytes are read after it', () => {
      const during = (input, act) =>
        new TextDecoder().decode(input, {
          get stream() {
            act();
            return false;
          },
        });
      for (const view of ['buffer', 'tracking', 'fixed', 'int16', 'dataview']) {
        const buffer = resizable();
        const input = {
          buffer,
          tracking: new Uint8Array(buffer),
          fixed: new Uint8Array(buffer, 0, 6),
          int16: new Int16Array(buffer),
          dataview: new DataView(buffer),
        }[view];
        const shrunk = { buffer: 'abc', tracking: 'abc', fixed: '', int16: 'ab', dataview: 'abc' }[view];
        expect(
          during(input, () => buffer.resize(3)),
          view,
        ).toBe(shrunk);
        const grown = { buffer: 'abc\0\0\0\0', tracking: 'abc\0\0\0\0', fixed: 'abc\0\0\0' }[view];
        if (grown)
          expect(
            during(input, () => buffer.resize(7)),
            view,
          ).toBe(grown);
        expect(
          during(input, () => detach(buffer)),
          view,
        ).toBe('');
      }
    });

    it('streaming: pending bytes are the decoder’s copy, whatever happens to the buffer afterwards', () => {
      const buffer = new ArrayBuffer(2, { maxByteLength: 4 });
      const view = new Uint8Array(buffer);
      view.set([0xe2, 0x82]);
      const d = new TextDecoder('utf-8', { fatal: true });
      expect(d.decode(view, { stream: true })).toBe('');
      buffer.resize(4);
      view.set([0xac, 0x61, 0x62, 0x63]);
      expect(d.decode(view.subarray(0, 1), { stream: true })).toBe('\u20ac');
      buffer.resize(0);
      expect(d.decode(view)).toBe('');
    });
  });

  it('the decoder keeps a copy of pending bytes, not the caller’s buffer', () => {
    for (const [label, head, tail, want] of [
      ['utf-8', 'F0 9F 98', '80', '\u{1f600}'],
      ['utf-8', 'E2', '82 AC', '\u20ac'],
      ['utf-16le', '3D D8 00', 'DE', '\u{1f600}'],
      ['utf-16be', 'D8', '3D DE 00', '\u{1f600}'],
      ['utf-16le', 'AC', '20', '\u20ac'],
    ]) {
      const d = new TextDecoder(label, { fatal: true });
      const input = hex(head);
      expect(d.decode(input, { stream: true })).toBe('');
      input.fill(0x41);
      const more = hex(tail);
      expect(d.decode(more, { stream: true })).toBe(want);
      more.fill(0xff);
      expect(d.decode()).toBe('');
    }
  });

  it('an input whose buffer is also the options object is fine', () => {
    const u8 = hex('E2 82');
    u8.stream = true;
    const d = new TextDecoder();
    expect(d.decode(u8, u8)).toBe('');
    expect(d.decode(hex('AC'))).toBe('\u20ac');
  });
});

describe('TextEncoder', () => {
  const te = new TextEncoder();

  it('encoding is utf-8', () => {
    expect(te.encoding).toBe('utf-8');
  });

  it('encode() defaults to the empty string and returns a new Uint8Array each time', () => {
    const a = te.encode();
    expect(a).toBeInstanceOf(Uint8Array);
    expect(a.length).toBe(0);
    expect(te.encode(undefined).length).toBe(0);
    const b = te.encode('ab');
    const c = te.encode('ab');
    expect(b).not.toBe(c);
    expect(b.buffer).not.toBe(c.buffer);
    b[0] = 0;
    expect(c).toEqual(bytes('ab'));
    expect(Object.getPrototypeOf(b)).toBe(Uint8Array.prototype);
  });

  it('encode() converts its argument with ToString (USVString)', () => {
    expect(te.encode(null)).toEqual(bytes('null'));
    expect(te.encode(12.5)).toEqual(bytes('12.5'));
    expect(te.encode({ toString: () => '\u00e9' })).toEqual(hex('C3 A9'));
    expect(te.encode(['a', 'b'])).toEqual(bytes('a,b'));
    expect(() => te.encode(Symbol('s'))).toThrow(TypeError);
  });

  it('encode() writes scalar values as UTF-8 and lone surrogates as U+FFFD', () => {
    expect(te.encode('\u0000\u007f\u0080\u07ff\u0800\uffff')).toEqual(hex('00 7F C2 80 DF BF E0 A0 80 EF BF BF'));
    expect(te.encode('\u{10000}\u{10ffff}')).toEqual(hex('F0 90 80 80 F4 8F BF BF'));
    expect(te.encode('\ud800')).toEqual(hex('EF BF BD'));
    expect(te.encode('\udc00')).toEqual(hex('EF BF BD'));
    expect(te.encode('a\ud800b')).toEqual(hex('61 EF BF BD 62'));
    expect(te.encode('\udc00\ud800')).toEqual(hex('EF BF BD EF BF BD'));
    expect(te.encode('\ud83d\ud83d\ude00')).toEqual(hex('EF BF BD F0 9F 98 80'));
    expect(te.encode('\ud83d\ude00\ude00')).toEqual(hex('F0 9F 98 80 EF BF BD'));
    expect(te.encode('\ufeff')).toEqual(hex('EF BB BF'));
  });

  describe('encodeInto()', () => {
    // Runs encodeInto into a fresh destination of `size` bytes filled with 0xAA and returns
    // { read, written, bytes }.
    const into = (source, size) => {
      const destination = new Uint8Array(size).fill(0xaa);
      const result = te.encodeInto(source, destination);
      return { ...result, bytes: destination };
    };

    it('returns a plain { read, written } object', () => {
      const result = te.encodeInto('ab', new Uint8Array(4));
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(Object.keys(result)).toEqual(['read', 'written']);
      expect(result).toEqual({ read: 2, written: 2 });
    });

    it('counts read in UTF-16 code units and written in bytes', () => {
      expect(into('a\u00e9\u20ac\u{1f600}', 16)).toMatchObject({ read: 5, written: 10 });
      expect(into('a\u00e9\u20ac\u{1f600}', 16).bytes).toEqual(hex('61 C3 A9 E2 82 AC F0 9F 98 80 AA AA AA AA AA AA'));
      expect(into('', 4)).toMatchObject({ read: 0, written: 0 });
      expect(into('abc', 0)).toMatchObject({ read: 0, written: 0 });
    });

    it('never writes part of a scalar value', () => {
      for (const [text, units, encoded] of [
        ['\u00e9', 1, 'C3 A9'],
        ['\u20ac', 1, 'E2 82 AC'],
        ['\u{1f600}', 2, 'F0 9F 98 80'],
        ['\ud800', 1, 'EF BF BD'],
      ]) {
        const full = hex(encoded);
        for (let size = 0; size < full.length; size++) {
          const r = into(text, size);
          expect(r.read, `${encoded} into ${size}`).toBe(0);
          expect(r.written).toBe(0);
          expect(r.bytes).toEqual(new Uint8Array(size).fill(0xaa));
          const after = into('a' + text + 'b', size + 1);
          expect(after.read, `a+${encoded}+b into ${size + 1}`).toBe(1);
          expect(after.written).toBe(1);
        }
        const r = into(text + 'z', full.length);
        expect(r).toMatchObject({ read: units, written: full.length });
        expect(r.bytes).toEqual(full);
      }
    });

    it('writes lone surrogates as U+FFFD and pairs as one scalar value', () => {
      expect(into('\ud800\udc00', 8)).toMatchObject({ read: 2, written: 4 });
      expect(into('\udc00\ud800', 8)).toMatchObject({ read: 2, written: 6 });
      expect(into('\udc00\ud800', 8).bytes).toEqual(hex('EF BF BD EF BF BD AA AA'));
      expect(into('\ud83d\ud83d\ude00', 7)).toMatchObject({ read: 3, written: 7 });
      expect(into('\ud83d\ud83d\ude00', 6)).toMatchObject({ read: 1, written: 3 });
      expect(into('a\ud800', 3)).toMatchObject({ read: 1, written: 1 });
    });

    it('writes at the view’s offset and nowhere else', () => {
      const backing = new Uint8Array(10).fill(0xaa);
      const r = te.encodeInto('\u20ac\u20ac', backing.subarray(2, 8));
      expect(r).toEqual({ read: 2, written: 6 });
      expect(backing).toEqual(hex('AA AA E2 82 AC E2 82 AC AA AA'));
    });

    it('accepts Uint8Arrays over SharedArrayBuffer and subclasses', () => {
      const shared = new Uint8Array(new SharedArrayBuffer(8), 1, 5);
      expect(te.encodeInto('h\u00e9!', shared)).toEqual({ read: 3, written: 4 });
      expect(new Uint8Array(shared.buffer)).toEqual(hex('00 68 C3 A9 21 00 00 00'));
      class MyBytes extends Uint8Array {}
      expect(te.encodeInto('ab', new MyBytes(1))).toEqual({ read: 1, written: 1 });
    });

    it.skipIf(!HOST_BUFFER)('accepts Node Buffers (hosts that have one)', () => {
      const buf = HOST_BUFFER.alloc(3);
      expect(te.encodeInto('\u20ac', buf)).toEqual({ read: 1, written: 3 });
      expect(Array.from(buf)).toEqual([0xe2, 0x82, 0xac]);
    });

    it('a detached destination takes nothing', () => {
      const buffer = new ArrayBuffer(4);
      const view = new Uint8Array(buffer);
      detach(buffer);
      expect(te.encodeInto('abc', view)).toEqual({ read: 0, written: 0 });
    });

    // [AllowResizable] (whatwg/encoding pull request 362): the destination's current bytes.
    it('a destination over a resizable ArrayBuffer or a growable SharedArrayBuffer', () => {
      const buffer = new ArrayBuffer(2, { maxByteLength: 8 });
      const tracking = new Uint8Array(buffer);
      const fixed = new Uint8Array(buffer, 0, 2);
      expect(te.encodeInto('abc', tracking)).toEqual({ read: 2, written: 2 });
      buffer.resize(5);
      expect(te.encodeInto('\u20acxyz', tracking)).toEqual({ read: 3, written: 5 });
      expect(Array.from(tracking)).toEqual([0xe2, 0x82, 0xac, 0x78, 0x79]);
      expect(te.encodeInto('qq', fixed)).toEqual({ read: 2, written: 2 });
      buffer.resize(1);
      expect(te.encodeInto('abc', fixed)).toEqual({ read: 0, written: 0 }); // out of bounds
      expect(te.encodeInto('abc', tracking)).toEqual({ read: 1, written: 1 });
      const shared = new SharedArrayBuffer(3, { maxByteLength: 6 });
      const sharedView = new Uint8Array(shared);
      shared.grow(6);
      expect(te.encodeInto('\u{1f600}ab', sharedView)).toEqual({ read: 4, written: 6 });
      expect(Array.from(sharedView)).toEqual([0xf0, 0x9f, 0x98, 0x80, 0x61, 0x62]);
    });

    it('missing arguments are a TypeError', () => {
      expect(() => te.encodeInto()).toThrow(TypeError);
      expect(() => te.encodeInto('a')).toThrow(TypeError);
    });

    it('source is converted with ToString: undefined is "undefined"', () => {
      expect(into(undefined, 20)).toMatchObject({ read: 9, written: 9 });
      expect(into(null, 2)).toMatchObject({ read: 2, written: 2 });
      expect(into(42, 8)).toMatchObject({ read: 2, written: 2 });
      expect(() => te.encodeInto(Symbol('s'), new Uint8Array(4))).toThrow(TypeError);
    });

    it('a destination that is not a Uint8Array is a TypeError', () => {
      const bad = [
        undefined,
        null,
        new Uint16Array(4),
        new Int8Array(4),
        new Uint8ClampedArray(4),
        new DataView(new ArrayBuffer(4)),
        new ArrayBuffer(4),
        new SharedArrayBuffer(4),
        [0, 0, 0],
        {},
        'xxxx',
        4,
        Object.create(Uint8Array.prototype),
      ];
      for (const destination of bad) {
        expect(() => te.encodeInto('a', destination), Object.prototype.toString.call(destination)).toThrow(TypeError);
      }
    });

    it('converts source before destination', () => {
      const log = [];
      class SourceError extends Error {}
      const source = {
        toString() {
          log.push('source');
          return 'a';
        },
      };
      expect(() => te.encodeInto(source, 'not an array')).toThrow(TypeError);
      expect(log).toEqual(['source']);
      const throwing = {
        toString() {
          throw new SourceError();
        },
      };
      expect(() => te.encodeInto(throwing, 'not an array')).toThrow(SourceError);
    });
  });
});
