// The compact forms of an index used by the generated tables (decoded by cpp/delta_stream.h).
//
// Delta stream (the single-byte tables, the gb18030 ranges): one LEB128 varint per entry: 0 for
// null; otherwise zigzag(codePoint - (previous + 1)) + 1. "previous" starts at `start` and is the
// last code point, or previous + 1 after a null, so runs in Unicode order cost one byte per entry
// and compress to almost nothing under gzip.
//
// Ranked stream (the large multi-byte indexes): as a delta stream, but a short step counts only
// the code points that no earlier entry of the family maps ("unused"). An index that lists, in
// Unicode order, what an earlier part left out (GBK's and UHC's extensions, Big5's stroke groups
// after the first) becomes mostly zeros and ones. Two cursors: one for the BMP and one from U+20000
// for the supplementary planes, since Big5's HKSCS part alternates between them. One LEB128 varint
// per token:
//   0       null (the cursor stays)
//   1       switch to the other cursor, then the entry's own token (never 0 or 1)
//   t >= 2  m = unzigzag(t - 2). |m| < RANK_LIMIT: the code point is the m-th unused one after the
//           cursor (m >= 0), or the (-m - 1)-th unused one before it (counting from 0), and lies
//           within RANK_WINDOW code points of the cursor, so the decoder scans a few words of its
//           bitmap at most. Otherwise it is cursor + 1 + d, where d = m - RANK_LIMIT (m > 0) or
//           m + RANK_LIMIT (m < 0): any code point, used or not.
// Each entry's code point becomes its cursor's value and is marked used. Counting every step in
// unused code points (no window, with a count of unused ones per 512 to skip) gave 1.6 KB less
// gzip over the three ranked tables, but took 1.0-1.9 ms to expand Big5 in wasm; with the window
// it takes about 0.7 ms (the delta stream 0.3). RANK_LIMIT 64 and RANK_WINDOW 256 are within 0.1 KB
// of any larger values, and RANK_LIMIT 16 loses 0.3 KB for Big5 and saves little time.

const zigzag = (d) => (d >= 0 ? d * 2 : -d * 2 - 1);

export function pushVarint(out, v) {
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
}

export function encodeDeltaStream(values, start) {
  const out = [];
  let previous = start;
  for (const value of values) {
    if (value === null || value === undefined) {
      out.push(0);
      previous += 1;
      continue;
    }
    pushVarint(out, zigzag(value - (previous + 1)) + 1);
    previous = value;
  }
  return out;
}

// The cursors' starting points, in the order token 1 switches between them; the decoder's
// constants (cpp/delta_stream.h) must match these three.
export const RANKED_CURSORS = [0, 0x20000];
export const RANK_LIMIT = 64;
export const RANK_WINDOW = 256;

// `used`: a Uint8Array over code points, shared by the ranked tables of one family in blob order
// (this marks the code points of `values` in it).
export function encodeRankedStream(values, used) {
  const out = [];
  const cursors = [...RANKED_CURSORS];
  let c = 0;
  for (const value of values) {
    if (value === null || value === undefined) {
      out.push(0);
      continue;
    }
    const want = value >= 0x10000 ? 1 : 0;
    if (want !== c) {
      out.push(1);
      c = want;
    }
    const cursor = cursors[c];
    let m = rank(used, cursor, value);
    if (m === null) {
      const d = value - (cursor + 1);
      m = d >= 0 ? d + RANK_LIMIT : d - RANK_LIMIT;
    }
    pushVarint(out, zigzag(m) + 2);
    used[value] = 1;
    cursors[c] = value;
  }
  return out;
}

// The rank of `value` among the unused code points after `cursor` (k >= 0) or before it (-k - 1),
// or null when that form does not apply (used, the cursor itself, too far, too many between).
function rank(used, cursor, value) {
  if (used[value] || value === cursor || Math.abs(value - cursor) > RANK_WINDOW) return null;
  let k = 0;
  if (value > cursor) {
    for (let cp = cursor + 1; cp < value; cp++) k += used[cp] ? 0 : 1;
  } else {
    for (let cp = value + 1; cp < cursor; cp++) k += used[cp] ? 0 : 1;
    k = -k - 1;
  }
  return Math.abs(k) < RANK_LIMIT ? k : null;
}

// Bytes as a wrapped C initializer list.
export function cArray(bytes) {
  const lines = [];
  for (let i = 0; i < bytes.length; i += 24) lines.push('    ' + bytes.slice(i, i + 24).join(',') + ',');
  return '\n' + lines.join('\n') + '\n';
}
