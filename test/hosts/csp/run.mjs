// Pages where wasm may not be compiled (issue 24 item 2): page.js, bundled with esbuild as
// test/hosts/bundle does, served on 127.0.0.1 with
//   Content-Security-Policy: script-src 'self'                       (wasm refused), and
//   Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'    (the control: wasm allowed),
// and loaded in one engine (Chromium, Firefox ESR or WebKitGTK's MiniBrowser: test/hosts/engines.mjs,
// which also stops each browser by its process group). The page's imports must not fail and it must
// leave no unhandled rejection or uncaught error (page-report.js fails the run on either); judge.mjs
// checks every encoding of the standard against the reference implementation (expected.mjs).
//   node test/hosts/csp/run.mjs chromium|firefox|webkit [no-wasm|wasm]   (both policies by default)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEsbuild } from '../bundle/esbuild.mjs';
import { engineVersion, ENGINES, runPage, serve } from '../engines.mjs';
import { expected } from './expected.mjs';
import { judge } from './judge.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const POLICIES = { 'no-wasm': "script-src 'self'", wasm: "script-src 'self' 'wasm-unsafe-eval'" };
const [engine, only] = process.argv.slice(2);
if (!ENGINES.includes(engine) || (only && !(only in POLICIES))) {
  console.error(`usage: node test/hosts/csp/run.mjs ${ENGINES.join('|')} [${Object.keys(POLICIES).join('|')}]`);
  process.exit(2);
}
const policies = only ? [only] : Object.keys(POLICIES);
// (a directory per run, so that runs in parallel do not share one)
const out = join(here, `../../../build/hosts/csp/${engine}-${policies.join('-')}`);
const t0 = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await buildEsbuild(out, join(here, 'page.js'), join(here, 'page.html'));
const fixture = expected();
writeFileSync(join(out, 'expected.json'), JSON.stringify({ inputs: fixture.inputs }));

const policyOf = (path) => POLICIES[path.split('/')[1]];
const server = await serve(
  { '/no-wasm/': out, '/wasm/': out },
  { headers: (path) => (policyOf(path) ? { 'Content-Security-Policy': policyOf(path) } : {}) },
);
console.log(`${engineVersion(engine)}; bundle ${Date.now() - t0} ms`);
const failures = [];
try {
  for (const policy of policies) {
    const started = Date.now();
    let report;
    try {
      report = await runPage(engine, `${server.url}/${policy}/page.html`, server, { timeout: 40_000 });
    } catch (error) {
      failures.push(`${policy}: ${error.message}`);
      continue;
    }
    const result = judge(report, fixture, policy === 'wasm');
    console.log(`${engine} ${policy} (${POLICIES[policy]}): ${result.summary}; ${Date.now() - started} ms`);
    if (policy === 'no-wasm') console.log(`  the engine's refusal: ${report.encode.error?.cause}`);
    failures.push(...result.failures.map((f) => `${policy}: ${f}`));
  }
} finally {
  await server.close();
}
if (failures.length) {
  console.log(`CSP page checks FAILED in ${engine}:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`CSP page checks passed in ${engine}`);
