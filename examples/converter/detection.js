// Which encoding a file is in: the package's sniff() (encoding-wasm/detect) over its first MiB: its
// byte order mark, the <meta charset> or XML declaration in its first 1024 bytes, else the
// statistics.
import { percent, sniff } from 'encoding-wasm/detect';

export const DETECT_BYTES = 1024 * 1024;

// sniff()'s { encoding, confidence, errors, alternatives: [{ encoding, confidence, errors }], ascii,
// source, declaration, label } for a Blob. A file that declares a label of the replacement encoding
// (which decodes nothing) is read by the statistics instead, with that declaration as `replaced`.
export async function detectBlob(blob) {
  const bytes = new Uint8Array(await blob.slice(0, DETECT_BYTES).arrayBuffer());
  // (A declared or BOM-named encoding's errors are all those of the bytes read.)
  const result = sniff(bytes, { stream: blob.size > DETECT_BYTES });
  if (result.encoding === 'replacement') return { ...sniff(bytes, { ignoreDeclarations: true }), replaced: result };
  return result;
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
