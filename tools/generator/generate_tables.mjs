#!/usr/bin/env node
// Generates the encoding list, the JS label data, the single-byte tables and the layout of the
// multi-byte family tables from the vendored WHATWG data in cpp/whatwg/, and everything that
// crosses a module boundary from tools/generator/boundary.mjs (boundary_cpp.mjs, boundary_js.mjs).
// Usage: node tools/generator/generate_tables.mjs [--check] [--list] [--out DIR]
// With --check nothing is written; the exit code is 1 when a checked-in file differs from what the
// generator would write (CI runs this). --list prints the checked-in files it writes. With --out
// DIR it also writes the build outputs DIR/tables/<family>.bin (the family's blob, which the native
// tests load), DIR/tables/<family>.packed.bin (the blob packed: tools/generator/packed_blob.mjs),
// DIR/tables/<family>_blob.cpp (the blob for the family's wasm module) and DIR/tables/all_blob.cpp
// (every family's packed blob, for the combined module); a part's module is
// DIR/tables/parts/<part>.wasm, with a copy for each variant (<part>-<variant>.wasm: the same
// bytes, so that each entry point's paths name files of its own build), which build.sh copies to
// dist/tables/.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { readEncodings, readIndex, singleByteEncodings } from './whatwg_data.mjs';
import { encodeDeltaStream, cArray } from './delta_stream.mjs';
import { blobSource, buildFamilyBlobs, partModule } from './family_tables.mjs';
import { banner } from './banner.mjs';
import { COMBINED, FAMILIES, camel, enumName, familyFile, partsOf, tableVariants } from './boundary.mjs';
import { cppOutputs, hasEncoder } from './boundary_cpp.mjs';
import { jsOutputs } from './boundary_js.mjs';

const ROOT = new URL('../../', import.meta.url);
const HEADER = (what) => banner(`cpp/whatwg/${what}`);

const encodings = readEncodings();
const singleByte = singleByteEncodings();

function encodingsHeader() {
  const lines = [HEADER('encodings.json'), '#pragma once', '#include <cstdint>', '', 'namespace ew {', ''];
  lines.push("// Every encoding of https://encoding.spec.whatwg.org/#names-and-labels, in the spec's order.");
  lines.push('enum Encoding : uint8_t {');
  for (const e of encodings) lines.push(`  ${enumName(e.name)},`);
  lines.push('};');
  lines.push(`inline constexpr int kEncodingCount = ${encodings.length};`);
  lines.push(`inline constexpr int kSingleByteFirst = ${enumName(singleByte[0].name)};`);
  lines.push(`inline constexpr int kSingleByteCount = ${singleByte.length};`, '');
  const without = encodings.filter((e) => !hasEncoder(e.name)).map((e) => `encoding != ${enumName(e.name)}`);
  lines.push(
    '// Whether `encoding` has an encoder (from tools/generator/boundary.mjs: every codec with an encode entry point).',
  );
  lines.push('constexpr bool has_encoder(int encoding) {');
  lines.push(`  return encoding >= 0 && encoding < kEncodingCount && ${without.join(' && ')};`, '}');
  lines.push('', '}  // namespace ew', '');
  return lines.join('\n');
}

function singleByteHeader() {
  const streams = [];
  const offsets = [];
  let total = 0;
  for (const { index } of singleByte) {
    const map = readIndex(index);
    const values = Array.from({ length: 128 }, (_, p) => (map.has(p) ? map.get(p) : null));
    const bytes = encodeDeltaStream(values, 0x7f);
    offsets.push(total);
    total += bytes.length;
    streams.push(...bytes);
  }
  offsets.push(total);
  return [
    HEADER('index-*.txt (the single-byte indexes)'),
    '#pragma once',
    '#include <cstdint>',
    '',
    'namespace ew::generated {',
    '',
    '// Each single-byte index (pointers 0..127) as a delta stream (cpp/delta_stream.h), starting',
    '// from code point 0x7F, in the order of the Encoding enum; kSingleByteOffset[i] is where index',
    '// i starts.',
    `inline constexpr uint16_t kSingleByteOffset[] = {${wrapList(offsets)}};`,
    `inline constexpr uint8_t kSingleByteStreams[] = {${cArray(streams)}};`,
    '',
    '}  // namespace ew::generated',
    '',
  ].join('\n');
}

const familyBlobs = buildFamilyBlobs();

