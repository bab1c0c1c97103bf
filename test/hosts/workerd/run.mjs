// The plain-workerd smoke test: bundles worker.js with esbuild for the "workerd" condition (the
// .wasm imports stay imports of modules named like the files under dist/), writes the bundle, the
// wasm files and config.capnp to build/hosts/workerd/, starts workerd on 127.0.0.1 with a free
// port (and one for worker_all.js: 'encoding-wasm/tables/all' alone, with the four family modules
// and not the combined one, which workerd does not use), fetches each once with Node's fetch, stops workerd by its PID, and checks the responses:
// - decoding Shift_JIS (static family entry) and GBK (preload), legacy encoders, and the rest of
//   ../checks.js give EXPECTED;
// - a family that is neither imported nor preloaded is a clear Error;
// - eval, new Function and compiling wasm from bytes are all refused in this host, so the package
//   working here shows it needs none of them.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { CORE, TABLE_MODULES, familyFile, tableVariants } from '../../../tools/generator/boundary.mjs';
import { DECODER_EXPECTED, differences, missingFamilyOk } from '../checks.js';
import { freePort, waitForPort } from '../net.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const out = join(root, 'build/hosts/workerd');
const workerd = process.env.WORKERD ?? join(root, 'build/tools/node_modules/.bin/workerd');

// A .wasm import becomes an external import of the module named after its path under dist/
// ("encoding.wasm", "tables/japanese.wasm"), resolved from the bundle at the top of the worker.
const wasmModules = {
  name: 'wasm-modules',
  setup(build) {
    build.onResolve({ filter: /\.wasm$/ }, (args) => {
      const file = join(args.resolveDir, args.path);
      const name = relative(join(root, 'dist'), file);
      if (name.startsWith('..')) return { errors: [{ text: `${file} is not under dist/` }] };
      return { path: `./${name}`, external: true };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'tables'), { recursive: true });
await esbuild.build({
  entryPoints: [join(here, 'worker.js'), join(here, 'worker_all.js')],
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker'],
  mainFields: ['module', 'main'],
  plugins: [wasmModules],
  logLevel: 'warning',
});
// The core, the table modules, and each of their variants (config.capnp lists them all).
for (const file of [null, ...CORE.variants].map((v) => (v ? `${v.file}.wasm` : 'encoding.wasm')))
  copyFileSync(join(root, 'dist', file), join(out, file));
for (const name of TABLE_MODULES) {
  for (const v of [null, ...tableVariants(name)])
    copyFileSync(
      join(root, `dist/tables/${familyFile(name, v)}.wasm`),
      join(out, `tables/${familyFile(name, v)}.wasm`),
    );
}
copyFileSync(join(here, 'config.capnp'), join(out, 'config.capnp'));
const bundle = readFileSync(join(out, 'worker.js'), 'utf8');
// (The browsers' modules but js/host/browser/iconv_lite_stream.js, the one without node:stream that
// workerd takes too.)
const browserModules = readdirSync(join(root, 'js/host/browser')).filter((f) => f !== 'iconv_lite_stream.js');
for (const host of [
  'host/node.js',
  ...browserModules.map((f) => `host/browser/${f}`),
  'readFileSync',
  'compileStreaming',
]) {
  if (bundle.includes(host))
    throw new Error(`the workerd bundle contains ${host}: the "workerd" condition was not used`);
}

const port = await freePort();
const portAll = await freePort();
const sockets = ['--socket-addr', `http=127.0.0.1:${port}`, '--socket-addr', `http-all=127.0.0.1:${portAll}`];
const child = spawn(workerd, ['serve', join(out, 'config.capnp'), ...sockets], {
  stdio: ['ignore', 'inherit', 'pipe'],
});
let stderr = '';
child.stderr.on('data', (d) => (stderr += d));
const get = async (at) => {
  const r = await fetch(`http://127.0.0.1:${at}/`);
  const text = await r.text();
  if (!r.ok) throw new Error(`HTTP ${r.status}: ${text}`);
  return JSON.parse(text);
};
let response;
let all;
try {
  await waitForPort(port, child, 'workerd');
  await waitForPort(portAll, child, 'workerd');
  response = await get(port);
  all = await get(portAll);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.on('exit', resolve),
  );
}

const failures = [
  ...differences(response.checks).map(
    (d) => `checks (host decoder for ${response.delegated.join(', ') || 'nothing'}): ${d}`,
  ),
  ...differences(response.wasmOnly).map((d) => `checks (everything in wasm): ${d}`),
];
const { host, before, after } = response;
const refused = (r) => typeof r.error === 'string' && !('value' in r);
if (!refused(host.eval)) failures.push(`eval is allowed in workerd: ${JSON.stringify(host.eval)}`);
if (!refused(host.newFunction)) failures.push(`new Function is allowed: ${JSON.stringify(host.newFunction)}`);
if (!refused(host.wasmFromBytes)) failures.push(`wasm from bytes is allowed: ${JSON.stringify(host.wasmFromBytes)}`);
if (!missingFamilyOk(before.gbk, 'gbk', 'chinese-simplified'))
  failures.push(`gbk before preload: ${JSON.stringify(before.gbk)}`);
if (!missingFamilyOk(before.eucJp, 'euc-jp', 'japanese-jis0212'))
  failures.push(`euc-jp before preload: ${JSON.stringify(before.eucJp)}`);
if (!missingFamilyOk(before.eucKr, 'euc-kr', 'korean'))
  failures.push(`euc-kr before preload: ${JSON.stringify(before.eucKr)}`);
if (!missingFamilyOk(after.eucKr, 'euc-kr', 'korean'))
  failures.push(`euc-kr, never loaded: ${JSON.stringify(after.eucKr)}`);
// worker_all.js: every family loaded by the tables/all import alone. Index Big5 pointer 5495 (A4 40) is U+4E00,
// index EUC-KR pointers 9026 and 15226 (B0 A1, C7 D1) U+AC00 U+D55C; U+4E00 is Shift_JIS 88 EA
// (jis0208 pointer 1485), GBK D2 BB (gb18030 pointer 15512), Big5 A4 40, EUC-KR EC E9 (pointer 20498).
failures.push(
  ...differences(all.checks, DECODER_EXPECTED).map((d) => `tables/all checks: ${d}`),
  ...differences(
    { big5: all.big5, eucKr: all.eucKr, encoded: all.encoded },
    {
      big5: { value: '\u4e00' },
      eucKr: { value: '\uac00\ud55c' },
      encoded: { value: ['88 ea', 'd2 bb', 'a4 40', 'ec e9'] },
    },
  ).map((d) => `tables/all: ${d}`),
);
failures.push(...(response.iconvLite ?? ['no iconvLite result']).map((d) => `encoding-wasm/iconv-lite: ${d}`));
if (/error/i.test(stderr)) failures.push(`workerd stderr:\n${stderr}`);

console.log(
  `workerd: eval -> ${host.eval.error}; new Function -> ${host.newFunction.error}; wasm from bytes -> ${host.wasmFromBytes.error}`,
);
console.log(
  `workerd: import.meta.url is ${response.importMetaUrl}; ${Object.keys(response.checks).length} decode/encode checks, ` +
    `with the host decoder for ${response.delegated.join(', ') || 'nothing'} and with everything in wasm`,
);
console.log('workerd: a worker with only the tables/all import decodes and encodes every family');
if (failures.length) {
  console.log(`workerd smoke test FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('workerd smoke test passed');
