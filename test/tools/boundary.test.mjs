// The few places outside the generator's reach that still name the table families (package.json
// "exports", the plain workerd config, the suites' module list) agree with tools/generator/boundary.mjs,
// so a family added there and missed here fails npm test instead of a user's import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FAMILIES, TABLE_MODULES, familyFile, tableVariants } from '../../tools/generator/boundary.mjs';

const ROOT = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');
const names = FAMILIES.map((f) => f.name);

test("package.json exports 'encoding-wasm/tables/<family>' for every family, and no other", () => {
  const { exports } = JSON.parse(read('package.json'));
  const entries = Object.keys(exports).filter((key) => /^\.\/tables\/[^*]+$/.test(key) && key !== './tables/all');
  assert.deepEqual(entries.sort(), names.map((f) => `./tables/${f}`).sort());
  for (const f of names) assert.equal(exports[`./tables/${f}`].default, `./js/tables/${f}.js`);
});

test('the plain workerd config embeds every table module and its variants', () => {
  const config = read('test/hosts/workerd/config.capnp');
  // (each once: worker_all.js lists tables/all.wasm again)
  const listed = [...new Set([...config.matchAll(/name = "tables\/([\w-]+)\.wasm"/g)].map((m) => m[1]))];
  const files = TABLE_MODULES.flatMap((f) => [familyFile(f), ...tableVariants(f).map((v) => familyFile(f, v))]);
  assert.deepEqual(listed.sort(), files.sort());
});

test("the suites' list of family modules has every family and the combined module", () => {
  const source = read('test/js/family_modules.js');
  const listed = [...source.matchAll(/dist\/tables\/([\w-]+)\.wasm/g)].map((m) => m[1]);
  assert.deepEqual(listed.sort(), [...TABLE_MODULES].sort());
});
