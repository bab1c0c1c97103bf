// The page's first module: the host's own classes as they were before encoding-wasm/polyfill ran
// (page.js imports this first, so it is evaluated first; it exports what the page reads, since the
// package's "sideEffects" list would let a bundler drop an import of it for its effects alone), and
// the CSP violations the page sees from then on.
export const natives = {
  TextDecoder: globalThis.TextDecoder,
  TextEncoder: globalThis.TextEncoder,
  TextDecoderStream: globalThis.TextDecoderStream,
  TextEncoderStream: globalThis.TextEncoderStream,
};
export const violations = [];
addEventListener('securitypolicyviolation', (e) => violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
