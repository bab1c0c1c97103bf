// The real-world evaluation set of the detector (bench/detect_real.mjs, test/js/detect_real.test.js,
// docs/detection.md "How the evaluation set is built"): documents as they are found on disk and on
// the web, made deterministically (a seeded generator) from text the detector was never trained on,
// wrapped in markup and boilerplate written here (ASCII, as such markup is):
// - the text: the held-out units of the UDHR translations (corpus.mjs units(true), without their
//   headings: units 0, 3, 6, … of each translation; train.mjs trains on the others), and for lists
//   the CLDR names of countries (cldr-localenames-full, the "cldr" evaluation set, never trained on);
// - the kinds: HTML pages with and without <meta charset>, RSS feeds with an XML declaration and
//   headlines in capitals, e-mail messages (headers, then an 8-bit body), SRT subtitles, CSV files,
//   source code with comments and strings, text in capitals, mostly-ASCII notes with a few words of
//   the language, and plain prose;
// - three sizes: short (a few sentences), medium (two or three units), long (every held-out unit);
// - damaged copies: 1, 3 or 10 bytes overwritten (at seeded positions) by a byte the encoding's
//   decoder rejects wherever it stands (none for encodings that decode every byte: KOI8, IBM866, …).
// Each document is encoded in each encoding of its group and in UTF-8 by the package's encoders; a
// text an encoding cannot write is left out of that encoding's documents, except in HTML and XML,
// which write such characters as &#NNNN; (the encoders' "html" error mode, as browsers submit forms).
import { readFileSync } from 'node:fs';
import { GROUPS } from './languages.mjs';
import { legacyForm, units } from './corpus.mjs';

// xorshift32: the same documents on every machine.
export function prng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// The first `n` words of `text` (a headline made of a sentence's start); for text without spaces
// (Chinese, Japanese, Thai) its first 2n characters.
function firstWords(text, n) {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 3) return [...text].slice(0, 2 * n).join('');
  return words
    .slice(0, n)
    .join(' ')
    .replace(/[,.;:]$/, '');
}
const wordsOf = (text) => text.split(/[\s,.;:()«»"“”„]+/).filter((w) => w.length > 1);
const hasNonAscii = (s) => /[^\x00-\x7f]/.test(s);
// Lines of at most `width` characters, broken at spaces (or anywhere in text without spaces).
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.includes(' ') ? text.split(' ') : [...text]) {
    const sep = text.includes(' ') && line !== '' ? ' ' : '';
    if (line !== '' && line.length + sep.length + word.length > width) {
      lines.push(line);
      line = word;
    } else line += sep + word;
  }
  if (line !== '') lines.push(line);
  return lines;
}
const pad = (n, width = 2) => String(n).padStart(width, '0');
const date = (rng) => `2024-${pad(1 + rng.int(12))}-${pad(1 + rng.int(28))}`;

