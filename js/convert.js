// encoding-wasm/convert: non-standard. Converting text between the encodings of the standard as the
// CLI (bin/encoding-wasm.js) and the converter page (examples/converter/) do, and the list of those
// encodings with their labels (docs/api.md "encoding-wasm/convert").
export { BOMS, Converter, FIRST_UNENCODABLE, describeCodePoint } from './convert/converter.js';
export { encodings } from './generated/labels.js';
