// Handing UTF-8, UTF-16 and the single-byte encodings to the host's own decoder where it is
// spec-exact (docs/design.md section 7).
// Each host decoder is probed once, on first use (at load time they made a fresh Node 20 import
// 0.5 ms slower), on the edge cases where implementations have differed; any mismatch (or no host decoder at all) keeps that encoding in wasm.
// Whether an exact host decoder is used by default depends on which is faster. Where strings can
// be made straight from wasm memory (Buffer#ucs2Slice/latin1Slice: Node, Bun) the wasm decoders
// win: bench/decode.mjs, UTF-8 and UTF-16LE files, ratio to the host's TextDecoder with
// everything in wasm (geometric means, one call / 4 KiB calls / 64 KiB stream): Node 20 5.8x /
// 2.3x / 2.2x, Node 22 5.3x / 2.5x / 2.3x, Bun 1.4 1.4x / 2.3x / 2.9x; handed to the host
// decoder they were about 1.0x (Deno, which has Buffer too, follows them; not measured). Elsewhere
// (browsers, workerd: no Buffer) our strings go through the host's UTF-16LE decoder anyway, so an
// exact host UTF-8/UTF-16 decoder is used.
// ENCODING_WASM_NATIVE=1 or setNativeDelegation(true) hands them to an exact host decoder
// everywhere; ENCODING_WASM_NATIVE=0 or setNativeDelegation(false) keeps everything in wasm. The
// test suite runs both ways.
import * as hostModule from '#host';
import { instanceFor } from './core.js';
import { ENCODING_FAMILY, ENCODING_NAMES } from './generated/encodings.js';
import { apply, bufferOf, lengthOf, Uint8Array } from './intrinsics.js';
import { runDecoder } from './run_decoder.js';
import { FAST_STRINGS, stringFromLatin1 } from './strings.js';

const HostTextDecoder = globalThis.TextDecoder;

const PROBES = {
  __proto__: null,
  'utf-8': [
    // [bytes, fatal, expected]: overlong, surrogate, truncated, out of range, BOM
    [[0xf0, 0x80, 0x80], false, '\ufffd\ufffd\ufffd'],
    [[0xed, 0xa0, 0x80, 0x61], false, '\ufffd\ufffd\ufffda'],
    [[0xe2, 0x82, 0x61], false, '\ufffda'],
    [[0xf4, 0x90, 0x80, 0x80], false, '\ufffd\ufffd\ufffd\ufffd'],
    [[0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], false, '\ufeff'],
    [[0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80], true, '\u00e9\u{1f600}'],
    [[0xc0], true, null],
  ],
  'utf-16le': [
    [[0x61, 0x00, 0x00, 0xd8, 0x62, 0x00], false, 'a\ufffdb'],
    [[0x00, 0xdc, 0x3d, 0xd8, 0x00, 0xde], false, '\ufffd\u{1f600}'],
    [[0xff, 0xfe, 0x61, 0x00, 0x62], false, 'a\ufffd'],
    [[0x00, 0xd8], true, null],
  ],
  'utf-16be': [
    [[0x00, 0x61, 0xd8, 0x00, 0x00, 0x62], false, 'a\ufffdb'],
    [[0xfe, 0xff, 0x00, 0x61], false, 'a'],
    [[0xd8, 0x3d, 0xde, 0x00, 0x61], false, '\u{1f600}\ufffd'],
  ],
};

// [chunks, expected, chunks, expected] per encoding: decoded with { stream: true } but the last.
const STREAM_PROBES = {
  __proto__: null,
  'utf-8': [[[0xef, 0xbb], [0xbf, 0xe2, 0x82], [0xac]], '\u20ac', [[0x61], [0xef, 0xbb, 0xbf]], 'a\ufeff'],
  'utf-16le': [
    [[0xff], [0xfe, 0x61], [0x00]],
    'a',
    [
      [0x61, 0x00],
      [0xff, 0xfe],
    ],
    'a\ufeff',
  ],
  'utf-16be': [
    [[0xfe], [0xff, 0x00], [0x61]],
    'a',
    [
      [0x00, 0x61],
      [0xfe, 0xff],
    ],
    'a\ufeff',
  ],
};

