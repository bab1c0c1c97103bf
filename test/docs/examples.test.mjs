// Every JavaScript example of README.md and docs/*.md runs in Node as it is written, importing the
// package by its name from a project of its own (node_modules/encoding-wasm is this checkout, so
// the built dist/ must exist: npm test builds first). docs/runtimes.md is left out: its project files
// run in every host through test/hosts/readme/run.mjs. A block preceded by
// `<!-- example: not run, REASON -->` is skipped with that reason.
// Each `console.log(x); // "text"` (or `// 123`, `// 226 130 172`, `// null`) is checked: what it
// prints must be that text (or those numbers), so the outputs the docs promise are the outputs the
// examples give; an output comment that cannot be checked is listed in UNCHECKED with the reason. A module whose
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

// A console.log with what it prints in a comment: on its line after `//`, or on the next line as a
// comment of its own. `prefix` is the code before it on its line (`for (...) console.log(x);`).
const OUTPUT = /^(.*?)console\.log\((.*)\);\s*(?:\/\/ (.*))?$/;
// The comments checked, the expected output first (the rest of the comment may explain it): a
// quoted text, what String() gives; numbers separated by spaces (the bytes a join(' ') gives); null,
// true, false.
const CHECKED = /^("[^"]*"|-?\d+(?: -?\d+)*(?=$|[:;,])|(?:null|true|false)(?=$|[:;,]))/;
// The output comments that cannot be checked as written, each with why. A line listed here that no
// document has any more (or one that now is checked) fails the test: the list stays true.
const UNCHECKED = new Map([
  [
    'console.log(install()); // { installed: [...], replaced: [...], wrapped: [...], skipped: [...] } (class names)',
    'which classes depends on the host',
  ],
  [
    'console.log(report); // { installed: [...], replaced: [...], wrapped: [...], skipped: [...] } (class names)',
    'which classes depends on the host',
  ],
  ["console.log(new TextEncoder().encodeInto('€', new Uint8Array(2))); // { read: 0, written: 0 }", 'an object'],
  [
    "console.log(encoder.encode('ア', { stream: true })); // ESC $ B 25 22",
    'bytes in the notation of ISO 2022, for people',
  ],
  [
    "console.log(encoder.encode('a'));                     // ESC ( B 61: back to ASCII for the a, where the input ends",
    'bytes in the notation of ISO 2022, for people',
  ],
  [
    "console.log(decodeReportingErrors(new Uint8Array([0x61, 0xe3, 0x81, 0x62, 0xff]), 'utf-8'));",
    'an object, its U+FFFD written as an escape',
  ],
  ["console.log(encodeReportingErrors('a€😀', 'windows-1251'));", 'an object, its bytes abbreviated'],
  ['console.log(detect(bytes));', 'an object, its alternatives and confidences abbreviated'],
]);

// The example with each checked console.log replaced by a call that records what it prints, and the
// output comments it has that are not checked.
function instrument(code) {
  const expected = [];
  const unchecked = [];
  const lines = code.split('\n');
  const instrumented = lines.map((line, i) => {
    const m = OUTPUT.exec(line);
    if (!m) return line;
    const comment = m[3] ?? (/^\s*\/\/ /.test(lines[i + 1] ?? '') ? lines[i + 1].trim().slice(3) : undefined);
    const check = comment === undefined ? null : CHECKED.exec(comment);
    if (!check) {
      if (comment !== undefined) unchecked.push(line.trim());
      return line;
    }
    expected.push(check[1].startsWith('"') ? check[1].slice(1, -1) : check[1]);
    return `${m[1]}__printed.push(String(${m[2]}));`;
  });
  const prelude = 'globalThis.__printed = [];\n';
  return { source: prelude + instrumented.join('\n'), expected, unchecked };
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
const listed = new Set();
for (const file of docFiles(new URL('../../', import.meta.url)).filter((f) => f !== 'docs/runtimes.md')) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const { line, code, skip } of examples(text)) {
    count++;
    const { source, expected, unchecked } = instrument(code);
    for (const output of unchecked) {
      listed.add(output);
      test(`${file}:${line}: an output comment not checked is listed with its reason`, () =>
        assert.ok(UNCHECKED.has(output), `neither checked nor listed in UNCHECKED: ${output}`));
    }
    test(`${file}:${line}`, { skip }, () => {
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
test('every line UNCHECKED lists is in a document, unchecked', () =>
  assert.deepEqual(
    [...UNCHECKED.keys()].filter((output) => !listed.has(output)),
    [],
  ));
