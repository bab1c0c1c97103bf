// A family blob packed for the combined module, tables/all.wasm (unpacked in wasm by
// cpp/packed_blob.h before the blob's checksum is checked and its tables are expanded;
// docs/design.md section 3).
//
// A blob (tools/generator/delta_stream.mjs) is a sequence of LEB128 varints ("tokens"), mostly small,
// whose sizes follow each other: runs of small steps (rows in Unicode order, ranks of 0), runs of
// large ones (orders no simple model predicts). gzip codes the varints' bytes with one Huffman code
// per block; this codes each token's size with an adaptive binary arithmetic coder instead, in the
// context of the previous token's size:
//   - whether its bit length k (0 for the token 0) is the previous token's;
//   - if not, k as five bits through a binary tree;
//   - then the k - 1 bits below its top bit, highest first: the first MODELED of them with
//     probabilities of their own per k and the bits before them; the lowest, if not among those,
//     with a probability per context and the last such lowest bit (it is the sign of a step, in
//     zigzag form, which runs in one direction keep); the rest go to a second stream of plain bits,
//     since they are close to even odds.
// The context is the previous token's bit length, capped at CONTEXTS - 1 (0 before the first
// token). Each probability (of a 1 bit, in 12 bits, starting at 2048) moves 1/16 of the way to the
// bit it has just coded (RATE). The coder keeps the interval [low, high] of 32 bits; a bit with
// probability p splits it at low + ((high - low) >>> 12) * p, the 1 bit taking the lower part; the
// top byte leaves the interval once low and high agree on it. That stream ends with low's four
// bytes, and the decoder reads zeros past them.
// The packed form: the coded stream's length as a LEB128 varint, the coded stream, then the plain
// bits, eight to a byte, highest first.
// Measured (gzip -9 of the four families' blobs): 64,268 bytes plain, 56,491 packed (gb18030 15,121
// -> 12,488, Big5 23,767 -> 21,484, japanese 13,770 -> 12,168, EUC-KR 11,610 -> 10,351); all.wasm
// 74.7 -> 67.8 KB with the unpacker's 1.3 KB of code (raw). Modeling the lowest bit instead of
// storing it plain saved 0.8 KB. Unpacking costs about 4 ns a decision in wasm (Node 20,
// in-process minimum over 21 fresh instances): expanding every family of all.wasm 0.74 -> 3.5 ms
// (gb18030 0.15 -> 0.87, Big5 0.33 -> 1.28, japanese 0.06 -> 0.62, EUC-KR 0.12 -> 0.66). Without
// the "same length" decision: 0.4 KB less, a third more decisions; with the decisions inlined (no
// tree()): 2.4 KB more code and no faster; more modeled bits, two previous lengths or the table as
// context, slower adaptation: within 0.1 KB or worse. The family modules keep plain blobs: there
// the packing saved little (japanese.wasm 20.6 KB either way) and Node, Deno and Bun load them at
// start-up.

import { pushVarint } from './delta_stream.mjs';

export const MODELED = 3;
export const RATE = 4;
export const CONTEXTS = 7;

function tokensOf(blob) {
  const tokens = [];
  for (let p = 0; p < blob.length;) {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const b = blob[p++];
      v += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) break;
    }
    tokens.push(v);
  }
  return tokens;
}

const bitLength = (v) => 32 - Math.clz32(v);

// The probabilities: `same[c]`, `length[c * 32 + node]`, `mantissa[k * 16 + prefix]`, `lowest[c * 2 +
// the last lowest bit coded]`.
const newModel = () => ({
  lastLowest: 0,
  lowest: new Uint16Array(CONTEXTS * 2).fill(2048),
  same: new Uint16Array(CONTEXTS).fill(2048),
  length: new Uint16Array(CONTEXTS * 32).fill(2048),
  mantissa: new Uint16Array(32 * 16).fill(2048),
});

