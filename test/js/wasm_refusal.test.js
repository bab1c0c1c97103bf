// js/wasm/refusal.js: how the engines' refusal to compile or instantiate wasm under a Content
// Security Policy without 'wasm-unsafe-eval' is told from other failures. The messages are the
// engines' own, as test/hosts/csp/ got them under `script-src 'self'` (Chromium 156, in a page and
// in an extension page; Firefox ESR 153; WebKitGTK 2.50.6); those steps check the whole behaviour in
// each engine. (A module of its own per test file: the refusal, once noted, stays.)
import { describe, expect, it } from 'vitest';
import { notLoaded, refusedOr, unlessRefused, wasmRefused } from '../../js/wasm/refusal.js';

const { CompileError } = WebAssembly;
const REFUSALS = {
  chromium:
    "WebAssembly.compileStreaming(): Compiling or instantiating WebAssembly module violates the following Content Security policy directive because 'unsafe-eval' is not an allowed source of script in the following Content Security Policy directive: \"script-src 'self'\".",
  'chromium extension':
    "WebAssembly.compileStreaming(): Compiling or instantiating WebAssembly module violates the following Content Security policy directive because neither 'wasm-eval' nor 'unsafe-eval' is an allowed source of script in the following Content Security Policy directive: \"script-src 'self'\".",
  firefox: 'call to WebAssembly.compileStreaming() blocked by CSP',
  webkit:
    "Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source of script in the following Content Security Policy directive: \"script-src 'self'\".",
};

describe('the refusal of wasm under a Content Security Policy', () => {
  it('other failures go on as they came, and nothing is refused', () => {
    const others = [
      new CompileError('WebAssembly.compile(): expected magic word 00 61 73 6d, found 3c 21 64 6f @+0'),
      new TypeError("WebAssembly.compileStreaming(): Incorrect response MIME type. Expected 'application/wasm'."),
      new RangeError('WebAssembly.Memory(): could not allocate memory'),
      new Error('unsafe-eval'), // (not a CompileError)
    ];
    for (const error of others) expect(refusedOr(error)).toBe(error);
    expect(wasmRefused()).toBe(false);
    const missing = notLoaded('gbk', 'The gbk tables are not loaded.');
    expect(missing).toBeInstanceOf(Error);
    expect(missing).not.toBeInstanceOf(TypeError);
    expect(missing.message).toBe('The gbk tables are not loaded.');
    const notARefusal = new Error('404');
    expect(() => unlessRefused(notARefusal)).toThrow(notARefusal);
  });

  it("each engine's refusal becomes a TypeError naming 'wasm-unsafe-eval', with the engine's error as its cause", () => {
    for (const [engine, message] of Object.entries(REFUSALS)) {
      const error = new CompileError(message);
      const ours = refusedOr(error);
      expect(ours, engine).toBeInstanceOf(TypeError);
      expect(ours.message).toContain("'wasm-unsafe-eval'");
      expect(ours.cause).toBe(error);
    }
    expect(wasmRefused()).toBe(true);
    // Then what needs wasm says so, naming the encoding, and a load that was refused is no failure.
    const gbk = notLoaded('gbk', 'The gbk tables are not loaded.');
    expect(gbk).toBeInstanceOf(TypeError);
    expect(gbk.message).toBe(
      "encoding-wasm (gbk) needs WebAssembly: allow it with 'wasm-unsafe-eval' in the Content Security Policy.",
    );
    expect(unlessRefused(new CompileError(REFUSALS.firefox))).toBe(null);
  });
});
