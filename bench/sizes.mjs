// Prints what a user ships, gzip -9: the wasm core, the JS a bundler keeps for each entry, and each
// family's table module. Run by build.sh; the README's size table comes from this output.
import { readFileSync, readdirSync } from 'node:fs';
import { bundle, gz } from './bundle.mjs';

const root = new URL('../', import.meta.url);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const core = readFileSync(new URL('dist/encoding.wasm', root));
const decoderJs = await bundle("export { TextDecoder } from './js/index.js';");
const allJs = await bundle("export * from './js/index.js';");
const hooksJs = await bundle("export * from './js/hooks.js';");
const urlJs = await bundle("export * from './js/url.js';");
const encoderJs = await bundle("export * from './js/encoder.js';");
const errorsJs = await bundle("export * from './js/errors.js';");
// encoding-wasm/errors loads the core built with the error log instead of dist/encoding.wasm.
const errorsCore = readFileSync(new URL('dist/encoding-errors.wasm', root));

const rows = [
  ['dist/encoding.wasm (core)', core.length, gz(core)],
  ['JS for TextDecoder (minified)', decoderJs.length, gz(decoderJs)],
  ['JS for every export (minified)', allJs.length, gz(allJs)],
  ['JS for encoding-wasm/hooks (minified)', hooksJs.length, gz(hooksJs)],
  ['JS for encoding-wasm/url (minified)', urlJs.length, gz(urlJs)],
  ['JS for encoding-wasm/encoder (minified)', encoderJs.length, gz(encoderJs)],
  ['JS for encoding-wasm/errors (minified)', errorsJs.length, gz(errorsJs)],
  ['dist/encoding-errors.wasm (its core)', errorsCore.length, gz(errorsCore)],
];
const families = {};
for (const file of readdirSync(new URL('dist/tables/', root))
  .filter((f) => f.endsWith('.wasm'))
  .sort()) {
  const bytes = readFileSync(new URL(`dist/tables/${file}`, root));
  families[file.replace('.wasm', '')] = gz(bytes);
  rows.push([`dist/tables/${file}`, bytes.length, gz(bytes)]);
}

console.log('size report (gzip -9)');
for (const [name, raw, zipped] of rows)
  console.log(`  ${name.padEnd(42)} ${kb(raw).padStart(9)} raw ${kb(zipped).padStart(9)} gzip`);
const decoder = gz(core) + gz(decoderJs);
console.log(`  TextDecoder for UTF-8, UTF-16 and every single-byte encoding (windows-1252 only): ${kb(decoder)}`);
if (families.japanese)
  console.log(`  TextDecoder for Shift_JIS only (core + JS + japanese tables): ${kb(decoder + families.japanese)}`);
