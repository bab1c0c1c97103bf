// Writes the checked-in seed corpus, test/fuzz/corpus/<target>/, in the input layout of
// fuzz_support.h (Plan):
//   node test/fuzz/make_seeds.mjs
// Each target's directory is rewritten from scratch. Encodings are chosen by name; their indices
// come from cpp/whatwg/encodings.json (the Encoding enum's order), as the fuzzers' lists do.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const groups = JSON.parse(readFileSync(join(root, 'cpp', 'whatwg', 'encodings.json'), 'utf8'));
const encodings = groups.flatMap((g) => g.encodings);
const names = encodings.map((e) => e.name);
const index = (name) => {
  const i = names.indexOf(name);
  if (i < 0) throw new Error(`no encoding ${name}`);
  return i;
};

// The targets' encoding lists (the .cpp files build the same lists from the Encoding enum).
const singleByte = names.slice(index('IBM866'), index('x-mac-cyrillic') + 1);
const lists = {
  decode_utf_fuzzer: ['UTF-8', 'UTF-16BE', 'UTF-16LE'],
  decode_single_byte_fuzzer: [...singleByte, 'x-user-defined', 'replacement'],
  decode_chinese_fuzzer: ['GBK', 'gb18030', 'Big5'],
  decode_japanese_fuzzer: ['EUC-JP', 'ISO-2022-JP', 'Shift_JIS'],
  decode_korean_fuzzer: ['EUC-KR'],
  encode_fuzzer: names.filter((n) => !['replacement', 'UTF-16BE', 'UTF-16LE'].includes(n)),
};
lists.encode_stream_fuzzer = lists.encode_fuzzer;

const hex = (s) =>
  s
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((b) => parseInt(b, 16));
const ascii = (s) => [...s].map((c) => c.charCodeAt(0));
const utf16le = (s) => [...s].flatMap((_, i) => [s.charCodeAt(i) & 0xff, s.charCodeAt(i) >> 8]);

// Plan: [encoding][flags][extra?][split lo, hi]*[payload]. flags: own bits 0-1, splits 2-4,
// small capacity 5-7 (16 + 4k).
function plan(target, encoding, payload, { own = 0, splits = [], capacity = 0, extra } = {}) {
  const selector = lists[target].indexOf(encoding);
  if (selector < 0) throw new Error(`${encoding} is not in ${target}`);
  const flags = own | (splits.length << 2) | (capacity << 5);
  const header = [selector, flags];
  if (extra !== undefined) header.push(extra);
  for (const s of splits) header.push(s & 0xff, s >> 8);
  return [...header, ...payload];
}

const seeds = {};
const add = (target, name, bytes) => (seeds[target] ??= []).push([name, Uint8Array.from(bytes)]);