// A Uint8Array of the bytes in `list`, by plain loops and element writes: the probes run in a
// TextDecoder constructor, where a page's replaced array methods and iterators must not be called.
function bytesOf(list) {
  const bytes = new Uint8Array(list.length);
  for (let i = 0; i < list.length; i++) bytes[i] = list[i];
  return bytes;
}

function exact(name) {
  try {
    const probes = PROBES[name];
    for (let p = 0; p < probes.length; p++) {
      const probe = probes[p];
      let actual;
      try {
        actual = apply(host.decode, new HostTextDecoder(name, { __proto__: null, fatal: probe[1] }), [
          bytesOf(probe[0]),
        ]);
      } catch (e) {
        actual = e instanceof TypeError ? null : undefined;
      }
      if (actual !== probe[2]) return false;
    }
    // Streaming: a sequence and a BOM split across calls, and a U+FEFF that arrives after other
    // output in an earlier call, which is text, not a BOM (Deno and workerd drop it when the
    // earlier chunks were all ASCII).
    const streams = STREAM_PROBES[name];
    for (let k = 0; k < streams.length; k += 2) {
      const d = new HostTextDecoder(name);
      const chunks = streams[k];
      let s = '';
      for (let i = 0; i < chunks.length; i++)
        s += apply(host.decode, d, [bytesOf(chunks[i]), { __proto__: null, stream: i < chunks.length - 1 }]);
      if (s !== streams[k + 1]) return false;
    }
    return true;
  } catch {
    return false;
  }
}

// ENCODING_WASM_NATIVE: '1' on, '0' off, anything else the default. Reading the environment can
// throw: then it simply says nothing. Deno's through its own API, where the permission is already
// granted (so never a prompt): its `process` global loads its Node compatibility layer, which made
// a fresh import of the package tens of milliseconds slower (bench/startup.mjs).
function fromEnv() {
  try {
    const { Deno } = globalThis;
    const name = 'ENCODING_WASM_NATIVE';
    const value = Deno
      ? Deno.permissions.querySync({ name: 'env', variable: name }).state === 'granted'
        ? Deno.env.get(name)
        : undefined
      : globalThis.process?.env?.[name];
    return value === '1' ? true : value === '0' ? false : null;
  } catch {
    return null;
  }
}
const UTF = ['utf-8', 'utf-16le', 'utf-16be'];
// Whether the host's decoder of `name` is exact (true or false), for the names probed so far.
const exactHost = { __proto__: null };
// The host's decoder, with its decode() as it was at load time (text_decoder.js and the probes
// call that).
const host =
  typeof HostTextDecoder === 'function' ? { Native: HostTextDecoder, decode: HostTextDecoder.prototype.decode } : null;
let enabled = fromEnv() ?? !FAST_STRINGS;

// The single-byte encodings and x-user-defined: every encoding of the core but UTF-8, UTF-16 and
// replacement. Each byte decodes by itself, to one code unit or an error, so the host's decoder of
// one is exact when it decodes each of the 256 bytes as ours does, in both error modes: that is
// probed exhaustively, against our own decoder, the first time a decoder of that encoding is
// made with delegation on (https://encoding.spec.whatwg.org/#single-byte-decoder).
// Faster, too, where delegation is on by default (hosts without Buffer): bench/browsers, single-
// byte files, ratio to the engine's own decoder before and after (README "Speed in browsers").
const BYTEWISE = { __proto__: null };
ENCODING_NAMES.forEach((name, id) => {
  if (ENCODING_FAMILY[id] < 0 && !UTF.includes(name) && name !== 'replacement') BYTEWISE[name] = id;
});

