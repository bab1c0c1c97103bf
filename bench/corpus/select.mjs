// The corpus a benchmark reads (bench/decode.mjs, bench/encode.mjs): `--corpus shared|generated|DIR`,
// else ENCODING_WASM_CORPUS=DIR, else ../shared/corpus where it exists, else the one
// bench/corpus/generate.mjs builds into build/corpus/ (made, or remade when its sources changed,
// here). A file both have in common is byte for byte the same (bench/corpus/README.md).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusKey, DEFAULT_OUT, generate } from './generate.mjs';

const shared = new URL('../../../shared/corpus/', import.meta.url);
const generated = pathToFileURL(`${DEFAULT_OUT}/`);
const readManifest = (dir) => JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'));

// `given`: the value of --corpus, if any. Returns { corpus: the directory's URL, manifest }, after
// printing which corpus it is; exits the process if there is none.
export async function selectCorpus(given) {
  const choice =
    given ??
    process.env.ENCODING_WASM_CORPUS ??
    (existsSync(new URL('manifest.json', shared)) ? 'shared' : 'generated');
  let corpus;
  if (choice === 'shared') corpus = shared;
  else if (choice === 'generated') {
    corpus = generated;
    const current = existsSync(new URL('manifest.json', corpus)) && readManifest(corpus).key === corpusKey();
    if (!current) {
      console.log(`generating the corpus into ${fileURLToPath(corpus)} (bench/corpus/generate.mjs)`);
      await generate(DEFAULT_OUT);
    }
  } else corpus = pathToFileURL(`${choice.replace(/\/?$/, '/')}`);
  if (!existsSync(new URL('manifest.json', corpus))) {
    console.error(`no corpus at ${fileURLToPath(corpus)} (no manifest.json)`);
    process.exit(1);
  }
  const kind = choice === 'shared' || choice === 'generated' ? choice : 'given';
  console.log(`corpus: ${fileURLToPath(corpus)} (${kind})`);
  return { corpus, manifest: readManifest(corpus) };
}
