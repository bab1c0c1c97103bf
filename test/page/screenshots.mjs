// Screenshots of the converter in each engine, written to build/page/<engine>.png (and
// build/page/chromium-phone.png at a phone's size): the page test's harness (?screenshot=PORT)
// opens the Shift_JIS, windows-1251 and junk files, and the picture is taken once it is done:
//   chromium, firefox: their own --screenshot, which captures at the load event, held by an image
//                      from a 127.0.0.1 server here until the harness says it is done;
//   webkit:            MiniBrowser has no such option: WebKitWebDriver (webkit2gtk-driver) under
//                      Xvfb, classic WebDriver's Take Screenshot after the same navigation.
// Every browser runs in a process group of its own, stopped by its id.
//   node test/page/screenshots.mjs [--engines chromium,firefox,webkit]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS } from '../hosts/chromium.mjs';
import { ENGINES, FIREFOX, FIREFOX_PREFS, MINIBROWSER, xvfbArgs } from '../hosts/engines.mjs';
import { freePort, waitForPort } from '../hosts/net.mjs';
import { HARNESS, serveSite } from './site.mjs';

const out = fileURLToPath(new URL('../../build/page/', import.meta.url));
const args = process.argv.slice(2);
const engines = (args.includes('--engines') ? args[args.indexOf('--engines') + 1] : ENGINES.join(',')).split(',');
const WIDTH = 1000;
const HEIGHT = 820;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// /hold answers (a transparent pixel) once /release has been asked for.
function holdServer() {
  const held = [];
  let released = false;
  const server = createServer((req, res) => {
    if (req.url === '/release') {
      released = true;
      held.splice(0).forEach((r) => r.writeHead(200, { 'Content-Type': 'image/gif' }).end(PIXEL));
    }
    if (req.url === '/hold' && !released) held.push(res);
    else res.writeHead(200, { 'Content-Type': 'image/gif' }).end(PIXEL);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        reset: () => (released = false),
        close: () => {
          held.splice(0).forEach((r) => r.destroy());
          server.close();
        },
      }),
    ),
  );
}

// Runs a command in a process group of its own; resolves when it exits; the group is killed after
// `timeout` ms or by stop().
function run(command, argv, env, timeout = 60_000) {
  const child = spawn(command, argv, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  const timer = setTimeout(stop, timeout);
  const exited = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      stop(); // what the command left of its group
      if (code === 0) resolve(output);
      else reject(new Error(`${command} exited with ${signal ?? code}\n${output.slice(-2000)}`));
    });
  });
  process.once('exit', stop);
  return { exited, stop };
}

async function webdriver(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const { value } = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(value)}`);
  return value;
}

async function shoot(engine, url, file, home, isDone, { width = WIDTH, height = HEIGHT } = {}) {
  if (engine === 'chromium') {
    const argv = [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${home}`, '--hide-scrollbars'];
    argv.push(`--window-size=${width},${height}`, `--screenshot=${file}`, url);
    return run(CHROMIUM, argv, { HOME: home }).exited;
  }
  if (engine === 'firefox') {
    writeFileSync(join(home, 'user.js'), FIREFOX_PREFS);
    const argv = ['--headless', '--no-remote', '--profile', home, '--window-size', `${width},${height}`];
    return run(FIREFOX, [...argv, '--screenshot', file, url], { HOME: home }).exited;
  }
  const port = await freePort();
  const driver = run('xvfb-run', [...xvfbArgs(home), 'WebKitWebDriver', `--port=${port}`], {
    HOME: home,
    NO_AT_BRIDGE: '1',
  });
  driver.exited.catch(() => {});
  try {
    await waitForPort(port, { exitCode: null }, 'WebKitWebDriver');
    const base = `http://127.0.0.1:${port}`;
    const capabilities = { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } };
    const { sessionId } = await webdriver(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    await webdriver(base, 'POST', `/session/${sessionId}/window/rect`, { width, height });
    await webdriver(base, 'POST', `/session/${sessionId}/url`, { url });
    for (const deadline = Date.now() + 30_000; !isDone();) {
      if (Date.now() > deadline) throw new Error('the harness did not finish within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const png = await webdriver(base, 'GET', `/session/${sessionId}/screenshot`);
    writeFileSync(file, Buffer.from(png, 'base64'));
    await webdriver(base, 'DELETE', `/session/${sessionId}`).catch(() => {});
  } finally {
    driver.stop();
  }
}

mkdirSync(out, { recursive: true });
const site = await serveSite();
const hold = await holdServer();
let failed = 0;
const shots = engines.map((engine) => [engine, `${out}${engine}.png`, {}]);
if (engines.includes('chromium')) shots.push(['chromium', `${out}chromium-phone.png`, { width: 390, height: 844 }]);
try {
  for (const [engine, file, size] of shots) {
    const home = mkdtempSync(join(tmpdir(), `encoding-wasm-shot-${engine}-`));
    hold.reset();
    let done = false;
    let pageError = null;
    site.onReport((kind, body) => {
      if (kind === 'done') done = true;
      if (kind === 'error') pageError ??= JSON.parse(body);
    });
    try {
      await shoot(engine, `${site.url}${HARNESS}?screenshot=${hold.port}`, file, home, () => done, size);
      if (pageError) throw new Error(`the page failed: ${pageError}`);
      if (!done) throw new Error('the harness did not finish before the picture');
      if (!readFileSync(file).subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`${file} is not a PNG`);
      console.log(`ok ${engine}: ${file} (${statSync(file).size} bytes)`);
    } catch (error) {
      failed++;
      console.log(`FAILED ${engine}: ${error.message}`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }
} finally {
  hold.close();
  await site.close();
}
console.log(failed ? `${failed} screenshot(s) FAILED` : `screenshot checks passed (${shots.length} pictures)`);
process.exitCode = failed ? 1 : 0;
