// The esbuild build of a test page (bundle/run.mjs, csp/run.mjs). esbuild does not handle
// `new URL('…', import.meta.url)` (evanw/esbuild#795): it leaves the package's literal
// '../../dist/….wasm' URLs as they are, relative to wherever the bundle ends up. metaUrlAssets below
// is the few lines an esbuild user needs: each such URL becomes a file-loader asset next to the bundle.
import { copyFileSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as esbuild from 'esbuild';

// `new URL('<relative path>', import.meta.url)` with a literal path -> an import of that file with
// the file loader (which copies it to the output with a hashed name and gives its path relative to
// the bundle), still resolved against import.meta.url, as webpack, Rollup and Vite do it.
const metaUrlAssets = {
  name: 'meta-url-assets',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const imports = [];
      const contents = source.replace(/new URL\((['"])([^'"]+\.wasm)\1, import\.meta\.url\)/g, (_, __, path) => {
        imports.push(`import __asset${imports.length} from ${JSON.stringify(path)};`);
        return `new URL(__asset${imports.length - 1}, import.meta.url)`;
      });
      return imports.length ? { contents: `${imports.join('\n')}\n${contents}`, loader: 'js' } : undefined;
    });
  },
};

// Bundles `entry` (a .js file) into `dir`, with `html` (the page that loads it) copied beside it;
// `options` adds esbuild options (bundle/iconv_lite.mjs: an alias).
export async function buildEsbuild(dir, entry, html, options = {}) {
  await esbuild.build({
    entryPoints: [entry],
    outdir: dir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    loader: { '.wasm': 'file' },
    assetNames: '[name]-[hash]',
    plugins: [metaUrlAssets],
    logLevel: 'warning',
    ...options,
  });
  copyFileSync(html, join(dir, basename(html)));
}
