// Which corpus the benchmarks and the page tests read, one rule for all of them: the directory
// that --corpus or $ENCODING_WASM_CORPUS names; else ../shared/corpus beside the repository when it
// is there; else the corpus bench/corpus/generate.mjs writes into build/corpus/, regenerated when
// its key (the generator and the pinned source versions) has changed. A fresh clone with nothing
// beside it therefore runs every benchmark and test that reads the corpus.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusKey, DEFAULT_OUT, generate } from './generate.mjs';

const shared = new URL('../../../shared/corpus/', import.meta.url);
const generated = pathToFileURL(`${DEFAULT_OUT}/`);
const readManifest = (dir) => JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'));

// `choice`: a directory, 'shared', 'generated', or undefined (the rule above). Resolves to
// { url (a directory URL ending in '/'), path, kind: 'shared' | 'generated' | 'given', manifest }.
export async function locateCorpus(choice = process.env.ENCODING_WASM_CORPUS, { log = () => {} } = {}) {
  choice ??= existsSync(new URL('manifest.json', shared)) ? 'shared' : 'generated';
  let url;
  if (choice === 'shared') url = shared;
  else if (choice === 'generated') {
    url = generated;
    const current = existsSync(new URL('manifest.json', url)) && readManifest(url).key === corpusKey();
    if (!current) {
      log(`generating the corpus into ${fileURLToPath(url)} (bench/corpus/generate.mjs)`);
      await generate(DEFAULT_OUT);
    }
  } else url = pathToFileURL(`${choice.replace(/\/?$/, '/')}`);
  if (!existsSync(new URL('manifest.json', url)))
    throw new Error(`no corpus at ${fileURLToPath(url)} (no manifest.json)`);
  const kind = choice === 'shared' || choice === 'generated' ? choice : 'given';
  return { url, path: fileURLToPath(url), kind, manifest: readManifest(url) };
}
