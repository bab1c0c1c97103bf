// The generated benchmark corpus (bench/corpus/generate.mjs), built into a scratch directory: each
// legacy file is what the spec reference implementation's encoder (test/reference, html error
// mode) makes of the set's text, and the files whose sources are those of ../shared/corpus are
// byte for byte its files, made there with @exodus/bytes 1.16.0's encoders (their SHA-256 below
// was recorded from ../shared/corpus). Run by test/run-all.sh, after build.sh (it needs dist/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../../bench/corpus/generate.mjs';
import * as reference from '../reference/reference.mjs';

const SHARED_SHA256 = {
  'ja-udhr.shift_jis.bin': 'ab949530fdf42915dcd68ec3537681f4c347ace176088275e27c425cfa4d2209',
  'ja-udhr.euc-jp.bin': '6287915450165ace7ab5a71b45f591f2c93dbcd4b5fa590a93ded88b93e57808',
  'ja-udhr.iso-2022-jp.bin': '40e5a6f0dc96ea6cdaabbba53f59dba36c843ec34c58286e1294ab223fd0c65a',
  'ja-udhr.utf-8.txt': 'b74eed1bd83204763686045e4a4680bee2fa57511a601f546f4fdeafe817ec33',
  'ja-udhr.utf-16le.bin': '5bf75d6a1e221dcd2e0e498cb931d581512007070e0b3ad3f33a7583b6aa813d',
  'ko.euc-kr.bin': '0baf46617a1317b9873b66c793d92811e4f401f0e4c0074f05edbebc103776cd',
  'ko.utf-8.txt': '0a9b80dd00c59a3b235c0b5eb3ef1f77ed4035e6dc54e65d5f96b37004e39b06',
  'ko.utf-16le.bin': 'ea7e5237b1b0660c5d045264d08ebd74ea8d7d12e682cd61c03352ff116a543e',
  'ru.windows-1251.bin': '0ac48dcda24630519d1b53b92a5e148b1dce236579beaf9dec58cc05aa23e105',
  'ru.koi8-r.bin': '396aad5dfbef26929ffc28a6472c08721c50f28fb470afa812ae2a57252c4a40',
  'ru.utf-8.txt': 'a67697ae8b638d7e8fe5536712835122a9fbf5372691db28fd567e8944fe7e35',
  'ru.utf-16le.bin': 'f873c48b8ccf943104c8923bce225824a8b151e08e16d2acf39eb074df3028b6',
};

const dir = mkdtempSync(join(tmpdir(), 'ew-corpus-'));
const { files } = await generate(dir);
const read = (file) => readFileSync(join(dir, file));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

test('files from the same sources as ../shared/corpus are byte for byte its files', () => {
  for (const [file, sha256] of Object.entries(SHARED_SHA256)) {
    assert.equal(createHash('sha256').update(read(file)).digest('hex'), sha256, file);
  }
});

test("every legacy file is the spec reference encoder's html-mode output for its set's text", () => {
  const legacy = files.filter((f) => f.set && !f.encoding.startsWith('utf-'));
  assert.equal(legacy.length, 16);
  for (const { file, encoding, set } of legacy) {
    const text = read(`${set}.utf-8.txt`).toString('utf8');
    const expected = reference.encode(reference.getEncoding(encoding), text, { mode: 'html' });
    assert.ok(Buffer.from(expected).equals(read(file)), file);
  }
});
