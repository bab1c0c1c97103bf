// The per-runtime project files of docs/runtimes.md, run as they are written (issue "Every host":
// "the README's per-runtime snippets are the ones the tests run"; README.md links that file). Each
// fenced block of docs/runtimes.md must follow
// a marker `<!-- test: <project> <file> -->` (the block is that file of the project) or
// `<!-- test: <project> run -->` (the block holds the commands to run there); a block without a
// marker, or a required marker without its block, fails the test.
// The projects live under build/hosts/readme/, each with the package as node_modules/encoding-wasm
// (a link to what `npm pack` puts in the tarball, so a file missing from "files" shows here):
// - node, deno, bun: main.js (deno and bun take node's) run by its commands; the output
//   must be the Shift_JIS bytes 93 FA 96 7B 8C EA decoded ("日本語", JIS X 0208 via the
//   Encoding Standard's index-jis0208) and "你好" encoded as GBK (C4 E3 BA C3 = 196 227 186 195).
//   Deno runs with the permission flags docs/runtimes.md gives (none), and never prompts.
// - cli: the tarball installed by `npm install --offline` into a project of its own, and the command
//   line npm links (node_modules/.bin/encoding-wasm) run on those Shift_JIS bytes: "日本語" out.
// - wrangler: `wrangler dev` on 127.0.0.1 (wrangler.mjs, in a network namespace with only loopback
//   where `unshare -rn` works), fetched once; the JSON must hold the same two values; and
//   `wrangler deploy --dry-run` must upload the core and the four family modules.
// - vite, esbuild: the page built by `vite build` and by its build.mjs, and the plain
//   page (script) with its import map, served from 127.0.0.1 and loaded in Chromium under
//   `script-src 'self' 'wasm-unsafe-eval'` (the plain page: plus its inline scripts' hashes, and
//   once with no CSP); the page must show the same text, with no error, no CSP violation, and
//   fetch only the core, japanese and chinese-simplified wasm files. The plain page under that
//   policy without the hashes must not run (the CSP note says they are needed).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchedWasm, launch, load, serve } from '../bundle/pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const out = join(root, 'build/hosts/readme');
const tools = join(root, 'build/tools/node_modules/.bin');
const EXPECTED_LINES = ['日本語', '196 227 186 195'];
const REQUIRED = [
  'node main.js',
  'node run',
  'deno run',
  'bun run',
  'wrangler wrangler.jsonc',
  'wrangler src/worker.js',
  'vite index.html',
  'vite main.js',
  'esbuild build.mjs',
  'script index.html',
];

const failures = [];
const fail = (m) => failures.push(m);
const t0 = Date.now();
const timings = [];
const timed = async (name, fn) => {
  const start = Date.now();
  await fn();
  timings.push(`${name} ${Date.now() - start} ms`);
};

// --- the blocks of docs/runtimes.md --------------------------------------------------------

// RUNTIMES_MD=<file> checks another copy (to see this test fail on a missing or unmarked block).
const DOC = 'docs/runtimes.md';
const lines = readFileSync(process.env.RUNTIMES_MD ?? join(root, DOC), 'utf8').split('\n');
const blocks = new Map();
for (let i = 0; i < lines.length; i++) {
  if (!/^```/.test(lines[i])) continue;
  const close = lines.indexOf('```', i + 1);
  if (close < 0) throw new Error(`${DOC}: unclosed fence: ${lines[i]}`);
  let j = i - 1;
  while (j >= 0 && lines[j].trim() === '') j--;
  const marker = /^<!-- test: (\S+) (\S+) -->$/.exec(lines[j] ?? '');
  if (!marker) fail(`${DOC}: a block with no <!-- test: … --> marker: ${lines[i + 1]}`);
  else if (blocks.has(`${marker[1]} ${marker[2]}`)) fail(`${DOC}: marker ${marker[0]} twice`);
  else blocks.set(`${marker[1]} ${marker[2]}`, `${lines.slice(i + 1, close).join('\n')}\n`);
  i = close;
}
for (const key of REQUIRED) if (!blocks.has(key)) fail(`${DOC}: no block marked <!-- test: ${key} -->`);
for (const key of blocks.keys()) if (!REQUIRED.includes(key)) fail(`${DOC}: unknown marker <!-- test: ${key} -->`);
if (failures.length) finish();

// --- the projects ---------------------------------------------------------------------------

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'package'), { recursive: true });
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
    cwd: root,
    encoding: 'utf8',
  }),
);
execFileSync('tar', ['-xzf', join(out, packed.filename), '-C', join(out, 'package'), '--strip-components=1']);