const STREAM = { __proto__: null, stream: true };
function exactBytewise(name) {
  const fresh = () => ({ id: BYTEWISE[name], name, fatal: false, ignoreBOM: false, state: { s0: 0, s1: 0 } });
  const ours = (bytes) => runDecoder(instanceFor(BYTEWISE[name]), fresh(), bytes, true);
  // The host's output for `bytes` in one call, or in two streamed calls and a flush (`at`: where
  // the second starts; Node 20's windows-1252 decoder was Latin-1 in one mode only).
  const theirs = (bytes, fatal, at = -1) => {
    try {
      const d = new HostTextDecoder(name, { __proto__: null, fatal });
      if (at < 0) return apply(host.decode, d, [bytes]);
      const first = apply(host.decode, d, [new Uint8Array(bufferOf(bytes), 0, at), STREAM]);
      const second = apply(host.decode, d, [new Uint8Array(bufferOf(bytes), at, lengthOf(bytes) - at), STREAM]);
      return first + second + apply(host.decode, d, []);
    } catch (e) {
      return e instanceof TypeError ? null : undefined;
    }
  };
  try {
    const all = new Uint8Array(256);
    for (let b = 0; b < 256; b++) all[b] = b;
    const want = ours(all);
    if (want.length !== 256 || theirs(all, false) !== want || theirs(all, false, 100) !== want) return false;
    // Fatal: the bytes without an error decode the same; each byte with one, after an "a", is a
    // TypeError.
    let validText = '';
    for (let b = 0; b < 256; b++) {
      if (want[b] !== '\ufffd') validText += want[b];
      else if (theirs(bytesOf([0x61, b]), true) !== null) return false;
    }
    const valid = new Uint8Array(validText.length);
    for (let b = 0, n = 0; b < 256; b++) if (want[b] !== '\ufffd') valid[n++] = b;
    if (theirs(valid, true) !== validText || theirs(valid, true, validText.length >> 1) !== validText) return false;
    // No BOM is taken off (a host that sniffed one would).
    const boms = [
      bytesOf([0xef, 0xbb, 0xbf, 0x61]),
      bytesOf([0xff, 0xfe, 0x61, 0x00]),
      bytesOf([0xfe, 0xff, 0x00, 0x61]),
    ];
    for (let i = 0; i < boms.length; i++) if (theirs(boms[i], false) !== ours(boms[i])) return false;
    return true;
  } catch {
    return false;
  }
}

// The host decoder ({ Native: its class, decode: its decode() }) for `name` if decoding may be
// handed to it, else null.
export function hostDecoderFor(name) {
  if (!enabled || host === null) return null;
  exactHost[name] ??= PROBES[name] !== undefined ? exact(name) : BYTEWISE[name] !== undefined && exactBytewise(name);
  return exactHost[name] ? host : null;
}

// Non-standard: turn delegation to exact host decoders on or off (decoders created afterwards
// follow).
export function setNativeDelegation(on) {
  enabled = !!on;
}

// Which encodings this host's own decoder handles for us right now (probing those not probed yet).
export const nativeDelegation = () => ENCODING_NAMES.filter((name) => hostDecoderFor(name) !== null);

// The ASCII shortcut of the decoders (text_decoder.js): a call that starts and ends a new decoder
// of an encoding that reads ASCII bytes as themselves (UTF-8, every single-byte encoding,
// x-user-defined, and the multi-byte ones but ISO-2022-JP), on input that is all ASCII, returns
// the bytes as a one-byte string (Buffer#latin1Slice, which the output path uses anyway) without
// going through wasm: what the decoder would return, at the cost of one scan. Only where the host
// has an ASCII test (Node and Bun: node:buffer's isAscii) that passes these probes, and
// latin1Slice. Measured in bench/decode.mjs ("html ASCII only", 4 KiB calls; README "Speed").
const hostIsAscii = hostModule.isAscii;
function exactIsAscii() {
  try {
    const test = (bytes) => apply(hostIsAscii, null, [bytes]);
    const block = new Uint8Array(100).fill(0x7f);
    if (!test(block) || !test(block.subarray(3, 97)) || test(new Uint8Array([0x80]))) return false;
    for (const at of [0, 15, 16, 31, 63, 99]) {
      const bad = block.slice();
      bad[at] = at & 1 ? 0x80 : 0xff;
      if (test(bad)) return false;
    }
    return stringFromLatin1(block.subarray(1, 3), 0, 2) === '\x7f\x7f';
  } catch {
    return false;
  }
}
// Called directly (it reads no `this`), with no array of arguments made per call.
export const isAscii =
  typeof hostIsAscii === 'function' && stringFromLatin1 !== null && exactIsAscii() ? hostIsAscii : null;
