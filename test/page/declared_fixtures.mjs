// The documents on which the CLI (test/cli/declared.test.mjs) and the page (harness.js, through
// fixtures.mjs) must both name the encoding: an HTML page with <meta charset=windows-1251>, an RSS
// feed whose XML declaration says ISO-8859-7, and a short Shift_JIS text (~300 bytes) with one bad
// byte. Expected: the encoding each declares and was encoded in (by @exodus/bytes, independent of
// this package). The Russian and Japanese text is the corpus's (bench/corpus/locate.mjs); the Greek
// headlines are written here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';

const GREEK_HEADLINES = [
  'ΑΘΗΝΑ: ΝΕΑ ΜΕΤΡΑ ΓΙΑ ΤΗΝ ΑΚΡΙΒΕΙΑ ΣΤΑ ΤΡΟΦΙΜΑ',
  'Η ΒΟΥΛΗ ΨΗΦΙΣΕ ΤΟ ΝΟΣΟΜΟΣΧΕΔΙΟ ΓΙΑ ΤΗΝ ΠΑΙΔΕΙΑ',
  'Καύσωνας σε όλη τη χώρα: έως 41 βαθμούς την Πέμπτη',
  'ΘΕΣΣΑΛΟΝΙΚΗ: ΑΝΟΙΓΕΙ ΤΟ ΜΕΤΡΟ ΤΟΝ ΝΟΕΜΒΡΙΟ',
];

const ascii = (text) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const concat = (parts) => Uint8Array.from(parts.flatMap((p) => [...p]));
const decode = (label, bytes) => new ExodusDecoder(label).decode(bytes);

// The first `n` characters of `text`, ending at a line's end where one is near.
function prefix(text, n) {
  const cut = text.slice(0, n);
  const end = cut.lastIndexOf('\n');
  return end > n / 2 ? cut.slice(0, end + 1) : cut;
}

// [{ name, bytes, encoding, source, declaration, label, text }]: text is the decoded document (the
// conversion's expected output, U+FFFD for the bad byte); label is the one its declaration names,
// written above (its first occurrence in the document is the declaration's).
export function declaredDocuments(corpus) {
  const russian = decode('windows-1251', readFileSync(join(corpus, 'ru.windows-1251.bin')));
  const japanese = decode('shift_jis', readFileSync(join(corpus, 'ja.shift_jis.bin')));
  const page = concat([
    ascii('<!DOCTYPE html>\n<html lang="ru">\n<head>\n<meta charset=windows-1251>\n<title>'),
    createSinglebyteEncoder('windows-1251')(
      `${prefix(russian, 40).trim()}</title>\n</head>\n<body>\n<p>${prefix(russian, 1500)}</p>\n</body>\n</html>\n`,
    ),
  ]);
  const feed = createSinglebyteEncoder('iso-8859-7')(
    '<?xml version="1.0" encoding="ISO-8859-7"?>\n<rss version="2.0"><channel><title>ΕΙΔΗΣΕΙΣ</title>\n' +
      GREEK_HEADLINES.map((h) => `<item><title>${h}</title></item>\n`).join('') +
      '</channel></rss>\n',
  );
  // About 300 bytes of Shift_JIS with one 0xFF (never a Shift_JIS byte) between two characters.
  const sjis = createMultibyteEncoder('shift_jis');
  const text = prefix(japanese.slice(japanese.indexOf('\n', 2000) + 1), 170);
  const half = Math.floor(text.length / 2);
  const damaged = concat([sjis(text.slice(0, half)), [0xff], sjis(text.slice(half))]);
  return [
    {
      name: 'page.windows-1251.html',
      bytes: page,
      encoding: 'windows-1251',
      source: 'meta',
      declaration: '<meta charset>',
      label: 'windows-1251',
    },
    {
      name: 'feed.iso-8859-7.xml',
      bytes: feed,
      encoding: 'iso-8859-7',
      source: 'xml',
      declaration: '<?xml encoding>',
      label: 'ISO-8859-7',
    },
    {
      name: 'damaged.shift_jis.txt',
      bytes: damaged,
      encoding: 'shift_jis',
      source: 'statistics',
      declaration: undefined,
    },
  ].map((d) => ({ ...d, text: decode(d.encoding, d.bytes) }));
}