const project = (name, files) => {
  const dir = join(out, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(join(out, 'package'), join(dir, 'node_modules/encoding-wasm'), 'dir');
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `readme-${name}`, private: true, type: 'module' })}\n`,
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
};
const filesOf = (name) =>
  Object.fromEntries(
    [...blocks]
      .filter(([k]) => k.startsWith(`${name} `) && !k.endsWith(' run'))
      .map(([k, v]) => [k.slice(name.length + 1), v]),
  );

// A run block's commands: one per line, `# comments` dropped, split at spaces (no shell).
const PROGRAMS = { node: process.execPath, deno: join(tools, 'deno'), bun: join(tools, 'bun') };
function runBlock(name, dir) {
  let stdout = '';
  for (const line of blocks.get(`${name} run`).split('\n')) {
    const argv = line.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean);
    if (!argv.length) continue;
    if (!PROGRAMS[argv[0]]) {
      fail(`${name}: ${DOC} runs ${argv[0]}, which this test does not know`);
      continue;
    }
    const r = spawnSync(PROGRAMS[argv[0]], argv.slice(1), {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, DENO_NO_PROMPT: '1', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    });
    console.log(`${name}: ${line.trim()} -> exit ${r.status}\n${r.stdout}${r.stderr}`);
    if (r.status !== 0) fail(`${name}: \`${line.trim()}\` exited with ${r.status ?? r.signal}: ${r.stderr.trim()}`);
    stdout += r.stdout;
  }
  const got = stdout.trimEnd().split('\n');
  if (JSON.stringify(got) !== JSON.stringify(EXPECTED_LINES))
    fail(`${name}: printed ${JSON.stringify(got)}; want ${JSON.stringify(EXPECTED_LINES)}`);
}

const nodeFiles = filesOf('node');
for (const name of ['node', 'deno', 'bun']) await timed(name, () => runBlock(name, project(name, nodeFiles)));

// --- the command line, as `npm install` of the tarball links it -----------------------------