// One token through the model, both ways: `code(probs, i, bit)` codes `bit` (or, given null,
// decodes and returns one) with the adaptive probability probs[i]; `plain(bit)` the same for the
// plain bits. `v` is the token, or null when decoding. Returns the token.
function walkToken(model, code, plain, previousLength, v) {
  const c = Math.min(previousLength, CONTEXTS - 1);
  const want = (value, b) => (v === null ? null : Math.floor(value / 2 ** b) & 1);
  let k = previousLength;
  if (!code(model.same, c, v === null ? null : +(bitLength(v) === k))) {
    let node = 1;
    for (let b = 4; b >= 0; b--) node = node * 2 + code(model.length, c * 32 + node, want(bitLength(v ?? 0), b));
    k = node - 32;
  }
  if (k === 0) return 0;
  let value = 1;
  let prefix = 1;
  for (let b = k - 2; b >= 0; b--) {
    let bit;
    if (k - 2 - b < MODELED) {
      bit = code(model.mantissa, k * 16 + prefix, want(v, b));
      prefix = prefix * 2 + bit;
    } else if (b === 0) {
      // The lowest bit, the sign of a step (zigzag): skewed in runs, so modeled too.
      bit = code(model.lowest, c * 2 + model.lastLowest, want(v, b));
      model.lastLowest = bit;
    } else {
      bit = plain(want(v, b));
    }
    value = value * 2 + bit;
  }
  return value;
}

function adapt(probs, i, bit) {
  if (bit) probs[i] += (4096 - probs[i]) >> RATE;
  else probs[i] -= probs[i] >> RATE;
}

// The packed form of `blob` (a Uint8Array of LEB128 varints).
export function packBlob(blob) {
  const coded = [];
  const plainBits = [];
  let low = 0;
  let high = 0xffffffff;
  const model = newModel();
  const code = (probs, i, bit) => {
    const mid = low + ((high - low) >>> 12) * probs[i];
    if (bit) high = mid;
    else low = mid + 1;
    while (((low ^ high) & 0xff000000) === 0) {
      coded.push(high >>> 24);
      low = (low << 8) >>> 0;
      high = ((high << 8) | 0xff) >>> 0;
    }
    adapt(probs, i, bit);
    return bit;
  };
  const plain = (bit) => (plainBits.push(bit), bit);
  let previousLength = 0;
  for (const v of tokensOf(blob)) {
    walkToken(model, code, plain, previousLength, v);
    previousLength = bitLength(v);
  }
  coded.push(low >>> 24, (low >>> 16) & 0xff, (low >>> 8) & 0xff, low & 0xff);
  const out = [];
  pushVarint(out, coded.length);
  out.push(...coded);
  for (let i = 0; i < plainBits.length; i += 8) {
    let byte = 0;
    for (let j = 0; j < 8; j++) byte = byte * 2 + (plainBits[i + j] ?? 0);
    out.push(byte);
  }
  return Uint8Array.from(out);
}

// The blob of `size` bytes that `packed` holds (the tests' check of packBlob; cpp/packed_blob.h
// does the same in wasm).
export function unpackBlob(packed, size) {
  let at = 0;
  let codedLength = 0;
  for (let shift = 0; ; shift += 7) {
    const b = packed[at++];
    codedLength += (b & 0x7f) * 2 ** shift;
    if (!(b & 0x80)) break;
  }
  const codedEnd = at + codedLength;
  const next = () => (at < codedEnd ? packed[at++] : 0);
  let plainAt = codedEnd * 8;
  const plain = () => {
    const bit = plainAt >> 3 < packed.length ? (packed[plainAt >> 3] >> (7 - (plainAt & 7))) & 1 : 0;
    plainAt++;
    return bit;
  };
  let low = 0;
  let high = 0xffffffff;
  let x = 0;
  for (let i = 0; i < 4; i++) x = ((x << 8) | next()) >>> 0;
  const model = newModel();
  const code = (probs, i) => {
    const mid = low + ((high - low) >>> 12) * probs[i];
    const bit = x <= mid ? 1 : 0;
    if (bit) high = mid;
    else low = mid + 1;
    while (((low ^ high) & 0xff000000) === 0) {
      low = (low << 8) >>> 0;
      high = ((high << 8) | 0xff) >>> 0;
      x = ((x << 8) | next()) >>> 0;
    }
    adapt(probs, i, bit);
    return bit;
  };
  const out = [];
  let previousLength = 0;
  while (out.length < size) {
    const v = walkToken(model, code, plain, previousLength, null);
    previousLength = bitLength(v);
    pushVarint(out, v);
  }
  return Uint8Array.from(out);
}
