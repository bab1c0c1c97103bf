// The candidate encodings: the default set and its order (which also breaks ties), the label of
// each option resolved to a name, and the group of languages a hint points to.
import { CJK_GROUP, HINTS, LABELS, SINGLE_BYTE } from './generated_tables.js';
import * as MESSAGES from '../webidl/messages.js';
import { DETECT_MESSAGES } from './messages.js';

// The encodings detect() considers unless told otherwise, most likely first (a tie goes to the
// earlier one). Legacy encodings whose text decodes the same in an earlier one (ISO-8859-1 text as
// windows-1252, KOI8-R text as KOI8-U, gb18030 as GBK) are not listed separately.
export const DEFAULT_CANDIDATES = [
  'utf-8',
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'gbk',
  'shift_jis',
  'euc-kr',
  'big5',
  'euc-jp',
  'iso-2022-jp',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'windows-874',
  'koi8-r',
  'koi8-u',
  'iso-8859-2',
  'iso-8859-5',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-6',
  'iso-8859-13',
  'iso-8859-4',
  'ibm866',
  'x-mac-cyrillic',
];

// The group of each encoding with statistics: a single-byte group's index, or a CJK group's name.
export const GROUP_OF = new Map();
SINGLE_BYTE.forEach((g, index) => g.maps.forEach(({ name }) => GROUP_OF.set(name, index)));
for (const [name, group] of Object.entries(CJK_GROUP)) GROUP_OF.set(name, group);

// https://encoding.spec.whatwg.org/#concept-encoding-get, for the labels in the options.
const ASCII_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;
export function nameOf(label) {
  const key = `${label}`.replace(ASCII_WHITESPACE, '').replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const name = Object.hasOwn(LABELS, key) ? LABELS[key] : undefined;
  if (name === undefined || name === 'replacement') throw new RangeError(MESSAGES.badLabel(label));
  return name;
}

// The candidate names, in the default order where they have one, then in the order given.
export function candidateNames(candidates, allowUTF8) {
  let names = DEFAULT_CANDIDATES;
  if (candidates !== undefined) {
    if (candidates === null || typeof candidates[Symbol.iterator] !== 'function' || typeof candidates === 'string')
      throw new TypeError(DETECT_MESSAGES.badCandidates);
    const given = new Set();
    for (const label of candidates) given.add(nameOf(label));
    const rank = (name) => {
      const i = DEFAULT_CANDIDATES.indexOf(name);
      return i < 0 ? DEFAULT_CANDIDATES.length : i;
    };
    names = [...given].sort((a, b) => rank(a) - rank(b));
  }
  if (!allowUTF8) names = names.filter((name) => name !== 'utf-8');
  if (names.length === 0) throw new RangeError(DETECT_MESSAGES.noCandidates);
  return names;
}

// The group a hint names: a language tag ("ja", "zh-TW", "sr-Latn") or a domain or top-level
// domain ("example.co.jp", "ru"). Null for a hint that names none.
export function hintGroup(hint) {
  if (hint === undefined) return null;
  if (typeof hint !== 'string') throw new TypeError(DETECT_MESSAGES.badHint);
  const key = hint.trim().toLowerCase().replace(/_/g, '-');
  const tld = key.slice(key.lastIndexOf('.') + 1);
  if (key.includes('.')) return HINTS.find((h) => h.tlds.includes(tld))?.group ?? null;
  // The longest prefix of the tag that a group lists ("zh-hant-tw" -> "zh-hant"), else a TLD.
  for (let tag = key; tag !== ''; tag = tag.slice(0, Math.max(0, tag.lastIndexOf('-')))) {
    const found = HINTS.find((h) => h.tags.includes(tag));
    if (found) return found.group;
  }
  return HINTS.find((h) => h.tlds.includes(key))?.group ?? null;
}