// Each kind: (parts, rng) => { text, markup } where parts = { paragraphs, headlines, names, lang,
// label }: the text's paragraphs, headlines from it, names of countries, a language tag and the
// encoding's label as a page would write it.
const KINDS = {
  'html-meta': (p, rng) => html(p, rng, true),
  html: (p, rng) => html(p, rng, false),
  rss: (p, rng) => {
    const items = p.paragraphs.map((para, i) =>
      [
        '  <item>',
        `    <title>${escapeXml(p.headlines[i % p.headlines.length].toUpperCase())}</title>`,
        `    <link>https://news.example.org/${date(rng)}/story-${1000 + rng.int(9000)}.html</link>`,
        `    <guid isPermaLink="false">urn:uuid:${(rng.int(2 ** 32) >>> 0).toString(16).padStart(8, '0')}-4b1f-9e2a</guid>`,
        `    <pubDate>Mon, ${pad(1 + rng.int(28))} Mar 2024 ${pad(rng.int(24))}:${pad(rng.int(60))}:00 +0000</pubDate>`,
        rng() < 0.5
          ? `    <description><![CDATA[<p>${para}</p>]]></description>`
          : `    <description>${escapeXml(para)}</description>`,
        '  </item>',
      ].join('\n'),
    );
    const text = [
      `<?xml version="1.0" encoding="${p.label}"?>`,
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `  <title>${escapeXml(p.headlines[0].toUpperCase())}</title>`,
      '  <link>https://news.example.org/</link>',
      `  <language>${p.lang}</language>`,
      '  <atom:link href="https://news.example.org/rss.xml" rel="self" type="application/rss+xml"/>',
      ...items,
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
    return { text, markup: true };
  },
  mail: (p, rng) => {
    const text = [
      `Return-Path: <editor${rng.int(100)}@mail.example.net>`,
      `Received: from mx${rng.int(9)}.example.net (mx.example.net [192.0.2.${rng.int(255)}]) by mail.example.org with ESMTP id ${rng.int(1e9)}`,
      `Date: Tue, ${pad(1 + rng.int(28))} Apr 2024 09:${pad(rng.int(60))}:11 +0200`,
      'From: editor@example.net',
      'To: list@lists.example.org',
      `Subject: ${p.headlines[0]}`,
      `Message-ID: <${rng.int(1e9)}.${rng.int(1e6)}@example.net>`,
      'MIME-Version: 1.0',
      `Content-Type: text/plain; charset=${p.label}; format=flowed`,
      'Content-Transfer-Encoding: 8bit',
      '',
      ...p.paragraphs.flatMap((para) => [...wrap(para, 72), '']),
      '-- ',
      'Sent from the list server, https://lists.example.org/mailman/listinfo',
      '',
    ].join('\n');
    return { text, markup: true };
  },
  srt: (p, rng) => {
    const lines = p.paragraphs.flatMap((para) => wrap(para, 42));
    const cues = [];
    let t = 1000 + rng.int(60000);
    const stamp = (ms) =>
      `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
    for (let i = 0; i < lines.length; i += 2) {
      const end = t + 1500 + rng.int(3000);
      cues.push(`${cues.length + 1}\n${stamp(t)} --> ${stamp(end)}\n${lines.slice(i, i + 2).join('\n')}\n`);
      t = end + 200 + rng.int(800);
    }
    return { text: cues.join('\n'), markup: true };
  },
  csv: (p, rng) => {
    const rows = ['id;name;iso;population;updated'];
    const count = Math.max(4, Math.min(p.names.length, p.paragraphs.join('').length / 40));
    for (let i = 0; i < count; i++) {
      const name = p.names[(i * 7) % p.names.length];
      rows.push(`${i + 1};"${name}";${rng.int(999)};${rng.int(2e8)};${date(rng)}`);
    }
    return { text: `${rows.join('\r\n')}\r\n`, markup: true };
  },
  code: (p, rng) => {
    const out = [
      '/*',
      ...wrap(p.headlines[0], 70).map((l) => ` * ${l}`),
      ' *',
      ' * SPDX-License-Identifier: MIT',
      ' */',
      "import { readFile } from 'node:fs/promises';",
      '',
    ];
    p.paragraphs.forEach((para, i) => {
      out.push(...wrap(para, 76).map((l) => `// ${l}`));
      out.push(`export async function step${i}(path, options = {}) {`);
      out.push(`  const data = await readFile(path, { encoding: 'latin1' });`);
      out.push(`  if (!data.length) throw new Error(${JSON.stringify(firstWords(para, 4))});`);
      out.push(`  return data.split('\\n').filter((line) => line.length > ${rng.int(80)});`, '}', '');
    });
    return { text: out.join('\n'), markup: true };
  },
  capitals: (p) => ({ text: `${p.paragraphs.map((para) => para.toUpperCase()).join('\n\n')}\n`, markup: false }),
  // ASCII notes with a few words of the language: a word every ~25 ASCII words.
  'mostly-ascii': (p, rng) => {
    const words = wordsOf(p.paragraphs.join(' ')).filter(hasNonAscii);
    const filler = [
      'Meeting notes, see https://wiki.example.org/page?id=42 and the attached file report_v2.pdf.',
      'Action items: update the build (make -j4), check the logs in /var/log/app/, ping the team.',
      'The next release is planned for Q3; version 2.4.1 fixes issues #118 and #131.',
      'Contact: support@example.org, phone +1 555 0100, office hours 9:00-17:00.',
    ];
    const out = [];
    const count = Math.max(1, Math.min(words.length, Math.round(p.paragraphs.join('').length / 150)));
    for (let i = 0; i < count; i++) {
      out.push(`${filler[i % filler.length]} Also: ${words.length ? words[rng.int(words.length)] : ''}.`);
    }
    return { text: `${out.join('\n')}\n`, markup: false };
  },
  prose: (p) => ({ text: `${p.paragraphs.join('\n\n')}\n`, markup: false }),
};
export const DOCUMENT_KINDS = Object.keys(KINDS);

