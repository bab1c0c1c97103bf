// The converter page (examples/converter/) in Chromium, Firefox ESR and WebKitGTK (Debian's,
// test/hosts/install-browsers.sh), each started as a plain process by test/hosts/engines.mjs:
// harness.html drives the page and reports to the 127.0.0.1 server. Prints what each engine
// measured (the ~200 MB conversion's time, progress and memory).
//   node test/page/run.mjs [--engines chromium,firefox,webkit]
import { ENGINES, engineVersion, runPage } from '../hosts/engines.mjs';
import { descendantsRss } from './rss.mjs';
import { checkOffline } from './offline.mjs';
import { CORPUS, HARNESS, serveSite } from './site.mjs';

const args = process.argv.slice(2);
const engines = (args.includes('--engines') ? args[args.indexOf('--engines') + 1] : ENGINES.join(',')).split(',');
const server = await serveSite();
let failed = 0;
try {
  for (const engine of engines) {
    const started = Date.now();
    // The browser's resident memory, sampled through the 200 MB conversion.
    const rss = { before: 0, peak: 0, sampling: null };
    const onLog = (line) => {
      if (line === 'big: start') {
        rss.before = rss.peak = descendantsRss();
        rss.sampling = setInterval(() => (rss.peak = Math.max(rss.peak, descendantsRss())), 100);
      } else if (line === 'big: end') clearInterval(rss.sampling);
      else console.log(`  ${engine}: ${line}`);
    };
    try {
      const result = await runPage(engine, `${server.url}${HARNESS}`, server, { timeout: 120_000, onLog });
      clearInterval(rss.sampling);
      result.big.rssBeforeMB = Math.round(rss.before / 1e6);
      result.big.rssGrowthMB = Math.round((rss.peak - rss.before) / 1e6);
      console.log(`ok ${engine} (${engineVersion(engine)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      console.log(`  ${JSON.stringify(result.big)}`);
    } catch (error) {
      clearInterval(rss.sampling);
      failed++;
      console.log(`FAILED ${engine}: ${error.message}`);
    }
  }
} finally {
  await server.close();
}
if (engines.includes('chromium')) {
  try {
    console.log(`ok chromium ${await checkOffline(CORPUS)}`);
  } catch (error) {
    failed++;
    console.log(`FAILED chromium offline: ${error.message}`);
  }
}
console.log(failed ? `${failed} engine(s) FAILED` : `page checks passed in ${engines.join(', ')}`);
process.exitCode = failed ? 1 : 0;
