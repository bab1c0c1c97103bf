// iconv's suffixes of -t (dist/cli.js, built from bin/, as a process): //TRANSLIT, //IGNORE and both, compared
// with GNU iconv (glibc's, from Debian's libc-bin) on the same input where both define the result.
// Which characters windows-1252 has comes from the index file (cpp/whatwg/index-windows-1252.txt);
// Shift_JIS output is read back with Node's own TextDecoder (ICU). Run by test/run-all.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './bundle.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ew-translit-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const run = (args, input) => spawnSync(process.execPath, [CLI, ...args], { input, maxBuffer: 1 << 26 });
const iconv = (args, input) => spawnSync('iconv', args, { input, maxBuffer: 1 << 26 });
const hasIconv = iconv(['--version']).status === 0;

// The characters windows-1252 has: ASCII and its index file's code points.
const WINDOWS_1252 = new Set([
  ...Array.from({ length: 128 }, (_, i) => i),
  ...readFileSync(join(ROOT, 'cpp/whatwg/index-windows-1252.txt'), 'utf8')
    .split('\n')
    .filter((line) => /^\s*\d/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[1])),
]);
const latin1 = (bytes) => Buffer.from(bytes).toString('latin1'); // windows-1252 bytes 0x80-0x9F aside

// Latin letters with marks, fullwidth forms, ligatures, super- and subscripts, fractions, dashes,
// primes, currency, arrows, relations, circled and Roman numerals.
const RANGES = [
  [0x100, 0x17f],
  [0x1e00, 0x1eff],
  [0xff01, 0xff5e],
  [0xfb00, 0xfb06],
  [0x2070, 0x2079],
  [0x2153, 0x215e],
  [0x2010, 0x2015],
  [0x2032, 0x2033],
  [0x20a9, 0x20bf],
  [0x2190, 0x2194],
  [0x2260, 0x2265],
  [0x2460, 0x2473],
  [0x2160, 0x217f],
];
const CHARS = RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)));

// Where glibc spells differently (docs/cli.md lists them): ours is the compatibility decomposition
// ("⅓" -> "1/3", "①" -> "1") or the hand table ("₺" -> "TRY"), glibc's its own locale table
// (" 1/3 ", "(1)", "TL"); "?" where one of the two has no spelling.
const DIFFERENT = new Set([
  ...'ĿŀŉẚẛẜẝỺỻỼỽỾỿ′″₫₯₸₺₾₿≢',
  ...CHARS.filter((c) => /[\u2153-\u215e\u2460-\u2473]/u.test(c)),
]);

test('-t windows-1252//TRANSLIT spells each character as GNU iconv does, but for the listed differences', (t) => {
  if (!hasIconv) return t.skip('GNU iconv is not installed here (Debian: libc-bin)');
  const input = Buffer.from(CHARS.join('\n') + '\n');
  const ours = run(['-f', 'utf-8', '-t', 'windows-1252//TRANSLIT', '-'], input);
  assert.equal(ours.status, 0, ours.stderr.toString());
  const theirs = iconv(['-f', 'utf-8', '-t', 'CP1252//TRANSLIT'], input);
  assert.equal(theirs.status, 0, theirs.stderr.toString());
  const decode = (bytes) => new TextDecoder('windows-1252').decode(bytes).split('\n');
  const [a, b] = [decode(ours.stdout), decode(theirs.stdout)];
  let same = 0;
  CHARS.forEach((char, i) => {
    if (DIFFERENT.has(char)) return assert.notEqual(a[i], b[i], `${char}: listed as different, yet the same`);
    assert.equal(a[i], b[i], `${char} U+${char.codePointAt(0).toString(16)}`);
    same++;
  });
  assert.ok(same > 500, `${same} characters compared`);
  // The count on stderr: every character windows-1252 lacks, spelled or written as "?".
  const lacking = CHARS.filter((c) => !WINDOWS_1252.has(c.codePointAt(0)));
  // (U+FF1F, the fullwidth "？", is spelled "?")
  const unspelled = lacking.filter((c) => a[CHARS.indexOf(c)] === '?' && c !== '\uff1f').length;
  assert.equal(
    ours.stderr.toString(),
    `encoding-wasm: <stdin>: ${lacking.length - unspelled} characters transliterated, ` +
      `${unspelled} with no spelling in windows-1252 written as ?\n`,
  );
  assert.ok(unspelled > 0 && unspelled < 60, `${unspelled} unspelled`);
});

