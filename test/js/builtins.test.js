// User changes to built-ins do not reach inside a call. WebIDL's conversions of the arguments are
// the only points where user code may run; once a decode or encode is under way none does
// (js/wasm/intrinsics.js), so a page that replaces a getter, a method or a constructor can neither change
// a result nor see, or cause, another decoder's output in the shared wasm memory.
import { afterEach, describe, expect, it } from 'vitest';
import * as sources from '../../js/index.js';
import { DecoderCommon, TextDecoder as SourceTextDecoder } from '../../js/webidl/text_decoder.js';
import { bytesEqual, concat, detach, hex, utf8Encode, withHostileBuiltins } from './helpers.js';

// The main entry's sources (the TextDecoderStream test below patches their DecoderCommon).
const { encode, nativeDelegation, TextDecoder, TextDecoderStream, TextEncoder } = sources;

const { apply, construct } = Reflect;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);

// patch(object, key, descriptor) redefines a property (or, for a writable one that cannot be
// redefined, such as Bun's TextDecoder.prototype.decode, assigns the new value, as a page would);
// unpatch() puts back every one patched. Each test calls unpatch() right after its synchronous runs,
// before any await or expect, so the test runner's own code (its IPC uses typed arrays) never sees
// a patched built-in.
const restore = [];
const patch = (object, key, descriptor) => {
  const original = Object.getOwnPropertyDescriptor(object, key);
  restore.push([object, key, original]);
  if (original && !original.configurable && original.writable && 'value' in descriptor) {
    object[key] = descriptor.value;
    return;
  }
  Object.defineProperty(object, key, {
    configurable: true,
    ...(descriptor.get ? {} : { writable: true }),
    ...descriptor,
  });
};
const unpatch = () => {
  for (const [object, key, descriptor] of restore.reverse()) {
    if (descriptor && !descriptor.configurable) object[key] = descriptor.value;
    else if (descriptor) Object.defineProperty(object, key, descriptor);
    else delete object[key];
  }
  restore.length = 0;
};
afterEach(unpatch);

// First in the file, so that the family is not loaded yet where families load on first use (Node,
// Deno, Bun; browsers preload every one in the suites' set-up, so only the decoding runs so).
describe("a family's first use", () => {
  it("loads its module, expands its tables and decodes with the page's array methods and iteration replaced", () => {
    // EUC-KR B0 A1 C7 D1: index EUC-KR pointers 9026 and 13444 ((lead - 0x81) * 190 + trail - 0x41), U+AC00 U+D55C.
    const bytes = hex('B0 A1 C7 D1');
    const { result, called } = withHostileBuiltins(() => new TextDecoder('euc-kr').decode(bytes));
    expect(called).toEqual([]);
    expect(result).toBe('\uac00\ud55c');
  });
});

