// The CLI (dist/cli.js, built from bin/) as a real process. Expected bytes come from the index files
// (cpp/whatwg/) and from the package's own TextDecoder and encode(), never from the CLI's output.
// Run by test/run-all.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDecoder, encode } from 'encoding-wasm';
import { encodeOrFail } from 'encoding-wasm/hooks';
import { ENCODING_NAMES } from '../../js/generated/encodings.js';
import { CLI } from './bundle.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ew-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const run = (args, input) => spawnSync(process.execPath, [CLI, ...args], { input, maxBuffer: 1 << 28 });
const file = (name, bytes) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const utf8 = (text) => Buffer.from(text, 'utf8');

// [pointer, code point] pairs of an index file.
function readIndex(name) {
  return readFileSync(join(ROOT, 'cpp/whatwg', `index-${name}.txt`), 'utf8')
    .split('\n')
    .filter((line) => /^\s*\d/.test(line))
    .map((line) => line.trim().split(/\s+/).slice(0, 2).map(Number));
}

// Characters of an index and their bytes as the standard's encoder writes them (the first pointer of
// each code point; `bytes(pointer)` is the encoder's step), for pointers in [from, to).
function fromIndex(name, from, to, bytes) {
  const seen = new Set();
  let text = '';
  const out = [];
  for (const [pointer, cp] of readIndex(name)) {
    if (seen.has(cp)) continue;
    seen.add(cp);
    if (pointer < from || pointer >= to) continue;
    text += String.fromCodePoint(cp);
    out.push(...bytes(pointer));
  }
  return { text, bytes: Buffer.from(out) };
}

// https://encoding.spec.whatwg.org/#shift_jis-encoder, #euc-kr-encoder, #single-byte-encoder
const SAMPLES = {
  shift_jis: fromIndex('jis0208', 1410, 4000, (p) => {
    const lead = Math.floor(p / 188);
    const trail = p % 188;
    return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
  }),
  'euc-kr': fromIndex('euc-kr', 3000, 6000, (p) => [Math.floor(p / 190) + 0x81, (p % 190) + 0x41]),
  'windows-1251': fromIndex('windows-1251', 0, 128, (p) => [p + 0x80]),
};

// Text over several 64 KiB chunks, in ASCII lines between the characters.
const long = (text, times) => Array.from({ length: times }, (_, i) => `${i}: ${text}\n`).join('');

test('legacy -> UTF-8 -> legacy round trips, with the bytes of the index files', () => {
  for (const [encoding, { text, bytes }] of Object.entries(SAMPLES)) {
    const legacy = Buffer.concat(
      Array.from({ length: 40 }, (_, i) => Buffer.concat([utf8(`${i}: `), bytes, utf8('\n')])),
    );
    const expected = long(text, 40);
    assert.ok(legacy.length > 3 * 65536 || encoding === 'windows-1251', encoding);
    const toUtf8 = run(['-f', encoding, file(`rt.${encoding}`, legacy)]);
    assert.equal(toUtf8.status, 0, toUtf8.stderr.toString());
    assert.deepEqual(toUtf8.stdout, utf8(expected), encoding);
    const back = run(['-f', 'utf-8', '-t', encoding, file(`rt.${encoding}.utf8`, toUtf8.stdout)]);
    assert.equal(back.status, 0, back.stderr.toString());
    assert.deepEqual(back.stdout, legacy, `${encoding} back`);
  }
});

test('round trips through GBK, Big5, EUC-JP, ISO-2022-JP and UTF-16LE with a BOM (the package decoder checks)', () => {
  const text = long('漢字とかなカナ、中文字、ａｂｃ Ω ✓ 한', 2000).replace(/[한✓]/g, '');
  for (const encoding of ['gbk', 'big5', 'euc-jp', 'iso-2022-jp', 'utf-16le', 'utf-16be']) {
    const result = run(['-t', encoding, '-o', join(dir, `out.${encoding}`), file('src.txt', utf8(text))]);
    assert.equal(result.status, 0, result.stderr.toString());
    const out = readFileSync(join(dir, `out.${encoding}`));
    if (encoding.startsWith('utf-16')) {
      assert.deepEqual([...out.subarray(0, 2)], encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]);
    } else {
      assert.deepEqual(out, Buffer.from(encode(text, encoding)), encoding);
    }
    assert.equal(new TextDecoder(encoding, { fatal: true }).decode(out), text, encoding);
    const back = run(['-f', encoding, join(dir, `out.${encoding}`)]);
    assert.equal(back.status, 0, back.stderr.toString());
    assert.deepEqual(back.stdout, utf8(text), `${encoding} back`);
  }
});

