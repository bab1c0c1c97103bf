// First use of every table family, as 'encoding-wasm/tables/all' does it in a browser: compile,
// instantiate and expand the tables of the combined module (dist/tables/all.wasm, one instance) against
// the four family modules (four instances), then decode one Big5 character. Each run is a fresh Node
// process (the wasm compiled for the first time, the package's JS loaded before the clock starts);
// the two kinds alternate; prints the median of each. Usage: node bench/tables_all_startup.mjs [runs]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FAMILIES = ['chinese-simplified', 'chinese-traditional', 'japanese', 'korean'];

if (process.argv[2] === '--child') {
  const combined = process.argv[3] === 'all';
  const root = new URL('../', import.meta.url);
  const { registerFamily, TextDecoder } = await import(new URL('js/index.js', root));
  const bytes = (name) => readFileSync(new URL(`dist/tables/${name}.wasm`, root));
  const files = combined ? { all: bytes('all') } : Object.fromEntries(FAMILIES.map((f) => [f, bytes(f)]));
  const start = performance.now();
  if (combined) {
    const module = new WebAssembly.Module(files.all);
    for (const f of FAMILIES) registerFamily(f, module);
  } else {
    for (const f of FAMILIES) registerFamily(f, new WebAssembly.Module(files[f]));
  }
  const text = new TextDecoder('big5').decode(Uint8Array.of(0xa4, 0x40));
  const ms = performance.now() - start;
  if (text !== '\u4e00') throw new Error(`big5 A4 40 decoded as ${text}`);
  console.log(ms);
} else {
  const runs = Number(process.argv[2] ?? 15);
  const times = { all: [], families: [] };
  for (let i = 0; i < runs; i++)
    for (const kind of ['all', 'families'])
      times[kind].push(Number(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--child', kind])));
  const median = (list) => list.sort((a, b) => a - b)[list.length >> 1];
  console.log(
    `first use of every family (compile, instantiate, expand, one decode), median of ${runs} fresh processes:`,
  );
  console.log(`  tables/all.wasm, one instance      ${median(times.all).toFixed(2)} ms`);
  console.log(`  the four family modules            ${median(times.families).toFixed(2)} ms`);
}
