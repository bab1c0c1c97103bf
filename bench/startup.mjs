// `npm run bench -- startup`: cold start. A fresh process imports a package and decodes 1 KiB of
// windows-1252, and separately 1 KiB of Shift_JIS; the time from just before the import to the
// decoded string (performance.now() in the process, so the runtime's own start-up is left out) is
// printed as the median of the runs, with the import alone beside it. encoding-wasm and the peers
// that are installed run interleaved in the same run, in Node, and in Deno and Bun where
// build/tools has them (test/hosts/install-tools.sh). Each process checks its string against the
// text the bytes were made from. The host's own decoder, without and after the import of an empty
// module, shows each runtime's floor. A benchmark, not a test: it asserts nothing about speed.
//
// --browsers adds the page case in Chromium (bench/startup_page.mjs): navigation to the first
// decode, the bundles and .wasm files from the HTTP cache, median of 3 × N visits (the part after
// the page's HTML arrived in parentheses).
//
//   node bench/startup.mjs [--runs N] [--hosts node,deno,bun] [--against DIR] [--browsers] [--write-docs]
//   (--hosts none --browsers: the page case alone; --write-docs: the table "startup" into README.md
//   and docs/*.md, bench/docs_tables.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { writeDocs, writingDocs } from './docs_tables.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 9));
const tools = join(root, 'build/tools/node_modules/.bin');
const HOSTS = {
  node: [process.execPath],
  deno: [join(tools, 'deno'), 'run', '-A'],
  bun: [join(tools, 'bun')],
};
const hosts = option('--hosts', 'node,deno,bun')
  .split(',')
  .filter((h) => h in HOSTS && (h === 'node' || existsSync(HOSTS[h][0])));

// 1 KiB of each encoding (whole characters), made by iconv-lite from text in that language.
function sample(text, label) {
  let bytes = iconv.encode(text.repeat(64), label);
  let end = 1024;
  while (iconv.decode(bytes.subarray(0, end), label).includes('\ufffd')) end--;
  bytes = bytes.subarray(0, end);
  return { label, bytes: bytes.toString('base64'), text: iconv.decode(bytes, label) };
}
const CASES = {
  'windows-1252': sample('Café crème, brûlée à la française – «déjà vu» “naïve” façade; ', 'windows-1252'),
  Shift_JIS: sample('吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。ｶﾀｶﾅ ', 'shift_jis'),
};

