// The bundler and strict-CSP checks (issue "Every host", items 4 and 5):
// - page.js is bundled for the browser twice: with esbuild, and with Vite (a production build).
//   Every wasm module must come out as its own file (no base64 in the JS), and the page must fetch
//   only the core, the family it imports statically and the family it preloads (encoding-wasm/errors
//   runs on the same core and families). decoder_page.js, which imports the TextDecoder alone, is
//   bundled and loaded the same ways: its output holds the decoders' core too (encoding-lite.wasm,
//   which a browser whose decoders are not all exact fetches at load), and in Chromium it fetches
//   no core until it decodes in wasm.
// - Each bundle is served from 127.0.0.1 by a tiny Node static server and loaded in headless
//   Chromium (Debian's /usr/bin/chromium through playwright-core; both in ./pages.mjs) two
//   ways: with no CSP, and with `Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'`,
//   where it must work with no console error and no CSP violation (until it probes eval on
//   purpose, which must be refused). Pages where the CSP refuses wasm: test/hosts/csp/run.mjs.
// The esbuild build uses ./esbuild.mjs (the few lines an esbuild user needs for the wasm URLs).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECODER_EXPECTED, DECODER_EXPORTS, differences, missingFamilyOk } from '../checks.js';
import { buildEsbuild } from './esbuild.mjs';
import { fetchedWasm, launch, load, serve } from './pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const out = join(root, 'build/hosts/bundle');
// --- builds ---------------------------------------------------------------------------------

const buildEsbuildPage = (dir, page) => buildEsbuild(dir, join(here, `${page}.js`), join(here, `${page}.html`));

async function buildVite(dir, page) {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    root: here,
    base: './',
    build: {
      outDir: dir,
      emptyOutDir: true,
      rollupOptions: { input: join(here, `${page}.html`) },
      // Vite's default would inline a file under 4 KiB as base64; none of ours is that small, but
      // the check below must see the real behaviour for the real sizes, so the default stays.
    },
  });
}

// Every file of a build, with its size; fails if the JS holds wasm as base64 or a wasm is missing.
// (`decoder`: for the TextDecoder's page, whose output holds the decoders' core too)
function inspectBuild(name, dir, decoder) {
  const files = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else files.push({ path: p.slice(dir.length + 1), size: statSync(p).size });
    }
  };
  walk(dir);
  const problems = [];
  const wasm = files.filter((f) => f.path.endsWith('.wasm'));
  for (const base of [
    'encoding',
    ...(decoder ? ['encoding-lite'] : []),
    ...['chinese-simplified', 'chinese-traditional', 'japanese', 'korean'],
  ]) {
    if (
      !wasm.some((f) => f.path.split(sep).pop().startsWith(`${base}-`) || f.path.split(sep).pop() === `${base}.wasm`)
    ) {
      problems.push(`${name}: no ${base}.wasm asset in the output`);
    }
  }
  for (const f of files.filter((f) => f.path.endsWith('.js'))) {
    const text = readFileSync(join(dir, f.path), 'utf8');
    if (text.includes('AGFzbQ')) problems.push(`${name}: ${f.path} inlines a wasm module as base64`);
    if (text.includes('readFileSync')) problems.push(`${name}: ${f.path} contains the Node host`);
  }
  return { files, problems };
}

// --- server ---------------------------------------------------------------------------------

// /<build>/<policy>/<file>: the same files under each Content-Security-Policy.
const POLICIES = {
  plain: null,
  csp: "script-src 'self' 'wasm-unsafe-eval'",
};

// --- checks ---------------------------------------------------------------------------------

const failures = [];
const fail = (m) => failures.push(m);

// The page's scenario() results (checks.js), or with `decoder` the TextDecoder page's
// decoderScenario() results.
function checkResults(name, results, decoder) {
  const expected = decoder ? DECODER_EXPECTED : undefined;
  const entry = 'encoding-wasm';
  for (const d of differences(results.checks, expected))
    fail(`${name} (host decoder for ${results.delegated.join(', ')}): ${d}`);
  for (const d of differences(results.wasmOnly, expected)) fail(`${name} (everything in wasm): ${d}`);
  if (!missingFamilyOk(results.before.gbk, 'gbk', 'chinese-simplified', entry))
    fail(`${name}: gbk before preload: ${JSON.stringify(results.before.gbk)}`);
  if (!missingFamilyOk(results.before.eucJp, 'euc-jp', 'japanese-jis0212', entry))
    fail(`${name}: euc-jp before preload: ${JSON.stringify(results.before.eucJp)}`);
  if (!decoder && !missingFamilyOk(results.before.eucKr, 'euc-kr', 'korean'))
    fail(`${name}: euc-kr before preload: ${JSON.stringify(results.before.eucKr)}`);
  if (!missingFamilyOk(results.after.eucKr, 'euc-kr', 'korean', entry))
    fail(`${name}: euc-kr never loaded: ${JSON.stringify(results.after.eucKr)}`);
  if (decoder && String(results.exports) !== String(DECODER_EXPORTS))
    fail(`${name}: ${entry} exports ${results.exports}`);
}