// The bytes of `text` in `encoding` as the package's encoder writes them (UTF-16: BOM and code units
// made here), or null where the encoding cannot represent it.
function bytesIn(text, encoding) {
  if (encoding.startsWith('utf-16')) {
    const units = Buffer.from('\uFEFF' + text, 'utf16le');
    return encoding === 'utf-16be' ? units.swap16() : units;
  }
  const bytes = encodeOrFail(text, encoding);
  return typeof bytes === 'number' ? null : Buffer.from(bytes);
}

const TEXTS = {
  japanese: long('すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。', 2000),
  cyrillic: long('Все люди рождаются свободными и равными в своем достоинстве и правах.', 2000),
  chinese: long('人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心。', 2000),
  korean: long('모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다.', 2000),
  western: long('Tous les êtres humains naissent libres et égaux en dignité et en droits.', 2000),
};

test('every text through every encoding that can represent it, in a chain from UTF-8 back to UTF-8', () => {
  const encodings = ENCODING_NAMES.filter((e) => e !== 'replacement');
  for (const [name, text] of Object.entries(TEXTS)) {
    const chain = encodings.filter((e) => e !== 'utf-8' && bytesIn(text, e) !== null);
    assert.ok(Buffer.byteLength(text) > 2 * 65536, `${name} crosses 64 KiB chunks`);
    assert.ok(chain.length >= 4, `${name}: ${chain}`);
    let previous = 'utf-8';
    let bytes = utf8(text);
    for (const encoding of [...chain, 'utf-8']) {
      const result = run(['-f', previous, '-t', encoding], bytes);
      assert.equal(result.status, 0, `${name} ${previous} -> ${encoding}: ${result.stderr}`);
      assert.deepEqual(
        result.stdout,
        encoding === 'utf-8' ? utf8(text) : bytesIn(text, encoding),
        `${name} ${previous} -> ${encoding}`,
      );
      [previous, bytes] = [encoding, result.stdout];
    }
  }
});

test('--bom / --no-bom', () => {
  const src = file('bom.txt', utf8('ab'));
  assert.deepEqual([...run(['--bom', '-f', 'utf-8', src]).stdout], [0xef, 0xbb, 0xbf, 0x61, 0x62]);
  assert.deepEqual([...run(['--no-bom', '-f', 'utf-8', '-t', 'utf-16be', src]).stdout], [0, 0x61, 0, 0x62]);
  const bad = run(['--bom', '-t', 'shift_jis', src]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.toString(), /byte order mark/);
});

// Shift_JIS あ (82 A0) 35000 times, then 0xFF at byte 70000, across the 64 KiB chunk boundary.
const badShiftJis = Buffer.concat([Buffer.from('\x82\xa0'.repeat(35000), 'latin1'), Buffer.from([0xff, 0x61])]);

test('malformed input: exit 1, the byte offset, no output file', () => {
  const out = join(dir, 'bad.out');
  const result = run(['-f', 'shift_jis', '-o', out, file('bad.sjis', badShiftJis)]);
  assert.equal(result.status, 1);
  assert.match(result.stderr.toString(), /malformed shift_jis input at byte 70000\n/);
  assert.ok(!existsSync(out));
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.endsWith('.tmp')),
    [],
  );
  // A lead byte cut off at the end: reported at the end of the input, where the lead byte is.
  const cut = run(['-f', 'shift_jis', file('cut.sjis', Buffer.from([0x61, 0x82]))]);
  assert.equal(cut.status, 1);
  assert.match(cut.stderr.toString(), /incomplete shift_jis sequence at the end of the input \(byte 1\)/);
  // From stdin, the same exact byte.
  const piped = run(['-f', 'shift_jis'], badShiftJis);
  assert.equal(piped.status, 1);
  assert.match(piped.stderr.toString(), /malformed shift_jis input at byte 70000\n/);
  // A UTF-8 sequence cut short by an ASCII byte: the two bytes of the sequence (E3 81 at 3 and 4).
  const short = run(['-f', 'utf-8'], Buffer.from([0x61, 0x62, 0x63, 0xe3, 0x81, 0x64]));
  assert.match(short.stderr.toString(), /malformed utf-8 input at byte 3 \(2 bytes\)\n/);
});

