// -l: every encoding of the standard with its labels (encoding-wasm/convert's list).
import { encodings } from 'encoding-wasm/convert';

const NOTES = {
  'UTF-16BE': ' (output written by the CLI: the standard has no UTF-16 encoder)',
  'UTF-16LE': ' (output written by the CLI: the standard has no UTF-16 encoder)',
  replacement: ' (neither input nor output: these labels name no encoding to convert)',
};

export function listEncodings() {
  return encodings.map(({ name, labels }) => `${name}${NOTES[name] ?? ''}\n  ${labels.join(' ')}\n`).join('');
}

// -l --json: one object a line, { name, labels, note } (note only where there is one).
export function listEncodingsJSON() {
  return encodings
    .map(({ name, labels }) => {
      const note = NOTES[name]?.trim().slice(1, -1);
      return `${JSON.stringify({ name, labels, ...(note && { note }) })}\n`;
    })
    .join('');
}
