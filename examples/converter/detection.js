// Which encoding a file is in: the package's sniff() (encoding-wasm/detect) over its first MiB: its
// byte order mark, the <meta charset> or XML declaration in its first 1024 bytes, else the
// statistics.
import { sniff } from 'encoding-wasm/detect';
import { decodeWithErrors } from './errors.js';

export const DETECT_BYTES = 1024 * 1024;

// sniff()'s { encoding, confidence, errors, alternatives: [{ encoding, confidence, errors }], ascii,
// source, declaration, label } for a Blob. A file that declares a label of the replacement encoding
// (which decodes nothing) is read by the statistics instead, with that declaration as `replaced`.
export async function detectBlob(blob) {
  const bytes = new Uint8Array(await blob.slice(0, DETECT_BYTES).arrayBuffer());
  const result = sniff(bytes);
  if (result.encoding === 'replacement') return { ...sniff(bytes, { ignoreDeclarations: true }), replaced: result };
  if (result.source === 'statistics') return result;
  // A declared (or BOM-named) encoding's errors, all of them (sniff() gives detect()'s count, which
  // stops early in a short file and counts no UTF-16 errors), in the bytes read.
  const { errors } = decodeWithErrors(bytes, result.encoding, { final: blob.size <= DETECT_BYTES });
  return { ...result, errors: errors.length };
}

// "98%"; "<1%" and ">99%" where rounding would say 0% or 100% of a confidence that is neither.
export function percent(confidence) {
  if (confidence > 0 && confidence < 0.005) return '<1%';
  if (confidence < 1 && confidence >= 0.995) return '>99%';
  return `${Math.round(confidence * 100)}%`;
}

// The alternatives worth listing: those whose percentage does not round to 0.
export const listed = (alternatives) => alternatives.filter((a) => a.confidence >= 0.005);

// "98%", or "76%, 5 errors" when the encoding's decoder finds malformed sequences.
export const sureness = ({ confidence, errors }) => percent(confidence) + errorNote(errors);
export const errorNote = (errors) => (errors ? `, ${errors} error${errors === 1 ? '' : 's'}` : '');

// The sentence the page shows: "windows-1251, as its <meta charset> declares." or "Detected
// shift_jis, 97% sure (its decoder finds 1 error); also possible: euc-jp 2%."
export function describeDetection(detection) {
  const errors = detection.errors ? ` (its decoder finds${errorNote(detection.errors).slice(1)})` : '';
  const replaced = detection.replaced
    ? `Its ${detection.replaced.declaration} declares "${detection.replaced.label}", a label of the replacement encoding, which decodes nothing. `
    : '';
  if (detection.source !== 'statistics') {
    const how = detection.source === 'bom' ? 'its byte order mark says' : `its ${detection.declaration} declares`;
    return `${replaced}${detection.encoding}, as ${how} (100%)${errors}.`;
  }
  const alternatives = listed(detection.alternatives);
  return (
    `${replaced}Detected ${detection.encoding}${detection.ascii ? ' (the file is ASCII)' : ''}, ${percent(detection.confidence)} sure` +
    errors +
    (alternatives.length
      ? `; also possible: ${alternatives
          .slice(0, 3)
          .map((a) => `${a.encoding} ${sureness(a)}`)
          .join(', ')}.`
      : '.')
  );
}