test('unencodable character: exit 1, the character, its code point and position', () => {
  const text = 'a'.repeat(70000) + '日本é!';
  const result = run(['-f', 'utf-8', '-t', 'shift_jis', file('une.txt', utf8(text))]);
  assert.equal(result.status, 1);
  assert.match(result.stderr.toString(), /character 'é' \(U\+00E9\) at character 70002 cannot be encoded in shift_jis/);
  const astral = run(['-f', 'utf-8', '-t', 'euc-kr'], utf8('😀x\u{1F600}'));
  assert.match(astral.stderr.toString(), /\(U\+1F600\) at character 0 /);
  const iso = run(['-f', 'utf-8', '-t', 'iso-2022-jp'], utf8('ア😀x\x1b'));
  assert.match(iso.stderr.toString(), /character '😀' \(U\+1F600\) at character 1 cannot be encoded in iso-2022-jp/);
});

test('--errors replacement and html; -c drops what cannot be converted and exits 0', () => {
  const bad = file('mixed.sjis', Buffer.from([0x61, 0xff, 0x82, 0xa0, 0x62]));
  const replaced = run(['-f', 'shift_jis', '--errors', 'replacement', bad]);
  assert.deepEqual(replaced.stdout, utf8('a\uFFFDあb'));
  const html = run(['-f', 'shift_jis', '-t', 'windows-1252', '--errors', 'html', bad]);
  assert.deepEqual(html.stdout, Buffer.from('a&#65533;&#12354;b', 'latin1'));
  const dropped = run(['-c', '-f', 'shift_jis', '-t', 'windows-1252', bad]);
  assert.equal(dropped.status, 0);
  assert.deepEqual(dropped.stdout, Buffer.from('ab'));
  // A U+FFFD that is in UTF-8 input is kept; the one of a malformed byte is dropped.
  const kept = run(['-c', '-f', 'utf-8'], Buffer.from([0xef, 0xbf, 0xbd, 0x61]));
  assert.deepEqual(kept.stdout, utf8('\uFFFDa'));
  const cut = run(['-c', '-f', 'utf-8', '-t', 'iso-2022-jp'], Buffer.concat([utf8('ア😀ア'), Buffer.from([0xc3])]));
  assert.deepEqual(cut.stdout, Buffer.from(encode('アア', 'iso-2022-jp')));
});

test('stdin to stdout, detection said on stderr', () => {
  const { text, bytes } = SAMPLES.shift_jis;
  const result = run([], bytes);
  assert.equal(result.status, 0);
  assert.deepEqual(result.stdout, utf8(text));
  assert.match(result.stderr.toString(), /<stdin>: detected shift_jis \((\d+|>99)%\)\n/);
});

test('--detect names a long file with a few junk bytes by its encoding, and says how many errors', () => {
  // 0xFD is no Shift_JIS lead byte: three junk bytes, each with a newline after it (so no GBK pair
  // either), between characters (every character of the sample has two bytes) a quarter, half and
  // three quarters in, are three errors of the Shift_JIS decoder.
  const { bytes } = SAMPLES.shift_jis;
  const at = [0.25, 0.5, 0.75].map((f) => 2 * Math.floor((bytes.length * f) / 2));
  const junked = [];
  bytes.forEach((b, i) => {
    if (at.includes(i)) junked.push(0xfd, 0x0a);
    junked.push(b);
  });
  assert.ok(junked.length > 3 * 1024, 'long enough for three tolerated errors');
  const result = run(['--detect', file('junk.sjis', Uint8Array.from(junked))]);
  assert.equal(result.status, 0);
  assert.match(result.stdout.toString(), /junk\.sjis: shift_jis \((\d+|>99|<1)%, 3 errors\)\n/);
});

const RUSSIAN = 'Все люди рождаются свободными и равными в своем достоинстве и правах.\n';

test('--detect prints "FILE: ENCODING (NN%)"; -v the alternatives above 1%; -l lists every label', () => {
  const files = [file('d.sjis', SAMPLES.shift_jis.bytes), file('d.1251', encode(RUSSIAN, 'windows-1251'))];
  const result = run(['--detect', ...files]);
  assert.equal(result.status, 0);
  const lines = result.stdout.toString().trim().split('\n');
  assert.match(lines[0], /d\.sjis: shift_jis \((\d+|>99)%\)$/);
  assert.match(lines[1], /d\.1251: windows-1251 \((\d+|>99)%\)$/);
  // -v: each alternative with a percentage above 1% (never 4.9e-324); one that rounds to 0 or 1 is left out.
  const verbose = run(['--detect', '-v', ...files]);
  assert.equal(verbose.status, 0);
  for (const line of verbose.stdout.toString().trim().split('\n')) {
    const [, alternatives] = line.split('; alternatives: ');
    for (const alternative of alternatives?.split(', ') ?? []) {
      const [, share] = /^[\w-]+ (\d+|>99)%$/.exec(alternative) ?? [];
      assert.ok(share !== undefined && (share === '>99' || Number(share) >= 1), line);
    }
    assert.doesNotMatch(line, /e-\d/);
  }
  const list = run(['-l']).stdout.toString();
  const spec = JSON.parse(readFileSync(join(ROOT, 'cpp/whatwg/encodings.json'), 'utf8')).flatMap((g) => g.encodings);
  for (const { name, labels } of spec)
    assert.ok(list.includes(`${name}`) && list.includes(`  ${labels.join(' ')}\n`), name);
});

