// `node:fs` for the Vitest browser project, just enough for cpp/tools/whatwg_data.mjs: the suites
// read the Encoding Standard's data files (cpp/whatwg/) through it, and in Chromium those files come
// from Vite as raw text instead. The data readers themselves run unchanged, so the browser project
// computes its expectations with the same code as the Node project. Anything else is ENOENT.
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

export function existsSync(file) {
  return files.has(nameOf(file));
}

export function readFileSync(file, options) {
  const text = files.get(nameOf(file));
  if (text === undefined) throw enoent(file);
  const encoding = typeof options === 'string' ? options : options?.encoding;
  return encoding ? text : new TextEncoder().encode(text);
}

export default { existsSync, readFileSync };
