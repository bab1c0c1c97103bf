// What the page tests serve (test/hosts/engines.mjs serve()): the converter and the package files it
// imports at their paths in the repository, this directory (harness.html) and the fixtures that
// fixtures.mjs writes from the corpus (../shared/corpus, or $ENCODING_WASM_CORPUS).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../hosts/engines.mjs';
import { writeFixtures } from './fixtures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const CORPUS = process.env.ENCODING_WASM_CORPUS ?? fileURLToPath(new URL('../shared/corpus/', `file://${root}`));

export const HARNESS = '/test/page/harness.html';

export function serveSite() {
  if (!existsSync(`${CORPUS}/ja.shift_jis.bin`)) throw new Error(`no corpus at ${CORPUS} (set ENCODING_WASM_CORPUS)`);
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