describe('user changes to built-ins do not reach inside (WebIDL copies with internal slots)', () => {
  // Each operation with its expected result; run() gives each one's result or "threw: <message>".
  const big = () => {
    const b = new Uint8Array(200_000).fill(0x61);
    b[150_000] = 0x80;
    return b;
  };
  const OPERATIONS = [
    ['windows-1252 decode, 2 bytes', () => new TextDecoder('windows-1252').decode(hex('80 61')), '\u20aca'],
    ['windows-1252 decode, 200 KB', () => new TextDecoder('windows-1252').decode(big()).length, 200_000],
    ['utf-8 decode, 3 bytes', () => new TextDecoder('utf-8').decode(hex('E2 82 AC')), '\u20ac'],
    ['utf-16le decode, 200 KB', () => new TextDecoder('utf-16le').decode(big()).length, 100_000],
    ['encode(), 1 character', () => Array.from(encode('\u20ac', 'latin1')), [0x80]],
    ['encode(), 200 KB', () => encode('a'.repeat(200_000), 'latin1').length, 200_000],
    ['TextEncoder.encode', () => Array.from(new TextEncoder().encode('\u00e9')), [0xc3, 0xa9]],
  ];
  const run = () =>
    OPERATIONS.map(([name, fn]) => {
      try {
        return [name, fn()];
      } catch (error) {
        return [name, `threw: ${error.message}`];
      }
    });
  const WANT = OPERATIONS.map(([name, , want]) => [name, want]);

  it('%TypedArray%.prototype.set, subarray and slice replaced by throwing functions', () => {
    for (const key of ['set', 'subarray', 'slice']) {
      patch(TypedArrayPrototype, key, {
        value() {
          throw new Error(`user's ${key} was called`);
        },
      });
    }
    const results = run();
    unpatch();
    expect(results).toEqual(WANT);
  });

  it('Uint8Array[Symbol.species] is never consulted', () => {
    let reads = 0;
    patch(Uint8Array, Symbol.species, {
      get() {
        reads++;
        return Uint8Array;
      },
    });
    const results = run();
    const counts = OPERATIONS.map(([name, fn]) => {
      const before = reads;
      fn();
      return [name, reads - before];
    });
    unpatch();
    expect(results).toEqual(WANT);
    expect(counts).toEqual(OPERATIONS.map(([name]) => [name, 0]));
  });

  it('replacing globalThis.TextDecoder and TextEncoder after load changes nothing', () => {
    patch(globalThis, 'TextDecoder', {
      value: class {
        decode() {
          return 'fake';
        }
      },
    });
    patch(globalThis, 'TextEncoder', {
      value: class {
        encode() {
          return new Uint8Array(0);
        }
        encodeInto() {
          return { read: 0, written: 0 };
        }
      },
    });
    const results = run();
    unpatch();
    expect(results).toEqual(WANT);
  });

  it('detaching a buffer between calls does not affect the decoder', () => {
    const buffer = new ArrayBuffer(2);
    new Uint8Array(buffer).set([0xe2, 0x82]);
    const d = new TextDecoder();
    expect(d.decode(buffer, { stream: true })).toBe('');
    detach(buffer);
    expect(d.decode(hex('AC'))).toBe('\u20ac');
  });
});

// ---------------------------------------------------------------------------------------------
// A hostile page: each built-in the calls could use, replaced by one that still does its job but,
// on every call made while an operation runs, decodes and encodes with other decoders first (into
// the same wasm memory, in the core and in a family) and counts the call. Reading such a built-in
// between putting a call's state into wasm memory and reading its results back would hand the
// caller the other decoders' output; reading it anywhere in the call lets page code run inside it.

// The hostile code's own work: other decoders and encoders, whose output must never show up.
let others = null;
function attackers() {
  others ??= {
    secret: concat(Array(40).fill('SECRET!!')),
    core: new TextDecoder('windows-1252'),
    family: new TextDecoder('shift_jis'),
    utf8: new TextDecoder('utf-8'),
    japanese: hex('93 FA '.repeat(40)),
    shared: new Uint8Array(new SharedArrayBuffer(64)),
  };
  return others;
}
let armed = false;
let calls = 0;
// Calls made while a TextDecoderStream decodes a chunk (see below).
let inside = 0;
let callsInside = 0;
function attack() {
  if (!armed) return;
  armed = false;
  calls++;
  if (inside > 0) callsInside++;
  try {
    const o = others;
    o.core.decode(o.secret);
    o.family.decode(o.japanese);
    o.utf8.decode(o.secret, { stream: true });
    encode('SECRET!! \u65e5', 'shift_jis');
    encode('SECRET!! \u20ac', 'windows-1252');
    new TextEncoder().encodeInto('SECRET!!', o.shared);
  } finally {
    armed = true;
  }
}

// Replacements that do what the original does after the attack.
const hostileMethod = (object, key) => {
  const original = object[key];
  patch(object, key, {
    value: function (...args) {
      attack();
      return new.target ? construct(original, args, new.target) : apply(original, this, args);
    },
  });
};
const hostileGetter = (object, key) => {
  const { get } = Object.getOwnPropertyDescriptor(object, key);
  patch(object, key, {
    get() {
      attack();
      return apply(get, this, []);
    },
  });
};
const hostileConstructor = (name) => {
  const Original = globalThis[name];
  const Hostile = function (...args) {
    attack();
    return construct(Original, args, new.target ?? Original);
  };
  Hostile.prototype = Original.prototype;
  patch(globalThis, name, { value: Hostile });
};

const HostTextDecoder = globalThis.TextDecoder !== TextDecoder ? globalThis.TextDecoder : undefined;
const HostTextEncoder = globalThis.TextEncoder !== TextEncoder ? globalThis.TextEncoder : undefined;
const HostBuffer = globalThis.Buffer;

