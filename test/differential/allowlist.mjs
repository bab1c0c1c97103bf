// Known differences between Deno's TextDecoder (Deno 2.9.6: encoding_rs behind a JS layer with
// fast paths) and the current Encoding Standard (/work/shared/whatwg-encoding/encoding.bs).
//
// An entry explains a difference only when encoding-wasm and the reference agree with each other
// (so both follow the spec) and Deno alone differs. Nothing here can excuse encoding-wasm: a
// difference between encoding-wasm and the reference is always reported as unexplained.
//
// Each entry:
//   id, spec, why         what differs, the spec step Deno gets wrong, and why Deno is wrong
//   encodings, modes      where it can happen (modes: 'whole', 'fatal', 'stream'; see worker.mjs)
//   applies(encoding, input)
//                         a predicate over the encoding (TextDecoder name) and the input, which is
//                         the record { bytes, cuts, flags } of generate.mjs: the bytes plus the
//                         split points and options the streaming decode uses. True exactly for the
//                         inputs that reach the step the entry cites.
//   deno(encoding, input, expected)
//                         Deno's (wrong) output, derived from the spec's output `expected`. A
//                         difference is explained only if Deno's output is exactly this, so an
//                         entry cannot hide some other difference on the same input.

import { FLAG_FATAL_STREAM, FLAG_IGNORE_BOM } from './batch.mjs';

// The offset of the first chunk of the streaming decode that contains a byte >= 0x80, or -1.
function firstNonAsciiChunkStart(input) {
  const { bytes, cuts } = input;
  let q = 0;
  while (q < bytes.length && bytes[q] < 0x80) q++;
  if (q === bytes.length) return -1;
  let start = 0;
  for (const c of cuts) if (c <= q) start = c;
  return start;
}

export const ALLOWLIST = [
  {
    id: 'deno-utf8-stream-bom-after-ascii-chunks',
    spec:
      'TextDecoder decode() steps 1 and 5.2/5.3.2 with "serialize I/O queue" step 2.3 ' +
      '(https://encoding.spec.whatwg.org/#dom-textdecoder-decode, #concept-td-serialize): ' +
      'BOM seen is reset only when do not flush is false, and is set by the first scalar value ' +
      'serialized; a U+FEFF after it is output',
    why:
      'In a UTF-8 replacement-mode stream (fatal false, ignoreBOM false), Deno decodes chunks that ' +
      'are all ASCII on a JS fast path without feeding them to its encoding_rs decoder; the first ' +
      'chunk with a byte >= 0x80 then reaches a decoder still at its start, whose BOM removal drops ' +
      'EF BB BF as if it began the stream. The spec set BOM seen on the first ASCII scalar value, ' +
      'so that U+FEFF must be output. Example: decode([0x44], {stream: true}) then ' +
      'decode([0xEF, 0xBB, 0xBF, 0x41]) is "D\\uFEFFA" by the spec and "DA" in Deno.',
    encodings: ['utf-8'],
    modes: ['stream'],
    applies(encoding, input) {
      if (encoding !== 'utf-8') return false;
      if (input.flags & (FLAG_FATAL_STREAM | FLAG_IGNORE_BOM)) return false;
      const p = firstNonAsciiChunkStart(input);
      const b = input.bytes;
      // p > 0: at least one ASCII byte was serialized before (so BOM seen is true by then)
      return p > 0 && b[p] === 0xef && b[p + 1] === 0xbb && b[p + 2] === 0xbf;
    },
    // The ASCII prefix is one code unit per byte, so the dropped U+FEFF is at offset p.
    deno(encoding, input, expected) {
      const p = firstNonAsciiChunkStart(input);
      if (typeof expected !== 'string' || expected.charCodeAt(p) !== 0xfeff) return undefined;
      return expected.slice(0, p) + expected.slice(p + 1);
    },
  },
];

// The entry that explains Deno's result `deno` where the spec's (encoding-wasm's and the
// reference's) is `expected`, for (encoding, input) in decode mode `mode`; or null.
export function explain(encoding, input, mode, expected, deno) {
  for (const entry of ALLOWLIST) {
    if (!entry.encodings.includes(encoding) || !entry.modes.includes(mode)) continue;
    if (!entry.applies(encoding, input)) continue;
    if (entry.deno(encoding, input, expected) === deno) return entry;
  }
  return null;
}