function familyLayoutHeader() {
  const lines = [
    HEADER('index-*.txt (the multi-byte indexes)'),
    '#pragma once',
    '#include <cstdint>',
    '',
    'namespace ew::generated {',
    '',
    "// Where each index sits in its family's blob (a ranked stream, or for a column of index gb18030",
    "// ranges a delta stream from code point 0, of `count` entries: cpp/delta_stream.h), each blob's",
    '// size and FNV-1a checksum, and the 64-bit words of used code points its ranked tables need.',
    'struct IndexLayout {',
    '  uint32_t offset;',
    '  uint32_t count;',
    '};',
    '',
  ];
  familyBlobs.forEach(({ name, tables }, f) => {
    lines.push(`// Family ${f}: ${name}`);
    for (const t of tables) lines.push(`inline constexpr IndexLayout kIndex${camel(t.name)}{${t.offset}, ${t.count}};`);
    lines.push('');
  });
  lines.push(`inline constexpr uint32_t kFamilyBlobSize[] = {${familyBlobs.map((f) => f.blob.length).join(', ')}};`);
  lines.push(
    `inline constexpr uint32_t kFamilyChecksum[] = {${familyBlobs.map((f) => '0x' + f.checksum.toString(16)).join(', ')}};`,
  );
  lines.push(`inline constexpr uint32_t kFamilyUsedWords[] = {${familyBlobs.map((f) => f.usedWords).join(', ')}};`);
  lines.push('', '}  // namespace ew::generated', '');
  return lines.join('\n');
}

// The encodings and their labels, for applications that list them (encoding-wasm/convert's
// `encodings`); labels are matched over LITE_LABELS (js/webidl/labels.js).
function jsLabels() {
  return [
    HEADER('encodings.json'),
    "// The encodings of the standard and their labels, for applications that list them (the CLI's -l,",
    "// the converter page's menus; encoding-wasm/convert exports them): [{ name, labels }] in the",
    '// standard\'s order, `name` as the standard writes it ("Shift_JIS"; in ASCII lowercase it is what',
    "// TextDecoder's `encoding` says), `labels` in ASCII lowercase. (A label's encoding:",
    '// normalizeEncoding() of encoding-wasm/hooks, the matcher TextDecoder uses.)',
    '// https://encoding.spec.whatwg.org/#names-and-labels',
    'const encoding = (name, labels) => Object.freeze({ name, labels: Object.freeze(labels) });',
    'export const encodings = Object.freeze([',
    ...encodings.map((e) => `  encoding(${JSON.stringify(e.name)}, ${JSON.stringify(e.labels)}),`),
    ']);',
    '',
  ].join('\n');
}

// The TextDecoder's data: every label, for matching in JS (js/webidl/labels.js; no wasm module has
// labels), and what each single-byte encoding's decoder gives for the 256 bytes, as a hash, for
// probing the host's decoders without the core (js/host/native.js).
// LITE_LABELS: the encodings in Encoding id order (the core's enum), separated by ',', each one's
// labels separated by ' ', its lower-cased name first (every name is also one of its labels): 0.8 KB
// gzipped.
// LITE_BYTEWISE: by Encoding id, for the single-byte encodings and x-user-defined, the 32-bit FNV-1a
// hash (liteHash) of the code units of the decoding of bytes 0x00-0xFF in replacement mode; 0 for the
// other encodings.
export const liteHash = (units) => units.reduce((h, unit) => Math.imul(h ^ unit, 0x01000193) >>> 0, 0x811c9dc5);
// By Encoding id, what a single-byte encoding's decoder (x-user-defined's too) gives for bytes
// 0x80-0xFF in replacement mode (https://encoding.spec.whatwg.org/#single-byte-decoder,
// https://encoding.spec.whatwg.org/#x-user-defined-decoder); null for the other encodings.
const upperHalves = encodings.map((e) => {
  const pointers = [...Array(128).keys()];
  if (e.name === 'x-user-defined') return pointers.map((p) => 0xf780 + p);
  const single = singleByte.find((s) => s.name === e.name);
  if (!single) return null;
  const index = readIndex(single.index);
  return pointers.map((p) => index.get(p) ?? 0xfffd);
});
const ascii = [...Array(128).keys()];
function jsLiteData() {
  const groups = encodings.map((e) => {
    const name = e.name.toLowerCase();
    if (!e.labels.includes(name)) throw new Error(`${e.name}: its lower-cased name is not one of its labels`);
    return [name, ...e.labels.filter((label) => label !== name)].join(' ');
  });
  const hashes = upperHalves.map((upper) => (upper ? liteHash([...ascii, ...upper]) : 0));
  return [
    HEADER('encodings.json and the single-byte index-*.txt'),
    "// What the TextDecoder needs without a wasm core (labels, the host probes' hashes): tools/generator/generate_tables.mjs (jsLiteData) says what each holds.",
    `export const LITE_LABELS =\n  ${chunkString(groups.join(',')).trim().replace(/\n\s*/g, ' +\n  ')};`,
    `export const LITE_BYTEWISE = [${wrapList(hashes)}];`,
    '',
  ].join('\n');
}

