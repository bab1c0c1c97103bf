// The converter page (examples/converter/) in Chromium, Firefox ESR and WebKitGTK (Debian's,
// test/hosts/install-browsers.sh), each started as a plain process by test/hosts/engines.mjs:
// harness.html drives the page and reports to the 127.0.0.1 server. Prints what each engine
// measured (the ~200 MB conversion's time, progress and memory).
//   node test/page/run.mjs [--engines chromium,firefox,webkit]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENGINES, engineVersion, runPage, serve } from '../hosts/engines.mjs';
import { writeFixtures } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const corpus = process.env.ENCODING_WASM_CORPUS ?? fileURLToPath(new URL('../shared/corpus/', `file://${root}`));
const fixtures = `${root}build/page/fixtures`;
const args = process.argv.slice(2);
const engines = (args.includes('--engines') ? args[args.indexOf('--engines') + 1] : ENGINES.join(',')).split(',');

if (!existsSync(`${corpus}/ja.shift_jis.bin`)) throw new Error(`no corpus at ${corpus} (set ENCODING_WASM_CORPUS)`);
writeFixtures(corpus, fixtures);
const server = await serve({
  '/examples/converter/': `${root}examples/converter`,
  '/js/': `${root}js`,
  '/dist/': `${root}dist`,
  '/test/page/': `${root}test/page`,
  '/fixtures/': fixtures,
});
let failed = 0;
try {
  for (const engine of engines) {
    const started = Date.now();
    try {
      const result = await runPage(engine, `${server.url}/test/page/harness.html`, server, {
        timeout: 120_000,
        onLog: (line) => console.log(`  ${engine}: ${line}`),
      });
      console.log(`ok ${engine} (${engineVersion(engine)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      console.log(`  ${JSON.stringify(result.big)}`);
    } catch (error) {
      failed++;
      console.log(`FAILED ${engine}: ${error.message}`);
    }
  }
} finally {
  await server.close();
}
console.log(failed ? `${failed} engine(s) FAILED` : `page checks passed in ${engines.join(', ')}`);
process.exitCode = failed ? 1 : 0;
