import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { CHROMIUM, CHROMIUM_ARGS } from './test/hosts/chromium.mjs';
import { suitesFor } from './test/js/suites.js';

// Projects over the same test files (test/js/):
// - node: the suites in Node, as `npx vitest run` has always run them (test/run-all.sh). Deno and
//   Bun run the same files too (test/hosts/run.sh).
// - browser: the same files in headless Chromium (Debian's /usr/bin/chromium through Playwright),
//   with the package's browser host (js/host/browser/primitives.js: fetch + compileStreaming).
// - firefox, webkit: the same again in headless Firefox ESR and in WebKitGTK's MiniBrowser under
//   Xvfb (Debian's), which Playwright cannot drive: test/hosts/browser/provider.mjs starts them as
//   plain processes on Vitest's page, which talks to Vitest over its own WebSocket.
// The browser projects are defined only when asked for, with `--project browser|firefox|webkit` or
// ENCODING_WASM_BROWSER=1 (test/hosts/run.sh), so a plain `vitest run` stays the Node project and
// needs no browser.
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const BROWSERS = ['browser', 'firefox', 'webkit'];
const wantBrowser =
  process.env.ENCODING_WASM_BROWSER === '1' ||
  process.argv.some(
    (a, i) =>
      BROWSERS.includes(a.replace(/^--project=/, '')) &&
      (a.startsWith('--project=') || process.argv[i - 1] === '--project'),
  );

// What a test file imports is what runs: the package by its name ('encoding-wasm',
// 'encoding-wasm/hooks', ...) as this host resolves it (package.json "exports"), or a module of
// js/ by its path, for the suites that look inside (core.js, instance.js, ...: those import the
// entry's sources too, '../../js/index.js', so that they see one core). The suites that run on each
// entry with a TextDecoder import test/js/entry.js, which says which one (ENCODING_WASM_ENTRY).
// In Node the package's name resolves as Node resolves it (condition "module-sync": the bundles of
// dist/runtime/, tools/bundle_entries.mjs), rebuilt here first if a source is newer. Deno's Vitest run
// resolves it with Vite's default conditions, to the sources (Vite resolves #host/primitives.js to js/host/node.js in
// Deno too, so Deno's own bundles are run by test/hosts/: runtime-smoke.mjs and the README's blocks).
const inNode = typeof globalThis.Deno === 'undefined' && !process.versions.bun;
const nodeBundles = {
  name: 'encoding-wasm-node-bundles',
  async buildStart() {
    const { bundleEntries, stale } = await import('./tools/bundle_entries.mjs');
    if (stale()) await bundleEntries();
  },
};
const asNode = { conditions: ['module-sync', 'node'] };

// Which suites run (test/js/suites.js): with ENCODING_WASM_NATIVE=0 those whose code decodes.
const { include, exclude } = suitesFor(process.env, inNode ? 'node' : 'deno');
const inBrowser = suitesFor(process.env, 'browser');

const node = {
  ...(inNode && { plugins: [nodeBundles], resolve: asNode, ssr: { resolve: asNode } }),
  test: {
    name: 'node',
    include,
    exclude,
    testTimeout: 60_000,
    pool: 'forks',
  },
};

// In the browser:
// - `node:fs` is test/hosts/browser/fs.js, which serves cpp/whatwg/ (the spec's data files that the
//   helpers and the reference implementation read through tools/generator/whatwg_data.mjs) as raw text.
// - corpus.test.js reads ../shared/corpus (outside the package, present only on the project's
//   machines, or $ENCODING_WASM_CORPUS) with node:fs: serveCorpus answers /__corpus/NAME from that
//   directory, setup.js points the test there, and fs.js reads it.
// - SharedArrayBuffer needs a cross-origin isolated page, so the test server sends COOP and COEP.
// - test/hosts/browser/setup.js loads every table family (tables/all, as a page would), passes
//   ENCODING_WASM_NATIVE in, and gives the page the bits of Node the suites use for their own
//   checks (process.memoryUsage), after the package has loaded.

const corpusDir = resolve(process.env.ENCODING_WASM_CORPUS ?? here('../shared/corpus'));
const serveCorpus = {
  name: 'encoding-wasm-corpus',
  configureServer(server) {
    server.middlewares.use('/__corpus/', (req, res, next) => {
      const name = new URL(req.url, 'http://127.0.0.1').pathname.slice(1); // the names are plain ASCII
      if (!/^\w[\w.-]*$/.test(name) || !existsSync(join(corpusDir, name))) return next();
      res.setHeader('Content-Type', 'application/octet-stream');
      res.end(readFileSync(join(corpusDir, name)));
    });
  },
};

const browser = (name, engine, provider, commands = {}) => ({
  plugins: [serveCorpus],
  resolve: {
    alias: [
      { find: /^node:fs$/, replacement: here('test/hosts/browser/fs.js') },
      { find: /^fs$/, replacement: here('test/hosts/browser/fs.js') },
    ],
  },
  define: {
    __ENCODING_WASM_NATIVE__: JSON.stringify(process.env.ENCODING_WASM_NATIVE),
    __ENCODING_WASM_CORPUS__: JSON.stringify(existsSync(join(corpusDir, 'manifest.json'))),
  },
  server: {
    host: '127.0.0.1',
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
  test: {
    name,
    ...inBrowser,
    setupFiles: ['test/hosts/browser/setup.js'],
    testTimeout: 120_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      api: { host: '127.0.0.1' },
      provider,
      commands,
      instances: [{ browser: engine }],
    },
  },
});

const browsers = async () => {
  const { playwright } = await import('@vitest/browser-playwright');
  const { COMMANDS, engines } = await import('./test/hosts/browser/provider.mjs');
  const chromium = playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });
  return [
    browser('browser', 'chromium', chromium),
    browser('firefox', 'firefox', engines(), COMMANDS),
    browser('webkit', 'webkit', engines(), COMMANDS),
  ];
};

export default defineConfig(async () => ({
  test: {
    projects: [node, ...(wantBrowser ? await browsers() : [])],
  },
}));
