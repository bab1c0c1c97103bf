// Where the host refuses WebAssembly: a page's or an extension's Content Security Policy without
// 'wasm-unsafe-eval' (https://w3c.github.io/webappsec-csp/#can-compile-wasm-bytes). compile() in
// js/host/browser/compile.js notes the refusal by the engine's error; the entry points that fetch the
// core at load then carry on without it (their TextDecoder still hands every encoding the host
// decodes exactly to the host's decoder), and whatever needs wasm throws the TypeError below,
// naming the directive and the encoding (docs/api.md "Where WebAssembly is refused"). Node, Bun,
// Deno and workerd never compile through here, so nothing is refused there.
import * as MESSAGES from '../webidl/messages.js';

// The engine's error of the refusal (the cause of every TypeError below), or null.
let refusal = null;

// Whether WebAssembly has been refused in this global (its policy does not change while it lives).
export const wasmRefused = () => refusal !== null;

// The TypeError of a use of encoding `name` (or null) that needs wasm where it is refused.
const refusalError = (name) => new TypeError(MESSAGES.wasmRefused(name), { cause: refusal });

// The error for encoding `name` when the module it needs is not loaded: the TypeError above where
// WebAssembly is refused, else an Error with `message` (which says how to load it).
export const notLoaded = (name, message) => (refusal ? refusalError(name) : new Error(message));

// What to throw for `error`, from compiling or instantiating one of our modules: the TypeError above
// if the engine refused WebAssembly (the refusal is noted), else `error` itself. Each engine's
// refusal, as test/hosts/csp/ sees it under `script-src 'self'`, is a CompileError:
// - Chromium: "WebAssembly.compileStreaming(): Compiling or instantiating WebAssembly module
//   violates the following Content Security policy directive because 'unsafe-eval' is not an
//   allowed source of script ..." (in an extension page: "neither 'wasm-eval' nor 'unsafe-eval'");
// - Firefox: "call to WebAssembly.compileStreaming() blocked by CSP";
// - WebKitGTK 2.50, which compiles and refuses to instantiate: "Refused to create a WebAssembly
//   object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source of script ...".
// Our modules are valid, so a CompileError that names the policy can mean nothing else; any other
// failure (a 404, a bundler's broken path) goes on as it came.
export function refusedOr(error) {
  if (!(error instanceof WebAssembly.CompileError && /CSP|unsafe-eval/.test(error.message))) return error;
  refusal = error;
  return refusalError(null);
}

// For `await load().catch(unlessRefused)` at load: a refusal (refusedOr) is swallowed (it is noted),
// anything else goes on as it came.
export function unlessRefused(error) {
  refusedOr(error);
  if (refusal === null) throw error;
  return null;
}
