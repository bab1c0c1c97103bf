// The compact form of an index used by the generated tables (decoded by cpp/delta_stream.h).
// Each entry is one LEB128 varint: 0 for null; otherwise zigzag(codePoint - (previous + 1)) + 1.
// "previous" starts at `start` and is the last code point, or previous + 1 after a null, so runs
// in Unicode order cost one byte per entry and compress to almost nothing under gzip.
export function encodeDeltaStream(values, start) {
  const out = [];
  let previous = start;
  for (const value of values) {
    if (value === null || value === undefined) {
      out.push(0);
      previous += 1;
      continue;
    }
    const delta = value - (previous + 1);
    let v = (delta >= 0 ? delta * 2 : -delta * 2 - 1) + 1;
    while (v >= 0x80) {
      out.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    out.push(v);
    previous = value;
  }
  return out;
}

// Bytes as a wrapped C initializer list.
export function cArray(bytes) {
  const lines = [];
  for (let i = 0; i < bytes.length; i += 24) lines.push('    ' + bytes.slice(i, i + 24).join(',') + ',');
  return '\n' + lines.join('\n') + '\n';
}
