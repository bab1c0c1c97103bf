// What the page tests serve (test/hosts/engines.mjs serve()): the converter and the package files it
// imports at their paths in the repository, this directory (harness.html) and the fixtures that
// fixtures.mjs writes from the benchmark corpus (bench/corpus/locate.mjs: $ENCODING_WASM_CORPUS,
// ../shared/corpus, or the one bench/corpus/generate.mjs writes, so a fresh clone runs them too).
import { fileURLToPath } from 'node:url';
import { locateCorpus } from '../../bench/corpus/locate.mjs';
import { serve } from '../hosts/engines.mjs';
import { writeFixtures } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const CORPUS = (await locateCorpus()).path;

export const HARNESS = '/test/page/harness.html';

export function serveSite() {
  const fixtures = `${root}build/page/fixtures`;
  writeFixtures(CORPUS, fixtures);
  return serve({
    '/examples/converter/': `${root}examples/converter`,
    '/js/': `${root}js`,
    '/dist/': `${root}dist`,
    '/test/page/': `${root}test/page`,
    '/fixtures/': fixtures,
  });
}
