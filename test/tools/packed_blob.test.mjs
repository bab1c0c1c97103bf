// The blob packing (tools/generator/packed_blob.mjs): every family's blob and hand-made token lists
// round-trip through packBlob and unpackBlob; test/cpp/packed_blob_test.cpp unpacks the generator's
// packed blobs in C++ and compares them with the plain ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { buildFamilyBlobs } from '../../tools/generator/family_tables.mjs';
import { packBlob, unpackBlob } from '../../tools/generator/packed_blob.mjs';

const varints = (values) => {
  const out = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(v);
  }
  return Uint8Array.from(out);
};

test('every family blob round-trips, and packed is smaller under gzip than the plain blob', () => {
  for (const { name, blob, packed } of buildFamilyBlobs()) {
    assert.deepEqual(unpackBlob(packed, blob.length), blob, name);
    assert.ok(gzipSync(packed, { level: 9 }).length < gzipSync(blob, { level: 9 }).length, name);
  }
});

test('token lists: zeros, repeated sizes, sizes that change, large values, plain bits', () => {
  const lists = [
    [],
    [0],
    [0, 0, 0, 1, 1, 2, 3],
    [127, 128, 255, 256, 16383, 16384, 0x1fffff, 0x200000, 0xfffffff],
    Array.from({ length: 3000 }, (_, i) => (i * 2654435761) % 70000),
    Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? 40000 + i : 2)),
  ];
  for (const list of lists) {
    const blob = varints(list);
    assert.deepEqual(unpackBlob(packBlob(blob), blob.length), blob, `${list.slice(0, 9)}`);
  }
});

test('the packed form: the coded stream length first, plain bits after it', () => {
  // One token of 13 bits: its length, the 3 bits below its top bit and its lowest bit coded, the
  // 8 between plain (highest first): 0b1_010_11001100_1 -> the byte 0b11001100.
  const packed = packBlob(varints([0b1010110011001]));
  const codedLength = packed[0];
  assert.ok(codedLength >= 4 && codedLength < 0x80);
  assert.deepEqual([...packed.subarray(1 + codedLength)], [0b11001100]);
  // Two such tokens: 16 plain bits, the second token's after the first's.
  const two = packBlob(varints([0b1010110011001, 0b1111000011110]));
  assert.deepEqual([...two.subarray(1 + two[0])], [0b11001100, 0b00001111]);
});