function html(p, rng, meta) {
  const nav = p.headlines
    .slice(0, 4)
    .map((h, i) => `<li><a href="/section/${i + 1}/">${escapeXml(firstWords(h, 2))}</a></li>`);
  const text = [
    '<!DOCTYPE html>',
    `<html lang="${p.lang}">`,
    '<head>',
    ...(meta
      ? [
          rng() < 0.5
            ? `<meta charset="${p.label}">`
            : `<meta http-equiv="Content-Type" content="text/html; charset=${p.label}">`,
        ]
      : []),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(p.headlines[0])} &ndash; Example News</title>`,
    `<link rel="stylesheet" href="/static/css/main.css?v=${rng.int(1e6)}">`,
    '<script src="/static/js/app.js" defer></script>',
    '</head>',
    '<body class="article-page">',
    '<header><a href="/" class="logo"><img src="/img/logo.svg" alt="" width="120" height="32"></a>',
    `<nav><ul>${nav.join('')}</ul></nav></header>`,
    '<main><article>',
    `<h1>${escapeXml(p.headlines[0])}</h1>`,
    `<p class="byline">${date(rng)} &middot; <a href="/author/${rng.int(500)}">${escapeXml(firstWords(p.headlines.at(-1), 2))}</a></p>`,
    ...p.paragraphs.map((para) => `<p>${escapeXml(para)}</p>`),
    '</article></main>',
    '<footer><p>&copy; 2024 Example News &middot; <a href="/privacy">Privacy</a></p></footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { text, markup: true };
}

const SIZES = ['short', 'medium', 'long'];
// The held-out paragraphs of a translation for a size: the first 1-2 sentences of a unit (short),
// two or three units (medium), every held-out unit (long).
function paragraphsFor(unitTexts, size, rng) {
  const lines = unitTexts.map((t) => t.split('\n').filter(Boolean));
  const start = rng.int(unitTexts.length);
  if (size === 'long') return lines.flat();
  if (size === 'medium') return [0, 1, 2].flatMap((k) => lines[(start + k) % lines.length]).slice(0, 3 + rng.int(8));
  const para = lines[start].join(' ');
  const sentences = para.match(/[^.!?。！？]+[.!?。！？]*/g) ?? [para];
  return [
    sentences
      .slice(0, 1 + rng.int(2))
      .join('')
      .trim(),
  ].map((s) => [...s].slice(0, 300).join(''));
}

// The CLDR names of countries of a group's locales (the "cldr" evaluation set's text).
function countryNames(group) {
  const names = [];
  for (const locale of group.cldr) {
    const file = new URL(`main/${locale}/territories.json`, import.meta.resolve('cldr-localenames-full/package.json'));
    const json = JSON.parse(readFileSync(file, 'utf8'));
    for (const [key, name] of Object.entries(json.main[locale].localeDisplayNames.territories))
      if (!key.includes('-alt-') && !/^\d/.test(key)) names.push(legacyForm(name.normalize('NFC'), group.group));
  }
  return names;
}

// The label a page in `encoding` would declare (what real pages write: the names people use).
const DECLARED = { 'windows-874': 'TIS-620', gbk: 'GB2312', 'euc-kr': 'EUC-KR', shift_jis: 'Shift_JIS' };
const LANG = (code) => code.split('_')[0].slice(0, 2);

// The documents: [{ id, group, code, encoding, kind, size, markup, text, bytes }], all of them
// (`options.kinds`, `options.every`: a subset for the tests: every `every`-th translation).
export async function realWorldDocuments({ seed = 22, every = 1, kinds = DOCUMENT_KINDS } = {}) {
  const { encode } = await import('../../js/index.js');
  const heldOut = units(true);
  const docs = [];
  const rng = prng(seed);
  let t = 0;
  for (const group of GROUPS) {
    const names = countryNames(group);
    for (const code of group.udhr) {
      if (t++ % every !== 0) continue;
      // Without the heading line ("Article 3"): it repeats the training text's headings.
      const unitTexts = heldOut
        .filter((u) => u.code === code)
        .map((u) => u.text.slice(u.text.indexOf('\n') + 1))
        .filter((text) => text.trim() !== '');
      if (unitTexts.length === 0) continue;
      for (const encoding of [...group.encodings, 'utf-8']) {
        for (const kind of kinds) {
          const size = SIZES[rng.int(SIZES.length)];
          const paragraphs = paragraphsFor(unitTexts, size, rng);
          const headlines = paragraphs.map((para) => firstWords(para, 7));
          const label = encoding === 'utf-8' ? 'utf-8' : (DECLARED[encoding] ?? encoding.toUpperCase());
          const parts = { paragraphs, headlines, names, lang: LANG(code), label };
          const { text, markup } = KINDS[kind](parts, rng);
          const lax = kind === 'html' || kind === 'html-meta' || kind === 'rss';
          let bytes;
          try {
            bytes = encode(text, encoding, lax ? { errorMode: 'html' } : undefined);
          } catch {
            continue; // a character the encoding cannot write
          }
          docs.push({
            id: `${code}/${encoding}/${kind}/${size}`,
            group: group.group,
            code,
            encoding,
            kind,
            size,
            markup,
            bytes,
          });
        }
      }
    }
  }
  return docs;
}

// The bytes >= 0x80 the decoder of `encoding` rejects wherever they stand (after ASCII, and after
// each byte >= 0x80 that starts a character or is one), found by running the package's decoders.
const rejectedCache = new Map();
export async function rejectedBytes(encoding) {
  if (!rejectedCache.has(encoding)) {
    const { TextDecoder } = await import('../../js/index.js');
    // Whether decoding `bytes` as the start of a text reports an error (a character cut off at
    // the end is none).
    const fails = (bytes) => {
      try {
        new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
        return false;
      } catch {
        return true;
      }
    };
    const starts = [];
    for (let p = 0x80; p < 0x100; p++) if (!fails(Uint8Array.of(0x20, p))) starts.push(p);
    const list = [];
    for (let b = 0x80; b < 0x100; b++)
      if (fails(Uint8Array.of(0x20, b)) && starts.every((p) => fails(Uint8Array.of(0x20, p, b)))) list.push(b);
    rejectedCache.set(encoding, list);
  }
  return rejectedCache.get(encoding);
}

// A copy of `doc.bytes` with `count` bytes overwritten, at seeded positions, by bytes its encoding
// rejects; null where the encoding rejects no byte, and for a document in ASCII (no byte >= 0x80, no
// ISO-2022-JP escape): nothing in it tells its encoding, and any 8-bit reading decodes a bad byte.
export async function damaged(doc, count, seed = 1) {
  const bad = await rejectedBytes(doc.encoding);
  const ascii = doc.bytes.every((b) => b < 0x80 && b !== 0x1b);
  if (bad.length === 0 || ascii || doc.bytes.length < 2 * count) return null;
  const rng = prng(seed ^ (doc.bytes.length * 2654435761));
  const bytes = doc.bytes.slice();
  const used = new Set();
  while (used.size < count) {
    const at = rng.int(bytes.length);
    if (used.has(at)) continue;
    used.add(at);
    bytes[at] = bad[rng.int(bad.length)];
  }
  return bytes;
}

export const sizeBucket = (length) => (length < 1024 ? '< 1 KiB' : length <= 8192 ? '1-8 KiB' : '> 8 KiB');
