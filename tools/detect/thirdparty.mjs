// The third-party evaluation set: text nobody here wrote or chose, and the detector was never trained
// on: the translated compiler messages of the npm package typescript (a pinned devDependency of the root,
// Apache-2.0; node_modules/typescript/lib/<locale>/diagnosticMessages.generated.json), in the
// languages TypeScript is translated into. Messages are real UI text: sentences with quoted names,
// '{0}' placeholders, option names and code in ASCII among the language's letters. Each document is
// consecutive messages, one a line, from a seeded position: short (3 messages), medium (15) or
// long (60); it is encoded by the package's encoders into every legacy encoding of its language
// (a message with a character the encoding cannot write is left out of that encoding's document)
// and UTF-8. (No npm package in node_modules has text files in a legacy encoding, so the encoding
// is ours; the text is not.)
import { readFileSync } from 'node:fs';
import { prng } from './realworld.mjs';
import { legacyForm } from './corpus.mjs';

// TypeScript's locales, the detector's group of each and the legacy encodings that write it.
const LOCALES = {
  de: ['western', ['windows-1252']],
  es: ['western', ['windows-1252']],
  fr: ['western', ['windows-1252']],
  it: ['western', ['windows-1252']],
  'pt-br': ['western', ['windows-1252']],
  cs: ['central', ['windows-1250', 'iso-8859-2']],
  pl: ['central', ['windows-1250', 'iso-8859-2']],
  ru: ['cyrillic', ['windows-1251', 'koi8-r', 'koi8-u', 'ibm866', 'iso-8859-5', 'x-mac-cyrillic']],
  tr: ['turkish', ['windows-1254']],
  ja: ['japanese', ['shift_jis', 'euc-jp', 'iso-2022-jp']],
  'zh-cn': ['chinese-simplified', ['gbk']],
  'zh-tw': ['chinese-traditional', ['big5']],
  ko: ['korean', ['euc-kr']],
};
const SIZES = { short: 3, medium: 15, long: 60 };
// Documents of each size for each locale and encoding.
const PER_SIZE = 4;

function messages(locale) {
  const file = new URL(
    `lib/${locale}/diagnosticMessages.generated.json`,
    import.meta.resolve('typescript/package.json'),
  );
  return Object.values(JSON.parse(readFileSync(file, 'utf8'))).map((m) => m.normalize('NFC'));
}

// [{ id, locale, encoding, size, bytes }], the same on every machine.
export async function thirdPartyDocuments({ seed = 22 } = {}) {
  const { encode } = await import('../../js/index.js');
  const rng = prng(seed);
  const docs = [];
  for (const [locale, [group, encodings]] of Object.entries(LOCALES)) {
    const all = messages(locale);
    for (const [size, count] of Object.entries(SIZES))
      for (let n = 0; n < PER_SIZE; n++) {
        const start = rng.int(all.length - count);
        const picked = all.slice(start, start + count);
        for (const encoding of [...encodings, 'utf-8']) {
          const lines = [];
          for (const message of picked) {
            const text = encoding === 'utf-8' ? message : legacyForm(message, group);
            try {
              encode(text, encoding);
              lines.push(text);
            } catch {} // a character the encoding cannot write
          }
          if (lines.length === 0) continue;
          docs.push({
            id: `${locale}/${encoding}/${size}/${start}`,
            locale,
            encoding,
            size,
            bytes: encode(`${lines.join('\n')}\n`, encoding),
          });
        }
      }
  }
  return docs;
}