// ---- decoders ---------------------------------------------------------------------------------
{
  const t = 'decode_utf_fuzzer';
  const bom8 = hex('EF BB BF');
  const text8 = [...Buffer.from('héllo € 𝄞 ok', 'utf8')];
  add(t, 'utf8-bom-text', plan(t, 'UTF-8', [...bom8, ...text8], { splits: [1, 4, 9], capacity: 0 }));
  add(
    t,
    'utf8-errors',
    plan(t, 'UTF-8', hex('41 E0 80 41 ED A0 80 F4 90 80 80 C0 FF F0 9F 98 E0 A0 41 C2'), {
      splits: [3, 17],
      capacity: 1,
    }),
  );
  add(t, 'utf8-literal-fffd', plan(t, 'UTF-8', hex('EF BF BD 41 E0 EF BF BD'), { own: 1, splits: [1] }));
  add(t, 'utf8-bom-split', plan(t, 'UTF-8', hex('EF BB BF EF BB BF 41'), { splits: [1, 2, 2] }));
  add(
    t,
    'utf16be',
    plan(t, 'UTF-16BE', hex('FE FF 00 41 D8 3D DE 00 DC 00 D8 00 00 41 D8 00 D8 00 DC 00 FF'), {
      splits: [1, 5, 6],
      capacity: 2,
    }),
  );
  add(
    t,
    'utf16le',
    plan(t, 'UTF-16LE', hex('FF FE 41 00 3D D8 00 DE 00 DC 00 D8 41 00 3D D8 FF FE 3D'), {
      splits: [3, 7],
      capacity: 3,
    }),
  );
  add(t, 'utf16le-ignore-bom', plan(t, 'UTF-16LE', hex('FF FE FF FE 41 00'), { own: 1 }));
}
{
  const t = 'decode_single_byte_fuzzer';
  const high = Array.from({ length: 128 }, (_, i) => 0x80 + i);
  for (const name of ['windows-1252', 'ISO-8859-8', 'windows-874', 'KOI8-U', 'x-user-defined']) {
    add(
      t,
      name,
      plan(t, name, [...ascii('ab'), ...high.slice(0, 48), ...ascii('z')], { splits: [3, 20], capacity: 2 }),
    );
  }
  add(t, 'iso-8859-3-unmapped', plan(t, 'ISO-8859-3', hex('41 A5 AE BE C3 D0 E3 F0 42'), { splits: [2] }));
  add(t, 'replacement', plan(t, 'replacement', ascii('any bytes at all'), { splits: [0, 5] }));
  add(t, 'replacement-empty', plan(t, 'replacement', []));
}
{
  const t = 'decode_chinese_fuzzer';
  const gb = hex(
    'C4 E3 BA C3 80 41 81 30 81 30 FF A3 A0 84 31 A4 39 84 31 A5 30 81 30 81 41 E3 32 9A 35 A6 D9 FE 59 82 35 8F 33 81 30',
  );
  add(t, 'gbk', plan(t, 'GBK', gb, { splits: [7, 8, 30], capacity: 1 }));
  add(t, 'gb18030', plan(t, 'gb18030', gb, { splits: [9, 16, 17, 36] }));
  add(
    t,
    'gb18030-4byte-errors',
    plan(t, 'gb18030', hex('81 30 81 41 81 30 41 81 41 30 84 31 A5 30 E3 32 9A 36 FE 39 FE 39 81'), {
      splits: [2, 3],
      capacity: 2,
    }),
  );
  add(
    t,
    'big5',
    plan(t, 'Big5', hex('A4 A4 88 62 88 64 88 A3 88 A5 87 40 FE FE 80 81 41 A1 40 C8 7E F9 F9 A3 E1 81'), {
      splits: [3, 4, 13],
      capacity: 1,
    }),
  );
}
{
  const t = 'decode_japanese_fuzzer';
  add(
    t,
    'euc-jp',
    plan(t, 'EUC-JP', hex('A4 A2 8E B1 8F A2 AF 8F B0 A1 5C 7E A1 DD 8E E0 8F A1 41 FF A1 8E 8F'), {
      splits: [1, 3, 6],
      capacity: 1,
    }),
  );
  add(
    t,
    'iso-2022-jp',
    plan(
      t,
      'ISO-2022-JP',
      hex(
        '41 1B 24 42 24 22 30 21 1B 28 42 41 1B 28 4A 5C 7E 1B 28 49 21 5F 1B 28 42 1B 28 42 1B 24 1B 41 0E 1B 24 40 7F 21 1B',
      ),
      { splits: [2, 3, 24, 26], capacity: 2 },
    ),
  );
  add(
    t,
    'iso-2022-jp-escapes',
    plan(t, 'ISO-2022-JP', hex('1B 28 42 1B 24 42 1B 28 4A 41 1B 28 1B 24 42 21 1B 28 42'), { splits: [1, 2] }),
  );
  add(
    t,
    'shift_jis',
    plan(t, 'Shift_JIS', hex('82 A0 B1 5C 7E 80 F0 40 F9 FC 87 40 ED 40 FA 40 81 7C 82 41 A0 FD 81'), {
      splits: [1, 7, 8],
      capacity: 3,
    }),
  );
}
{
  const t = 'decode_korean_fuzzer';
  add(
    t,
    'euc-kr',
    plan(t, 'EUC-KR', hex('B0 A1 C8 FE 81 41 A1 41 FE FE 80 FF 41 C9 A1 A2 E6 C6 52 81'), {
      splits: [1, 5, 19],
      capacity: 1,
    }),
  );
  add(t, 'euc-kr-ascii-after-lead', plan(t, 'EUC-KR', hex('81 30 81 41 B0 20 B0'), { own: 1, splits: [2] }));
}

