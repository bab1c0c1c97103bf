// Where the host refuses to compile WebAssembly: a page's or an extension's Content Security Policy
// without 'wasm-unsafe-eval' (https://w3c.github.io/webappsec-csp/#can-compile-wasm-bytes; all three
// browser engines enforce it). js/host/browser_load.js compile() notes the refusal by the engine's
// error; the entry points that fetch the core at load then carry on without it (their TextDecoder
// still hands every encoding the host decodes exactly to the host's decoder), and whatever needs
// wasm throws the TypeError below, naming the directive and the encoding. Node, Bun, Deno and
// workerd never compile here at all (their modules are at hand from load), so it stays false there.
import * as MESSAGES from './messages.js';

// The engine's error of the first refusal (the cause of every TypeError below), or null.
let refusal = null;

// Whether compiling wasm has been refused in this global (a policy does not change while it lives).
export const wasmRefused = () => refusal !== null;

// Whether `error`, thrown by compiling one of our modules, is the engine refusing to compile wasm at
// all. Each engine's error, as checked under `script-src 'self'` (test/hosts/csp/run.mjs):
// - Chromium: a CompileError "WebAssembly.compileStreaming(): Compiling or instantiating WebAssembly
//   module violates the following Content Security policy directive because 'unsafe-eval' is not
//   an allowed source of script ...";
// - Firefox: a CompileError "call to WebAssembly.compileStreaming() blocked by CSP";
// - WebKit: a CompileError "Refused to create a WebAssembly object because 'unsafe-eval' or
//   'wasm-unsafe-eval' is not an allowed source of script ...".
// Our modules are valid, so a CompileError that speaks of the policy (or an EvalError) can mean
// nothing else; any other failure (a 404, a wrong MIME type, a bundler's broken path) is not this.
export function isRefusal(error) {
  const { CompileError } = WebAssembly;
  if (!(error instanceof CompileError || error instanceof EvalError)) return false;
  return /\bCSP\b|Content.Security.Policy|unsafe-eval/i.test(error.message);
}

// Notes the refusal `error` (isRefusal) and returns the TypeError to throw for it, naming `name`
// (an encoding) if given.
export function noteRefusal(error, name = null) {
  refusal = error;
  return refusalError(name);
}

// The TypeError of a use of encoding `name` (or null) that needs wasm where it was refused.
export const refusalError = (name) => new TypeError(MESSAGES.wasmRefused(name), { cause: refusal });

// For `await load().catch(unlessRefused)` at load: the refusal is swallowed (it is noted), anything
// else goes on as it came.
export function unlessRefused(error) {
  if (refusal === null) throw error;
  return null;
}
