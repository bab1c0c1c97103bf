// Writes js/generated/iconv_lite_labels.js: iconv-lite's spellings of encoding names (the pinned
// devDependency's own list, iconv.encodings) mapped to the Encoding Standard's encoding that
// iconv-lite means by them, for encoding-wasm/iconv-lite. iconv-lite groups its names by codec
// (aliases of one codec); a group maps to a standard encoding when
//   (a) its codec's name, spelled as iconv-lite canonicalizes names (lower case, letters and digits
//       only), is a label of the standard: the group then means what the standard says that label
//       means (latin1 → windows-1252, as in the standard), and a member that is itself a label of
//       another encoding (iso-8859-8-i) keeps that one; or
//   (b) decoding every byte and every two-byte sequence with iconv-lite gives what one standard
//       decoder gives, except where iconv-lite writes U+FFFD (a byte or sequence its table leaves
//       out, or its error handling) and KNOWN_TABLE_DIFFERENCES.
// Anything else (UTF-7, UTF-32, CESU-8, the DOS and Mac code pages the standard lacks, …) is left
// out: encoding-wasm/iconv-lite rejects it. test/differential/iconv_lite.test.mjs checks the output
// is current and decodes every mapped name with both.
//   node tools/iconv_lite_labels.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { TextDecoder } from 'encoding-wasm';

const root = fileURLToPath(new URL('../', import.meta.url));
const OUT = `${root}js/generated/iconv_lite_labels.js`;
const iconv = createRequire(import.meta.url)('iconv-lite');

// iconv-lite's name canonicalization (its README: case, punctuation and a ":YYYY" year ignored).
export const canonical = (name) => `${name}`.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, '');

// Sequences both decode to a character, but another one: Microsoft's code page 950 has U+2593 at
// F9 FE, the standard's Big5 (index big5, from HKSCS) U+FFED.
export const KNOWN_TABLE_DIFFERENCES = { cp950: ['f9fe'] };

// The standard's encodings (lower-cased, as TextDecoder's `encoding`) by canonical label.
export function standardLabels() {
  const byCanonical = new Map();
  for (const { encodings } of JSON.parse(readFileSync(`${root}cpp/whatwg/encodings.json`, 'utf8')))
    for (const { name, labels } of encodings)
      for (const label of labels) {
        const key = canonical(label);
        if (byCanonical.has(key) && byCanonical.get(key) !== name.toLowerCase()) throw new Error(`${key} is ambiguous`);
        byCanonical.set(key, name.toLowerCase());
      }
  return byCanonical;
}

// iconv-lite's names grouped by the codec they lead to: { codec: [names] }.
export function iconvGroups() {
  iconv.getCodec('utf8'); // loads iconv.encodings
  const all = iconv.encodings;
  const codecOf = (name) => {
    while (typeof all[name] === 'string') name = all[name];
    return name;
  };
  const groups = {};
  for (const name of Object.keys(all)) if (!name.startsWith('_')) (groups[codecOf(name)] ??= []).push(name);
  return groups;
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');
// Every byte, and every two-byte sequence whose first byte is not ASCII.
export function probes() {
  const list = [];
  for (let a = 0; a < 256; a++) list.push([a]);
  for (let a = 0x80; a < 256; a++) for (let b = 0; b < 256; b++) list.push([a, b]);
  return list;
}

// Whether iconv-lite's decoder and the standard's `name` agree as (b) asks, on `list` (the single
// bytes first: most candidates fail there), with at least half of the probes decoded alike.
function agrees(codec, name, list = probes().slice(0, 256)) {
  let decoder;
  try {
    decoder = new TextDecoder(name);
  } catch {
    return false; // replacement
  }
  const known = KNOWN_TABLE_DIFFERENCES[codec] ?? [];
  let equal = 0;
  for (const bytes of list) {
    const theirs = iconv.decode(Buffer.from(bytes), codec, { stripBOM: false });
    const ours = decoder.decode(Uint8Array.from(bytes));
    if (theirs === ours) equal++;
    else if (!theirs.includes('\ufffd') && !known.includes(hex(bytes))) return false;
  }
  return equal * 2 >= list.length && (list.length > 256 || agrees(codec, name, probes()));
}

// { 'windows-1251': ['1251', 'cp1251', 'mscyrl', 'win1251', 'windows1251'], ... }
export function iconvLiteLabels() {
  const std = standardLabels();
  const names = [...new Set(std.values())];
  const map = {};
  for (const [codec, members] of Object.entries(iconvGroups())) {
    let target = std.get(codec);
    if (target === undefined) target = names.find((name) => agrees(codec, name));
    if (target === undefined || target === 'replacement') continue;
    for (const member of members) (map[std.get(member) ?? target] ??= []).push(member);
  }
  for (const list of Object.values(map)) list.sort();
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function generated() {
  const map = iconvLiteLabels();
  const lines = Object.entries(map).map(
    ([name, list]) => `  ${JSON.stringify(name)}: ${JSON.stringify(list.join(' '))},`,
  );
  return `// GENERATED by tools/iconv_lite_labels.mjs from iconv-lite ${iconv.version ?? JSON.parse(readFileSync(createRequire(import.meta.url).resolve('iconv-lite/package.json'), 'utf8')).version}. DO NOT EDIT.

// iconv-lite's names (canonical: lower case, letters and digits) of the encodings it shares with
// the Encoding Standard, by the standard's name, space-separated.
export const ICONV_LITE_LABELS = {
${lines.join('\n')}
};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = generated();
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      console.error('js/generated/iconv_lite_labels.js is stale: run node tools/iconv_lite_labels.mjs');
      process.exit(1);
    }
  } else writeFileSync(OUT, text);
}
