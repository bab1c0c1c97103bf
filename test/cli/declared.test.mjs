// The documents of test/page/declared_fixtures.mjs through the CLI as a process (the page's harness
// opens the same): --detect names the encoding each declares and was encoded in, with the step that
// decided, and a conversion to UTF-8 gives @exodus/bytes' decoding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateCorpus } from '../../bench/corpus/locate.mjs';
import { declaredDocuments } from '../page/declared_fixtures.mjs';
import { CLI } from './bundle.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ew-declared-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const run = (args) => spawnSync(process.execPath, [CLI, ...args], { maxBuffer: 1 << 24 });

for (const d of declaredDocuments((await locateCorpus()).path)) {
  test(`${d.name}: ${d.encoding}${d.declaration ? `, by its ${d.declaration}` : ''}`, () => {
    const path = join(dir, d.name);
    writeFileSync(path, d.bytes);
    const detected = run(['--detect', path]);
    assert.equal(detected.status, 0, detected.stderr.toString());
    const line = detected.stdout.toString();
    if (d.declaration) assert.equal(line, `${path}: ${d.encoding} (100%, ${d.declaration})\n`);
    else assert.match(line, new RegExp(`^${path}: ${d.encoding} \\(((\\d+|>99)%), 1 error\\)\\n$`));
    const converted = run(['--errors', 'replacement', '--keep-declaration', path]);
    assert.equal(converted.status, 0, converted.stderr.toString());
    assert.equal(converted.stdout.toString(), d.text);
  });
}

// A byte order mark decides, and the malformed bytes after it are counted as the BOM's decoder finds
// them (the expected count is Node's own TextDecoder's U+FFFD, not ours).
test('a UTF-8 BOM before malformed bytes: utf-8, by its byte order mark, with their errors', () => {
  const bytes = Uint8Array.of(0xef, 0xbb, 0xbf, 0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x20, 0xc3, 0x28, 0x62, 0x61, 0x64);
  const errors = [...new TextDecoder('utf-8').decode(bytes)].filter((c) => c === '\ufffd').length;
  assert.equal(errors, 3);
  const path = join(dir, 'bom-damaged.txt');
  writeFileSync(path, bytes);
  const detected = run(['--detect', path]);
  assert.equal(detected.status, 0, detected.stderr.toString());
  assert.equal(detected.stdout.toString(), `${path}: utf-8 (100%, byte order mark, ${errors} errors)\n`);
});
