// The converter page's pure modules (examples/converter/) and its policy, run by `node --test
// test/page/` (test/run-all.sh). Expected values come from the standard's data and @exodus/bytes,
// never from encoding-wasm itself. The page in the three browser engines is test/page/run.mjs.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { BOMS, encodings } from 'encoding-wasm/convert';
import { decodeWithErrors } from '../../examples/converter/errors.js';
import { outputName, SOURCE_ENCODINGS, TARGETS } from '../../examples/converter/encodings.js';
import { convertBlob, SLICE_BYTES } from '../../examples/converter/convert.js';
import 'encoding-wasm/tables/all';
import { locateCorpus } from '../../bench/corpus/locate.mjs';

const { url: corpus } = await locateCorpus();

const page = readFileSync(new URL('../../examples/converter/index.html', import.meta.url), 'utf8');
const exodus = (label, bytes) => new ExodusDecoder(label).decode(bytes);

test("the page's policy is script-src 'self' 'wasm-unsafe-eval' plus the hash of its import map, its only inline script", () => {
  const policy = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)[1];
  const inline = [...page.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.equal(inline.length, 1);
  assert.equal(inline[0][1], ' type="importmap"');
  const hash = createHash('sha256').update(inline[0][2]).digest('base64');
  assert.equal(policy, `script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
  // The meta element comes before every script, so the policy covers them.
  assert.ok(page.indexOf('Content-Security-Policy') < page.indexOf('<script'));
  assert.doesNotMatch(page, /\son[a-z]+=/i, 'no inline event handler');
});

test("the import map names only the public entry points and the package's internal host modules", () => {
  const map = JSON.parse(page.match(/<script type="importmap">([\s\S]*?)<\/script>/)[1]).imports;
  const { exports, imports } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  for (const [specifier, url] of Object.entries(map)) {
    // (a prefix, "#host/", stands for the pattern "#host/*" of package.json and for the names under
    // it that package.json lists apart, whose browser files must be in the same folder)
    if (specifier.startsWith('#')) {
      const target = specifier.endsWith('/')
        ? imports[`${specifier}*`].default.replace(/\*$/, '')
        : imports[specifier].default;
      assert.equal(url, `../..${target.slice(1)}`);
      for (const [name, targets] of Object.entries(imports))
        if (specifier.endsWith('/') && name.startsWith(specifier) && !name.endsWith('*'))
          assert.equal(targets.default, `${target}${name.slice(specifier.length)}`);
    } else assert.equal(url, `../..${exports[`.${specifier.slice('encoding-wasm'.length)}`].default.slice(1)}`);
  }
});

const SPEC = JSON.parse(readFileSync(new URL('../../cpp/whatwg/encodings.json', import.meta.url), 'utf8')).flatMap(
  (group) => group.encodings,
);

test("encoding-wasm/convert's `encodings` is the standard's list, names and labels, frozen", () => {
  assert.deepEqual(
    encodings.map(({ name, labels }) => ({ name, labels: [...labels] })),
    SPEC.map(({ name, labels }) => ({ name, labels })),
  );
  assert.ok(Object.isFrozen(encodings) && encodings.every((e) => Object.isFrozen(e) && Object.isFrozen(e.labels)));
});

test("the encodings offered are the standard's (its encodings.json)", () => {
  const names = SPEC.map((e) => e.name.toLowerCase());
  assert.equal(names.length, 40);
  assert.deepEqual(
    SOURCE_ENCODINGS,
    names.filter((n) => n !== 'replacement'),
  );
  // Every encoding with an encoder, UTF-8 twice (with and without BOM), UTF-16 with BOMs.
  assert.deepEqual(
    TARGETS.map((t) => t.value),
    [
      'utf-8',
      'utf-8-bom',
      'utf-16le',
      'utf-16be',
      ...names.filter((n) => !['utf-8', 'replacement', 'utf-16be', 'utf-16le'].includes(n)),
    ],
  );
  assert.equal(outputName('notes.txt', TARGETS[0]), 'notes.utf-8.txt');
  assert.equal(outputName('README', TARGETS[2]), 'README.utf-16le');
});

// Malformed inputs, each with the bytes its errors start at (from the standard's decoders).
const MALFORMED = [
  ['utf-8', [0x61, 0xff, 0x62, 0xe3, 0x81, 0x41, 0xe3, 0x81, 0x82, 0xef, 0xbf, 0xbd, 0xc3], [1, 3, 12]],
  ['shift_jis', [0x41, 0x81, 0x20, 0x82, 0xa0, 0x81, 0xff, 0xff, 0x88, 0x9f], [1, 5, 7]],
  ['euc-kr', [0xb0, 0xa1, 0xff, 0x41, 0xb0, 0x20], [2, 4]],
  ['big5', [0xa4, 0x40, 0x80, 0xa4, 0x0a], [2, 3]],
  ['windows-1253', [0x41, 0xaa, 0x42, 0xd2, 0xff], [1, 3, 4]],
  ['utf-16le', [0x41, 0x00, 0x00, 0xd8, 0x42, 0x00, 0xfd, 0xff, 0x00], [2, 8]],
];

test("decodeWithErrors: the text and the count are the standard decoder's (as @exodus/bytes decodes), the offsets where each error starts", () => {
  for (const [label, bytes, offsets] of MALFORMED) {
    const input = Uint8Array.from(bytes);
    const { text, errors, unitByte } = decodeWithErrors(input, label);
    const expected = exodus(label, input);
    assert.equal(text, expected, label);
    assert.deepEqual(
      errors.map((e) => e.offset),
      offsets,
      label,
    );
    for (const e of errors) assert.equal(text[e.at], '\ufffd', label);
    assert.equal(unitByte.length, text.length, label);
    assert.ok(
      unitByte.every((b, i) => i === 0 || b >= unitByte[i - 1]),
      `${label}: byte offsets in order`,
    );
  }
});

test('decodeWithErrors: a corpus file with junk bytes before some newlines', () => {
  const whole = readFileSync(new URL('ja.shift_jis.bin', corpus));
  const sjis = whole.subarray(0, whole.lastIndexOf(0x0a, 4000) + 1);
  const junked = [];
  const offsets = [];
  for (const b of sjis) {
    if (b === 0x0a && junked.length % 7 === 0) offsets.push(junked.push(0xfd) - 1);
    junked.push(b);
  }
  const input = Uint8Array.from(junked);
  const { text, errors } = decodeWithErrors(input, 'shift_jis');
  assert.ok(offsets.length > 3);
  assert.equal(text, exodus('shift_jis', input));
  assert.deepEqual(
    errors.map((e) => [e.offset, e.length]),
    offsets.map((o) => [o, 1]),
  );
});

const collect = async (blob) => new Uint8Array(await blob.arrayBuffer());

test('convertBlob: over several slices, as @exodus/bytes decodes and encodes, with the BOMs', async () => {
  const sjis = readFileSync(new URL('ja.shift_jis.bin', corpus));
  // More than two slices, and slice boundaries inside characters.
  const input = Buffer.concat(Array(Math.ceil((2.5 * SLICE_BYTES) / sjis.length)).fill(sjis));
  const text = exodus('shift_jis', input);
  const progress = [];
  const byValue = Object.fromEntries(TARGETS.map((t) => [t.value, t]));
  const run = (target, options = {}) =>
    convertBlob(new Blob([input]), 'shift_jis', byValue[target], {
      onProgress: (done) => progress.push(done),
      ...options,
    });
  const utf8 = await run('utf-8');
  assert.deepEqual(await collect(utf8.blob), new Uint8Array(Buffer.from(text)));
  assert.deepEqual(progress, [SLICE_BYTES, 2 * SLICE_BYTES, input.length]);
  assert.ok(utf8.largestPart <= 3 * SLICE_BYTES);
  assert.deepEqual(
    (await collect((await run('utf-8-bom')).blob)).subarray(0, 4),
    Uint8Array.of(0xef, 0xbb, 0xbf, ...Buffer.from(text.slice(0, 1))),
  );
  const le = Buffer.from(text, 'utf16le');
  assert.deepEqual(
    await collect((await run('utf-16le')).blob),
    new Uint8Array(Buffer.concat([Buffer.of(0xff, 0xfe), le])),
  );
  assert.deepEqual(
    await collect((await run('utf-16be')).blob),
    new Uint8Array(Buffer.concat([Buffer.of(0xfe, 0xff), Buffer.from(le).swap16()])),
  );
  const euc = await run('euc-jp');
  assert.deepEqual(await collect(euc.blob), new Uint8Array(createMultibyteEncoder('euc-jp')(text)));
  assert.equal(euc.unencodable.count, 0);
});

test('convertBlob: characters the target lacks are counted and listed (html), or stop it (fatal); a cancel stops it', async () => {
  const text = 'a☃b😀c☃\n'.repeat(3);
  const blob = new Blob([text]);
  const sjis = TARGETS.find((t) => t.value === 'shift_jis');
  const html = await convertBlob(blob, 'utf-8', sjis, {});
  assert.equal(html.unencodable.count, 9);
  assert.deepEqual(
    html.unencodable.first.slice(0, 3).map((c) => [c.codePoint, c.index, c.character]),
    [
      [0x2603, 1, 1],
      [0x1f600, 3, 3],
      [0x2603, 6, 5],
    ],
  );
  assert.equal(Buffer.from(await collect(html.blob)).toString('latin1'), 'a&#9731;b&#128512;c&#9731;\n'.repeat(3));
  await assert.rejects(convertBlob(blob, 'utf-8', sjis, { errorMode: 'fatal' }), {
    name: 'TypeError',
    message: /'☃' \(U\+2603\) at character 1 cannot be encoded in shift_jis/,
  });
  await assert.rejects(
    convertBlob(new Blob([Uint8Array.of(0x41, 0x81, 0xff)]), 'shift_jis', sjis, { fatalInput: true }),
    { name: 'TypeError', message: /malformed shift_jis input at byte 1 \(2 bytes\)$/ },
  );
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(convertBlob(blob, 'utf-8', sjis, { signal: controller.signal }), { name: 'AbortError' });
});

test('convertBlob: every target writes ASCII as ASCII (UTF-16 as its code units), after its BOM; an empty file is its BOM', async () => {
  const text = 'Hello, world! 0123456789 ~{}[]\n';
  for (const target of TARGETS) {
    const { blob } = await convertBlob(new Blob([text]), 'utf-8', target, {});
    const body =
      target.value === 'utf-16le'
        ? Buffer.from(text, 'utf16le')
        : target.value === 'utf-16be'
          ? Buffer.from(text, 'utf16le').swap16()
          : Buffer.from(text, 'latin1');
    const bom = target.bom ? BOMS[target.encoding] : [];
    assert.deepEqual(await collect(blob), new Uint8Array(Buffer.concat([Buffer.from(bom), body])), target.value);
    const empty = await convertBlob(new Blob([]), 'utf-8', target, {});
    assert.deepEqual(await collect(empty.blob), Uint8Array.from(bom), `${target.value}: empty`);
  }
});
