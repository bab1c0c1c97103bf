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
import { exactBytewise, exactUtf, probedUtf } from './host_probes.js';
import { apply, Uint8Array } from './intrinsics.js';
import { runDecoder } from './run_decoder.js';
import { FAST_STRINGS, stringFromLatin1 } from './strings.js';

const HostTextDecoder = globalThis.TextDecoder;

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
// byte files, ratio to the engine's own decoder before and after (docs/design.md section 7).
const BYTEWISE = { __proto__: null };
ENCODING_NAMES.forEach((name, id) => {
  if (ENCODING_FAMILY[id] < 0 && !probedUtf(name) && name !== 'replacement') BYTEWISE[name] = id;
});

// The host decoder ({ Native: its class, decode: its decode() }) for `name` if decoding may be
// handed to it, else null.
export function hostDecoderFor(name) {
  if (!enabled || host === null) return null;
  exactHost[name] ??= probedUtf(name)
    ? exactUtf(host, name)
    : BYTEWISE[name] !== undefined &&
      exactBytewise(host, name, (bytes) =>
        runDecoder(
          instanceFor(BYTEWISE[name]),
          { id: BYTEWISE[name], name, fatal: false, ignoreBOM: false, state: { s0: 0, s1: 0 } },
          bytes,
          true,
        ),
      );
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
// latin1Slice. Measured in bench/decode.mjs ("html ASCII only", 4 KiB calls; docs/performance.md "Decoding speed").
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
