// The charset of a Content-Type value: the transport layer's word on a document's encoding, as the
// Fetch standard extracts a MIME type from its header(s) and MIME Sniffing parses each.
import { getEncoding } from './get_encoding.js';

const HTTP_WHITESPACE = '\n\r\t ';
const isHttpWhitespace = (c) => HTTP_WHITESPACE.includes(c);
// https://mimesniff.spec.whatwg.org/#http-token-code-point
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point
const HTTP_QUOTED_STRING_TOKEN = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;
const asciiLowercase = (s) => s.replace(/[A-Z]+/g, (t) => t.toLowerCase());
const trimTrailing = (s) => {
  let end = s.length;
  while (end > 0 && isHttpWhitespace(s[end - 1])) end--;
  return s.slice(0, end);
};

// https://fetch.spec.whatwg.org/#collect-an-http-quoted-string: [the value (extract-value true) or
// the string as written, quotes and backslashes included (false), the position after it].
function collectQuotedString(input, position, extractValue = true) {
  const start = position;
  let value = '';
  position++; // the opening U+0022 (")
  for (;;) {
    while (position < input.length && input[position] !== '"' && input[position] !== '\\') value += input[position++];
    if (position >= input.length) break;
    const quoteOrBackslash = input[position++];
    if (quoteOrBackslash === '\\') {
      if (position >= input.length) {
        value += '\\';
        break;
      }
      value += input[position++];
    } else break;
  }
  return [extractValue ? value : input.slice(start, position), position];
}

// https://mimesniff.spec.whatwg.org/#parse-a-mime-type
// { type, subtype, parameters (a Map, lower-case names) } or null (failure).
export function parseMimeType(string) {
  let start = 0;
  let end = string.length;
  while (start < end && isHttpWhitespace(string[start])) start++;
  while (end > start && isHttpWhitespace(string[end - 1])) end--;
  const input = string.slice(start, end);
  let position = input.indexOf('/');
  if (position < 0) return null;
  const type = input.slice(0, position);
  if (!HTTP_TOKEN.test(type)) return null;
  position++;
  let semicolon = input.indexOf(';', position);
  if (semicolon < 0) semicolon = input.length;
  const subtype = trimTrailing(input.slice(position, semicolon));
  if (!HTTP_TOKEN.test(subtype)) return null;
  position = semicolon;
  const parameters = new Map();
  while (position < input.length) {
    position++; // the U+003B (;)
    while (position < input.length && isHttpWhitespace(input[position])) position++;
    let nameEnd = position;
    while (nameEnd < input.length && input[nameEnd] !== ';' && input[nameEnd] !== '=') nameEnd++;
    const name = asciiLowercase(input.slice(position, nameEnd));
    position = nameEnd;
    if (position < input.length) {
      if (input[position] === ';') continue;
      position++; // the U+003D (=)
    }
    if (position >= input.length) break;
    let value;
    if (input[position] === '"') {
      [value, position] = collectQuotedString(input, position);
      while (position < input.length && input[position] !== ';') position++;
    } else {
      let valueEnd = input.indexOf(';', position);
      if (valueEnd < 0) valueEnd = input.length;
      value = trimTrailing(input.slice(position, valueEnd));
      position = valueEnd;
      if (value === '') continue;
    }
    if (HTTP_TOKEN.test(name) && HTTP_QUOTED_STRING_TOKEN.test(value) && !parameters.has(name)) {
      parameters.set(name, value);
    }
  }
  return { type: asciiLowercase(type), subtype: asciiLowercase(subtype), parameters };
}

// https://fetch.spec.whatwg.org/#header-value-get-decode-and-split, from the decoded value on: the
// comma-separated values of a header (those of several headers of one name are joined by ", "), a
// comma within a quoted string no separator.
export function splitHeaderValue(input) {
  const values = [];
  let position = 0;
  let value = '';
  for (;;) {
    let end = position;
    while (end < input.length && input[end] !== '"' && input[end] !== ',') end++;
    value += input.slice(position, end);
    position = end;
    if (position < input.length && input[position] === '"') {
      let quoted;
      [quoted, position] = collectQuotedString(input, position, false);
      value += quoted;
      if (position < input.length) continue;
    }
    values.push(value.replace(/^[\t ]+|[\t ]+$/g, ''));
    value = '';
    if (position >= input.length) return values;
    position++; // the U+002C (,)
  }
}

// https://fetch.spec.whatwg.org/#concept-header-extract-mime-type, for the value of the
// Content-Type header(s): the last MIME type among its values, with the charset of an earlier value
// of the same essence where it has none of its own; null (failure) without one.
export function extractMimeType(contentType) {
  let charset = null;
  let essence = null;
  let mimeType = null;
  for (const value of splitHeaderValue(contentType)) {
    const parsed = parseMimeType(value);
    if (parsed === null || (parsed.type === '*' && parsed.subtype === '*')) continue;
    mimeType = parsed;
    const its = `${parsed.type}/${parsed.subtype}`;
    if (its !== essence) {
      charset = parsed.parameters.get('charset') ?? null;
      essence = its;
    } else if (!parsed.parameters.has('charset') && charset !== null) parsed.parameters.set('charset', charset);
  }
  return mimeType;
}

// The encoding a Content-Type value's charset parameter names: { encoding, label }, or null when
// the value holds no MIME type, it has no charset, or that names no encoding the standard knows.
export function transportCharset(contentType) {
  const label = extractMimeType(contentType)?.parameters.get('charset');
  const encoding = label === undefined ? null : getEncoding(label);
  return encoding === null ? null : { encoding, label };
}
