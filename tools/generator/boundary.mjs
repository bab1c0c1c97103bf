// Everything that crosses a module boundary, written once: which wasm module holds which codec,
// which encodings each codec serves and through which entry point, each table family's index
// tables and their sizes, and the ABI constants that C++ and JS share (options, statuses, scratch
// slots). generate_tables.mjs writes every list and dispatch derived from this (cpp/generated/,
// js/generated/, types/generated/, js/tables/<family>.js); nothing else spells these facts out.
//
// Adding an encoding to a family: its codec's source file, and an entry in CODECS (and, if it
// needs a new index, one in the family's `tables`).
import { singleByteEncodings } from './whatwg_data.mjs';

// Codecs by name. `source`: the codec's file; `spec`: its section of the Encoding Standard;
// `encodings`: the encodings (encodings.json names) it serves; `decode`/`encode`: its entry points
// `DecodeResult decode_x([param,] DecoderState&, const DecodeCall&)` and likewise for encode, where
// `param` is [declaration, the argument the dispatch passes (a C++ expression of `encoding`)];
// `bom`: "serialize I/O queue" drops a leading BOM (UTF-8, UTF-16).
export const CODECS = {
  utf8: { source: 'utf8.cpp', spec: '#utf-8', encodings: ['UTF-8'], bom: true, decode: {}, encode: {} },
  utf16: {
    source: 'utf16.cpp',
    spec: '#shared-utf-16-decoder',
    encodings: ['UTF-16BE', 'UTF-16LE'],
    bom: true,
    decode: { param: ['bool big_endian', 'encoding == UTF_16BE'] },
  },
  single_byte: {
    source: 'single_byte.cpp',
    spec: '#legacy-single-byte-encodings',
    encodings: singleByteEncodings().map((e) => e.name),
    // The encoding's position among the single-byte encodings (they are contiguous in the enum).
    decode: { param: ['int index', 'encoding - kSingleByteFirst'] },
    encode: { param: ['int index', 'encoding - kSingleByteFirst'] },
  },
  x_user_defined: {
    source: 'x_user_defined.cpp',
    spec: '#x-user-defined',
    encodings: ['x-user-defined'],
    decode: {},
    encode: {},
  },
  // (`lite: false`: not in the lite core, EW_LITE, whose TextDecoder never decodes replacement)
  replacement: { source: 'replacement.cpp', spec: '#replacement', encodings: ['replacement'], decode: {}, lite: false },
  // GBK's decoder is gb18030's decoder; its encoder is gb18030's with "is GBK" set.
  gb18030: {
    source: 'gb18030.cpp',
    spec: '#gb18030',
    encodings: ['GBK', 'gb18030'],
    decode: {},
    encode: { param: ['bool gbk', 'encoding == GBK'] },
  },
  big5: { source: 'big5.cpp', spec: '#big5', encodings: ['Big5'], decode: {}, encode: {} },
  euc_jp: { source: 'euc_jp.cpp', spec: '#euc-jp', encodings: ['EUC-JP'], decode: {}, encode: {} },
  iso_2022_jp: { source: 'iso_2022_jp.cpp', spec: '#iso-2022-jp', encodings: ['ISO-2022-JP'], decode: {}, encode: {} },
  shift_jis: { source: 'shift_jis.cpp', spec: '#shift_jis', encodings: ['Shift_JIS'], decode: {}, encode: {} },
  euc_kr: { source: 'euc_kr.cpp', spec: '#euc-kr', encodings: ['EUC-KR'], decode: {}, encode: {} },
};

// Sources (under cpp/) in every module: the ASCII path, the C++ API over the dispatch, the buffers.
export const COMMON_SOURCES = ['ascii.cpp', 'decoder.cpp', 'exports.cpp'];