// [name, patch, host]: `host` when the replaced built-in is the host's own TextDecoder or
// TextEncoder: those must not be called even where decoding is handed to the host decoder, whose
// own code may read other built-ins (Deno's UTF-16 decoder reads `length`).
const BUILT_INS = [
  ['%TypedArray%.prototype length getter', () => hostileGetter(TypedArrayPrototype, 'length')],
  ['%TypedArray%.prototype byteLength getter', () => hostileGetter(TypedArrayPrototype, 'byteLength')],
  ['%TypedArray%.prototype byteOffset getter', () => hostileGetter(TypedArrayPrototype, 'byteOffset')],
  ['%TypedArray%.prototype buffer getter', () => hostileGetter(TypedArrayPrototype, 'buffer')],
  [
    '%TypedArray%.prototype.set, subarray and slice',
    () => ['set', 'subarray', 'slice'].forEach((k) => hostileMethod(TypedArrayPrototype, k)),
  ],
  [
    'Symbol.species of Uint8Array, Uint16Array and Uint32Array',
    () => [Uint8Array, Uint16Array, Uint32Array].forEach((C) => patch(C, Symbol.species, { get: () => (attack(), C) })),
  ],
  [
    'the Uint8Array, Uint16Array and Uint32Array globals',
    () => ['Uint8Array', 'Uint16Array', 'Uint32Array'].forEach(hostileConstructor),
  ],
  ['Math.min and Math.max', () => ['min', 'max'].forEach((k) => hostileMethod(Math, k))],
  ['Array.prototype.push', () => hostileMethod(Array.prototype, 'push')],
  [
    'array iteration (Array.prototype[Symbol.iterator], %ArrayIteratorPrototype%.next)',
    () => {
      hostileMethod(Array.prototype, Symbol.iterator);
      hostileMethod(Object.getPrototypeOf([][Symbol.iterator]()), 'next');
    },
  ],
  ['String.prototype.charCodeAt', () => hostileMethod(String.prototype, 'charCodeAt')],
  ['String.prototype.slice', () => hostileMethod(String.prototype, 'slice')],
  ['String.fromCharCode', () => hostileMethod(String, 'fromCharCode')],
  ['WebAssembly.Memory.prototype buffer getter', () => hostileGetter(WebAssembly.Memory.prototype, 'buffer')],
  ['ArrayBuffer.prototype byteLength getter', () => hostileGetter(ArrayBuffer.prototype, 'byteLength')],
  ['ArrayBuffer.isView', () => hostileMethod(ArrayBuffer, 'isView')],
  ['Function.prototype.call and apply', () => ['call', 'apply'].forEach((k) => hostileMethod(Function.prototype, k))],
  ['Map.prototype.get and set', () => ['get', 'set'].forEach((k) => hostileMethod(Map.prototype, k))],
  ...(HostBuffer
    ? [
        [
          'Buffer.from, Buffer.prototype.ucs2Slice and latin1Slice',
          () => {
            hostileMethod(HostBuffer, 'from');
            ['ucs2Slice', 'latin1Slice'].forEach((k) => hostileMethod(HostBuffer.prototype, k));
          },
        ],
      ]
    : []),
  ...(HostTextDecoder
    ? [['the host TextDecoder.prototype.decode', () => hostileMethod(HostTextDecoder.prototype, 'decode'), true]]
    : []),
  ...(HostTextEncoder
    ? [
        [
          'the host TextEncoder.prototype.encode and encodeInto',
          () => ['encode', 'encodeInto'].forEach((k) => hostileMethod(HostTextEncoder.prototype, k)),
          true,
        ],
      ]
    : []),
];

