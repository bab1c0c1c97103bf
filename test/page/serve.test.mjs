// tools/serve.mjs, `npm start`'s server: 127.0.0.1 only, the page and the package files it imports
// and nothing else, the next port when one is taken; and `npm start` runs it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { test } from 'node:test';
import { listen } from '../../tools/serve.mjs';

// A raw GET (fetch would normalize "/js/../package.json" before sending it).
const get = (port, path) =>
  new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, type: res.headers['content-type'], location: res.headers.location }),
      );
    })
      .on('error', reject)
      .end();
  });

test('serves the converter, js/ and dist/ on 127.0.0.1, and no other file of the repository', async () => {
  const server = await listen(0);
  const { address, port } = server.address();
  try {
    assert.equal(address, '127.0.0.1');
    assert.deepEqual(await get(port, '/'), { status: 302, type: undefined, location: '/examples/converter/' });
    assert.equal((await get(port, '/examples/converter/')).type, 'text/html; charset=utf-8');
    assert.equal((await get(port, '/examples/converter/style.css')).type, 'text/css; charset=utf-8');
    assert.equal((await get(port, '/js/index.js')).type, 'text/javascript; charset=utf-8');
    assert.equal((await get(port, '/dist/encoding.wasm')).type, 'application/wasm');
    for (const path of [
      '/package.json',
      '/js/../package.json',
      '/js/%2e%2e/package.json',
      '/examples/demo.mjs',
      '/js/nothing.js',
    ])
      assert.equal((await get(port, path)).status, 404, path);
  } finally {
    server.close();
  }
});

test('a port in use: the next free one', async () => {
  const first = await listen(0);
  const second = await listen(first.address().port);
  try {
    assert.ok(second.address().port > first.address().port);
  } finally {
    first.close();
    second.close();
  }
});

test('npm start builds quietly, without the native build and the size report, then serves the page; npm run demo is the printed demo', () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(scripts.start, 'bash build.sh --quiet --no-native --no-sizes && node tools/serve.mjs');
  assert.match(scripts.demo, /node examples\/demo\.mjs$/);
});