// Variants: modules built again from the same sources with other defines into other files (the core
// as dist/<file>.wasm, a family as dist/tables/<family>-<name>.wasm; a variant with `core: false` has
// no core, one with `tables: false` no families). One now: `lite`, the decoders' core, which the main
// TextDecoder loads in browsers where a host decoder is not exact and the full core is not loaded
// (js/wasm/core.js loadDecoderCore, docs/design.md section 13): decode only (EW_DECODE_ONLY), without
// SIMD (`simd: false`), the codecs' fast paths (EW_LITE, cpp/encoding.h) and the error log
// (EW_ERROR_LOG=0). (The decode-only families, a
// `decoder` variant with EW_DECODE_ONLY, are no longer built: docs/design.md section 13 has what
// they saved.)
export const VARIANTS = [
  {
    name: 'lite',
    file: 'encoding-lite',
    defines: ['EW_ERROR_LOG=0', 'EW_DECODE_ONLY=1', 'EW_LITE=1'],
    tables: false,
    simd: false,
  },
];

// The core module (dist/encoding.wasm): encodeInto and every encoding without tables; `variants`:
// those built as a core.
// Built with the error log (EW_ERROR_LOG=1, cpp/encoding.h), which encoding-wasm/errors, the hooks,
// encoding-wasm/url, the CLI and the converter page read (docs/design.md section 16).
export const CORE = {
  sources: ['core_exports.cpp'],
  codecs: ['utf8', 'utf16', 'single_byte', 'x_user_defined', 'replacement'],
  defines: ['EW_ERROR_LOG=1'],
  variants: VARIANTS.filter((v) => v.core !== false),
};

// The family modules' defines: the error log too.
export const FAMILY_DEFINES = ['EW_ERROR_LOG=1'];

// A family's module file under dist/tables/ (without .wasm), for a variant or (null) the default.
export const familyFile = (family, variant = null) => (variant ? `${family}-${variant.name}` : family);

// The multi-byte table families, in id order, one module each (dist/tables/<name>.wasm): their
// codecs, the sources those share, and their index tables in blob order. A family with `host` is a
// part of family `host`: tables that only some of the host's decoders need (`decoders`: codecs), so
// that a user of the others does not fetch them (docs/design.md section 3). Its module
// (dist/tables/<name>.wasm, written by generate_tables.mjs) holds only its blob, in the custom
// section PART_SECTION, which the JS layer copies into the host's instance to be expanded there;
// tables/all.wasm embeds it as it embeds the others. A table is an index file
// (`index`, stored for pointers 0..size-1, `size` from the spec's largest pointer) or a column of
// index gb18030 ranges; `type` is the C++ element type, `name` gives the accessor index_<name>().
export const FAMILIES = [
  {
    name: 'chinese-simplified',
    codecs: ['gb18030'],
    sources: [],
    tables: [
      { name: 'gb18030', index: 'gb18030', size: 23940, type: 'uint16_t' },
      { name: 'gb18030_ranges_pointer', ranges: 'pointer', type: 'uint32_t', note: 'ascending' },
      { name: 'gb18030_ranges_code_point', ranges: 'codePoint', type: 'uint32_t', note: 'ascending, parallel' },
    ],
  },
  {
    name: 'chinese-traditional',
    codecs: ['big5'],
    sources: [],
    tables: [{ name: 'big5', index: 'big5', size: 19782, type: 'uint32_t', note: 'has code points above U+FFFF' }],
  },
  {
    name: 'japanese',
    codecs: ['euc_jp', 'iso_2022_jp', 'shift_jis'],
    sources: ['jis0208.cpp'],
    tables: [
      { name: 'jis0208', index: 'jis0208', size: 11104, type: 'uint16_t' },
      { name: 'iso_2022_jp_katakana', index: 'iso-2022-jp-katakana', size: 63, type: 'uint16_t' },
    ],
  },
  {
    name: 'korean',
    codecs: ['euc_kr'],
    sources: [],
    tables: [{ name: 'euc_kr', index: 'euc-kr', size: 23750, type: 'uint16_t' }],
  },
  // Only the EUC-JP decoder reads index jis0212 (https://encoding.spec.whatwg.org/#euc-jp-decoder;
  // the encoder does not): 3.2 KB of the japanese module's 20.6 (gzip) that Shift_JIS users fetched.
  {
    name: 'japanese-jis0212',
    host: 'japanese',
    decoders: ['euc_jp'],
    codecs: [],
    sources: [],
    tables: [{ name: 'jis0212', index: 'jis0212', size: 7211, type: 'uint16_t' }],
  },
];

