// What a bundler ships: the minified ESM browser bundle of a few lines importing from the package
// (esbuild --bundle --minify --format=esm), and gzip -9 sizes. Shared by sizes.mjs and detect.mjs.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const root = new URL('../', import.meta.url);

export const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

export async function bundle(contents, { external = [] } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: new URL('.', root).pathname, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    external,
  });
  return result.outputFiles[0].contents;
}
