// The charset of a Content-Type value: the transport layer's word on a document's encoding.
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

// https://fetch.spec.whatwg.org/#collect-an-http-quoted-string, with extract-value true.
// Returns [value, the position after it].
function collectQuotedString(input, position) {
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
  return [value, position];
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

// The encoding a Content-Type value's charset parameter names: { encoding, label }, or null when
// the value is no MIME type, has no charset, or names no encoding the standard knows.
export function transportCharset(contentType) {
  const label = parseMimeType(contentType)?.parameters.get('charset');
  const encoding = label === undefined ? null : getEncoding(label);
  return encoding === null ? null : { encoding, label };
}