test('-t shift_jis//TRANSLIT: "€" -> "EUR", "—" -> "-", "½" -> "1/2", "é" -> "e"; what Shift_JIS has stays', () => {
  const result = run(['-f', 'utf-8', '-t', 'shift_jis//TRANSLIT'], Buffer.from('€ — ½ é … 中 ǘ ß\n'));
  assert.equal(result.status, 0, result.stderr.toString());
  assert.equal(new TextDecoder('shift_jis').decode(result.stdout), 'EUR - 1/2 e … 中 u ss\n');
  assert.equal(result.stderr.toString(), 'encoding-wasm: <stdin>: 6 characters transliterated\n');
});

test('//IGNORE is -c; //TRANSLIT//IGNORE drops what has no spelling; without a suffix the first one stops it', () => {
  const input = Buffer.from([...Buffer.from('a€b\u{1F600}c'), 0xff, ...Buffer.from('d\n')]); // 0xFF: malformed
  const ignore = run(['-f', 'utf-8', '-t', 'windows-1251//IGNORE'], input);
  const c = run(['-f', 'utf-8', '-t', 'windows-1251', '-c'], input);
  assert.equal(ignore.status, 0, ignore.stderr.toString());
  assert.deepEqual(ignore.stdout, c.stdout);
  assert.equal(latin1(ignore.stdout), 'a\x88bcd\n'); // windows-1251 has "€" at 0x88
  const both = run(['-f', 'utf-8', '-t', 'koi8-r//translit//ignore'], input);
  assert.equal(both.status, 0, both.stderr.toString());
  assert.equal(latin1(both.stdout), 'aEURbcd\n');
  assert.equal(
    both.stderr.toString(),
    'encoding-wasm: <stdin>: 1 character transliterated, 1 with no spelling in koi8-r dropped\n',
  );
  const translit = run(['-f', 'utf-8', '-t', 'koi8-r//TRANSLIT'], Buffer.from('a€b\u{1F600}c\n'));
  assert.equal(latin1(translit.stdout), 'aEURb?c\n');
  const strict = run(['-f', 'utf-8', '-t', 'koi8-r'], Buffer.from('a€b\n'));
  assert.equal(strict.status, 1);
  assert.match(strict.stderr.toString(), /U\+20AC/);
});

test('an unknown suffix is a usage error (exit 2) naming it', () => {
  const result = run(['-f', 'utf-8', '-t', 'shift_jis//FOO'], Buffer.from('a'));
  assert.equal(result.status, 2);
  assert.match(result.stderr.toString(), /unknown suffix \/\/FOO/);
});

test('GNU iconv agrees on the brief examples where both define them', (t) => {
  if (!hasIconv) return t.skip('GNU iconv is not installed here (Debian: libc-bin)');
  const text = 'café € … ß Œ ﬁ Ａ “q” ǘ\n'; // ("½": glibc writes " 1/2 ", spaces around)
  writeFileSync(join(dir, 'x.txt'), text);
  const ours = run(['-f', 'utf-8', '-t', 'iso-8859-2//TRANSLIT', join(dir, 'x.txt')]);
  const theirs = iconv(['-f', 'utf-8', '-t', 'ISO-8859-2//TRANSLIT', join(dir, 'x.txt')]);
  assert.equal(ours.status, 0, ours.stderr.toString());
  assert.deepEqual(ours.stdout, theirs.stdout);
});
