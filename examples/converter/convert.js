// Converting a file: 1 MiB slices of the Blob through encoding-wasm/convert's Converter (the one
// the CLI uses), each slice's output kept as a Blob of its own, so neither the file nor its text is
// ever one string.
// Slices rather than Blob.stream(): Firefox ESR 153 and WebKitGTK 2.50 stream a Blob made in memory
// as one chunk of its whole size (measured with 200 MB), which a slice's size bounds.
import { Converter } from 'encoding-wasm/convert';

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

// '“☃” U+2603 at character 1' for an entry of the Converter's `unencodable.first`.
export const describeChar = ({ codePoint, character }) =>
  `“${String.fromCodePoint(codePoint)}” U+${codePoint.toString(16).toUpperCase().padStart(4, '0')} at character ${character}`;

// The Converter's `unencodable` option for the page's choices (the warning's "Save with spellings":
// iconv's //TRANSLIT, "?" where there is no spelling).
const UNENCODABLE = { html: 'html', fatal: 'fatal', translit: 'question' };

// Converts `blob` from `source` (an encoding name) to `target` (encodings.js TARGETS).
//   errorMode:  'html' writes an unencodable character as &#N;, 'fatal' stops at the first one,
//               'translit' writes its spelling (iconv's //TRANSLIT, js/convert/translit.js) or "?";
//   fatalInput: stop at the first malformed byte sequence instead of writing U+FFFD;
//   keepDeclaration: leave an HTML or XML file's charset declaration as it is (else its label
//               becomes the target's name);
//   onProgress(bytesDone, bytesTotal) after each slice; signal: an AbortSignal (cancel).
// Resolves to { blob, unencodable: { count, first }, declaration, bytesIn, largestPart } (the
// Converter's counts; largestPart: the most bytes one slice gave); rejects with the Converter's
// TypeError naming the character or the byte offset when a fatal mode stops it, and with the
// signal's reason when cancelled.
export async function convertBlob(
  blob,
  source,
  target,
  { errorMode = 'html', fatalInput = false, keepDeclaration = false, onProgress, signal },
) {
  const converter = new Converter(source, target.encoding, {
    malformed: fatalInput ? 'fatal' : 'replacement',
    unencodable: UNENCODABLE[errorMode],
    translit: errorMode === 'translit',
    bom: target.bom,
    keepDeclaration,
  });
  const parts = [];
  let largestPart = 0;
  for (let offset = 0; offset < blob.size || offset === 0; offset += SLICE_BYTES) {
    await nextTask();
    signal?.throwIfAborted();
    const bytes = new Uint8Array(await blob.slice(offset, offset + SLICE_BYTES).arrayBuffer());
    signal?.throwIfAborted();
    const last = offset + SLICE_BYTES >= blob.size;
    const out = converter.convert(bytes, { stream: !last });
    largestPart = Math.max(largestPart, out.length);
    if (out.length) parts.push(new Blob([out]));
    onProgress?.(Math.min(offset + SLICE_BYTES, blob.size), blob.size);
    if (last) break;
  }
  const { unencodable, declaration } = converter;
  return { blob: new Blob(parts), unencodable, declaration, bytesIn: blob.size, largestPart };
}
