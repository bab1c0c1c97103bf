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
// statically), and `lazy`, those only a dynamic import fetches (the main TextDecoder's wasm layer,
// which browsers load only where a host decoder is not exact: js/host/browser/decoder_wasm.js).
// Each is gzipped by itself, as a server sends it.
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
  const loaded = new Set();
  const visit = (path) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const i of outputs[path].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entry);
  const gzipOf = (paths) => paths.reduce((sum, path) => sum + gz(byPath.get(full(path))), 0);
  const all = Object.keys(outputs).filter((path) => path.endsWith('.js'));
  return { loaded: gzipOf([...loaded]), lazy: gzipOf(all.filter((path) => !loaded.has(path))) };
}