// What each package runs: an import (timed alone too) and a decode of `bytes` with `label`.
const HOST = "the host's TextDecoder (no import)";
const EMPTY = "an empty module, then the host's TextDecoder";
const EMPTY_PACKAGE = "an empty package (its name resolved through exports), then the host's TextDecoder";
const PACKAGES = {
  'encoding-wasm': {
    load: "await import('encoding-wasm')",
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
  // --against DIR: another copy of the package (an older build, say), measured beside this one.
  'encoding-wasm (--against)': {
    module: 'encoding-wasm-against',
    load: "await import('encoding-wasm-against')",
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
  '@exodus/bytes': {
    load: "await import(label === 'windows-1252' ? '@exodus/bytes/encoding-lite.js' : '@exodus/bytes/encoding.js')",
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
  'iconv-lite': { load: "(await import('iconv-lite')).default", decode: 'm.decode(bytes, label)' },
  'encoding-japanese': {
    only: 'Shift_JIS',
    load: "(await import('encoding-japanese')).default",
    decode: "m.codeToString(m.convert(bytes, { to: 'UNICODE', from: 'SJIS' }))",
  },
  [HOST]: { load: 'globalThis', decode: 'new m.TextDecoder(label).decode(bytes)' },
  // What any import costs in that runtime: an empty module, then the host's decoder.
  [EMPTY]: { load: "(await import('./empty.mjs'), globalThis)", decode: 'new m.TextDecoder(label).decode(bytes)' },
  [EMPTY_PACKAGE]: {
    load: "(await import('empty-package'), globalThis)",
    decode: 'new m.TextDecoder(label).decode(bytes)',
  },
};

// A project of its own under build/startup/, with the packages linked into node_modules, so each
// runtime resolves them (and encoding-wasm's conditions) as a user's project would.
const dir = join(root, 'build/startup');
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'node_modules/@exodus'), { recursive: true });
writeFileSync(join(dir, 'package.json'), '{ "name": "startup", "private": true, "type": "module" }\n');
symlinkSync(root, join(dir, 'node_modules/encoding-wasm'), 'dir');
const against = option('--against');
if (against) symlinkSync(resolve(against), join(dir, 'node_modules/encoding-wasm-against'), 'dir');
for (const name of ['@exodus/bytes', 'iconv-lite', 'safer-buffer', 'encoding-japanese']) {
  if (existsSync(join(root, 'node_modules', name)))
    symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
}
const available = Object.keys(PACKAGES).filter(
  (name) =>
    name === HOST ||
    name === EMPTY ||
    name === EMPTY_PACKAGE ||
    existsSync(join(dir, 'node_modules', PACKAGES[name].module ?? name)),
);
writeFileSync(join(dir, 'empty.mjs'), '');
mkdirSync(join(dir, 'node_modules/empty-package'));
writeFileSync(
  join(dir, 'node_modules/empty-package/package.json'),
  '{ "name": "empty-package", "type": "module", "exports": { ".": "./index.js" } }\n',
);
writeFileSync(join(dir, 'node_modules/empty-package/index.js'), '');
for (const name of available) {
  const { load, decode } = PACKAGES[name];
  const file = `${name.replace(/\W+/g, '_')}.mjs`;
  PACKAGES[name].file = join(dir, file);
  writeFileSync(
    PACKAGES[name].file,
    `const [label, base64] = (globalThis.Deno?.args ?? process.argv.slice(2));
const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const t0 = performance.now();
const m = ${load};
const t1 = performance.now();
const text = ${decode};
const t2 = performance.now();
console.log(JSON.stringify({ total: t2 - t0, load: t1 - t0, text }));
`,
  );
}

const load = loadavg()[0].toFixed(1);
const times = {}; // host → case → package → { total: [], load: [] }
const failures = [];
for (let run = 0; run < RUNS; run++) {
  for (const host of hosts) {
    for (const [caseName, { label, bytes, text }] of Object.entries(CASES)) {
      for (const name of available) {
        if (PACKAGES[name].only && PACKAGES[name].only !== caseName) continue;
        const [program, ...pre] = HOSTS[host];
        const r = spawnSync(program, [...pre, PACKAGES[name].file, label, bytes], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
        });
        let result;
        try {
          result = JSON.parse(r.stdout);
        } catch {
          failures.push(`${host} ${caseName} ${name}: exit ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
          continue;
        }
        const slot = (((times[host] ??= {})[caseName] ??= {})[name] ??= { total: [], load: [] });
        if (result.text !== text) {
          // The host's decoder is only the floor; where it decodes otherwise, the table says so.
          if (name === HOST || name === EMPTY || name === EMPTY_PACKAGE) slot.wrong = true;
          else failures.push(`${host} ${caseName} ${name}: decoded text differs`);
          continue;
        }
        slot.total.push(result.total);
        slot.load.push(result.load);
      }
    }
  }
}

// The page case, after the runtimes (one Chromium for all its pages).
let pageVersion = null;
if (args.includes('--browsers')) {
  const { measurePages } = await import('./startup_page.mjs');
  // (three times as many visits as processes: a page is quick to visit, and noisier)
  const result = await measurePages(CASES, { runs: 3 * RUNS, host: HOST, empty: EMPTY });
  pageVersion = result.version;
  times.chromium = result.times;
  failures.push(...result.failures);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (xs) => (xs?.length ? `${median(xs).toFixed(1)}` : '-');
const TARGET = { node: 3, deno: 5, bun: 5 };
console.log(
  `cold start: import + decode 1 KiB, ms, median of ${RUNS} fresh processes (import alone in parentheses); ` +
    `load average ${load} at the start, ${loadavg()[0].toFixed(1)} at the end`,
);
const caseNames = Object.keys(CASES);
const docRows = []; // for --write-docs
console.log(`| host | package | ${caseNames.join(' | ')} |`);
console.log(`| --- | --- | ${caseNames.map(() => '--:').join(' | ')} |`);
// The page's rows: the runtimes' packages in their order, then those only the page has (bench/startup_page.mjs).
const pageOrder = (name) => (name in PACKAGES ? Object.keys(PACKAGES).indexOf(name) : Object.keys(PACKAGES).length);
const rowsOf = (host) =>
  host === 'chromium'
    ? [...new Set(Object.values(times.chromium).flatMap(Object.keys))].sort((a, b) => pageOrder(a) - pageOrder(b))
    : available;
for (const host of [...hosts, ...(pageVersion ? ['chromium'] : [])]) {
  const version =
    host === 'chromium'
      ? `${pageVersion.replace(/^Chromium /, '')} (a page: navigation to the decoded string; from its HTML received)`
      : spawnSync(HOSTS[host][0], ['--version'], { encoding: 'utf8' }).stdout.match(/\d+\.\d+\.\d+/)[0];
  for (const name of rowsOf(host)) {
    const cells = caseNames.map((c) => {
      const slot = times[host]?.[c]?.[name];
      if (slot?.wrong) return 'not as the standard';
      return slot ? `${ms(slot.total)} (${ms(slot.load)})` : '-';
    });
    console.log(`| ${host} ${version} | ${name} | ${cells.join(' | ')} |`);
    docRows.push([`${host} ${version}`, name, ...cells]);
  }
}
// Each target against encoding-wasm's slower case.
for (const host of hosts) {
  const worst = Math.max(...caseNames.map((c) => median(times[host]?.[c]?.['encoding-wasm']?.total ?? [NaN])));
  const verdict = worst <= TARGET[host] ? 'met' : `not met (${worst.toFixed(1)} ms)`;
  console.log(`target for encoding-wasm in ${host}: at most ${TARGET[host]} ms: ${verdict}`);
}
for (const f of failures) console.log(`FAILED ${f}`);
if (failures.length) process.exitCode = 1;
else if (writingDocs())
  writeDocs({
    startup: {
      command: 'startup',
      details: `import + decode of 1 KiB, ms, median of ${RUNS} fresh processes (the import alone in parentheses)`,
      header: ['host', 'package', ...caseNames],
      rows: docRows,
      align: ['l', 'l', ...caseNames.map(() => 'r')],
    },
  });
