// `node:fs` for the Vitest browser projects, just enough for tools/generator/whatwg_data.mjs and
// corpus.test.js:
// - the suites read the Encoding Standard's data files (cpp/whatwg/) through it, and in the browser
//   those files come from Vite as raw text instead. The data readers themselves run unchanged, so
//   the browser projects compute their expectations with the same code as the Node project.
// - corpus.test.js reads the corpus from $ENCODING_WASM_CORPUS, which setup.js sets to /__corpus
//   (file:///__corpus/ in the test), the path under which vitest.config.js serves the corpus
//   directory; its files are fetched with a synchronous request (readFileSync is synchronous), as
//   bytes (x-user-defined maps each byte 0x80-0xFF to U+F780-U+F7FF: the low byte of each code
//   unit is the byte).
// Anything else is ENOENT.
import encodingsJson from '../../../cpp/whatwg/encodings.json?raw';

const indexes = import.meta.glob('../../../cpp/whatwg/index-*.txt', { query: '?raw', import: 'default', eager: true });

const files = new Map([['encodings.json', encodingsJson]]);
for (const [key, text] of Object.entries(indexes)) files.set(key.split('/').pop(), text);

// Vite rewrites whatwg_data.mjs's `new URL('../whatwg/', import.meta.url)` to the directory's URL
// without its trailing slash, so the files come out as /cpp/<name>: match on the name under /cpp/.
function nameOf(file) {
  const { pathname } = file instanceof URL ? file : new URL(String(file), location.href);
  return pathname.startsWith('/cpp/') ? pathname.split('/').pop() : null;
}

function enoent(file) {
  const error = new Error(`ENOENT: no such file in the browser test project: ${file}`);
  error.code = 'ENOENT';
  return error;
}

const corpusPath = (file) => {
  const { protocol, pathname } = file instanceof URL ? file : new URL(String(file), location.href);
  return protocol === 'file:' && /^\/__corpus\/[^/]+$/.test(pathname) ? pathname : null;
};

function fetchBytes(path) {
  const request = new XMLHttpRequest();
  request.open('GET', path, false);
  request.overrideMimeType('text/plain; charset=x-user-defined');
  request.send();
  if (request.status !== 200) return null;
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export function existsSync(file) {
  const path = corpusPath(file);
  return path ? fetchBytes(path) !== null : files.has(nameOf(file));
}

export function readFileSync(file, options) {
  const encoding = typeof options === 'string' ? options : options?.encoding;
  const path = corpusPath(file);
  if (path) {
    const bytes = fetchBytes(path);
    if (bytes === null) throw enoent(file);
    return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
  }
  const text = files.get(nameOf(file));
  if (text === undefined) throw enoent(file);
  return encoding ? text : new TextEncoder().encode(text);
}

export default { existsSync, readFileSync };