// [label, bytes, text]: a piece of each encoding and what the standard decodes it to, from its
// index (pointers in the comments) or the UTF definitions. Each is also what encoding the text
// gives (encode()), repeated.
const PIECES = [
  ['windows-1252', '80 61 9F', '\u20aca\u0178'], // index windows-1252: 0x80 U+20AC, 0x9F U+0178
  ['windows-1252', '61 62 63 E9', 'abc\u00e9'], // all below U+0100: the one-byte string path
  ['iso-8859-2', 'A1 61', '\u0104a'],
  ['x-user-defined', '80 FF 61', '\uf780\uf7ffa'],
  ['utf-8', 'E2 82 AC 61 F0 9F 98 80', '\u20aca\u{1f600}'],
  ['utf-16le', 'AC 20 61 00 3D D8 00 DE', '\u20aca\u{1f600}'],
  ['utf-16be', '20 AC 00 61 D8 3D DE 00', '\u20aca\u{1f600}'],
  ['shift_jis', '93 FA 96 7B 61', '\u65e5\u672ca'], // jis0208 pointers 3407, 4101
  ['euc-jp', 'C6 FC CB DC', '\u65e5\u672c'],
  ['iso-2022-jp', '1B 24 42 30 21 1B 28 42 61', '\u4e9ca'], // jis0208 pointer 1410
  ['gbk', 'D6 D0 CE C4', '\u4e2d\u6587'], // index gb18030 pointers 20170, 19238
  ['gb18030', '81 30 81 30 D6 D0', '\u0080\u4e2d'], // ranges pointer 0
  ['big5', 'A4 A4 A4 E5', '\u4e2d\u6587'], // index big5 pointers 5351, 5416
  ['euc-kr', 'B0 A1 C7 D1 B1 B9 BE EE', '\uac00\ud55c\uad6d\uc5b4'], // index euc-kr pointer 8288, ...
];
// 1 piece; over 32 bytes (a bulk copy); over 64 KiB (several calls into wasm).
const REPEATS = (piece) => [1, 20, Math.ceil(70_000 / piece.length)];
const NO_ENCODER = ['utf-16le', 'utf-16be'];

// Every operation, made once (outside any patch): [name, run, want, host], `host` when the decoding
// may be handed to the host's own decoder. run() gives a string, bytes, or { read, written, bytes }.
let operations = null;
function allOperations() {
  if (operations) return operations;
  operations = [];
  const add = (name, run, want, host = false) => operations.push({ name, run, want, host });
  const delegated = nativeDelegation();
  for (const [label, pieceHex, pieceText] of PIECES) {
    const piece = hex(pieceHex);
    const host = delegated.includes(label);
    for (const n of REPEATS(piece)) {
      const input = concat(Array(n).fill(piece));
      const text = pieceText.repeat(n);
      for (const fatal of [false, true]) {
        const what = `${label} x${n}${fatal ? ' fatal' : ''}`;
        add(`decode ${what}`, () => new TextDecoder(label, { fatal }).decode(input), text, host);
        // Streamed, split inside the first piece, so that bytes are pending between the calls.
        const head = input.subarray(0, 1);
        const tail = input.subarray(1);
        add(
          `decode ${what}, streamed`,
          () => {
            const d = new TextDecoder(label, { fatal });
            return d.decode(head, { stream: true }) + d.decode(tail, { stream: true }) + d.decode();
          },
          text,
          host,
        );
      }
      if (!NO_ENCODER.includes(label)) add(`encode() ${label} x${n}`, () => encode(text, label), input);
    }
  }
  const malformed = [hex('61 FF'), hex('A4')];
  add('decode utf-8 fatal, malformed', () => new TextDecoder('utf-8', { fatal: true }).decode(malformed[0]), TypeError);
  add('decode big5 fatal, malformed', () => new TextDecoder('big5', { fatal: true }).decode(malformed[1]), TypeError);
  add('encode() euc-kr, unencodable', () => encode('\u{1f600}', 'euc-kr'), TypeError);
  add(
    'encode() shift_jis, html',
    () => encode('a\u{1f600}', 'shift_jis', { errorMode: 'html' }),
    hex('61 26 23 31 32 38 35 31 32 3B'),
  );
  for (const text of ['h\u00e9\u20ac\u{1f600}', '\u00e9\u20ac'.repeat(40_000)]) {
    const utf8 = utf8Encode(text);
    add(`TextEncoder.encode ${text.length} units`, () => new TextEncoder().encode(text), utf8);
    for (const shared of [false, true]) {
      // Room for all but the last byte: whole scalar values while they fit, so all but the last
      // character (U+20AC, three bytes; U+1F600, four), and the last bytes stay 0.
      const room = utf8.length - 1;
      const last = text.at(-1) === '\u20ac' ? 3 : 4;
      const want = new Uint8Array(room);
      want.set(utf8.subarray(0, utf8.length - last));
      const destination = new Uint8Array(shared ? new SharedArrayBuffer(room) : new ArrayBuffer(room));
      add(
        `TextEncoder.encodeInto ${text.length} units${shared ? ', SharedArrayBuffer' : ''}`,
        () => {
          destination.fill(0);
          const { read, written } = new TextEncoder().encodeInto(text, destination);
          return { read, written, bytes: destination };
        },
        { read: text.length - (last === 3 ? 1 : 2), written: utf8.length - last, bytes: want },
      );
    }
  }
  return operations;
}