function checkWorkingPage(name, { results, console: messages, errors, violations }, { csp, decoder }) {
  if (!results) {
    fail(`${name}: the page did not finish: ${JSON.stringify({ errors, console: messages })}`);
    return;
  }
  checkResults(name, results, decoder);
  const marker = messages.findIndex((m) => m.text === 'encoding-wasm-test: probes');
  const beforeProbes = marker < 0 ? messages : messages.slice(0, marker);
  for (const m of beforeProbes)
    if (m.type === 'error' || m.type === 'warning') fail(`${name}: console ${m.type}: ${m.text}`);
  if (errors.length) fail(`${name}: page errors: ${errors.join('; ')}`);
  const { host } = results;
  if (csp) {
    // The only violations are the probes': eval and new Function refused, wasm allowed.
    const unexpected = violations.filter((v) => v.directive !== 'script-src' || v.blocked !== 'eval');
    if (unexpected.length) fail(`${name}: CSP violations: ${JSON.stringify(unexpected)}`);
    if (violations.length !== 2)
      fail(`${name}: expected the 2 probe violations (eval, new Function), got ${JSON.stringify(violations)}`);
    if (!('error' in host.eval) || !('error' in host.newFunction))
      fail(`${name}: eval is not refused under the CSP: ${JSON.stringify(host)}`);
    if (host.wasmFromBytes.value !== true)
      fail(`${name}: 'wasm-unsafe-eval' should allow wasm: ${JSON.stringify(host.wasmFromBytes)}`);
  } else if (violations.length) {
    fail(`${name}: CSP violations without a CSP: ${JSON.stringify(violations)}`);
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const builds = {
  esbuild: join(out, 'esbuild'),
  vite: join(out, 'vite'),
  'esbuild-decoder': join(out, 'esbuild-decoder'),
  'vite-decoder': join(out, 'vite-decoder'),
};
// The page a build is of ('decoder'), or undefined for the main page.
const entryOf = (build) => /-(decoder)$/.exec(build)?.[1];
const pageOf = (build) => (entryOf(build) ? `${entryOf(build)}_page` : 'page');
const t0 = Date.now();
for (const [name, dir] of Object.entries(builds))
  await (name.startsWith('esbuild') ? buildEsbuildPage : buildVite)(dir, pageOf(name));
for (const [name, dir] of Object.entries(builds)) {
  const { files, problems } = inspectBuild(name, dir, entryOf(name));
  problems.forEach(fail);
  console.log(`${name} build: ${files.map((f) => `${f.path} ${f.size}`).join(', ')}`);
}
const tBuild = Date.now() - t0;

const { server, requests, port } = await serve(builds, POLICIES);
const { context, close } = await launch();
try {
  for (const build of Object.keys(builds)) {
    for (const policy of Object.keys(POLICIES)) {
      const name = `${build}/${policy}`;
      const before = requests.length;
      const result = await load(context, `http://127.0.0.1:${port}/${build}/${policy}/${pageOf(build)}.html`);
      const mine = requests.slice(before);
      for (const r of mine) if (r.status !== 200) fail(`${name}: ${r.path} -> ${r.status}`);
      checkWorkingPage(name, result, { csp: policy === 'csp', decoder: entryOf(build) });
      const wasm = fetchedWasm(mine, `/${build}/`);
      // (either page: the core, which encoding-wasm/errors shares and the TextDecoder's page
      // preloads once delegation is off, the family it imports, the one it preloads and the EUC-JP
      // decoder's part of japanese; not the decoders' core, as Chromium's decoders are exact)
      const want = ['chinese-simplified.wasm', 'encoding.wasm', 'japanese-jis0212.wasm', 'japanese.wasm'];
      if (JSON.stringify(wasm) !== JSON.stringify(want))
        fail(`${name}: fetched ${wasm.join(', ')}; want ${want.join(', ')}`);
      console.log(
        `${name}: ${result.results ? 'loaded' : `did not load (${result.errors[0] ?? 'no page error'})`}; ` +
          `${result.violations.length} CSP violation(s); ${mine.length} requests (${fetchedWasm(mine, `/${build}/`).join(', ') || 'no wasm'})`,
      );
    }
  }
} finally {
  await close();
  server.close();
}
console.log(`builds ${tBuild} ms, pages ${Date.now() - t0 - tBuild} ms`);
if (failures.length) {
  console.log(`bundle/CSP checks FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('bundle/CSP checks passed');
