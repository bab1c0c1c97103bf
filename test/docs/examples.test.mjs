// Every JavaScript example of README.md and docs/*.md runs in Node as it is written, importing the
// package by its name from a project of its own (node_modules/encoding-wasm is this checkout, so
// the built dist/ must exist: npm test builds first). docs/runtimes.md is left out: its project files
// run in every host through test/hosts/readme/run.mjs. A block preceded by
// `<!-- example: not run, REASON -->` is skipped with that reason.
// Each `console.log(x); // "text"` (or `// 123`) is checked: what it prints must be that text (or
// number), so the outputs the docs promise are the outputs the examples give. A module whose
// default export has a fetch() (a Worker) is called once, and its response must parse as JSON.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { docFiles } from '../../bench/docs_tables.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'docs-examples-'));
mkdirSync(join(project, 'node_modules'));
symlinkSync(root, join(project, 'node_modules/encoding-wasm'), 'dir');
writeFileSync(join(project, 'package.json'), '{ "name": "docs-examples", "private": true, "type": "module" }\n');
after(() => rmSync(project, { recursive: true, force: true }));

// The ```js blocks of a document: { line, code, skip }.
function examples(text) {
  const lines = text.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```js') continue;
    const close = lines.indexOf('```', i + 1);
    let j = i - 1;
    while (j >= 0 && lines[j].trim() === '') j--;
    const skip = /^<!-- example: not run, (.+) -->$/.exec(lines[j] ?? '')?.[1];
    found.push({ line: i + 1, code: lines.slice(i + 1, close).join('\n'), skip });
    i = close;
  }
  return found;
}

// The example with each checked console.log replaced by a call that records what it prints.
const CHECKED = /^(\s*)console\.log\((.*)\);\s*\/\/ ("[^"]*"|-?\d+(?=$|[:;,]))/;
function instrument(code) {
  const expected = [];
  const lines = code.split('\n').map((line) => {
    const m = CHECKED.exec(line);
    if (!m) return line;
    expected.push(m[3].startsWith('"') ? m[3].slice(1, -1) : m[3]);
    return `${m[1]}__printed.push(String(${m[2]}));`;
  });
  const prelude = 'globalThis.__printed = [];\n';
  return { source: prelude + lines.join('\n'), expected };
}

const RUN = `
const m = await import(process.argv[1]);
if (typeof m.default?.fetch === 'function') {
  const response = await m.default.fetch(new Request('http://localhost/'));
  globalThis.__printed.push(JSON.stringify(await response.json()));
}
console.log(JSON.stringify(globalThis.__printed));
`;

let count = 0;
for (const file of docFiles(new URL('../../', import.meta.url)).filter((f) => f !== 'docs/runtimes.md')) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const { line, code, skip } of examples(text)) {
    count++;
    test(`${file}:${line}`, { skip }, () => {
      const { source, expected } = instrument(code);
      const path = join(project, `${file.replace(/\W/g, '_')}_${line}.mjs`);
      writeFileSync(path, source);
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', RUN, path], {
        cwd: project,
        encoding: 'utf8',
        timeout: 30_000,
      });
      assert.equal(r.status, 0, `exit ${r.status}: ${r.stderr}`);
      const printed = JSON.parse(r.stdout.trim().split('\n').at(-1));
      const checked = printed.slice(0, expected.length);
      assert.deepEqual(checked, expected, 'what the example prints is not what its comments say');
    });
  }
}
test('the documents have examples to run', () => assert.ok(count >= 10, `only ${count} examples`));