// The custom section that holds a part's blob in its module (FAMILIES, `host`).
export const PART_SECTION = 'encoding-wasm.tables';

// The id of the family whose instance holds family `family`'s tables: its host's for a part, else
// its own.
export const hostOf = (family) =>
  FAMILIES[family].host ? FAMILIES.findIndex((f) => f.name === FAMILIES[family].host) : family;

// The parts hosted by family `family` (ids).
export const partsOf = (family) => FAMILIES.flatMap((f, id) => (id !== family && hostOf(id) === family ? [id] : []));

// The part (a family id) that decoding with `codec` needs besides its family, or -1.
export const decoderPartOf = (codec) => FAMILIES.findIndex((f) => f.host && f.decoders.includes(codec));

// Sources in every family module and in the native build: the table loader.
export const FAMILY_SOURCES = ['tables.cpp'];

// The combined module (dist/tables/all.wasm, and its VARIANTS): every family's codecs and tables in
// one module, so that the decode and encode drivers and the table loader ship once instead of once
// per family (docs/design.md section 3). 'encoding-wasm/tables/all' and preload() with no labels
// load it where the host fetches its tables (browsers, bundlers, workerd); one instance serves every
// family, each expanded when it is registered. The family modules stay for a user of one family.
// `variants`: the VARIANTS it is built in too (none).
export const COMBINED = {
  name: 'all',
  families: FAMILIES.map((_, family) => family),
  variants: [],
};

// Every table module's file name under dist/tables/ (without a variant's suffix): the families' and
// parts', then the combined module's.
export const TABLE_MODULES = [...FAMILIES.map((f) => f.name), COMBINED.name];

// The table modules CMake builds (the parts' modules hold only data: generate_tables.mjs writes them).
export const BUILT_TABLE_MODULES = TABLE_MODULES.filter((name) => !FAMILIES.find((f) => f.name === name)?.host);

// The VARIANTS a table module is built in.
export const tableVariants = (name) =>
  VARIANTS.filter((v) => v.tables !== false && (name !== COMBINED.name || COMBINED.variants.includes(v.name)));

// Where each host finds its wasm modules: the generator writes one descriptor per host,
// js/generated/<name>_wasm.js (boundary_js.mjs), and the host's module under js/host/ loads what it
// names with the host's primitives (docs/design.md section 4). Every file is named literally, so
// that bundlers and the runtime see it. `reach`, how: 'url', a URL the host reads (Node, Bun) or
// fetches (browsers, bundlers); 'import source', a module Deno compiles with the module graph (no
// permission needed); 'import', a module workerd hands over compiled (it compiles nothing from
// bytes), the core by a static import, the rest by dynamic ones, so that a worker instantiates only
// what it imports or preloads. `variants`: the core VARIANTS the host loads: the lite core only in
// browsers, where the full core may not be loaded at all. `combined`: whether preload() of every
// family loads the combined module, only where tables are fetched: Node, Bun and Deno load each
// family on first use and download nothing, and a worker downloads nothing at run time while
// wrangler uploads every module a literal import names, so the combined module would only add its
// 70 KB (gzip) to every upload, beside the family modules.
export const HOSTS = [
  { name: 'browser', reach: 'url', variants: ['lite'], combined: true },
  { name: 'node', reach: 'url', variants: [], combined: false },
  { name: 'deno', reach: 'import source', variants: [], combined: false },
  { name: 'workerd', reach: 'import', variants: [], combined: false },
];

