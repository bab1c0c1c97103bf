// The encodings of the standard and their labels, for applications that list them (the CLI's -l,
// the converter page's menus): js/generated/labels.js, generated from the standard's
// encodings.json. (A label's encoding: normalizeEncoding() of encoding-wasm/hooks, the matcher
// TextDecoder uses.) https://encoding.spec.whatwg.org/#names-and-labels
import { ENCODING_LABELS } from '../generated/labels.js';

// [{ name, labels }] in the standard's order, `name` as the standard writes it ("Shift_JIS"; in
// ASCII lowercase it is what TextDecoder's `encoding` says), `labels` in ASCII lowercase.
export const encodings = Object.freeze(
  ENCODING_LABELS.map(([name, labels]) => Object.freeze({ name, labels: Object.freeze([...labels]) })),
);
