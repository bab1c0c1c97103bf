// The HTML standard's prescan of a document's first bytes for the encoding it declares: a <meta>
// element, or else an XML declaration.
import { getEncoding } from './get_encoding.js';

// How many bytes the prescan reads: "User agents are encouraged to only prescan the first 1024
// bytes" (https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm).
export const PRESCAN_LENGTH = 1024;

// Running out of bytes anywhere aborts the prescan.
class OutOfBytes {}
const OUT_OF_BYTES = new OutOfBytes();

const isSpace = (b) => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
const isLetter = (b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const lower = (b) => String.fromCharCode(b >= 0x41 && b <= 0x5a ? b + 0x20 : b);
const ASCII_WHITESPACE = '\t\n\f\r ';

// A reader of bytes[0, end): at(i) throws OUT_OF_BYTES past the end; peek(i) gives -1 there.
function reader(bytes, end) {
  return {
    at: (i) => {
      if (i >= end) throw OUT_OF_BYTES;
      return bytes[i];
    },
    peek: (i) => (i < end ? bytes[i] : -1),
    // The index of the first `byte` at or after `from` for which `also(i)` holds.
    find(from, byte, also = () => true) {
      for (let i = from; ; i++) if (this.at(i) === byte && also(i)) return i;
    },
  };
}

// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing
// { name, value, next (the position after it) }, or { name: null, next (the position of a '>') }:
// there isn't one.
function getAttribute({ at }, position) {
  while (isSpace(at(position)) || at(position) === 0x2f) position++;
  if (at(position) === 0x3e) return { name: null, next: position };
  let name = '';
  let value = '';
  const attribute = (next) => ({ name, value, next });
  let b;
  for (;;) {
    b = at(position);
    if (b === 0x3d && name !== '') {
      position++;
      break;
    }
    if (isSpace(b)) {
      // Spaces
      while (isSpace(at(position))) position++;
      if (at(position) !== 0x3d) return attribute(position);
      position++;
      break;
    }
    if (b === 0x2f || b === 0x3e) return attribute(position);
    name += lower(b);
    position++;
  }
  // Value
  while (isSpace(at(position))) position++;
  b = at(position);
  if (b === 0x22 || b === 0x27) {
    for (position++; at(position) !== b; position++) value += lower(at(position));
    return attribute(position + 1);
  }
  if (b === 0x3e) return attribute(position);
  for (; !isSpace(at(position)) && at(position) !== 0x3e; position++) value += lower(at(position));
  return attribute(position);
}

// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
// The label a content attribute's value gives after "charset=", or null (nothing).
export function labelInContent(s) {
  const lowered = s.replace(/[A-Z]+/g, (t) => t.toLowerCase());
  let position = 0;
  for (;;) {
    const found = lowered.indexOf('charset', position);
    if (found < 0) return null;
    position = found + 7;
    while (ASCII_WHITESPACE.includes(s[position] ?? 'x')) position++;
    if (s[position] === '=') break;
  }
  position++;
  while (ASCII_WHITESPACE.includes(s[position] ?? 'x')) position++;
  const c = s[position];
  if (c === '"' || c === "'") {
    const close = s.indexOf(c, position + 1);
    return close < 0 ? null : s.slice(position + 1, close);
  }
  if (c === undefined) return null;
  let end = position;
  while (end < s.length && !ASCII_WHITESPACE.includes(s[end]) && s[end] !== ';') end++;
  return s.slice(position, end);
}

// The steps for a <meta> element, from the space or slash after "<meta": { encoding, label,
// declaration } to return, or { next } (the position of its '>') to go on from.
function metaElement(read, position) {
  const names = new Set();
  let gotPragma = false;
  let needPragma = null;
  let charset; // undefined: the null value; null: failure
  let label;
  for (;;) {
    const { name, value, next } = getAttribute(read, position);
    position = next;
    if (name === null) break;
    if (names.has(name)) continue;
    names.add(name);
    if (name === 'http-equiv') {
      if (value === 'content-type') gotPragma = true;
    } else if (name === 'content') {
      const found = labelInContent(value);
      const encoding = found === null ? null : getEncoding(found);
      if (encoding !== null && charset === undefined) {
        [charset, label, needPragma] = [encoding, found, true];
      }
    } else if (name === 'charset') {
      [charset, label, needPragma] = [getEncoding(value), value, false];
    }
  }
  // Processing
  if (needPragma === null || (needPragma && !gotPragma) || charset === null) return { next: position };
  if (charset === 'utf-16be' || charset === 'utf-16le') charset = 'utf-8';
  if (charset === 'x-user-defined') charset = 'windows-1252';
  return { encoding: charset, label, declaration: needPragma ? '<meta http-equiv>' : '<meta charset>' };
}

const startsWith = ({ peek }, position, sequence) => sequence.every((b, i) => peek(position + i) === b);
const UTF16LE_XML = [0x3c, 0x00, 0x3f, 0x00, 0x78, 0x00];
const UTF16BE_XML = [0x00, 0x3c, 0x00, 0x3f, 0x00, 0x78];
const COMMENT = [0x3c, 0x21, 0x2d, 0x2d];

// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
// over bytes[0, end): { encoding, label, declaration, xml (whether an XML declaration decided) },
// or null. Running out of bytes gives "get an XML encoding" of the same bytes.
export function prescan(bytes, end = Math.min(bytes.length, PRESCAN_LENGTH)) {
  const read = reader(bytes, end);
  // Prescan for UTF-16 XML declarations
  if (startsWith(read, 0, UTF16LE_XML)) return { encoding: 'utf-16le', declaration: '<?xml> in UTF-16', xml: true };
  if (startsWith(read, 0, UTF16BE_XML)) return { encoding: 'utf-16be', declaration: '<?xml> in UTF-16', xml: true };
  try {
    for (let position = 0; ; position++) {
      const { at, peek } = read;
      if (at(position) !== 0x3c) continue;
      const next = peek(position + 1);
      if (startsWith(read, position, COMMENT)) {
        // The '>' of the first '-->' after the '<' (its '--' can be the one of '<!--').
        position = read.find(position + 4, 0x3e, (i) => bytes[i - 1] === 0x2d && bytes[i - 2] === 0x2d);
      } else if (
        (next | 0x20) === 0x6d &&
        (peek(position + 2) | 0x20) === 0x65 &&
        (peek(position + 3) | 0x20) === 0x74 &&
        (peek(position + 4) | 0x20) === 0x61 &&
        (isSpace(peek(position + 5)) || peek(position + 5) === 0x2f)
      ) {
        const found = metaElement(read, position + 5);
        if (found.encoding) return { ...found, xml: false };
        position = found.next;
      } else if (isLetter(next) || (next === 0x2f && isLetter(peek(position + 2)))) {
        while (!isSpace(at(position)) && at(position) !== 0x3e) position++;
        for (let name = ''; name !== null;) ({ name, next: position } = getAttribute(read, position));
      } else if (next === 0x21 || next === 0x2f || next === 0x3f) {
        position = read.find(position + 1, 0x3e);
      }
    }
  } catch (error) {
    if (error !== OUT_OF_BYTES) throw error;
  }
  const xml = xmlEncoding(bytes, end);
  return xml === null ? null : { ...xml, declaration: '<?xml encoding>', xml: true };
}

const XML_START = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // <?xml
const ENCODING = [0x65, 0x6e, 0x63, 0x6f, 0x64, 0x69, 0x6e, 0x67]; // encoding

// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-xml-encoding-when-sniffing
// over bytes[0, end): { encoding, label } or null (failure). The search for `encoding` stays
// within the declaration (before its first '>'), as the standard's xmlDeclarationEnd is for and as
// browsers and html-encoding-sniffer do.
export function xmlEncoding(bytes, end) {
  const read = reader(bytes, end);
  if (!startsWith(read, 0, XML_START)) return null;
  const declarationEnd = bytes.subarray(0, end).indexOf(0x3e);
  if (declarationEnd < 0) return null;
  const within = reader(bytes, declarationEnd);
  let position = 0;
  while (position < declarationEnd && !startsWith(within, position, ENCODING)) position++;
  if (position >= declarationEnd) return null;
  position += ENCODING.length;
  while (within.peek(position) !== -1 && bytes[position] <= 0x20) position++;
  if (within.peek(position) !== 0x3d) return null;
  position++;
  while (within.peek(position) !== -1 && bytes[position] <= 0x20) position++;
  const quoteMark = within.peek(position);
  if (quoteMark !== 0x22 && quoteMark !== 0x27) return null;
  position++;
  const close = bytes.subarray(0, declarationEnd).indexOf(quoteMark, position);
  if (close < 0) return null;
  const potential = bytes.subarray(position, close);
  if (potential.some((b) => b <= 0x20)) return null;
  const label = String.fromCharCode(...potential);
  let encoding = getEncoding(label);
  if (encoding === 'utf-16be' || encoding === 'utf-16le') encoding = 'utf-8';
  return encoding === null ? null : { encoding, label };
}
