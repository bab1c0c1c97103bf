// Where the malformed byte sequences of some bytes are, for the preview and the hex view.
//
// The errors themselves (each one's byte offset and length, exactly as the standard's decoder
// consumed them) come from the package's non-standard 'encoding-wasm/errors' entry. The preview
// also needs, for each UTF-16 code unit of the text, the byte its character starts at (the hex
// view follows the cursor) and the index of each error's U+FFFD in the text; for those the bytes
// go one at a time through the package's TextDecoder in replacement mode
// (https://encoding.spec.whatwg.org/#concept-encoding-process), and each U+FFFD that is not a
// U+FFFD of the input marks an error. Where a character starts is the first byte not yet decoded;
// after an error it follows the standard's "restore byte" rule of the multi-byte decoders, so the
// starts are approximate only after gb18030's four-byte errors and ISO-2022-JP's escapes.
import { TextDecoder } from 'encoding-wasm';
import { ErrorReportingDecoder } from 'encoding-wasm/errors';

const MULTI_BYTE = new Set(['utf-8', 'gb18030', 'gbk', 'big5', 'euc-jp', 'euc-kr', 'shift_jis', 'iso-2022-jp']);

// The bytes that encode U+FFFD itself, which decode to it without an error.
const FFFD_BYTES = {
  'utf-8': [0xef, 0xbf, 0xbd],
  'utf-16le': [0xfd, 0xff],
  'utf-16be': [0xff, 0xfd],
  gb18030: [0x84, 0x31, 0xa4, 0x37],
};

function endsWith(bytes, end, tail) {
  if (!tail || end + 1 < tail.length) return false;
  for (let k = 0; k < tail.length; k++) if (bytes[end + 1 - tail.length + k] !== tail[k]) return false;
  return true;
}

// Decodes `bytes` as `encoding` with replacement. `final`: the bytes end the input (else an
// unfinished sequence at the end is left out, as more would follow). Returns
//   text:     the decoded text,
//   errors:   [{ offset, length, at }] per malformed sequence (its byte offset and length, from
//             encoding-wasm/errors, and the index of its U+FFFD in text),
//   unitByte: Int32Array, for each UTF-16 code unit of text, the offset of the byte its character
//             starts at.
export function decodeWithErrors(bytes, encoding, { final = true } = {}) {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be';
  const restores = MULTI_BYTE.has(encoding);
  const fffd = FFFD_BYTES[encoding];
  const pieces = [];
  const errors = [];
  const unitByte = [];
  let length = 0;
  let pending = 0; // the first byte not yet part of a decoded character or error
  const take = (text, end) => {
    let at = pending;
    let restoredLast = false;
    for (let k = 0; k < text.length; k++) {
      restoredLast = false;
      if (text.charCodeAt(k) === 0xfffd && !(k === text.length - 1 && endsWith(bytes, end, fffd))) {
        // A sequence broken by byte `end` leaves that byte to be decoded again.
        const restored =
          k === 0 &&
          at < end &&
          ((utf16 && end - at >= 3) || (restores && (encoding === 'utf-8' || bytes[end] < 0x80)));
        const errorEnd = restored ? (utf16 ? at + 2 : end) : end + 1;
        errors.push({ offset: at, length: Math.max(1, Math.min(errorEnd, bytes.length) - at), at: length + k });
        unitByte.push(at);
        at = Math.min(errorEnd, bytes.length);
        restoredLast = restored;
      } else unitByte.push(at);
    }
    pieces.push(text);
    length += text.length;
    pending = restoredLast ? at : end + 1;
  };
  for (let i = 0; i < bytes.length; i++) {
    const text = decoder.decode(bytes.subarray(i, i + 1), { stream: true });
    if (text) take(text, i);
  }
  if (final) {
    const text = decoder.decode();
    if (text) take(text, bytes.length - 1);
  }
  const exact = new ErrorReportingDecoder(encoding).decode(bytes, { stream: !final }).errors;
  // Both find the standard's errors, one U+FFFD each, in order; the offsets and lengths are exact.
  if (exact.length === errors.length) {
    errors.forEach((error, k) => Object.assign(error, { offset: exact[k].offset, length: exact[k].length }));
  }
  return { text: pieces.join(''), errors, unitByte: Int32Array.from(unitByte) };
}
