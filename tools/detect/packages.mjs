// The npm packages of tools/detect/package.json (pinned there, installed into
// tools/detect/node_modules by tools/detect/install.sh), checked: for files outside tools/detect/,
// which do not resolve them by themselves (bench/corpus/generate.mjs reads its sources through this
// module), and for corpus.mjs, which every training and evaluation script imports, so that a
// missing install says how to make it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PINNED = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')).dependencies;

// A package's directory, refusing any version but the pinned one (what is made from it would differ).
export function packageDir(name) {
  const dir = fileURLToPath(new URL(`node_modules/${name}/`, import.meta.url));
  const manifest = `${dir}package.json`;
  const version = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : 'missing';
  if (version !== PINNED[name]) {
    const found = version === 'missing' ? 'not installed' : `${version} installed`;
    throw new Error(`${name} ${PINNED[name]} is pinned, ${found} in tools/detect/; run bash tools/detect/install.sh`);
  }
  return dir;
}

export const packageText = (name, path) => readFileSync(`${packageDir(name)}${path}`, 'utf8');

// The package's module, imported from here (tools/detect/node_modules), after the version check.
export const importPackage = (name) => (packageDir(name), import(name));