// ---- encoders ---------------------------------------------------------------------------------
{
  const t = 'encode_fuzzer';
  // Own decoder's output (own bits 0).
  add(
    t,
    'own-utf8',
    plan(t, 'UTF-8', [...hex('EF BB BF'), ...Buffer.from('a€𝄞\u{10FFFF}', 'utf8')], {
      splits: [4, 5],
      capacity: 0,
      extra: 0,
    }),
  );
  add(t, 'own-windows-1252', plan(t, 'windows-1252', [0x41, 0x80, 0x9f, 0xff, 0xa0], { splits: [2], extra: 0 }));
  add(t, 'own-x-user-defined', plan(t, 'x-user-defined', [0x41, 0x80, 0xff], { extra: 0 }));
  add(t, 'own-gbk', plan(t, 'GBK', hex('C4 E3 80 A6 D9 FE 59 A3 A0 41'), { splits: [3], capacity: 1, extra: 0 }));
  add(
    t,
    'own-gb18030',
    plan(t, 'gb18030', hex('C4 E3 80 81 30 81 30 84 31 A4 39 E3 32 9A 35 A6 D9 FE 59 A3 A0 41'), {
      splits: [5, 11],
      extra: 0,
    }),
  );
  add(t, 'own-big5', plan(t, 'Big5', hex('A4 A4 88 62 87 40 F9 F9 A1 40 C8 7E'), { splits: [1], extra: 0 }));
  add(t, 'own-euc-jp', plan(t, 'EUC-JP', hex('A4 A2 8E B1 8F A2 AF 8F B0 A1 A1 DD 5C 7E'), { splits: [2], extra: 0 }));
  add(
    t,
    'own-iso-2022-jp',
    plan(t, 'ISO-2022-JP', hex('41 1B 24 42 24 22 1B 28 4A 5C 7E 1B 28 49 21 5F 1B 28 42 7E'), {
      splits: [3, 4],
      capacity: 1,
      extra: 0,
    }),
  );
  add(
    t,
    'own-shift_jis',
    plan(t, 'Shift_JIS', hex('82 A0 B1 5C 7E 80 F0 40 87 40 ED 40 FA 40 81 7C'), { splits: [1], extra: 0 }),
  );
  add(t, 'own-euc-kr', plan(t, 'EUC-KR', hex('B0 A1 C8 FE A2 E6 C6 52 41'), { extra: 0 }));
  // Arbitrary UTF-16 (own bits 1): the one-way mappings, unencodables, lone surrogates.
  const tricky = 'a¥‾−ｱｰﾟ€\uE78D\uE864\uE5E5Ê\u0304\u{1D11E}\uD800x\uDC00\u000E\u001B~\\ー\uFFFD';
  for (const name of [
    'UTF-8',
    'windows-1252',
    'GBK',
    'gb18030',
    'Big5',
    'EUC-JP',
    'ISO-2022-JP',
    'Shift_JIS',
    'EUC-KR',
    'x-user-defined',
  ]) {
    add(t, `utf16-${name}`, plan(t, name, utf16le(tricky), { own: 1, splits: [5, 21, 22], capacity: 1, extra: 0 }));
  }
  // Encodable text, so the round trip runs: the one-way mappings must come back as the spec says.
  const encodable = {
    gb18030: 'a€\uE78D\uE864ｱ\u{1D11E}\uFFFD\u0080',
    GBK: 'a€\uE78D\uE864亜',
    Big5: '中文\u2550\u5341',
    'EUC-JP': '¥‾−ｱ亜a~\\',
    Shift_JIS: '¥‾−ｱ亜a~\\\u0080',
    'EUC-KR': '가힣a',
  };
  for (const [name, text] of Object.entries(encodable)) {
    add(t, `utf16-ok-${name}`, plan(t, name, utf16le(text), { own: 1, splits: [2], capacity: 1, extra: 0 }));
  }
  add(
    t,
    'utf16-iso-2022-jp-states',
    plan(t, 'ISO-2022-JP', utf16le('¥a亜¥\\‾~亜b\u2212ｱ'), { own: 1, splits: [3], extra: 0 }),
  );
  // Another decoder's output (own bits 2, extra byte = the decoder).
  add(
    t,
    'gb18030-text-to-big5',
    plan(t, 'Big5', hex('C4 E3 BA C3 D6 D0 CE C4 A1 A2 81 30 81 30'), { own: 2, extra: index('gb18030') }),
  );
  add(
    t,
    'big5-text-to-shift_jis',
    plan(t, 'Shift_JIS', hex('A4 A4 A4 E5 88 62 A1 40'), { own: 2, extra: index('Big5') }),
  );
  add(t, 'euc-kr-text-to-gbk', plan(t, 'GBK', hex('B0 A1 C8 FE A1 A1'), { own: 2, extra: index('EUC-KR') }));
  // Bytes as Latin-1 then UTF-16LE (own bits 3).
  add(t, 'latin1-koi8-r', plan(t, 'KOI8-R', ascii('plain \u00a0 \u00b0 text'), { own: 3, splits: [4], extra: 0 }));
}