// The ABI of cpp/exports.cpp, as C++ enumerators and JS constants: [C++ name, JS name, value, doc].
export const ABI = {
  DecodeOption: [
    ['kFatal', 'FATAL', 1, 'error mode "fatal" (otherwise "replacement")'],
    ['kIgnoreBom', 'IGNORE_BOM', 2, "TextDecoderCommon's ignore BOM"],
    ['kFlush', 'FLUSH', 4, 'the input ends after these bytes (process end-of-queue)'],
    ['kRecordErrors', 'RECORD_ERRORS', 8, 'replacement mode: record every error in the error log'],
  ],
  EncodeOption: [
    ['kHtml', 'HTML', 1, 'error mode "html" (otherwise "fatal")'],
    ['kEncodeFlush', 'ENCODE_FLUSH', 4, 'the input ends after this chunk (process end-of-queue)'],
    [
      'kEncodeRecordErrors',
      'ENCODE_RECORD_ERRORS',
      8,
      'html mode: record every unencodable code point in the error log',
    ],
  ],
  Status: [
    ['kDone', 'STATUS_DONE', 0, 'all input consumed (and flushed, with kFlush)'],
    ['kOutputFull', 'STATUS_OUTPUT_FULL', 1, 'stopped early; call again with the rest of the input'],
    [
      'kError',
      'STATUS_ERROR',
      2,
      'fatal error; decode without kFlush: the state is the one the error left, and kScratchRestored ' +
        'says which bytes it restored to the I/O queue; otherwise the state is a new decoder or encoder',
    ],
    [
      'kUnavailable',
      'STATUS_UNAVAILABLE',
      3,
      'this module has no such codec, or its tables are not loaded; nothing read',
    ],
  ],
  // The words of ew_scratch(): a call's state in and out, and its results.
  ScratchSlot: [
    ['kScratchState0', 'SCRATCH_STATE0', 0, 'state, first word (a DecoderState, or the EncoderState)'],
    ['kScratchState1', 'SCRATCH_STATE1', 1, "state, second word (a DecoderState's)"],
    ['kScratchRead', 'SCRATCH_READ', 2, 'input consumed'],
    ['kScratchBegin', 'SCRATCH_BEGIN', 3, 'decode: where the output starts'],
    ['kScratchWritten', 'SCRATCH_WRITTEN', 4, 'where the output ends (decode: code units; encode: bytes)'],
    ['kScratchCodePoint', 'SCRATCH_CODE_POINT', 5, 'encode with kError: the code point that cannot be encoded'],
    [
      'kScratchErrors',
      'SCRATCH_ERRORS',
      6,
      'records in the error log (kRecordErrors, kEncodeRecordErrors; builds with the log only)',
    ],
    [
      'kScratchRestored',
      'SCRATCH_RESTORED',
      7,
      'decode with kError without kFlush: the bytes restored to the I/O queue (DecodeResult::restored)',
    ],
    [
      'kScratchErrorLog',
      'SCRATCH_ERROR_LOG',
      8,
      'the error log: decode, records of two words, [start, end) of the malformed bytes relative to the ' +
        "call's input (start may be negative, as int32: bytes held from earlier calls); encode, records of " +
        'three words, the input index, the code point and the offset of its "&#N;" in the output',
    ],
    ['kScratchWords', 'SCRATCH_WORDS', 8 + 2 * 128, 'the size of the scratch area (a log of 128 records)'],
  ],
};

// ---- derived views ----------------------------------------------------------------------------

// Every module: the core, then one per family (`family` is its index in FAMILIES), each with its
// codecs and its sources under cpp/ (its generated module file comes last).
export const MODULES = [
  { name: 'core', family: -1, codecs: CORE.codecs, sources: CORE.sources },
  ...FAMILIES.flatMap((f, family) =>
    f.host ? [] : [{ name: f.name, family, codecs: f.codecs, sources: [...f.sources, ...FAMILY_SOURCES] }],
  ),
];

// The family whose module holds `codec`, or -1 (the core).
export const familyOfCodec = (codec) => FAMILIES.findIndex((f) => f.codecs.includes(codec));

// The codec that serves encoding `name`; throws unless exactly one does.
export function codecOf(name) {
  const codecs = Object.keys(CODECS).filter((c) => CODECS[c].encodings.includes(name));
  if (codecs.length !== 1) throw new Error(`boundary.mjs: ${name} is served by ${codecs.length} codecs`);
  return codecs[0];
}

// Every codec is in exactly one module.
for (const codec of Object.keys(CODECS)) {
  const n = MODULES.filter((m) => m.codecs.includes(codec)).length;
  if (n !== 1) throw new Error(`boundary.mjs: codec ${codec} is in ${n} modules`);
}

// C++ spellings: the Encoding enumerator of an encoding name, a CamelCase name ('euc_kr' -> EucKr).
export const enumName = (name) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
export const camel = (name) => name.replace(/(?:^|[-_])(\w)/g, (_, c) => c.toUpperCase());