// What run() gave, compared with `want` (after the patch is undone): true, or what it was.
function matches(got, want) {
  if (typeof want === 'function') return got instanceof want || `${got}`;
  if (typeof want === 'string') return got === want || `${String(got).slice(0, 40)}... (${got?.length})`;
  if (want instanceof Uint8Array) return (got instanceof Uint8Array && bytesEqual(got, want)) || `${got}`.slice(0, 60);
  return (
    (got.read === want.read && got.written === want.written && bytesEqual(got.bytes, want.bytes)) ||
    JSON.stringify([got.read, got.written])
  );
}

describe('a page that replaces built-ins cannot reach into a call', () => {
  it.each(BUILT_INS)('%s: results are right, and it is not called', (_, install, host = false) => {
    const ops = allOperations();
    attackers();
    const results = [];
    install();
    for (const op of ops) {
      calls = 0;
      armed = true;
      let got;
      try {
        got = op.run();
      } catch (error) {
        got = error;
      } finally {
        armed = false;
      }
      results.push([op, got, calls]);
    }
    unpatch();
    const wrong = results
      .filter(([op, got]) => matches(got, op.want) !== true)
      .map(([op, got]) => [op.name, matches(got, op.want)]);
    expect(wrong).toEqual([]);
    // Decoding handed to the host's decoder runs the host's code, which may use built-ins itself.
    const called = results.filter(([op, , n]) => n > 0 && (host || !op.host)).map(([op, , n]) => [op.name, n]);
    expect(called).toEqual([]);
  });

  // A TextDecoderStream runs its transform synchronously in write(), and its flush in close(), once
  // the stream has started and a read is waiting: built-ins are replaced for exactly those calls.
  const STREAMED = ['windows-1252', 'utf-8', 'shift_jis', 'big5'];
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  // This marks the runs by patching the sources' DecoderCommon, so it runs where the entry under test
  // is the sources and has a TextDecoderStream (hosts with TransformStream).
  const streamsFromSources = TextDecoderStream !== undefined && TextDecoder === SourceTextDecoder;
  it.skipIf(!streamsFromSources).each(BUILT_INS)(
    '%s: TextDecoderStream results are right, and it is not called',
    async (_, install, host = false) => {
      attackers();
      for (const [label, pieceHex, pieceText] of PIECES.filter(([name]) => STREAMED.includes(name))) {
        const delegated = nativeDelegation().includes(label);
        const input = concat(Array(40).fill(hex(pieceHex)));
        const stream = new TextDecoderStream(label);
        const writer = stream.writable.getWriter();
        const reader = stream.readable.getReader();
        const chunks = [];
        const reading = (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            chunks.push(value);
          }
        })();
        // The decoder's runs over a chunk (DecoderCommon#decodeChunk), marked: the host's stream code
        // around them may use built-ins (Node's spreads its arguments); only calls inside them count.
        const decodeChunk = DecoderCommon.prototype.decodeChunk;
        let runs = 0;
        const [head, tail] = [input.subarray(0, 1), input.subarray(1)];
        const steps = [(w) => w.write(head), (w) => w.write(tail), (w) => w.close()];
        for (const step of steps) {
          await tick();
          DecoderCommon.prototype.decodeChunk = function (bytes, flush) {
            if (!armed) return apply(decodeChunk, this, [bytes, flush]); // the attack's own decoders
            runs++;
            inside++;
            try {
              return apply(decodeChunk, this, [bytes, flush]);
            } finally {
              inside--;
            }
          };
          const before = runs;
          callsInside = 0;
          install();
          armed = true;
          let done;
          try {
            done = step(writer);
          } finally {
            armed = false;
            unpatch();
            DecoderCommon.prototype.decodeChunk = decodeChunk;
          }
          const stepCalls = callsInside;
          const stepRuns = runs - before;
          await done;
          if (host || !delegated) expect(stepCalls, label).toBe(0);
          expect(stepRuns, label).toBe(1);
        }
        await reading;
        expect(chunks.join(''), label).toBe(pieceText.repeat(40));
      }
    },
  );
});