// ---- the streaming encoder --------------------------------------------------------------------
{
  const t = 'encode_stream_fuzzer';
  // Surrogate pairs and lone surrogates at chunk ends, ISO-2022-JP's states across chunks,
  // unencodable characters (html and fatal), one-way mappings.
  const texts = {
    'ISO-2022-JP': '¥a亜¥\\‾~亜b\u2212ｱ\u{1F600}x\uD800\uD800',
    Shift_JIS: 'a\u{1F600}¥亜\uDC00ｱ€',
    gb18030: 'a\u{1D11E}€\uE5E5\uD83D',
    'windows-1252': 'a€\u{1F600}é\uD83Dz',
    'UTF-8': 'a\uD83D\uDE00\uD800b',
    'EUC-KR': '가\u{1F600}힣',
    Big5: '中\u{20000}文',
  };
  for (const [name, text] of Object.entries(texts)) {
    add(t, `cut-${name}`, plan(t, name, utf16le(text), { splits: [1, 2, 5, 6, 9], capacity: 1 }));
    add(t, `every-unit-${name}`, plan(t, name, utf16le(text), { own: 1 }));
  }
  add(t, 'latin1-windows-1252', plan(t, 'windows-1252', ascii('plain \u00a0 text'), { own: 2, splits: [3] }));
  add(t, 'empty-chunks-euc-jp', plan(t, 'EUC-JP', utf16le('¥‾−ｱ亜\u{1F600}'), { own: 3, splits: [0, 2, 3] }));
}

// ---- write --------------------------------------------------------------------------------------
let total = 0;
for (const [target, list] of Object.entries(seeds)) {
  const dir = join(here, 'corpus', target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of list) {
    writeFileSync(join(dir, `seed-${name}`), bytes);
    total += bytes.length;
  }
}
console.log(`make_seeds: ${Object.values(seeds).flat().length} seeds, ${total} bytes, in test/fuzz/corpus/`);
