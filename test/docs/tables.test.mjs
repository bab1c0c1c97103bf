// The benchmark tables in README.md and docs/*.md (bench/docs_tables.mjs): every marker pair names a
// table a benchmark writes and holds what the benchmark writes (its "Measured by" line and a
// well-formed Markdown table), and every such table has a place. A hand edit that breaks one fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  caption,
  checkBody,
  docFiles,
  markdownTable,
  markerPairs,
  replaceBody,
  TABLES,
} from '../../bench/docs_tables.mjs';

const root = new URL('../../', import.meta.url);
const documents = docFiles(root).map((file) => [file, readFileSync(new URL(file, root), 'utf8')]);

test('every marker pair in README.md and docs/*.md holds a well-formed table of a known name', () => {
  let pairs = 0;
  for (const [file, text] of documents) {
    const lines = text.split('\n');
    for (const { name, start, end } of markerPairs(text, file)) {
      pairs++;
      const problems = checkBody(lines.slice(start + 1, end).join('\n'));
      assert.deepEqual(problems, [], `${file}:${start + 1} bench:${name}`);
    }
  }
  assert.ok(pairs > 0, 'no marker pairs at all');
});

test('every table a benchmark writes has a place in README.md or docs/', () => {
  const placed = new Set(documents.flatMap(([file, text]) => markerPairs(text, file).map((p) => p.name)));
  for (const name of Object.keys(TABLES))
    assert.ok(placed.has(name), `no <!-- bench:${name} --> in README.md or docs/`);
});

const body = `${caption('decode')}\n\n${markdownTable(['file', 'one call'], [['a.bin', '1.00x']])}`;
const doc = (inner) => `# Title\n\ntext\n<!-- bench:decode -->\n${inner}\n<!-- /bench:decode -->\nmore text\n`;

test('what the writer produces is well formed, and replacing it keeps the text around it', () => {
  assert.deepEqual(checkBody(body), []);
  const replaced = replaceBody(doc('old'), 'decode', body);
  assert.equal(replaced, doc(body));
  assert.equal(replaceBody(replaced, 'decode', body), replaced);
  assert.equal(replaceBody(replaced, 'encode', body), replaced); // no encode markers: unchanged
});

test('hand edits that break a table are found', () => {
  const lines = body.split('\n');
  const broken = {
    'a row with a cell too many': `${body}\n| b.bin | 2.00x | 3 |`,
    'a row that is not a table line': `${body}\nsome prose`,
    'no rule under the header': [...lines.slice(0, 3), ...lines.slice(4)].join('\n'),
    'no caption': lines.slice(2).join('\n'),
    'a caption written by hand': `Measured on my laptop.\n${lines.slice(1).join('\n')}`,
    'no blank line after the caption': [lines[0], ...lines.slice(2)].join('\n'),
    'a header without rows': lines.slice(0, 4).join('\n'),
  };
  for (const [what, text] of Object.entries(broken)) assert.notDeepEqual(checkBody(text), [], what);
});

test('markers with an unknown name, unclosed, stray, nested or misspelt throw', () => {
  assert.throws(() => markerPairs('<!-- bench:nope -->\nx\n<!-- /bench:nope -->'), /unknown table name "nope"/);
  assert.throws(() => markerPairs('<!-- bench:decode -->\nx'), /never closed/);
  assert.throws(() => markerPairs('x\n<!-- /bench:decode -->'), /closes no open/);
  assert.throws(() => markerPairs('<!-- bench:decode -->\n<!-- bench:encode -->\n'), /opens inside/);
  assert.throws(() => markerPairs('<!--bench:decode-->'), /malformed/);
  assert.ok(Object.values(TABLES).every((script) => /^bench\/\w+\.mjs$/.test(script)));
});
