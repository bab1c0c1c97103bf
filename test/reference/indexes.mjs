// Reference implementation (test oracle only) of the WHATWG Encoding Standard's index lookups.
// https://encoding.spec.whatwg.org/#indexes
//
// The index files are read lazily (on first use) through tools/generator/whatwg_data.mjs, and the
// reverse lookups are built lazily from them. Nothing is precomputed at import time.

import { readIndex, readRanges } from '../../tools/generator/whatwg_data.mjs';

const indexCache = new Map(); // index name -> [[pointer, codePoint], ...] in the index's order
const reverseCache = new Map(); // cache key -> lookup Map (pointer -> code point or back)

// An index as its ordered list of entries [pointer, codePoint]. The list order is the order of
// the index file, which is what "first" and "last" refer to below.
export function indexEntries(name) {
  if (!indexCache.has(name)) indexCache.set(name, [...readIndex(name)]);
  return indexCache.get(name);
}

// https://encoding.spec.whatwg.org/#index-code-point
// The code point corresponding to pointer in index, or null if pointer is not in index.
// (Pointers are unique within an index, so a Map pointer -> code point answers this directly.)
export function indexCodePoint(name, pointer) {
  const key = `byPointer:${name}`;
  if (!reverseCache.has(key)) reverseCache.set(key, new Map(indexEntries(name)));
  return reverseCache.get(key).get(pointer) ?? null;
}

// Builds Map codePoint -> the first (or last) pointer for it among the entries that `keep`
// accepts, walking the entries in index order.
function reverseLookup(key, entries, { keep = () => true, last = false } = {}) {
  if (!reverseCache.has(key)) {
    const map = new Map();
    for (const [pointer, codePoint] of entries) {
      if (!keep(pointer)) continue;
      if (last || !map.has(codePoint)) map.set(codePoint, pointer);
    }
    reverseCache.set(key, map);
  }
  return reverseCache.get(key);
}

// https://encoding.spec.whatwg.org/#index-pointer
// The *first* pointer corresponding to codePoint in index, or null if codePoint is not in index.
export function indexPointer(name, codePoint) {
  return reverseLookup(`first:${name}`, indexEntries(name)).get(codePoint) ?? null;
}

// https://encoding.spec.whatwg.org/#index-shift_jis-pointer
export function indexShiftJisPointer(codePoint) {
  // 1. Let index be index jis0208 excluding all entries whose pointer is in the range 8272 to
  //    8835, inclusive.
  const keep = (pointer) => !(pointer >= 8272 && pointer <= 8835);
  // 2. Return the index pointer for codePoint in index.
  return reverseLookup('shift_jis', indexEntries('jis0208'), { keep }).get(codePoint) ?? null;
}

// https://encoding.spec.whatwg.org/#index-big5-pointer
export function indexBig5Pointer(codePoint) {
  // 1. Let index be index Big5 excluding all entries whose pointer is less than
  //    (0xA1 - 0x81) × 157. (Avoid returning HKSCS extensions literally.)
  const keep = (pointer) => !(pointer < (0xa1 - 0x81) * 157);
  const entries = indexEntries('big5');
  // 2. If codePoint is U+2550, U+255E, U+2561, U+256A, U+5341, or U+5345, then return the *last*
  //    pointer corresponding to codePoint in index.
  if ([0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345].includes(codePoint)) {
    return reverseLookup('big5:last', entries, { keep, last: true }).get(codePoint) ?? null;
  }
  // 3. Return the index pointer for codePoint in index.
  return reverseLookup('big5:first', entries, { keep }).get(codePoint) ?? null;
}

// index gb18030 ranges as [[pointer, codePoint], ...] in pointer order.
let ranges = null;
export function gb18030Ranges() {
  if (ranges === null) ranges = readRanges();
  return ranges;
}

// "The last pointer (or code point) in index gb18030 ranges that is less than or equal to value",
// as its entry [pointer, codePoint], or null; `column` is POINTER or CODE_POINT.
const POINTER = 0;
const CODE_POINT = 1;
function lastRangeAtOrBelow(column, value) {
  let last = null;
  for (const entry of gb18030Ranges()) if (entry[column] <= value) last = entry;
  return last;
}

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point
export function indexGb18030RangesCodePoint(pointer) {
  // 1. If pointer is greater than 39419 and less than 189000, or pointer is greater than
  //    1237575, then return null.
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return null;
  // 2. If pointer is 7457, then return code point U+E7C7.
  if (pointer === 7457) return 0xe7c7;
  // 3. Let offset be the last pointer in index gb18030 ranges that is less than or equal to
  //    pointer and let codePointOffset be its corresponding code point.
  const range = lastRangeAtOrBelow(POINTER, pointer);
  // (The first range starts at pointer 0 and callers never pass negative pointers.)
  if (range === null) return null;
  const [offset, codePointOffset] = range;
  // 4. Return a code point whose value is codePointOffset + pointer − offset.
  return codePointOffset + pointer - offset;
}

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
export function indexGb18030RangesPointer(codePoint) {
  // 1. If codePoint is U+E7C7, then return pointer 7457.
  if (codePoint === 0xe7c7) return 7457;
  // 2. Let offset be the last code point in index gb18030 ranges that is less than or equal to
  //    codePoint and let pointerOffset be its corresponding pointer.
  //    (The ranges' code points increase with their pointers, so "last" in index order is also
  //    the greatest; reference.test.mjs checks that.)
  const range = lastRangeAtOrBelow(CODE_POINT, codePoint);
  // (The first range starts at U+0080 and the encoder handles ASCII before getting here.)
  if (range === null) return null;
  const [pointerOffset, offset] = range;
  // 3. Return a pointer whose value is pointerOffset + codePoint − offset.
  return pointerOffset + codePoint - offset;
}