// The tables of the single-byte decoders in JS that browsers load where one of the host's is not
// exact (js/host/browser/table_decoder.js), as a part's module (dist/tables/single-byte.wasm: its
// blob in a custom section; partModule). The blob: the names of the single-byte encodings and
// x-user-defined, each followed by a space, then 0, then for each of them in that order the code
// units of bytes 0x80-0xFF (U+FFFD for an error) as 16-bit little-endian words, each the
// difference from the code unit 0x80 + its pointer, mod 2^16, so that the stretches where an index
// follows Latin-1 are runs of zeros (2.3 KB gzipped; its own names, so that the module that reads it
// needs nothing the TextDecoder's own chunk holds, which a bundler would otherwise split in two).
function singleByteBlob() {
  const names = [];
  const words = [];
  upperHalves.forEach((upper, id) => {
    if (!upper) return;
    names.push(`${encodings[id].name.toLowerCase()} `);
    for (let pointer = 0; pointer < 128; pointer++) words.push((upper[pointer] - 0x80 - pointer) & 0xffff);
  });
  const header = new TextEncoder().encode(names.join(''));
  const blob = new Uint8Array(header.length + 1 + 2 * words.length);
  blob.set(header);
  words.forEach((word, k) => {
    blob[header.length + 1 + 2 * k] = word & 0xff;
    blob[header.length + 2 + 2 * k] = word >> 8;
  });
  return blob;
}

function chunkString(text) {
  const parts = [];
  for (let i = 0; i < text.length; i += 72)
    parts.push(JSON.stringify(text.slice(i, i + 72)).replace(/\\u0000/g, '\\000'));
  return parts.map((p) => '    ' + p).join('\n');
}

function wrapList(values) {
  const out = [];
  for (let i = 0; i < values.length; i += 16) out.push('    ' + values.slice(i, i + 16).join(', ') + ',');
  return '\n' + out.join('\n') + '\n';
}

const outputs = {
  'cpp/generated/encodings.h': encodingsHeader(),
  'cpp/generated/single_byte_tables.h': singleByteHeader(),
  'cpp/generated/family_layout.h': familyLayoutHeader(),
  ...cppOutputs(),
  ...jsOutputs(),
  'js/generated/labels.js': jsLabels(),
  'js/generated/lite_data.js': jsLiteData(),
};

if (process.argv.includes('--list')) {
  console.log(Object.keys(outputs).join('\n'));
  process.exit(0);
}

const check = process.argv.includes('--check');
let stale = 0;
for (const [path, text] of Object.entries(outputs)) {
  const url = new URL(path, ROOT);
  let old = null;
  try {
    old = readFileSync(url, 'utf8');
  } catch {}
  if (old === text) continue;
  if (check) {
    console.error(`stale: ${path} differs from what tools/generator/generate_tables.mjs writes`);
    stale++;
  } else {
    mkdirSync(new URL('.', url), { recursive: true });
    writeFileSync(url, text);
    console.log(`wrote ${path}`);
  }
}

const outIndex = process.argv.indexOf('--out');
if (outIndex > 0) {
  const dir = new URL(`${process.argv[outIndex + 1].replace(/\/?$/, '/')}tables/`, new URL(`file://${process.cwd()}/`));
  mkdirSync(new URL('parts/', dir), { recursive: true });
  familyBlobs.forEach(({ name, blob, packed }, id) => {
    writeIfChanged(new URL(`${name}.bin`, dir), blob);
    writeIfChanged(new URL(`${name}.packed.bin`, dir), packed);
    if (FAMILIES[id].host) {
      // (and the variants that have table modules)
      for (const v of [null, ...tableVariants(name)])
        writeIfChanged(new URL(`parts/${familyFile(name, v)}.wasm`, dir), partModule(blob, familyFile(name, v)));
    } else {
      const parts = partsOf(id);
      writeIfChanged(new URL(`${name}_blob.cpp`, dir), blobSource([id, ...parts], familyBlobs, parts));
    }
  });
  writeIfChanged(new URL(`${COMBINED.name}_blob.cpp`, dir), blobSource(COMBINED.families, familyBlobs, [], true));
  writeIfChanged(new URL('parts/single-byte.wasm', dir), partModule(singleByteBlob(), 'single-byte'));
}

// Leaves an up-to-date build output untouched, so the build's staleness checks stay quiet.
function writeIfChanged(url, bytes) {
  try {
    if (Buffer.compare(readFileSync(url), Buffer.from(bytes)) === 0) return;
  } catch {}
  writeFileSync(url, bytes);
}

process.exit(stale ? 1 : 0);
