// Offline after the first load, for real: the converter is loaded once from tools/serve.mjs in
// Chromium (driven by playwright, as the Vitest browser project drives it), the server is stopped,
// and the reloaded page must come from the service worker, open a file and convert it.
// Chromium only: Firefox and WebKit run without a driver here (test/hosts/engines.mjs), and a page
// cannot stop its own server. Run by test/page/run.mjs.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../hosts/chromium.mjs';
import { listen } from '../../tools/serve.mjs';

// Resolves to a line of what was checked; rejects on the first failure.
export async function checkOffline(corpus) {
  const sjis = readFileSync(`${corpus}/ja.shift_jis.bin`);
  const server = await listen(0);
  const url = `http://127.0.0.1:${server.address().port}/examples/converter/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    const cached = await (await page.waitForFunction(() => document.documentElement.dataset.offline)).jsonValue();
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
    const response = await page.reload();
    if (!response.fromServiceWorker()) throw new Error('the reloaded page did not come from the service worker');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.setInputFiles('#picker', { name: 'ja.txt', mimeType: 'text/plain', buffer: sjis });
    await page.waitForFunction(() => document.getElementById('preview-status').dataset.errors === '0');
    await page.selectOption('#target', 'utf-8');
    await page.click('#convert');
    await page.waitForSelector('#download:not([hidden])');
    const saved = Buffer.from(
      await page.evaluate(async () => [
        ...new Uint8Array(await (await fetch(document.getElementById('download').href)).arrayBuffer()),
      ]),
    );
    if (!saved.equals(Buffer.from(new ExodusDecoder('shift_jis').decode(sjis))))
      throw new Error('the offline conversion differs from @exodus/bytes');
    return `offline: ${cached} files cached; with the server stopped, the page reloaded from the service worker and converted ja.shift_jis.bin to ${saved.length} bytes of UTF-8, as expected`;
  } finally {
    await browser.close();
    server.close();
  }
}
