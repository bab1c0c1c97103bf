// Browsers and bundlers ("#delegation" in package.json): decoding UTF-8, UTF-16 and the single-byte
// encodings is handed to the host's decoder wherever it is exact, by default (js/native.js): our
// strings would go through the host's own UTF-16LE decoder anyway, and the TextDecoder then ships
// no wasm at all (docs/design.md section 7).
export const delegateByDefault = () => true;
