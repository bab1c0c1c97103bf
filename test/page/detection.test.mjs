// The converter page's detection (examples/converter/detection.js) in Node: sniff() over a Blob, and
// the sentence and choices the page shows. Expected encodings: the ones the files declare and were
// encoded in (by @exodus/bytes, an implementation independent of this package).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import { percent } from 'encoding-wasm/detect';
import { describeDetection, detectBlob, listed } from '../../examples/converter/detection.js';

const cp1251 = createSinglebyteEncoder('windows-1251');
const greek = createSinglebyteEncoder('iso-8859-7');
const RUSSIAN = 'Все люди рождаются свободными и равными в своем достоинстве и правах.';

test('a <meta charset> and an XML declaration decide, and the sentence names them', async () => {
  const page = await detectBlob(new Blob(['<meta charset=windows-1251><p>', cp1251(RUSSIAN)]));
  assert.deepEqual([page.encoding, page.source, page.confidence, page.errors], ['windows-1251', 'meta', 1, 0]);
  assert.equal(describeDetection(page), 'windows-1251, as its <meta charset> declares (100%).');
  const feed = await detectBlob(
    new Blob(['<?xml version="1.0" encoding="ISO-8859-7"?><rss>', greek('ΕΙΔΗΣΕΙΣ'), '</rss>']),
  );
  assert.deepEqual([feed.encoding, feed.source], ['iso-8859-7', 'xml']);
  assert.equal(describeDetection(feed), 'iso-8859-7, as its <?xml encoding> declares (100%).');
  const bom = await detectBlob(new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), 'x']));
  assert.equal(describeDetection(bom), 'utf-8, as its byte order mark says (100%).');
});

test('a declaration the bytes break says its errors; a replacement label falls to the statistics', async () => {
  // All the errors: those @exodus/bytes' decoder replaces.
  const bad = new Uint8Array([0x82, 0xa0, 0xff, 0xff, 0x41, 0xfd]);
  const count = new ExodusDecoder('shift_jis').decode(bad).split('\uFFFD').length - 1;
  const broken = await detectBlob(new Blob(['<meta charset=shift_jis>', bad]));
  assert.deepEqual([broken.encoding, broken.errors, count > 1], ['shift_jis', count, true]);
  assert.equal(
    describeDetection(broken),
    `shift_jis, as its <meta charset> declares (100%) (its decoder finds ${count} errors).`,
  );
  const kr = await detectBlob(new Blob(['<meta charset=iso-2022-kr><p>', cp1251(RUSSIAN)]));
  assert.equal(kr.source, 'statistics');
  assert.equal(kr.replaced.label, 'iso-2022-kr');
  assert.match(
    describeDetection(kr),
    /^Its <meta charset> declares "iso-2022-kr", a label of the replacement encoding, which decodes nothing\. Detected /,
  );
});

test('the statistics: percentages, and no alternative that rounds to 0%', async () => {
  const plain = await detectBlob(new Blob([cp1251(RUSSIAN)]));
  assert.equal(plain.source, 'statistics');
  const sentence = describeDetection(plain);
  assert.match(sentence, /^Detected [\w-]+, (\d+|>99|<1)% sure/);
  assert.doesNotMatch(sentence, /e-\d|\b0%/);
  const alternatives = [
    { encoding: 'a', confidence: 0.3, errors: 0 },
    { encoding: 'b', confidence: 0.0049, errors: 0 },
    { encoding: 'c', confidence: 5e-324, errors: 0 },
  ];
  assert.deepEqual(
    listed(alternatives).map((a) => a.encoding),
    ['a'],
  );
  const shown = describeDetection({
    encoding: 'x',
    confidence: 0.6,
    errors: 2,
    alternatives,
    ascii: false,
    source: 'statistics',
  });
  assert.equal(shown, 'Detected x, 60% sure (its decoder finds 2 errors); also possible: a 30%.');
  assert.deepEqual([0, 5e-324, 0.004, 0.005, 0.5, 0.994, 0.995, 1].map(percent), [
    '0%',
    '<1%',
    '<1%',
    '1%',
    '50%',
    '99%',
    '>99%',
    '100%',
  ]);
});
