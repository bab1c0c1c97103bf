// The files the page test opens, and what the page must make of them, from independent
// implementations: @exodus/bytes' TextDecoder and Shift_JIS encoder (the standard's algorithms in
// plain JS), never encoding-wasm. Sources: the corpus (bench/corpus/locate.mjs: ja.shift_jis.bin,
// ru.windows-1251.bin, from the corpus's own sources, see its README).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { declaredDocuments } from './declared_fixtures.mjs';

// The preview's window (examples/converter/app.js PREVIEW_BYTES).
const PREVIEW_BYTES = 64 * 1024;
// Bytes 0xFF (never a Shift_JIS lead or trail byte) are put before these newlines of the junk file.
const JUNK_BEFORE_NEWLINES = [3, 10, 11, 40, 77];
// A UTF-8 text with characters Shift_JIS has (kana, kanji, ASCII) and some it lacks.
const LOSSY_TEXT = 'テキスト 日本語 ☃ ok 😀\n한국어 snow: ☃, face: 😀\ncafé €5\n';
// What iconv's //TRANSLIT writes for the characters of LOSSY_TEXT that Shift_JIS lacks, as issue 23
// states it ("€" -> "EUR", a letter without its mark) and GNU iconv writes it; "?" for the others.
const LOSSY_SPELLINGS = { é: 'e', '€': 'EUR' };
// The big file: the Shift_JIS corpus file this many times (about 200 MB).
export const BIG_REPEAT = 600;

const utf8 = (text) => Buffer.from(text, 'utf8');
const decode = (label, bytes, stream = false) => new ExodusDecoder(label).decode(bytes, { stream });

// Writes the fixtures into dir; returns the expectations the harness checks (fixtures/expected.json).
export function writeFixtures(corpus, dir) {
  mkdirSync(dir, { recursive: true });
  const sjis = readFileSync(join(corpus, 'ja.shift_jis.bin'));
  const cp1251 = readFileSync(join(corpus, 'ru.windows-1251.bin'));

  // The file's first 100 lines, or more up to 16 KiB, with a byte 0xFF before some of their newlines:
  // a long file with a few junk bytes, which the detector still reads as Shift_JIS (it tolerates
  // fewer than one error per KiB; the generated corpus has shorter lines than ../shared's).
  const newlines = [];
  for (let i = 0; i < sjis.length && (newlines.length < 100 || i < 16384); i++) if (sjis[i] === 0x0a) newlines.push(i);
  const piece = sjis.subarray(0, newlines[newlines.length - 1] + 1);
  const parts = [];
  const junkOffsets = [];
  let from = 0;
  for (const k of JUNK_BEFORE_NEWLINES) {
    parts.push(piece.subarray(from, newlines[k]));
    junkOffsets.push(parts.reduce((n, p) => n + p.length, 0));
    parts.push(Buffer.from([0xff]));
    from = newlines[k];
  }
  parts.push(piece.subarray(from));
  const junk = Buffer.concat(parts);

  // The lossy file's Shift_JIS output in the "html" error mode: &#N; for what the encoder lacks.
  const encodeSjis = createMultibyteEncoder('shift_jis');
  const lossyBytes = [];
  const spelledBytes = [];
  const unencodable = [];
  for (const char of LOSSY_TEXT) {
    try {
      lossyBytes.push(Buffer.from(encodeSjis(char)));
      spelledBytes.push(Buffer.from(encodeSjis(char)));
    } catch {
      unencodable.push(char);
      lossyBytes.push(utf8(`&#${char.codePointAt(0)};`));
      spelledBytes.push(utf8(LOSSY_SPELLINGS[char] ?? '?'));
    }
  }

  const files = {
    'ja.shift_jis.txt': sjis,
    'ja.expected.utf-8': utf8(decode('shift_jis', sjis)),
    'ru.windows-1251.txt': cp1251,
    'ru.expected.utf-8': utf8(decode('windows-1251', cp1251)),
    'junk.shift_jis.txt': junk,
    'lossy.utf-8.txt': utf8(LOSSY_TEXT),
    'lossy.expected.shift_jis': Buffer.concat(lossyBytes),
    'lossy.translit.shift_jis': Buffer.concat(spelledBytes),
  };
  const declared = declaredDocuments(corpus);
  for (const { name, bytes } of declared) files[name] = bytes;
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  const expected = {
    ja: { encoding: 'shift_jis', preview: decode('shift_jis', sjis.subarray(0, PREVIEW_BYTES), true) },
    ru: { encoding: 'windows-1251', preview: decode('windows-1251', cp1251.subarray(0, PREVIEW_BYTES), true) },
    junk: {
      errors: [...decode('shift_jis', junk)].filter((c) => c === '\ufffd').length,
      offsets: junkOffsets,
      preview: decode('shift_jis', junk),
    },
    // (the page lists the first 8: examples/converter/convert.js FIRST_UNENCODABLE)
    lossy: { count: unencodable.length, first: unencodable.slice(0, 8).map((c) => c.codePointAt(0)) },
    big: { repeat: BIG_REPEAT, inputBytes: sjis.length * BIG_REPEAT },
    // (all but the bytes, which are the files written above)
    declared: declared.map(({ bytes, ...d }) => d),
  };
  writeFileSync(join(dir, 'expected.json'), JSON.stringify(expected));
  return expected;
}
