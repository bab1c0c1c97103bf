// UTF-16 output, which the standard has no encoder for: each code unit of the string as two bytes.
// The decoder's strings have no lone surrogates (a malformed input decodes to U+FFFD), so this is
// the UTF-16 encoding of their code points.
export function encodeUtf16(text, bigEndian) {
  const bytes = new Uint8Array(text.length * 2);
  const hi = bigEndian ? 0 : 1;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i + hi] = unit >> 8;
    bytes[2 * i + 1 - hi] = unit & 0xff;
  }
  return bytes;
}
