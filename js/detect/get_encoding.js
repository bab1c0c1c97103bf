// The Encoding Standard's "get an encoding", for the labels documents declare.
import { LABELS } from './generated_tables.js';

const ASCII_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

// https://encoding.spec.whatwg.org/#concept-encoding-get
// The encoding's name ('replacement' included) or null (failure) for a label the standard lacks.
export function getEncoding(label) {
  const key = label.replace(ASCII_WHITESPACE, '').replace(/[A-Z]+/g, (s) => s.toLowerCase());
  return Object.hasOwn(LABELS, key) ? LABELS[key] : null;
}
