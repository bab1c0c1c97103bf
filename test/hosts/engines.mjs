// Pages in the three browser engines, all from Debian (test/hosts/install-browsers.sh installs
// them), each started as a plain process with the page's URL and no driver: Chromium and Firefox
// ESR headless, WebKitGTK's MiniBrowser under Xvfb. Everything stays on 127.0.0.1: serve() is the
// only server, and a page reports back by POSTing JSON to it (test/hosts/page-report.js). Every
// browser runs in a process group of its own, stopped by that group's id when its page is done,
// fails or times out, or when Node is interrupted or exits. Used by `npm run bench -- browsers`
// (bench/browsers/).
//
//   const server = await serve({ '/': siteDir, '/corpus/': corpusDir });
//   try {
//     for (const engine of ENGINES) console.log(await runPage(engine, `${server.url}/page.html`, server));
//   } finally {
//     await server.close();
//   }
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];
export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};
const REPORT_JS = readFileSync(fileURLToPath(new URL('page-report.js', import.meta.url)));

// A static server on 127.0.0.1 (a free port): mounts maps URL path prefixes ('/', '/corpus/') to
// directories, the longest prefix winning; /__engines/report.js is page-report.js, and the pages'
// reports go to the run that runPage() has going, which also fails on a request for a file that is
// not there (other than /favicon.ico). `headers` (or `headers(path)`, for each path) go on every
// response, e.g. the cross-origin isolation a benchmark wants for fine-grained performance.now().
// Resolves to { url, onReport(fn) (runPage's: fn(kind, body) gets each report), close() }.
export function serve(mounts, { headers: headersOf = {} } = {}) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  let listener = null;
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      path = ''; // a malformed escape: no file (404 below)
    }
    if (req.method === 'POST' && path.startsWith('/__engines/')) {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        res.writeHead(204).end();
        listener?.(path.slice('/__engines/'.length), body);
      });
      return;
    }
    const headers = typeof headersOf === 'function' ? headersOf(path) : headersOf;
    let file = null;
    if (path === '/__engines/report.js') file = REPORT_JS;
    else {
      const prefix = prefixes.find((p) => path.startsWith(p));
      const dir = prefix && resolve(mounts[prefix]);
      const name = prefix && normalize(join(dir, path.slice(prefix.length)));
      try {
        if (name?.startsWith(dir + sep)) file = readFileSync(name);
      } catch {
        /* 404 below */
      }
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain', ...headers }).end('not found');
      if (path !== '/favicon.ico') listener?.('error', JSON.stringify(`${path}: 404 (not served)`));
      return;
    }
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers }).end(file);
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        onReport: (fn) => (listener = fn),
        close: () => new Promise((r) => server.close(r)),
      }),
    );
  });
}

// Loads url (served by `server`) in `engine` and resolves to what the page passes to
// pageReport.done(); rejects if the page fails, the browser exits, or `timeout` ms pass. Log lines
// go to onLog; the browser's own output (console messages where the engine gives them) to onOutput,
// and its last lines into the error when the run fails.
export async function runPage(
  engine,
  url,
  server,
  { timeout = 60_000, onLog = console.log, onOutput = () => {} } = {},
) {
  const tail = [];
  const output = (line) => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
    onOutput(line);
  };
  let timer;
  const result = new Promise((resolve, reject) => {
    server.onReport((kind, body) => {
      const value = JSON.parse(body);
      if (kind === 'log') onLog(value);
      else if (kind === 'done') resolve(value);
      else reject(new Error(`the page failed: ${value}`));
    });
    timer = setTimeout(() => reject(new Error(`no result within ${timeout} ms`)), timeout);
  });
  let page = null;
  try {
    page = await openPage(engine, url, output);
    return await Promise.race([result, page.exited]);
  } catch (e) {
    throw new Error(
      `${engine} ${url}: ${e.message}${tail.length ? `\n--- ${engine} output:\n${tail.join('\n')}` : ''}`,
    );
  } finally {
    clearTimeout(timer);
    server.onReport(null);
    await page?.close();
  }
}

// xvfb-run's arguments for a WebKit session whose home is `home`. xvfb-run -a takes the first
// display with no lock file, which two sessions starting at once (two host steps side by side) can
// both take; test/hosts/run.sh gives each of its workers ten displays of its own instead
// (ENCODING_WASM_DISPLAYS=FIRST), and the sessions of one process take them in turn.
let nextDisplay = 0;
export function xvfbArgs(home) {
  const first = Number(process.env.ENCODING_WASM_DISPLAYS);
  const display = first ? ['-n', String(first + (nextDisplay++ % 10))] : ['-a'];
  return [...display, '-f', join(home, 'Xauthority'), '-s', '-screen 0 1280x1024x24 -nolisten tcp'];
}