await timed('cli', () => {
  const dir = join(out, 'cli');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'readme-cli', private: true })}\n`);
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(out, packed.filename)], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (install.status !== 0) return fail(`cli: npm install of the tarball failed: ${install.stderr.trim()}`);
  // README.md's first example: Shift_JIS in, UTF-8 out (the bytes of EXPECTED_LINES[0]).
  const r = spawnSync(join(dir, 'node_modules/.bin/encoding-wasm'), ['-f', 'shift_jis', '-t', 'utf-8'], {
    cwd: dir,
    input: Uint8Array.of(0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea),
  });
  console.log(`cli: encoding-wasm -f shift_jis -t utf-8 -> exit ${r.status}\n${r.stderr}`);
  if (r.status !== 0 || r.stdout.toString() !== EXPECTED_LINES[0])
    fail(
      `cli: printed ${JSON.stringify(r.stdout.toString())} (exit ${r.status}); want ${EXPECTED_LINES[0]}: ${r.stderr}`,
    );
});

// --- wrangler -------------------------------------------------------------------------------

await timed('wrangler', () => {
  const dir = project('wrangler', filesOf('wrangler'));
  const driver = [process.execPath, join(here, 'wrangler.mjs'), dir];
  // Only loopback, where user namespaces are allowed: wrangler dev must need no network.
  const isolated = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0;
  const r = isolated
    ? spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...driver], {
        encoding: 'utf8',
        timeout: 120_000,
      })
    : spawnSync(driver[0], driver.slice(1), { encoding: 'utf8', timeout: 120_000 });
  console.log(
    `wrangler: ${isolated ? 'in a network namespace with only loopback' : 'with the network (unshare -rn is not available)'}`,
  );
  let result;
  try {
    result = JSON.parse(r.stdout.trim().split('\n').pop());
  } catch {
    fail(`wrangler: no result from wrangler.mjs (exit ${r.status}): ${r.stdout}${r.stderr}`);
    return;
  }
  console.log(result.log);
  console.log(`wrangler dev: HTTP ${result.status} ${result.response}`);
  let json = null;
  try {
    json = JSON.parse(result.response);
  } catch {
    /* checked below */
  }
  if (result.status !== 200 || json?.text !== EXPECTED_LINES[0] || json?.gbk?.join(' ') !== EXPECTED_LINES[1]) {
    fail(
      `wrangler dev: HTTP ${result.status} ${result.response}; want {"text":"${EXPECTED_LINES[0]}","gbk":[${EXPECTED_LINES[1].replaceAll(' ', ',')}]}`,
    );
  }
  const modules = [
    'chinese-simplified.wasm',
    'chinese-traditional.wasm',
    'encoding.wasm',
    // (the japanese family's part for the EUC-JP decoder: index jis0212)
    'japanese-jis0212.wasm',
    'japanese.wasm',
    'korean.wasm',
  ];
  console.log(`wrangler deploy --dry-run: wasm modules ${result.modules.join(', ')}`);
  if (JSON.stringify(result.modules) !== JSON.stringify(modules))
    fail(`wrangler deploy --dry-run: uploads ${result.modules.join(', ') || 'nothing'}; want ${modules.join(', ')}`);
});

// --- pages ----------------------------------------------------------------------------------

const sites = {};
await timed('builds', () => {
  const vite = project('vite', filesOf('vite'));
  const esbuild = project('esbuild', { ...filesOf('vite'), ...filesOf('esbuild') });
  for (const [dir, argv] of [
    [vite, [join(root, 'node_modules/vite/bin/vite.js'), 'build']],
    [esbuild, ['build.mjs']],
  ]) {
    const r = spawnSync(process.execPath, argv, {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    console.log(`${dir.slice(out.length + 1)}: node ${argv.join(' ')} -> exit ${r.status}\n${r.stdout}${r.stderr}`);
    if (r.status !== 0) fail(`${dir}: node ${argv.join(' ')} exited with ${r.status ?? r.signal}`);
  }
  copyFileSync(join(esbuild, 'index.html'), join(esbuild, 'dist/index.html'));
  sites.vite = join(vite, 'dist');
  sites.esbuild = join(esbuild, 'dist');
  sites.script = project('script', filesOf('script'));
});

// The plain page's inline scripts (import map and module), by their CSP hashes.
const inlineHashes = [
  ...blocks.get('script index.html').matchAll(/<script(?: type="[^"]*")?>([\s\S]*?)<\/script>/g),
].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
const STRICT = "script-src 'self' 'wasm-unsafe-eval'";
const POLICIES = { plain: null, csp: STRICT, 'csp-inline': `${STRICT} ${inlineHashes.join(' ')}` };
// Vite's default base is '/': its page is served at the root of a server of its own.
const PAGES = ['vite/csp', 'esbuild/csp', 'script/plain', 'script/csp-inline', 'script/csp'];

await timed('pages', async () => {
  const shared = await serve(sites, POLICIES);
  const viteRoot = await serve(sites, POLICIES, { site: 'vite', policy: 'csp' });
  const { context, close } = await launch();
  try {
    for (const name of PAGES) {
      const { requests, port } = name === 'vite/csp' ? viteRoot : shared;
      const path = name === 'vite/csp' ? '' : `/${name}`;
      const before = requests.length;
      const blocked = name === 'script/csp';
      const page = await load(context, `http://127.0.0.1:${port}${path}/index.html`, {
        ready: () => (document.body?.textContent ?? '') !== '',
        read: () => document.body.textContent,
        timeout: blocked ? 3000 : 15_000,
      });
      const mine = requests.slice(before);
      if (blocked) {
        console.log(`${name}: ${JSON.stringify(page.results)}; CSP violations ${JSON.stringify(page.violations)}`);
        const inline = page.violations.filter((v) => v.directive === 'script-src-elem' && v.blocked === 'inline');
        if (page.results !== null || inline.length !== 2)
          fail(`${name}: the inline import map and module ran without their hashes: ${JSON.stringify(page)}`);
        continue;
      }
      const wasm = fetchedWasm(mine, `${path}/`);
      console.log(
        `${name}: ${JSON.stringify(page.results)}; fetched ${wasm.join(', ')}; ${page.violations.length} CSP violation(s)`,
      );
      const want = EXPECTED_LINES.join(' ');
      if (page.results !== want)
        fail(
          `${name}: the page shows ${JSON.stringify(page.results)}; want ${JSON.stringify(want)} (errors: ${page.errors.join('; ')})`,
        );
      for (const r of mine) if (r.status !== 200) fail(`${name}: ${r.path} -> ${r.status}`);
      for (const m of page.console)
        if (m.type === 'error' || m.type === 'warning') fail(`${name}: console ${m.type}: ${m.text}`);
      if (page.errors.length) fail(`${name}: page errors: ${page.errors.join('; ')}`);
      if (page.violations.length) fail(`${name}: CSP violations: ${JSON.stringify(page.violations)}`);
      const wantWasm = ['chinese-simplified.wasm', 'encoding.wasm', 'japanese.wasm'];
      if (JSON.stringify(wasm) !== JSON.stringify(wantWasm))
        fail(`${name}: fetched ${wasm.join(', ')}; want ${wantWasm.join(', ')}`);
    }
  } finally {
    await close();
    shared.server.close();
    viteRoot.server.close();
  }
});

finish();

function finish() {
  console.log(`${timings.join(', ')}; total ${Date.now() - t0} ms`);
  if (failures.length) {
    console.log(`${DOC} runtime blocks FAILED:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${DOC} runtime blocks: ${blocks.size} blocks, checks passed`);
}
