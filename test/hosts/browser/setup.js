// Set-up for the Vitest browser project (Chromium), run before each test file:
// - ENCODING_WASM_NATIVE=0 reaches the page as `process.env` (js/native.js and the helpers read it
//   there), so the browser project also runs with everything in wasm.
// - The suites use three functions of Node's Buffer: Buffer.compare to compare bytes, and
//   Buffer.from / Buffer.alloc to check that the host's Uint8Array subclass is accepted. The page
//   gets a Uint8Array subclass with those three, defined in beforeAll, after the package has loaded:
//   js/strings.js looks for Node's Buffer when it loads, and must see the browser as it is.
// - robustness.test.js compares `process.memoryUsage().rss` before and after a million decoders; a
//   page has no RSS, so it gets Chromium's JS heap size (performance.memory) instead, also from
//   beforeAll. Its main check, that wasm memory does not grow, is the same as in Node.
// - Table families cannot load synchronously in a browser: the suites get them the way a page does,
//   from the static entry that registers every family ('encoding-wasm/tables/all'), also in
//   beforeAll: robustness.test.js watches WebAssembly.Instance while it imports the package, to find
//   the core's memory.
import { beforeAll } from 'vitest';

globalThis.process ??= {};
globalThis.process.env ??= {};
if (__ENCODING_WASM_NATIVE__ !== undefined) globalThis.process.env.ENCODING_WASM_NATIVE = __ENCODING_WASM_NATIVE__;

class TestBuffer extends Uint8Array {
  static from(value, encoding = 'utf8') {
    if (typeof value !== 'string') return new TestBuffer(Uint8Array.from(value));
    if (encoding !== 'utf8' && encoding !== 'utf-8') throw new Error(`test Buffer: no ${encoding}`);
    return new TestBuffer(new TextEncoder().encode(value));
  }

  static alloc(size) {
    return new TestBuffer(size);
  }

  static compare(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return Math.sign(a.length - b.length);
  }
}

beforeAll(async () => {
  // The package's own resolution must have picked the browser host ("#host", default condition).
  const host = await import('#host');
  if (host.loadFamilySync !== null) throw new Error('the browser project must load js/host/browser.js');
  await import('../../../js/tables/all.js');
  globalThis.Buffer ??= TestBuffer;
  globalThis.process.memoryUsage ??= () => ({ rss: performance.memory?.usedJSHeapSize ?? 0 });
});
