// The CSP page (page.js) as a Chromium extension page (Manifest V3, unpacked, loaded with
// --load-extension into Debian's Chromium, headless, through playwright-core: bundle/pages.mjs),
// twice: with the default extension_pages policy, "script-src 'self'; object-src 'self';" (no
// 'wasm-unsafe-eval': https://developer.chrome.com/docs/extensions/reference/manifest/content-security-policy),
// where wasm is refused, and with the policy that allows it. judge.mjs checks each as for web pages;
// besides, neither page may have an uncaught error or unhandled rejection.
//   node test/hosts/csp/extension.mjs
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEsbuild } from '../bundle/esbuild.mjs';
import { launch, load } from '../bundle/pages.mjs';
import { expected } from './expected.mjs';
import { judge } from './judge.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '../../../build/hosts/csp/extensions');
const VARIANTS = {
  default: null,
  'wasm-unsafe-eval': "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'",
};
const t0 = Date.now();
rmSync(out, { recursive: true, force: true });
const fixture = expected();
const dirs = {};
for (const [variant, policy] of Object.entries(VARIANTS)) {
  const dir = (dirs[variant] = join(out, variant));
  mkdirSync(dir, { recursive: true });
  await buildEsbuild(dir, join(here, 'page.js'), join(here, 'extension.html'));
  writeFileSync(join(dir, 'expected.json'), JSON.stringify({ inputs: fixture.inputs }));
  const manifest = { manifest_version: 3, name: `encoding-wasm CSP check (${variant})`, version: '1.0' };
  if (policy) manifest.content_security_policy = { extension_pages: policy };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}
// An unpacked extension's id: the SHA-256 of its directory's path, first 32 hex digits as a-p.
const idOf = (dir) =>
  [...createHash('sha256').update(dir).digest('hex').slice(0, 32)]
    .map((h) => String.fromCharCode(97 + parseInt(h, 16)))
    .join('');

const failures = [];
const { context, close } = await launch({ extensions: Object.values(dirs) });
try {
  for (const [variant, dir] of Object.entries(dirs)) {
    const started = Date.now();
    const url = `chrome-extension://${idOf(dir)}/extension.html`;
    const { results, errors, console: messages } = await load(context, url, { timeout: 40_000 });
    if (!results) {
      failures.push(`${variant}: the page did not finish: ${JSON.stringify({ errors, console: messages })}`);
      continue;
    }
    if (errors.length) failures.push(`${variant}: page errors: ${errors.join('; ')}`);
    const { failures: found, summary } = judge(results, fixture, variant !== 'default');
    console.log(`chromium extension page, ${variant} extension_pages CSP: ${summary}; ${Date.now() - started} ms`);
    if (variant === 'default') console.log(`  the engine's refusal: ${results.encode.error?.cause}`);
    failures.push(...found.map((f) => `${variant}: ${f}`));
  }
} finally {
  await close();
}
console.log(`${Date.now() - t0} ms in all`);
if (failures.length) {
  console.log(`extension page checks FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('extension page checks passed');
