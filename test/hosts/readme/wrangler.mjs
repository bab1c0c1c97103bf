// `wrangler dev` and `wrangler deploy --dry-run` on the worker of docs/runtimes.md (readme/run.mjs runs this
// in a network namespace with only loopback when it can, to show wrangler needs no network).
// Usage: node wrangler.mjs <project dir>. Prints one JSON line: { response, status, modules, log }.
// wrangler needs Node >= 22.12: it runs with build/tools' Node 22 (test/hosts/install-tools.sh).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from '../net.mjs';

const dir = process.argv[2];
const tools = fileURLToPath(new URL('../../../build/tools/node_modules/', import.meta.url));
const node22 = join(tools, '.bin/node');
const wrangler = [join(tools, 'wrangler/bin/wrangler.js')];
const env = {
  ...process.env,
  PATH: `${join(tools, '.bin')}:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  XDG_CONFIG_HOME: join(dir, '.config'),
  NO_COLOR: '1',
};

const port = await freePort();
// Its own process group, so that stopping it stops the workerd it starts too.
const dev = spawn(node22, [...wrangler, 'dev', '--ip', '127.0.0.1', '--port', String(port)], {
  cwd: dir,
  env,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
dev.stdout.on('data', (d) => (log += d));
dev.stderr.on('data', (d) => (log += d));
const result = { response: null, status: null, modules: [], log: '' };
try {
  await waitForPort(port, dev, 'wrangler dev', 60_000);
  const r = await fetch(`http://127.0.0.1:${port}/`);
  result.status = r.status;
  result.response = await r.text();
} catch (error) {
  log += `\n${error}`;
} finally {
  try {
    process.kill(-dev.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await new Promise((resolve) =>
    dev.exitCode !== null || dev.signalCode !== null ? resolve() : dev.on('exit', resolve),
  );
}
// What `wrangler deploy` would upload: the bundle and its wasm modules.
const out = join(dir, 'dry-run');
const dry = spawnSync(node22, [...wrangler, 'deploy', '--dry-run', '--outdir', out], {
  cwd: dir,
  env,
  encoding: 'utf8',
});
log += `\n--- wrangler deploy --dry-run\n${dry.stdout}${dry.stderr}`;
if (dry.status === 0)
  result.modules = readdirSync(out)
    .filter((f) => f.endsWith('.wasm'))
    .map((f) => f.replace(/^[0-9a-f]{40}-/, ''))
    .sort();
result.log = log;
console.log(JSON.stringify(result));
