// What the page checks share (bundle/run.mjs, readme/run.mjs): a tiny static server on 127.0.0.1
// that serves directories under several Content-Security-Policies, Debian's Chromium through
// playwright-core, and a page load that collects console messages, page errors and CSP violations.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium.mjs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };

// /<site>/<policy>/<file>: the files of dirs[site] with the header policies[policy] (none if null);
// with `at` ({ site, policy }), /<file> for that site and policy only (a site built for the root).
// /favicon.ico is an empty 204, not logged. Resolves to { server, requests: [{ path, status }], port }.
export function serve(dirs, policies, at = null) {
  const requests = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    const [site, policy, ...rest] = at
      ? [at.site, at.policy, ...url.pathname.split('/').slice(1)]
      : url.pathname.split('/').slice(1);
    const dir = dirs[site];
    const file = dir && policy in policies ? normalize(join(dir, ...rest.map(decodeURIComponent))) : null;
    let status = 404;
    if (file && file.startsWith(dir + sep)) {
      try {
        const body = readFileSync(file);
        const headers = {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store',
        };
        if (policies[policy]) headers['Content-Security-Policy'] = policies[policy];
        res.writeHead(200, headers);
        res.end(body);
        status = 200;
      } catch {
        /* 404 below */
      }
    }
    if (status === 404) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
    requests.push({ path: url.pathname, status });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, requests, port: server.address().port })),
  );
}

// Headless Chromium with a throw-away profile; close() closes it and removes the profile. `extensions`:
// directories of unpacked extensions to load (and no other).
export async function launch({ extensions = [] } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'encoding-wasm-chromium-'));
  const loading = extensions.length
    ? [`--disable-extensions-except=${extensions.join(',')}`, `--load-extension=${extensions.join(',')}`]
    : [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...loading],
    // (Playwright's defaults turn extensions off)
    ignoreDefaultArgs: extensions.length ? ['--disable-extensions'] : [],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Loads url in a new page and waits (`timeout` ms at most) until `ready` (a function run in the page)
// returns true, or the page throws. Resolves to { results (what `read` returns in the page then,
// or null), console: [{ type, text }], errors: [page errors], violations: [CSP violations] }.
const resultsSet = () => globalThis.__results !== undefined;
const readResults = () => globalThis.__results ?? null;
export async function load(context, url, { ready = resultsSet, read = readResults, timeout = 15_000 } = {}) {
  const page = await context.newPage();
  const console_ = [];
  const errors = [];
  page.on('console', (m) => console_.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => errors.push(String(e)));
  // CSP violations as the page sees them (the console shows them too).
  await page.addInitScript(() => {
    globalThis.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      globalThis.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  // Done when the page has its results or its module failed (an uncaught error).
  const failed = new Promise((resolve) => page.on('pageerror', resolve));
  await page.goto(url);
  let results = null;
  try {
    await Promise.race([page.waitForFunction(ready, null, { timeout }), failed]);
    results = (await page.evaluate(read)) ?? null;
  } catch {
    /* results stay null */
  }
  const violations = await page.evaluate(() => globalThis.__violations);
  await page.close();
  return { results, console: console_, errors, violations };
}

// The wasm files a page load fetched (requests under prefix), by base name without a bundler's hash.
export const fetchedWasm = (requests, prefix) =>
  requests
    .filter((r) => r.path.startsWith(prefix) && r.path.endsWith('.wasm'))
    .map((r) =>
      r.path
        .split('/')
        .pop()
        .replace(/-[A-Za-z0-9_-]{8}\.wasm$/, '.wasm'),
    )
    .sort();
