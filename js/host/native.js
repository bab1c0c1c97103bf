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
import { ENCODING_FAMILY } from '../generated/encodings.js';
import { LITE_BYTEWISE } from '../generated/lite_data.js';
import { NAMES } from '../webidl/labels.js';
import { exactSingleByte, exactUtf, probedUtf } from './probes.js';
import { delegateAtLoad } from '#host/delegation.js';

const HostTextDecoder = globalThis.TextDecoder;

// Whether the host's decoder of `name` is exact (true or false), for the names probed so far.
const exactHost = { __proto__: null };
// The host's decoder, with its decode() as it was at load time (text_decoder.js and the probes
// call that).
const host =
  typeof HostTextDecoder === 'function' ? { Native: HostTextDecoder, decode: HostTextDecoder.prototype.decode } : null;
// (ENCODING_WASM_NATIVE, else the default per host: browsers delegate; where Buffer makes strings
// from wasm memory, not)
let enabled = delegateAtLoad();

// The single-byte encodings and x-user-defined: every encoding of the core but UTF-8, UTF-16 and
// replacement (LITE_BYTEWISE is 0 for the others). Each byte decodes by itself, to one code unit or
// an error, so the host's decoder of one is exact when it decodes each of the 256 bytes as the
// standard does, in both error modes (https://encoding.spec.whatwg.org/#single-byte-decoder). That is
// probed exhaustively the first time a decoder of that encoding is made with delegation on, without
// any wasm: the standard's output for the 256 bytes is the host's own once its 32-bit FNV-1a hash is
// the one the index gives (LITE_BYTEWISE, generated from index-*.txt: each step of FNV-1a is
// one-to-one in the hash and in the unit, so an output one byte off never matches, docs/design.md
// section 13), and the host is then probed in fatal mode and in pieces against that
// (host_probes.js exactSingleByte).
// Faster, too, where delegation is on by default (hosts without Buffer): bench/browsers, single-
// byte files, ratio to the engine's own decoder before and after (docs/design.md section 7).
// The id of each encoding a host decoder may take (UTF-8, UTF-16, single-byte, x-user-defined), by name.
const DELEGABLE = { __proto__: null };
NAMES.forEach((name, id) => {
  if (probedUtf(name) || LITE_BYTEWISE[id] !== 0) DELEGABLE[name] = id;
});

// The standard's single-byte decoders in JS (js/host/browser/table_decoder.js, whose exports are
// { Native, decode }), once a browser has loaded them for the single-byte encodings whose host
// decoder is not exact (useTableDecoder).
let tableDecoder = null;

// The host decoder ({ Native: its class, decode: its decode() }) for `name` if decoding may be
// handed to it (or, for a single-byte encoding whose host decoder is not exact, the table decoder
// if loaded), else null.
export function hostDecoderFor(name) {
  if (!enabled || host === null || DELEGABLE[name] === undefined) return null;
  exactHost[name] ??= probedUtf(name)
    ? exactUtf(host, name)
    : exactSingleByte(host, name, LITE_BYTEWISE[DELEGABLE[name]]);
  // (the table decoder is loaded only where every decoder of the host's that is not exact is
  // single-byte: decodersNeeded)
  return exactHost[name] ? host : tableDecoder;
}

// What a TextDecoder needs loaded, as things stand, for the encodings without tables (replacement
// aside) that the host does not decode for us: nothing (0); the table decoder (1), where each of them
// is single-byte or x-user-defined and its host decoder was probed (delegation on); else the core (2
// or 3). Browsers load it at load (js/host/browser/decoder_wasm.js): WebKit, whose ISO-8859-16
// decoder is not exact, fetches the table decoder (js/host/browser/table_decoder.js) instead of the
// wasm layer and the decoders' core (the figures: docs/design.md section 13).
export const decodersNeeded = () =>
  NAMES.reduce(
    (need, name, id) =>
      ENCODING_FAMILY[id] < 0 && name !== 'replacement' && hostDecoderFor(name) === null
        ? need | (exactHost[name] === false && LITE_BYTEWISE[id] !== 0 ? 1 : 2)
        : need,
    0,
  );

// Hands the single-byte encodings whose host decoder is not exact to the table decoder.
export const useTableDecoder = (decoder) => {
  tableDecoder = decoder;
};

// Non-standard: turn delegation to exact host decoders on or off (decoders created afterwards
// follow).
export function setNativeDelegation(on) {
  enabled = !!on;
}

// Which encodings this host's own decoder handles for us right now (probing those not probed yet).
export const nativeDelegation = () => NAMES.filter((name) => host !== null && hostDecoderFor(name) === host);
