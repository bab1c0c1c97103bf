// Prints what a user ships, gzip -9: the wasm core, the JS a bundler keeps for each entry, and each
// table module (each family's, and the combined tables/all.wasm); then the three cases of issue 14
// (windows-1252 only, Shift_JIS only, every encoding) against their targets and against the peers
// installed in node_modules, bundled the same way (esbuild --bundle --minify --format=esm
// --platform=browser, gzip -9, plus the .wasm files the code fetches). Run by build.sh; with
// --write-docs (`npm run bench -- sizes --write-docs`) it writes the tables "sizes" and "sizes-files"
// into README.md and docs/performance.md (bench/docs_tables.mjs).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { COMBINED, FAMILIES } from '../tools/generator/boundary.mjs';
import { bundle, gz, splitBundle } from './bundle.mjs';
import { writeDocs, writingDocs } from './docs_tables.mjs';

const root = new URL('../', import.meta.url);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const core = readFileSync(new URL('dist/encoding.wasm', root));
const decoderJs = await bundle("export { TextDecoder } from './js/index.js';");
const allJs = await bundle("export * from './js/index.js';");
const hooksJs = await bundle("export * from './js/hooks.js';");
const urlJs = await bundle("export * from './js/url.js';");
const encoderJs = await bundle("export * from './js/encoder.js';");
const errorsJs = await bundle("export * from './js/errors.js';");
// The decoders' core, which the main TextDecoder fetches in browsers only where a UTF-8 or UTF-16
// decoder of the host's is not exact or delegation is off, and the full core is not loaded
// (js/wasm/core.js loadDecoderCore).
const decodersCore = readFileSync(new URL('dist/encoding-lite.wasm', root));

