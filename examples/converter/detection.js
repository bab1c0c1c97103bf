// Which encoding a file is in: the package's detector (encoding-wasm/detect) over its first MiB.
import { EncodingDetector } from 'encoding-wasm/detect';

export const DETECT_BYTES = 1024 * 1024;

// { encoding, confidence, errors, alternatives: [{ encoding, confidence, errors }], ascii } for a Blob
// (errors: the malformed sequences the encoding's decoder would replace; a few are tolerated in a
// long file).
export async function detectBlob(blob) {
  const detector = new EncodingDetector();
  detector.feed(new Uint8Array(await blob.slice(0, DETECT_BYTES).arrayBuffer()));
  return detector.finish();
}

// "98%" or "<1%".
export const percent = (confidence) => (confidence >= 0.01 ? `${Math.round(confidence * 100)}%` : '<1%');

// "98%", or "76%, 5 errors" when the encoding's decoder finds malformed sequences.
export const sureness = ({ confidence, errors }) => percent(confidence) + errorNote(errors);
export const errorNote = (errors) => (errors ? `, ${errors} error${errors === 1 ? '' : 's'}` : '');
