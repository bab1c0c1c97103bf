// The ranked stream's encoder (tools/generator/delta_stream.mjs) against token lists worked out by hand
// from the format its header describes; test/cpp/delta_stream_test.cpp decodes the same lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeRankedStream } from '../../tools/generator/delta_stream.mjs';

test('ranked stream: ranks among unused code points, the second cursor, raw steps', () => {
  const values = [1, null, 2, 5, 3, 0x20005, 0x20001, 4, 1, 200];
  // 1: rank 0 after 0 -> 2. null -> 0. 2: rank 0 -> 2. 5: 3 and 4 unused between -> rank 2 -> 6.
  // 3: 4 unused between, before the cursor -> rank -2 -> 5. 0x20005: switch (1), 4 unused after
  // U+20000 -> 10. 0x20001: 3 unused between, before -> rank -4 -> 9. 4: switch (1), rank 0 -> 2.
  // 1: used, raw d = 1 - (4 + 1) = -4 -> m = -68 -> zigzag 135 -> 137 = [0x89, 1].
  // 200: 194 unused between (too many to rank), raw d = 198 -> m = 262 -> 526 = [0x8e, 4].
  assert.deepEqual(
    encodeRankedStream(values, new Uint8Array(0x30000)),
    [2, 0, 2, 6, 5, 1, 10, 9, 1, 2, 0x89, 1, 0x8e, 4],
  );
});

test('ranked stream: ranks across a 64-bit word of the bitmap, and code points an earlier table used', () => {
  const used = new Uint8Array(0x10000);
  // 62: 61 unused after 0 -> rank 61 -> 124. 65: 63 and 64 between -> 6. 63: 64 between, before -> 5.
  assert.deepEqual(encodeRankedStream([62, 65, 63], used), [124, 6, 5]);
  // A second table of the family, its cursor back at 0, the bitmap kept. 0 is the cursor itself:
  // raw, d = -1 -> m = -65 -> zigzag 129 -> 131 = [0x83, 1]. 64: 61 unused between (62 and 63 are
  // used) -> 124. 66: 65 is used, none between -> rank 0 -> 2.
  assert.deepEqual(encodeRankedStream([0, 64, 66], used), [0x83, 1, 124, 2]);
});