test('-o DIR with several files, skipping those already in the target encoding; --in-place keeps a .bak', () => {
  const outDir = mkdtempSync(join(dir, 'out-'));
  const a = file('a.sjis', SAMPLES.shift_jis.bytes);
  const b = file('b.txt', utf8('ascii only\n'));
  const c = file('c.txt', utf8('déjà\n'));
  const result = run(['-t', 'utf-8', '-o', outDir, a, b, c]);
  assert.equal(result.status, 0, result.stderr.toString());
  const lines = result.stderr.toString().trim().split('\n');
  assert.equal(lines.length, 3);
  assert.match(lines[0], /a\.sjis: shift_jis \(detected\) -> utf-8, \d+ bytes, -> .*a\.sjis$/);
  assert.match(lines[1], /b\.txt: skipped, already ASCII/);
  assert.match(lines[2], /c\.txt: skipped, already utf-8/);
  assert.deepEqual(readFileSync(join(outDir, 'a.sjis')), utf8(SAMPLES.shift_jis.text));
  assert.deepEqual(readdirSync(outDir), ['a.sjis']);

  const inPlace = run(['-f', 'shift_jis', '--in-place', a]);
  assert.equal(inPlace.status, 0, inPlace.stderr.toString());
  assert.deepEqual(readFileSync(a), utf8(SAMPLES.shift_jis.text));
  assert.deepEqual(readFileSync(`${a}.bak`), SAMPLES.shift_jis.bytes);
  // --no-bom for a legacy target: a Shift_JIS file is still already Shift_JIS; a malformed one is
  // reported and the others go on, exit 1.
  const sjis = file('s.sjis', SAMPLES.shift_jis.bytes);
  const bad = file('bad2.sjis', badShiftJis);
  const mixed = run(['-f', 'shift_jis', '-t', 'shift_jis', '--no-bom', '-o', outDir, sjis]);
  assert.match(mixed.stderr.toString(), /s\.sjis: skipped, already shift_jis/);
  const several = run(['-f', 'shift_jis', '-o', outDir, bad, sjis]);
  assert.equal(several.status, 1);
  assert.match(
    several.stderr.toString(),
    /bad2\.sjis: malformed shift_jis input at byte 70000\n.*s\.sjis: shift_jis -> utf-8/,
  );
  assert.ok(!existsSync(join(outDir, 'bad2.sjis')));
  assert.deepEqual(readFileSync(join(outDir, 's.sjis')), utf8(SAMPLES.shift_jis.text));
  const noBackup = run(['-f', 'utf-8', '-t', 'euc-kr', '--in-place', '--no-backup', c]);
  assert.equal(noBackup.status, 1);
  assert.match(noBackup.stderr.toString(), /U\+00E9/);
  assert.deepEqual(readFileSync(c), utf8('déjà\n'));
  assert.ok(!existsSync(`${c}.bak`));
});

test('SIGTERM while converting from a slow stdin leaves nothing under the output name', async () => {
  const out = join(dir, 'killed.out');
  const child = spawn(process.execPath, [CLI, '-f', 'windows-1251', '-o', out], { stdio: ['pipe', 'ignore', 'pipe'] });
  // (writes still queued when it is killed fail with EPIPE, sooner or later on a busy machine)
  child.stdin.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
  const block = Buffer.alloc(65536, 0xe0);
  const writing = () => readdirSync(dir).some((f) => f.startsWith('.killed.out.') && f.endsWith('.tmp'));
  for (let i = 0; i < 8 || (!writing() && i < 400); i++) {
    child.stdin.write(block);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.ok(
    readdirSync(dir).some((f) => f.startsWith('.killed.out.') && f.endsWith('.tmp')),
    'a temporary file while converting',
  );
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.kill('SIGTERM');
  assert.deepEqual(await exit, { code: 143, signal: null });
  assert.ok(!existsSync(out));
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.startsWith('.killed.out.')),
    [],
  );
});