const rows = [
  ['dist/encoding.wasm (core)', core.length, gz(core)],
  ['JS for TextDecoder (minified)', decoderJs.length, gz(decoderJs)],
  ['JS for every export (minified)', allJs.length, gz(allJs)],
  ['JS for encoding-wasm/hooks (minified)', hooksJs.length, gz(hooksJs)],
  ['JS for encoding-wasm/url (minified)', urlJs.length, gz(urlJs)],
  ['JS for encoding-wasm/encoder (minified)', encoderJs.length, gz(encoderJs)],
  ['JS for encoding-wasm/errors (minified)', errorsJs.length, gz(errorsJs)],
  ["dist/encoding-lite.wasm (the decoders' core, browsers)", decodersCore.length, gz(decodersCore)],
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
  console.log(`  ${name.padEnd(46)} ${kb(raw).padStart(9)} raw ${kb(zipped).padStart(9)} gzip`);

// The peers, where installed: each case's code as a user of that package would write it. iconv-lite
// is left out: it needs Node's buffer and string_decoder, which a browser bundle lacks.
const PEERS = {
  windows1252: { '@exodus/bytes': "export { TextDecoder } from '@exodus/bytes/encoding-lite.js';" },
  shiftJis: {
    '@exodus/bytes': "export { TextDecoder } from '@exodus/bytes/encoding.js';",
    'encoding-japanese':
      "import E from 'encoding-japanese'; export const decode = (b) => E.codeToString(E.convert(b, { to: 'UNICODE', from: 'SJIS' }));",
  },
  every: {
    '@exodus/bytes':
      "export * from '@exodus/bytes/encoding.js'; export * from '@exodus/bytes/multi-byte.js'; export * from '@exodus/bytes/single-byte.js';",
  },
};
// iconv-lite itself needs Node's Buffer (a polyfill of it in a browser bundle), so it is not bundled.
PEERS.iconvLite = {};
const installed = (name) => existsSync(new URL(`node_modules/${name}/package.json`, root));
async function peers(which) {
  const sizes = [];
  for (const [name, code] of Object.entries(PEERS[which]))
    if (installed(name)) sizes.push(`${name} ${kb(gz(await bundle(code)))}`);
  if (which === 'iconvLite') return "iconv-lite: not bundled, it needs Node's Buffer";
  return sizes.join(', ') || 'none installed';
}

// The main entry's TextDecoder fetches its single-byte decoders in JS (a chunk of their own) where
// only single-byte decoders of the host's are not exact (WebKit), and its wasm layer (another chunk)
// and the decoders' core where a UTF-8 or UTF-16 one is not, or delegation is off
// (js/host/browser/decoder_wasm.js); neither in Chromium or Firefox. Bundled with code splitting, as bundlers that split at dynamic imports
// ship it; each file gzipped by itself.
const decoder = await splitBundle("export { TextDecoder } from './js/index.js';");
// 'encoding-wasm/tables/all' in a browser fetches the combined module (tables/all.wasm: every
// family's codecs and tables, the drivers once) instead of the four family modules.
const everyJs = await bundle("import './js/tables/all.js'; export * from './js/index.js';");
const familySum = FAMILIES.reduce((sum, f) => sum + families[f.name], 0);
// The TextDecoder with the static tables entry for Shift_JIS: the family module decodes it, so no
// core is needed for it anywhere.
const japaneseJs = await splitBundle("import './js/tables/japanese.js'; export { TextDecoder } from './js/index.js';");
// encoding-wasm/iconv-lite used as iconv-lite is for one single-byte encoding (decode and encode; its
// encoder runs through encoding-wasm/errors, which says where the characters the encoding lacks are).
const iconvJs = await bundle("export { decode, encode } from './js/iconv_lite.js';");
const cases = [
  ['TextDecoder for windows-1252 (UTF-8, UTF-16, single-byte; host decoders exact)', decoder.loaded, 6, 'windows1252'],
  [
    '  the same in WebKit, whose ISO-8859-16 decoder is not exact (+ JS single-byte decoders, tables/single-byte.wasm)',
    decoder.loaded + decoder.lazy['js/host/browser/table_decoder.js'] + families['single-byte'],
    6,
    'windows1252',
  ],
  [
    '  the same with delegation off, or a host UTF-8/UTF-16 decoder not exact (+ wasm layer, encoding-lite.wasm)',
    decoder.loaded + decoder.lazy['js/wasm/decoder_wasm.js'] + gz(decodersCore),
    6,
    'windows1252',
  ],
  [
    'iconv-lite drop-in for windows-1251 (encoding-wasm/iconv-lite: decode, encode)',
    gz(core) + gz(iconvJs),
    null, // no target: the issue asks for the figure, not a bound
    'iconvLite',
  ],
  ['TextDecoder for Shift_JIS only (+ tables/japanese.wasm)', japaneseJs.loaded + families.japanese, 30, 'shiftJis'],
  [
    'every encoding: TextDecoder, TextEncoder, streams, encode (+ tables/all)',
    gz(core) + gz(everyJs) + families[COMBINED.name],
    80,
    'every',
  ],
];
console.log(
  `  (tables/${COMBINED.name}.wasm ${kb(families[COMBINED.name])} against the four family modules' and the part's ${kb(familySum)})`,
);
console.log('what a user ships (gzip -9, with the .wasm files fetched) | target | best peers, bundled the same way');
const caseRows = [];
for (const [name, size, target, which] of cases) {
  const verdict = target === null ? '' : size <= target * 1024 ? 'met' : `${kb(size - target * 1024)} over`;
  const peerSizes = await peers(which);
  const bound = target === null ? 'no target' : `≤ ${target} KB, ${verdict}`;
  console.log(`  ${name.padEnd(76)} ${kb(size).padStart(8)} | ${bound} | ${peerSizes}`);
  caseRows.push([name.trim(), kb(size), target === null ? 'none' : `${target} KB: ${verdict}`, peerSizes]);
}

// `npm run bench -- sizes --write-docs`: the same figures into README.md and docs/performance.md.
if (writingDocs()) {
  const details =
    'esbuild --bundle --minify --format=esm --platform=browser (the TextDecoder rows with --splitting: ' +
    'the files a page loads, each gzipped), gzip -9, with the .wasm files the code fetches';
  writeDocs({
    sizes: {
      command: 'sizes',
      timed: false,
      details,
      header: ['what the user ships', 'encoding-wasm', 'target', 'peers, bundled the same way'],
      rows: caseRows,
      align: ['l', 'r', 'r', 'l'],
    },
    'sizes-files': {
      command: 'sizes',
      timed: false,
      details: 'gzip -9',
      header: ['file', 'raw', 'gzip'],
      rows: rows.map(([name, raw, zipped]) => [name, kb(raw), kb(zipped)]),
    },
  });
}
