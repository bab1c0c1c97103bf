// `npm run bench -- startup --browsers` (bench/startup.mjs): the page case of the cold start. A
// page statically imports a package, bundled as a user's bundler ships it (esbuild --bundle
// --minify --format=esm --platform=browser, as bench/sizes.mjs measures sizes), and decodes the
// same 1 KiB as the runtimes do; it reports performance.now() there, the time from the start of the
// navigation to the decoded string, and the part of it after the page's HTML had arrived (its
// responseEnd), which leaves out most of the navigation's own time, the noisiest part on a busy
// machine. Every page is visited once to fill the HTTP cache, then `runs` more times, interleaved,
// all in one Chromium (Debian's, test/hosts/engines.mjs) on 127.0.0.1: the bundles and .wasm files
// come from the cache (Cache-Control: max-age), the pages themselves from the server (no-cache).
// The host's own TextDecoder, without and after the import of an empty module, gives the floor.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineVersion, runPage, serve } from '../test/hosts/engines.mjs';
import { bundle } from './bundle.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

// Per package: the module a page imports (bundled), and the decode, as the runtimes' rows do it.
// `only`: the one case a package takes part in. The peers are those bench/sizes.mjs bundles.
const PACKAGES = {
  'encoding-wasm': {
    code: (label) =>
      label === 'windows-1252'
        ? "export { TextDecoder } from './js/index.js';"
        : "export { TextDecoder } from './js/index.js'; import './js/tables/japanese.js';",
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
  // The same page telling the browser of the .wasm files with its HTML (`<link rel="preload">`), so
  // that the family's fetch does not wait for the core's compile (docs/design.md section 13).
  'encoding-wasm, with preload links': {
    code: (label) =>
      label === 'windows-1252'
        ? "export { TextDecoder } from './js/index.js';"
        : "export { TextDecoder } from './js/index.js'; import './js/tables/japanese.js';",
    preload: (label) =>
      label === 'windows-1252' ? ['/dist/encoding.wasm'] : ['/dist/encoding.wasm', '/dist/tables/japanese.wasm'],
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
  '@exodus/bytes': {
    code: (label) =>
      `export { TextDecoder } from '@exodus/bytes/${label === 'windows-1252' ? 'encoding-lite' : 'encoding'}.js';`,
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
  'encoding-japanese': {
    only: 'Shift_JIS',
    code: () =>
      "import E from 'encoding-japanese'; export const decode = (b) => E.codeToString(E.convert(b, { to: 'UNICODE', from: 'SJIS' }));",
    decode: 'm.decode(bytes)',
  },
};

// Runs the page case in Chromium: cases is { name: { label, bytes (base64), text } }, the names of
// the floor rows as bench/startup.mjs prints them. Resolves to { version, times: { case: { row:
// { total: [], load: [], wrong? } } }, failures: [] }.
export async function measurePages(cases, { runs, host, empty }) {
  const dir = join(root, 'build/startup/page');
  rmSync(dir, { recursive: true, force: true });
  // The bundles lie two levels below the site's root, as js/host/ lies below the package's, so that
  // their `new URL('../../dist/…', import.meta.url)` names the site's /dist/ (the package's dist/).
  mkdirSync(join(dir, 'b/b'), { recursive: true });
  writeFileSync(join(dir, 'b/b/empty.js'), '');
  const pages = [];
  for (const [caseName, { label, bytes }] of Object.entries(cases)) {
    pages.push({
      caseName,
      name: host,
      label,
      bytes,
      m: 'globalThis',
      decode: 'new m.TextDecoder(label).decode(bytes)',
    });
    pages.push({
      caseName,
      name: empty,
      label,
      bytes,
      file: 'empty.js',
      m: 'globalThis',
      decode: 'new m.TextDecoder(label).decode(bytes)',
    });
    for (const [name, { only, code, decode, preload }] of Object.entries(PACKAGES)) {
      if (only && only !== caseName) continue;
      const file = `${name.replace(/\W+/g, '_')}.${caseName}.js`;
      try {
        writeFileSync(join(dir, 'b/b', file), await bundle(code(label)));
      } catch {
        continue; // not installed
      }
      pages.push({ caseName, name, label, bytes, file, m: 'imported', decode, preload: preload?.(label) ?? [] });
    }
  }
  // One visit of every page to fill the cache, then `runs` rounds of them: visit v is page
  // v % pages.length, and tells the next.
  const visits = pages.length * (runs + 1);
  pages.forEach(({ label, bytes, file, m, decode, preload = [] }, k) =>
    writeFileSync(
      join(dir, `${k}.html`),
      `<!doctype html>
<meta charset="utf-8">
${preload.map((href) => `<link rel="preload" href="${href}" as="fetch" type="application/wasm" crossorigin>\n`).join('')}<script type="module">
${file ? `import * as imported from './b/b/${file}';` : ''}
const received = performance.getEntriesByType('navigation')[0].responseEnd;
const label = ${JSON.stringify(label)};
const bytes = Uint8Array.from(atob(${JSON.stringify(bytes)}), (c) => c.charCodeAt(0));
const m = ${m};
const text = ${decode};
const total = performance.now();
const visit = Number(new URLSearchParams(location.search).get('visit'));
const report = (kind, value) => fetch(\`/__engines/\${kind}\`, { method: 'POST', body: JSON.stringify(value) });
await report('log', { visit, page: ${k}, total, received, text });
if (visit + 1 === ${visits}) await report('done', null);
else location.href = \`\${(visit + 1) % ${pages.length}}.html?visit=\${visit + 1}\`;
</script>
`,
    ),
  );
  // The bundles and .wasm files may come from the HTTP cache; the pages are asked for every time.
  const server = await serve(
    { '/': dir, '/dist/': join(root, 'dist') },
    {
      headers: (path) => ({
        'Cache-Control': /\.(js|wasm)$/.test(path) ? 'max-age=3600' : 'no-cache',
        // Cross-origin isolated, for performance.now() in steps of 5 µs rather than 100.
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      }),
    },
  );
  const version = engineVersion('chromium');
  const times = {};
  const failures = [];
  try {
    await runPage('chromium', `${server.url}/0.html?visit=0`, server, {
      timeout: 30_000 + visits * 2_000,
      onLog: ({ visit, page, total, received, text }) => {
        const { caseName, name } = pages[page];
        const slot = ((times[caseName] ??= {})[name] ??= { total: [], load: [] });
        if (text !== cases[caseName].text) {
          if (name === host || name === empty) slot.wrong = true;
          else failures.push(`chromium page ${caseName} ${name}: decoded text differs`);
        } else if (visit >= pages.length) {
          // (the first round filled the cache)
          slot.total.push(total);
          slot.load.push(total - received);
        }
      },
    });
  } catch (e) {
    failures.push(`chromium page: ${e.message.split('\n')[0]}`);
  } finally {
    await server.close();
  }
  return { version, times, failures };
}
