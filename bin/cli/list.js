// -l: every encoding of the standard with its labels, from js/generated/labels.js (generated from
// the standard's encodings.json by cpp/tools/generate_tables.mjs).
import { ENCODING_LABELS } from '../../js/generated/labels.js';

const NOTES = {
  'UTF-16BE': ' (output written by the CLI: the standard has no UTF-16 encoder)',
  'UTF-16LE': ' (output written by the CLI: the standard has no UTF-16 encoder)',
  replacement: ' (neither input nor output: these labels name no encoding to convert)',
};

export function listEncodings() {
  return ENCODING_LABELS.map(([name, labels]) => `${name}${NOTES[name] ?? ''}\n  ${labels.join(' ')}\n`).join('');
}

// -l --json: one object a line, { name, labels, note } (note only where there is one).
export function listEncodingsJSON() {
  return ENCODING_LABELS.map(([name, labels]) => {
    const note = NOTES[name]?.trim().slice(1, -1);
    return `${JSON.stringify({ name, labels, ...(note && { note }) })}\n`;
  }).join('');
}