test('usage errors exit 2', () => {
  for (const args of [
    ['-t', 'nope'],
    ['-f', 'csiso2022kr'],
    ['--errors', 'x'],
    [file('u1', 'a'), file('u2', 'b')],
  ]) {
    assert.equal(run(args, '').status, 2, args.join(' '));
  }
});

test('a progress bar on stderr only when it is a terminal and the input is 8 MiB or more', () => {
  const big = file('big.1251', Buffer.alloc(9 * 1024 * 1024, 0xe0));
  const out = join(dir, 'big.out');
  const quiet = run(['-f', 'windows-1251', '-o', out, big]);
  assert.equal(quiet.status, 0);
  assert.equal(quiet.stderr.toString(), '');
  assert.deepEqual(readFileSync(out), utf8('а'.repeat(9 * 1024 * 1024)));
  // script(1) gives the CLI a terminal.
  const command = `'${process.execPath}' '${CLI}' -f windows-1251 -o '${out}' '${big}'`;
  const tty = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' });
  assert.equal(tty.status, 0, tty.stderr);
  assert.match(tty.stdout, /big\.1251 \[[#-]{24}\] [\d.]+\/9\.0 MiB [\d.]+ MiB\/s ETA \d+s/);
  const small = spawnSync('script', ['-qec', command.replace(big, file('small.1251', 'abc')), '/dev/null'], {
    encoding: 'utf8',
  });
  assert.equal(small.stdout, '');
});

// The input's own declaration (sniff(): <meta>, the XML declaration), or the statistics with
// --ignore-declarations. Expected encodings: the ones each file declares and was encoded in.
const PAGE_1251 = encode(`<!doctype html><meta charset=windows-1251><title>Тест</title><p>${RUSSIAN}`, 'windows-1251');
const FEED_GREEK = encode(
  '<?xml version="1.0" encoding="ISO-8859-7"?><rss><channel><title>ΕΙΔΗΣΕΙΣ</title></channel></rss>\n',
  'iso-8859-7',
);

test('--detect names the declaration that decided; --ignore-declarations the statistics', () => {
  const page = file('page.html', PAGE_1251);
  const feed = file('feed.xml', FEED_GREEK);
  const http = file(
    'http.html',
    encode('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">Привет', 'koi8-r'),
  );
  const result = run(['--detect', page, feed, http]);
  assert.equal(result.status, 0, result.stderr.toString());
  assert.deepEqual(result.stdout.toString().split('\n'), [
    `${page}: windows-1251 (100%, <meta charset>)`,
    `${feed}: iso-8859-7 (100%, <?xml encoding>)`,
    `${http}: koi8-r (100%, <meta http-equiv>)`,
    '',
  ]);
  // A declaration the bytes do not decode in says its errors.
  // A declaration the bytes do not decode in says its errors, all of them (the package's
  // TextDecoder's U+FFFD count).
  const wrongBytes = Buffer.concat([
    utf8('<meta charset=shift_jis>'),
    Buffer.from([0x82, 0xa0, 0xff, 0x41, 0xfd, 0xfe, 0x80]),
  ]);
  const wrong = file('wrong.html', wrongBytes);
  const count = new TextDecoder('shift_jis').decode(wrongBytes).split('\uFFFD').length - 1;
  assert.ok(count > 1);
  assert.equal(
    run(['--detect', wrong]).stdout.toString(),
    `${wrong}: shift_jis (100%, <meta charset>, ${count} errors)\n`,
  );
  const ignored = run(['--detect', '--ignore-declarations', page]);
  assert.equal(ignored.status, 0);
  assert.match(ignored.stdout.toString(), /page\.html: [\w-]+ \((\d+|>99|<1)%(, \d+ errors?)?\)\n/);
  assert.doesNotMatch(ignored.stdout.toString(), /meta/);
});

test('a conversion reads the declaration and says so; --ignore-declarations; the replacement encoding', () => {
  const page = file('conv.html', PAGE_1251);
  // (--keep-declaration: the text as decoded; test/cli/declaration.test.mjs checks the rewrite)
  const result = run(['--keep-declaration', page]);
  assert.equal(result.status, 0, result.stderr.toString());
  assert.deepEqual(result.stdout, Buffer.from(new TextDecoder('windows-1251').decode(PAGE_1251)));
  assert.equal(result.stderr.toString(), `encoding-wasm: ${page}: declared windows-1251 (100%, <meta charset>)\n`);
  const fromStdin = run(['--keep-declaration'], FEED_GREEK);
  assert.deepEqual(fromStdin.stdout, Buffer.from(new TextDecoder('iso-8859-7').decode(FEED_GREEK)));
  assert.match(fromStdin.stderr.toString(), /<stdin>: declared iso-8859-7 \(100%, <\?xml encoding>\)/);
  const statistics = run(['--ignore-declarations', page]);
  assert.match(statistics.stderr.toString(), /conv\.html: detected /);
  // Several files: the line names the declaration.
  const outDir = mkdtempSync(join(dir, 'declared-'));
  const several = run(['-o', outDir, page, file('conv.xml', FEED_GREEK)]);
  assert.equal(several.status, 0, several.stderr.toString());
  assert.match(several.stderr.toString(), /conv\.html: windows-1251 \(<meta charset>\) -> utf-8, /);
  assert.match(several.stderr.toString(), /conv\.xml: iso-8859-7 \(<\?xml encoding>\) -> utf-8, /);
  // A label of the replacement encoding converts nothing: exit 1 and a line that says why.
  const kr = run([file('kr.html', utf8('<meta charset=iso-2022-kr>hello'))]);
  assert.equal(kr.status, 1);
  assert.match(
    kr.stderr.toString(),
    /kr\.html: its <meta charset> declares "iso-2022-kr", a label of the replacement encoding/,
  );
  assert.equal(kr.stdout.length, 0);
  assert.equal(run(['--ignore-declarations', file('kr2.html', utf8('<meta charset=iso-2022-kr>hello'))]).status, 0);
});

test('--help documents the detection steps and --ignore-declarations', () => {
  const help = run(['--help']).stdout.toString();
  assert.match(help, /--ignore-declarations/);
  assert.match(help, /-v, --verbose/);
  assert.match(help, /<meta charset>/);
});

test('--detect --json: one object a line, with the step, errors, alternatives above 1%, BOM and line endings', () => {
  const inputs = [
    [
      'j.html',
      Buffer.concat([PAGE_1251, utf8('\r\n')]),
      { encoding: 'windows-1251', source: 'meta', lineEndings: 'mixed' },
    ],
    ['j.xml', FEED_GREEK, { encoding: 'iso-8859-7', source: 'xml', lineEndings: 'LF' }],
    ['j.crlf', utf8('a\r\nb\r\n'), { encoding: 'utf-8', source: 'statistics', ascii: true, lineEndings: 'CRLF' }],
    ['j.cr', utf8('a\rb'), { encoding: 'utf-8', lineEndings: 'CR' }],
    ['j.none', utf8('ab'), { lineEndings: 'none' }],
    [
      'j.bom',
      Buffer.from([0xff, 0xfe, 0x61, 0, 0x0d, 0, 0x0a, 0, 0x0a, 0x0d]),
      { encoding: 'utf-16le', source: 'bom', bom: true, lineEndings: 'CRLF' },
    ],
  ];
  const paths = inputs.map(([name, bytes]) => file(name, bytes));
  const result = run(['--detect', '--json', ...paths]);
  assert.equal(result.status, 0, result.stderr.toString());
  const lines = result.stdout.toString().trim().split('\n');
  assert.equal(lines.length, inputs.length);
  lines.forEach((line, i) => {
    const report = JSON.parse(line);
    assert.equal(report.file, paths[i]);
    for (const [key, value] of Object.entries(inputs[i][2])) assert.equal(report[key], value, `${paths[i]} ${key}`);
    assert.equal(typeof report.confidence, 'number');
    assert.equal(typeof report.errors, 'number');
    assert.ok(report.alternatives.every((a) => a.confidence > 0.01));
  });
  assert.equal(JSON.parse(lines[0]).declaration, '<meta charset>');
  assert.equal(JSON.parse(lines[0]).bom, false);
  // -l --json: each encoding of the standard with its labels.
  const list = run(['-l', '--json'])
    .stdout.toString()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const spec = JSON.parse(readFileSync(join(ROOT, 'cpp/whatwg/encodings.json'), 'utf8')).flatMap((g) => g.encodings);
  assert.deepEqual(
    list.map(({ name, labels }) => [name, labels]),
    spec.map(({ name, labels }) => [name, labels]),
  );
  // --json with a conversion is bad usage.
  assert.equal(run(['--json', paths[0]]).status, 2);
});
