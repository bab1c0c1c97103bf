// What a bundler ships: the minified ESM browser bundle of a few lines importing from the package
// (esbuild --bundle --minify --format=esm), and gzip -9 sizes. Shared by sizes.mjs and detect.mjs.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const root = new URL('../', import.meta.url);

export const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

const OPTIONS = { bundle: true, minify: true, write: false, format: 'esm', platform: 'browser', target: 'es2022' };

export async function bundle(contents, { external = [] } = {}) {
  const result = await build({
    ...OPTIONS,
    stdin: { contents, resolveDir: new URL('.', root).pathname, loader: 'js' },
    logLevel: 'silent',
    external,
  });
  return result.outputFiles[0].contents;
}

// The same with code splitting, as a bundler that splits at dynamic imports (Vite, Rollup, webpack)
// ships it: `loaded`, the files a page fetches at load (the entry's chunk and the chunks it imports
// statically), and `lazy`, those only a dynamic import fetches, by the module it imports (the main
// TextDecoder's wasm layer, js/wasm/decoder_wasm.js, or its single-byte decoders in JS,
// js/host/browser/table_decoder.js, which browsers load only where a host decoder is not exact:
// js/host/browser/decoder_wasm.js) with the chunks that one imports statically and the page has not
// loaded. Each file is gzipped by itself, as a server sends it.
export async function splitBundle(contents) {
  const dir = new URL('build/bench-bundle/', root).pathname;
  const result = await build({
    ...OPTIONS,
    stdin: { contents, resolveDir: new URL('.', root).pathname, loader: 'js', sourcefile: 'entry.js' },
    splitting: true,
    outdir: dir,
    metafile: true,
    logLevel: 'silent',
  });
  const { outputs } = result.metafile;
  const byPath = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
  const full = (path) => new URL(path, new URL('.', root)).pathname;
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint);
  // (the files `path` loads statically, those in `seen` aside)
  const visit = (path, seen = new Set()) => {
    if (seen.has(path)) return seen;
    seen.add(path);
    for (const i of outputs[path].imports) if (i.kind === 'import-statement') visit(i.path, seen);
    return seen;
  };
  const loaded = visit(entry);
  const gzipOf = (paths) => [...paths].reduce((sum, path) => sum + gz(byPath.get(full(path))), 0);
  const lazy = {};
  for (const [path, output] of Object.entries(outputs))
    if (path !== entry && output.entryPoint)
      lazy[output.entryPoint] = gzipOf([...visit(path, new Set())].filter((p) => !loaded.has(p)));
  return { loaded: gzipOf(loaded), lazy };
}