// Opens url in `engine`. Resolves to { exited (a promise that rejects when the browser exits),
// pgid (the browser's process group), close() }; the browser's output lines go to onOutput, and
// `extraEnv` joins the browser's environment.
export async function openPage(engine, url, onOutput = () => {}, extraEnv = {}) {
  const home = mkdtempSync(join(tmpdir(), `encoding-wasm-${engine}-`));
  const env = { HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home, XDG_DATA_HOME: home, ...extraEnv };
  let opened;
  try {
    if (engine === 'chromium') {
      const args = [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${home}`, '--enable-logging=stderr', url];
      opened = startGroup(CHROMIUM, args, env, onOutput);
    } else if (engine === 'firefox') {
      writeFileSync(join(home, 'user.js'), FIREFOX_PREFS);
      opened = startGroup(FIREFOX, ['--headless', '--no-remote', '--profile', home, url], env, onOutput);
    } else if (engine === 'webkit') {
      // The X authority file lives in `home` (xvfb-run -f), so nothing is left in /tmp when the
      // group is stopped by a signal, which skips xvfb-run's own clean-up.
      const browser = [MINIBROWSER, '--enable-write-console-messages-to-stdout=true', url];
      opened = startGroup('xvfb-run', [...xvfbArgs(home), ...browser], { ...env, NO_AT_BRIDGE: '1' }, onOutput);
    } else throw new Error(`unknown engine '${engine}' (${ENGINES.join(', ')})`);
  } catch (e) {
    rmSync(home, { recursive: true, force: true });
    throw e;
  }
  const close = async () => {
    await opened.close();
    rmSync(home, { recursive: true, force: true });
    openPages.delete(close);
  };
  openPages.set(close, home);
  return { exited: opened.exited, pgid: opened.pgid, close };
}

// The engine's version as its binary or package says, e.g. 'Chromium 156.0.8078.79'.
export function engineVersion(engine) {
  const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  if (engine === 'chromium') return run(CHROMIUM, ['--version']).replace(/ built on .*/, '');
  if (engine === 'firefox') return run(FIREFOX, ['--version']).replace(/^Mozilla /, '');
  return `WebKitGTK ${run('dpkg-query', ['-W', '-f', '${Version}', 'libwebkit2gtk-4.1-0']).replace(/-.*/, '')}`;
}

// A fresh profile that asks nothing of the network on its own (no update, telemetry, captive
// portal, safe-browsing or remote-settings traffic) and opens no first-run pages.
export const FIREFOX_PREFS = `${Object.entries({
  'app.normandy.enabled': false,
  'app.update.enabled': false,
  'browser.aboutwelcome.enabled': false,
  'browser.newtabpage.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.update.enabled': false,
  'browser.search.update': false,
  'browser.sessionstore.resume_from_crash': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.healthreport.uploadEnabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.http.speculative-parallel-limit': 0,
  'services.settings.server': 'http://127.0.0.1:9/',
  'toolkit.telemetry.enabled': false,
})
  .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
  .join('\n')}\n`;

// --- process groups ----------------------------------------------------------------------------

// The groups still running, killed if Node exits before stopping them, and the pages still open
// (close() -> profile directory), closed if Node is interrupted, else their profiles removed at exit.
const groups = new Set();
const openPages = new Map();
const stopGroupNow = (pid) => {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    /* the group is gone already */
  }
  groups.delete(pid);
};
process.on('exit', () => {
  groups.forEach(stopGroupNow);
  openPages.forEach((home) => rmSync(home, { recursive: true, force: true }));
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    const closing = Promise.all([...openPages.keys()].map((close) => close()));
    Promise.race([closing, new Promise((r) => setTimeout(r, 8000))]).finally(() =>
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15)),
    );
  });

// Runs command in a new process group (session). close() sends the group SIGTERM, waits up to 5 s
// for the command, then SIGKILLs what is left of the group (a browser's child processes, Xvfb).
function startGroup(command, args, env, onOutput) {
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  groups.add(child.pid);
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8').on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      lines.forEach((line) => onOutput(line));
    });
  }
  const ended = new Promise((resolve) => child.once('close', resolve));
  const exited = new Promise((_, reject) => {
    child.once('error', (e) => reject(new Error(`could not start ${command}: ${e.message}`)));
    child.once('exit', (code, signal) => reject(new Error(`${command} exited (${signal ?? code})`)));
  });
  exited.catch(() => {});
  return {
    exited,
    pgid: child.pid,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* gone */
        }
        await Promise.race([ended, new Promise((r) => setTimeout(r, 5000))]);
      }
      stopGroupNow(child.pid);
    },
  };
}
