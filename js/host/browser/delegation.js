// Browsers and bundlers ("#host/delegation.js"): decoding UTF-8, UTF-16 and the single-byte
// encodings is handed to the host's decoder wherever it is exact, by default (js/host/native.js): our
// strings would go through the host's own UTF-16LE decoder anyway, and the TextDecoder then ships
// no wasm at all (docs/design.md section 7).
// ENCODING_WASM_NATIVE=0 in `process.env` (a bundler's, or the test pages': test/hosts/browser/setup.js)
// turns it off; Node, Bun, Deno and workerd read it their own way (js/host/at_hand/delegation.js).
export function delegateAtLoad() {
  try {
    return globalThis.process?.env?.ENCODING_WASM_NATIVE !== '0';
  } catch {
    return true;
  }
}
