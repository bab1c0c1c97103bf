// The detector's generated files are checked too, and the check can fail: test/run-all.sh runs
// `node tools/detect/train.mjs --check`, which passes on the checked-in files and fails, naming the
// file, on a copy with a hand edit (--out points the check at the copy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const OUTPUTS = ['js/detect/generated_tables.js', 'test/js/detect_samples.js'];
const check = (...args) =>
  spawnSync(process.execPath, ['tools/detect/train.mjs', '--check', ...args], { cwd: ROOT, encoding: 'utf8' });

test('test/run-all.sh runs the check in its generated-files step', () => {
  const script = readFileSync(join(ROOT, 'test/run-all.sh'), 'utf8');
  assert.match(script, /^ *step "[^"]+" node tools\/detect\/train\.mjs --check$/m);
});

test('the checked-in files pass', () => {
  const result = check();
  assert.equal(result.status, 0, result.stderr);
});

for (const edited of OUTPUTS) {
  test(`a hand edit of ${edited} fails the check`, (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'ew-detect-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    for (const path of OUTPUTS) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      cpSync(join(ROOT, path), join(dir, path));
    }
    assert.equal(check('--out', dir).status, 0, 'an unedited copy passes');
    writeFileSync(join(dir, edited), readFileSync(join(dir, edited), 'utf8') + '// edited by hand\n');
    const result = check('--out', dir);
    assert.equal(result.status, 1);
    assert.match(result.stderr, new RegExp(`stale: ${edited.replace(/[.]/g, '\\.')}`));
  });
}
