#!/usr/bin/env node
// `npm start`'s server: the converter page (examples/converter/) and the package files it imports
// (js/, dist/) on 127.0.0.1, at port 8080 or the next free one (--port N: that one or the next
// free). Prints the page's URL; Ctrl-C stops it. Static files only: the page does all the work.
//   node tools/serve.mjs [--port N]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The URL paths served, each the same path in the repository.
const SERVED = ['/examples/converter/', '/js/', '/dist/'];
const PAGE = '/examples/converter/';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

async function respond(req, res) {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
  } catch {
    path = null;
  }
  if (path === '/' || path === PAGE.slice(0, -1)) return res.writeHead(302, { Location: PAGE }).end();
  if (path?.endsWith('/')) path += 'index.html';
  const file = path && normalize(join(ROOT, path));
  const inside = file && SERVED.some((p) => file.startsWith(join(ROOT, p)) && !file.includes(`${sep}..`));
  if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405).end();
  try {
    if (!inside || !(await stat(file)).isFile()) throw new Error('not a file');
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
  }
}

// Listens on 127.0.0.1 at `port` or the next free port; resolves to the server.
export function listen(port, tries = 100) {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => respond(req, res).catch(() => res.destroy()));
    server.once('error', (e) => {
      if (e.code === 'EADDRINUSE' && tries > 1 && port < 65535) resolve(listen(port + 1, tries - 1));
      else reject(e);
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535 || args.some((a, i) => a !== '--port' && i !== at + 1)) {
    console.error('usage: node tools/serve.mjs [--port N]');
    process.exit(2);
  }
  const server = await listen(port);
  console.log(`The converter: http://127.0.0.1:${server.address().port}${PAGE}  (Ctrl-C stops the server)`);
  process.once('SIGINT', () => server.close(() => process.exit(0)) && server.closeAllConnections());
}
