// encoding-wasm/iconv-lite in place of iconv-lite in a browser: iconv_lite_page.js (an ES import of
// 'iconv-lite') and iconv_lite_legacy.cjs (require('iconv-lite'), as npm packages call it) bundled
// by esbuild with `alias: { 'iconv-lite': 'encoding-wasm/iconv-lite' }`, loaded in headless Chromium
// under `script-src 'self' 'wasm-unsafe-eval'`: a Shift_JIS and a windows-1251 body decode
// (test/hosts/checks.js iconvLiteChecks), the bundle holds no node:stream and no iconv-lite code.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEsbuild } from './esbuild.mjs';
import { launch, load, serve } from './pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../../../build/hosts/bundle-iconv-lite');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await buildEsbuild(out, join(here, 'iconv_lite_page.js'), join(here, 'iconv_lite_page.html'), {
  alias: { 'iconv-lite': 'encoding-wasm/iconv-lite' },
});

const failures = [];
const js = readFileSync(join(out, 'iconv_lite_page.js'), 'utf8');
if (js.includes('node:stream')) failures.push('the bundle imports node:stream');
if (js.includes('safer-buffer') || js.includes('Iconv-lite warning'))
  failures.push('the bundle holds iconv-lite itself');
console.log(`esbuild: ${readdirSync(out).join(', ')}`);

const { server, port } = await serve({ site: out }, { csp: "script-src 'self' 'wasm-unsafe-eval'" });
const { context, close } = await launch();
try {
  const { results, errors, violations } = await load(context, `http://127.0.0.1:${port}/site/csp/iconv_lite_page.html`);
  if (!results) failures.push(`the page did not finish: ${errors.join('; ')}`);
  else {
    for (const [how, problems] of [
      ['import', results.imported],
      ['require', results.required],
    ])
      for (const p of problems) failures.push(`${how} 'iconv-lite': ${p}`);
    if (results.same !== true) failures.push('import and require gave different modules');
    if (results.body !== 'При') failures.push(`the CommonJS module decoded ${JSON.stringify(results.body)}`);
  }
  if (violations.length) failures.push(`CSP violations: ${JSON.stringify(violations)}`);
} finally {
  await close();
  server.close();
}
if (failures.length) {
  console.log(`iconv-lite alias bundle FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('iconv-lite alias bundle checks passed (esbuild, Chromium, strict CSP)');
