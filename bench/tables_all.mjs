// The combined module (dist/tables/all.wasm) against the family modules, in Node:
// - start-up: first use of every table family, as 'encoding-wasm/tables/all' does it in a browser:
//   compile, instantiate and expand the tables of the combined module (one instance) or of the
//   family modules (four instances; japanese-jis0212 is expanded in japanese's), then decode one Big5 character. Each run is a fresh Node process
//   (the wasm compiled for the first time, the package's JS loaded before the clock starts); the two
//   kinds alternate; prints the median of each.
// - speed (--speed): each multi-byte file of the benchmark corpus decoded in one call, and its text
//   encoded back (html mode), by an instance of its family's module and by one of the combined
//   module, interleaved in one process; prints the median ratio of their times (combined / family),
//   and the same for two instances of the family module (--control), which shows the noise.
// Usage: node bench/tables_all.mjs [runs] | node bench/tables_all.mjs --speed [--control] [rounds]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FAMILIES } from '../js/generated/encodings.js';
import { FAMILY_HOST } from '../js/generated/abi.js';
import { locateCorpus } from './corpus/locate.mjs';

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
} else if (process.argv[2] === '--speed') {
  await speed(process.argv.includes('--control'), Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 41));
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
  console.log(`  the family modules                 ${median(times.families).toFixed(2)} ms`);
}

async function speed(control, rounds) {
  const root = new URL('../', import.meta.url);
  const { encodingId } = await import(new URL('js/wasm/core.js', root));
  const { addFamily, addPart, WasmInstance } = await import(new URL('js/wasm/instance.js', root));
  const { runDecoder } = await import(new URL('js/wasm/run_decoder.js', root));
  const { runEncoder } = await import(new URL('js/wasm/run_encoder.js', root));
  const compile = (name) => new WebAssembly.Module(readFileSync(new URL(`dist/tables/${name}.wasm`, root)));
  const combined = new WasmInstance(compile('all'), FAMILIES[0]);
  for (const f of FAMILIES.slice(1)) addFamily(combined, f);
  // A family's module, with the parts of the family (EUC-JP's jis0212) added.
  const familyInstance = (family) => {
    const instance = new WasmInstance(compile(family), family);
    FAMILY_HOST.forEach((host, part) => {
      if (host !== part && FAMILIES[host] === family) addPart(instance, FAMILIES[part], compile(FAMILIES[part]));
    });
    return instance;
  };
  const decode = (instance, name, bytes) =>
    runDecoder(
      instance,
      { id: encodingId(name), name, fatal: false, ignoreBOM: false, state: { s0: 0, s1: 0 } },
      bytes,
      true,
    );
  const encode = (instance, name, text) =>
    runEncoder(instance, { id: encodingId(name), name, html: true, state: 0 }, text, true);
  const time = (fn) => {
    const start = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - start);
  };
  const median = (list) => list.sort((a, b) => a - b)[list.length >> 1].toFixed(3);
  const FILES = [
    ['shift_jis', 'japanese'],
    ['euc-jp', 'japanese'],
    ['iso-2022-jp', 'japanese'],
    ['euc-kr', 'korean'],
    ['big5', 'chinese-traditional'],
    ['gbk', 'chinese-simplified'],
    ['gb18030', 'chinese-simplified'],
  ];
  const { url: dir, manifest } = await locateCorpus();
  const { files } = manifest;
  console.log(
    `time ${control ? 'family (second instance)' : 'combined'} / family, median of ${rounds} interleaved rounds:`,
  );
  for (const [name, family] of FILES) {
    for (const file of files.filter((f) => f.encoding.toLowerCase() === name)) {
      const own = familyInstance(family);
      const other = control ? familyInstance(family) : combined;
      const bytes = readFileSync(new URL(file.file, dir));
      const text = decode(own, name, bytes);
      if (decode(other, name, bytes) !== text) throw new Error(`${file.file}: the two modules decode differently`);
      const ratios = { decode: [], encode: [] };
      for (let i = 0; i < rounds; i++) {
        const pair = i % 2 ? [other, own] : [own, other];
        const [d0, d1] = pair.map((instance) => time(() => decode(instance, name, bytes)));
        const [e0, e1] = pair.map((instance) => time(() => encode(instance, name, text)));
        ratios.decode.push(i % 2 ? d0 / d1 : d1 / d0);
        ratios.encode.push(i % 2 ? e0 / e1 : e1 / e0);
      }
      console.log(`  ${file.file.padEnd(24)} decode ${median(ratios.decode)}  encode ${median(ratios.encode)}`);
    }
  }
}
