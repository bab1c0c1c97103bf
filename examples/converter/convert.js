// Converting a file: 1 MiB slices of the Blob through the package's streaming TextDecoder and a
// streaming encoder, each slice's output kept as a Blob of its own, so neither the file nor its text
// is ever one string. UTF-8: the package's TextEncoder, as the decoder's strings are well formed and
// no state crosses a slice (measured 7x faster than Encoder('utf-8') in WebKitGTK 2.50, the same in
// Chromium and Firefox). A target that can lose characters: encoding-wasm/errors'
// ErrorReportingEncoder, whose one pass over each slice's text gives its bytes and every character
// the target cannot encode (with its index).
// Slices rather than Blob.stream(): Firefox ESR 153 and WebKitGTK 2.50 stream a Blob made in memory
// as one chunk of its whole size (measured with 200 MB), which a slice's size bounds.
import { TextDecoder, TextEncoder } from 'encoding-wasm';
import { Encoder } from 'encoding-wasm/encoder';
import { ErrorReportingDecoder, ErrorReportingEncoder } from 'encoding-wasm/errors';
import { rewrite, transliterator } from '../../js/convert/translit.js';
import { isUnicodeTarget } from './encodings.js';
import { encodeUtf16 } from './utf16.js';

export const SLICE_BYTES = 1024 * 1024;

// A task boundary between slices, so the page repaints its progress bar and takes a click on
// Cancel: a Blob's arrayBuffer() may resolve without one. A message task, as setTimeout's is
// clamped to 4 ms.
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
// How many of the characters a target cannot encode are listed.
export const FIRST_UNENCODABLE = 8;

// Adds an ErrorReportingEncoder's `errors` (each { index, codePoint }, the index in the whole text)
// to `found`.
function addUnencodable(errors, found) {
  found.count += errors.length;
  for (const { index, codePoint } of errors.slice(0, FIRST_UNENCODABLE - found.first.length))
    found.first.push({ char: String.fromCodePoint(codePoint), codePoint, index });
}

export const describeChar = ({ char, codePoint, index }) =>
  `“${char}” U+${codePoint.toString(16).toUpperCase().padStart(4, '0')} at character ${index}`;

// Converts `blob` from `source` (an encoding name) to `target` (encodings.js TARGETS).
//   errorMode:  'html' writes an unencodable character as &#N;, 'fatal' stops at the first one,
//               'translit' writes its spelling (iconv's //TRANSLIT, js/convert/translit.js) or "?";
//   fatalInput: stop at the first malformed byte sequence instead of writing U+FFFD;
//   onProgress(bytesDone, bytesTotal) after each slice; signal: an AbortSignal (cancel).
// Resolves to { blob, unencodable: { count, first }, bytesIn, longestString }; rejects with a
// TypeError naming the character or the byte offset when a fatal mode stops it, and with the
// signal's reason when cancelled.
export async function convertBlob(
  blob,
  source,
  target,
  { errorMode = 'html', fatalInput = false, onProgress, signal },
) {
  const decoder = new TextDecoder(source, { fatal: fatalInput });
  const utf8 = target.encoding === 'utf-8' ? new TextEncoder() : null;
  const lossy = !isUnicodeTarget(target);
  const encoder = lossy ? new ErrorReportingEncoder(target.encoding) : null;
  const unencodable = { count: 0, first: [] };
  const parts = target.bom.length ? [new Blob([new Uint8Array(target.bom)])] : [];
  // //TRANSLIT: the errors found by `encoder`, the text with their spellings through a second one.
  const spell = lossy && errorMode === 'translit' ? transliterator(target.encoding) : null;
  const spelled = spell ? new Encoder(target.encoding) : null;
  let start = 0; // the index in the whole text of the text encoded next
  const encode = (text, stream) => {
    if (utf8) return utf8.encode(text);
    if (!encoder) return encodeUtf16(text, target.value === 'utf-16be');
    let { bytes, errors } = encoder.encode(text, { stream });
    addUnencodable(errors, unencodable);
    if (spelled) {
      const replace = (cp) => spell(cp) ?? '?';
      bytes = spelled.encode(errors.length ? rewrite(text, errors, start, replace) : text, { stream });
    }
    start += text.length;
    if (errorMode === 'fatal' && errors.length)
      throw new TypeError(`cannot encode ${describeChar(unencodable.first[0])} in ${target.label}`);
    return bytes;
  };
  let longestString = 0;
  for (let offset = 0; offset < blob.size || offset === 0; offset += SLICE_BYTES) {
    await nextTask();
    signal?.throwIfAborted();
    const bytes = new Uint8Array(await blob.slice(offset, offset + SLICE_BYTES).arrayBuffer());
    signal?.throwIfAborted();
    const last = offset + SLICE_BYTES >= blob.size;
    let text;
    try {
      text = decoder.decode(bytes, { stream: !last });
    } catch {
      // The slices before this one decoded cleanly; the error is in this one (or in a character
      // it ends, which this decoder, new at the slice's start, reports at byte 0).
      const at = new ErrorReportingDecoder(source).decode(bytes, { stream: !last }).errors[0]?.offset ?? 0;
      throw new TypeError(`malformed input at byte ${offset + at} (not ${source})`);
    }
    longestString = Math.max(longestString, text.length);
    const out = encode(text, !last);
    if (out.length) parts.push(new Blob([out]));
    onProgress?.(Math.min(offset + SLICE_BYTES, blob.size), blob.size);
    if (last) break;
  }
  return { blob: new Blob(parts), unencodable, bytesIn: blob.size, longestString };
}
