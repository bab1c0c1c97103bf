// Set-up for the Vitest browser projects (Chromium, Firefox, WebKit), run before each test file:
// - ENCODING_WASM_NATIVE (0 or 1) reaches the page as `process.env` (js/host/native.js and the helpers
//   read it there), so the browser project also runs with everything in wasm and with the host's
//   decoders.
// - ENCODING_WASM_CORPUS is /__corpus when the corpus is there: corpus.test.js then reads
//   file:///__corpus/NAME, which fs.js fetches from the test server (vitest.config.js).
// - robustness.test.js compares the resident memory (helpers.js residentBytes:
//   `process.memoryUsage().rss`) before and after a million decoders; a page has no RSS, so in
//   Chromium it gets the JS heap size (performance.memory) instead, and in Firefox and WebKit, which
//   have no such API, the resident memory of the browser's processes, measured in Node by the
//   `browserRss` command of test/hosts/browser/provider.mjs. Set in beforeAll. Its main check, that
//   wasm memory does not grow, is the same as in Node.
// - Table families cannot load synchronously in a browser: the suites get them the way a page does,
//   from the static entry that registers every family ('encoding-wasm/tables/all'), also in
//   beforeAll: robustness.test.js watches WebAssembly.Instance while it imports the package, to find
//   the core's memory.
import { beforeAll } from 'vitest';
import { commands } from 'vitest/browser';

globalThis.process ??= {};
globalThis.process.env ??= {};
if (__ENCODING_WASM_NATIVE__ !== undefined) globalThis.process.env.ENCODING_WASM_NATIVE = __ENCODING_WASM_NATIVE__;
if (__ENCODING_WASM_CORPUS__) globalThis.process.env.ENCODING_WASM_CORPUS = '/__corpus';

beforeAll(async () => {
  // The package's own resolution must have picked the browser host ("#host/primitives.js", default condition).
  const host = await import('#host/primitives.js');
  if (host.loadFamilySync !== null) throw new Error('the browser project must load js/host/browser/primitives.js');
  await import('../../../js/tables/all.js');
  globalThis.process.memoryUsage ??= performance.memory
    ? () => ({ rss: performance.memory.usedJSHeapSize })
    : async () => ({ rss: await commands.browserRss() });
});
