// The C++ and CMake side of tools/generator/boundary.mjs: the ABI constants, the family list and
// family_of, the codec entry points, one dispatch per module (it names only the codecs linked into
// that module, so a missing one is a link error) and the CMake source lists. Used by
// generate_tables.mjs.
import { readEncodings } from './whatwg_data.mjs';
import { banner } from './banner.mjs';
import { isRanked } from './family_tables.mjs';
import {
  ABI,
  CODECS,
  COMBINED,
  COMMON_SOURCES,
  CORE,
  FAMILIES,
  FAMILY_DEFINES,
  MODULES,
  BUILT_TABLE_MODULES,
  familyFile,
  camel,
  codecOf,
  enumName,
  decoderPartOf,
  familyOfCodec,
  partsOf,
  tableVariants,
} from './boundary.mjs';

const FROM = 'tools/generator/boundary.mjs';
const SPEC = 'https://encoding.spec.whatwg.org/';
const familyEnum = (family) => `k${camel(FAMILIES[family].name)}`;
const encodings = readEncodings();

function abiHeader() {
  const lines = [banner(FROM), '#pragma once', '#include <cstdint>', '', 'namespace ew {', ''];
  for (const [type, entries] of Object.entries(ABI)) {
    lines.push(`enum ${type} : uint32_t {`);
    for (const [name, , value, doc] of entries) lines.push(`  ${name} = ${value},  // ${doc}`);
    lines.push('};', '');
  }
  lines.push('}  // namespace ew', '');
  return lines.join('\n');
}

// The Family enum, the family each encoding needs, and each family's index accessors.
function familiesHeader() {
  const lines = [banner(FROM), '#pragma once', '#include <cstdint>', '', '#include "generated/encodings.h"', ''];
  lines.push(
    'namespace ew {',
    '',
    "// The multi-byte table families, one wasm module each (a part's tables: its host's module).",
  );
  lines.push('enum Family : int {');
  const served = (codecs) => codecs.flatMap((c) => CODECS[c].encodings).join(', ');
  FAMILIES.forEach((f, i) =>
    lines.push(
      `  ${familyEnum(i)},  // ${f.host ? `part of ${f.host}, for the ${served(f.decoders)} decoder` : served(f.codecs)}`,
    ),
  );
  lines.push('};');
  lines.push(`inline constexpr int kFamilyCount = ${FAMILIES.length};`);
  lines.push(`inline constexpr const char* kFamilyNames[] = {${FAMILIES.map((f) => `"${f.name}"`).join(', ')}};`, '');
  lines.push("// The family an encoding's decoder and encoder need, or -1 (the EUC-JP decoder, a part of it too).");
  lines.push('constexpr int family_of(int encoding) {', '  switch (encoding) {');
  FAMILIES.forEach((f, i) => {
    if (f.host) return;
    for (const codec of f.codecs) for (const e of CODECS[codec].encodings) lines.push(`    case ${enumName(e)}:`);
    lines.push(`      return ${familyEnum(i)};`);
  });
  lines.push('    default:', '      return -1;', '  }', '}', '');
  lines.push("// The part of its family (a family whose tables its family's module expands) an encoding's");
  lines.push('// decoder needs besides its family, or -1.');
  lines.push('constexpr int decoder_part_of(int encoding) {', '  switch (encoding) {');
  FAMILIES.forEach((f, i) => {
    if (!f.host) return;
    for (const codec of f.decoders) for (const e of CODECS[codec].encodings) lines.push(`    case ${enumName(e)}:`);
    lines.push(`      return ${familyEnum(i)};`);
  });
  lines.push('    default:', '      return -1;', '  }', '}', '');
  lines.push('// Index arrays, one entry per pointer, 0 for null (no index maps a pointer to U+0000). Valid only');
  lines.push("// once the family is loaded; defined in the family's module (cpp/generated/module_*.cpp).");
  for (const f of FAMILIES) {
    for (const t of f.tables) {
      const column = t.ranges === 'pointer' ? 'pointers' : 'code points';
      const what = t.index ? `index ${t.index}, pointers 0..${t.size - 1}` : `index gb18030 ranges, its ${column}`;
      lines.push(`const ${t.type}* index_${t.name}();  // ${what}${t.note ? `; ${t.note}` : ''}`);
    }
  }
  lines.push('', '}  // namespace ew', '');
  return lines.join('\n');
}

const params = (entry) => (entry.param ? `${entry.param[0]}, ` : '');
const args = (entry) => (entry.param ? `${entry.param[1]}, ` : '');

function codecsHeader() {
  const lines = [banner(FROM), '#pragma once', '#include "decode_driver.h"', '#include "encode_driver.h"'];
  lines.push('#include "encoding.h"', '', 'namespace ew {', '');
  lines.push("// Each codec's entry points, defined in its own file. The multi-byte codecs read their indexes");
  lines.push('// (generated/families.h) only once their family is loaded, which the dispatch checks.');
  for (const [name, codec] of Object.entries(CODECS)) {
    lines.push(
      `// ${codec.source}: ${SPEC}${codec.spec} (${codec.encodings.length > 3 ? `${codec.encodings.length} encodings` : codec.encodings.join(', ')})`,
    );
    if (codec.decode)
      lines.push(`DecodeResult decode_${name}(${params(codec.decode)}DecoderState&, const DecodeCall&);`);
    if (codec.encode)
      lines.push(`EncodeResult encode_${name}(${params(codec.encode)}EncoderState&, const EncodeCall&);`);
  }
  lines.push('', '// The dispatch of the module being linked (its cpp/generated/module_*.cpp): the codec of');
  lines.push('// `encoding`, or kUnavailable (nothing read, state untouched) if that codec is not in this');
  lines.push("// module or its family's tables are not loaded.");
  lines.push('DecodeResult dispatch_decode(int encoding, DecoderState& state, DecodeCall& call);');
  lines.push('EncodeResult dispatch_encode(int encoding, EncoderState& state, const EncodeCall& call);');
  lines.push('', '}  // namespace ew', '');
  return lines.join('\n');
}

// `lines` of codec `name`, left out of the lite core (EW_LITE) if the codec is not in it (`lite: false`).
const notInLite = (name, lines) =>
  CODECS[name].lite === false ? ['#if !EW_LITE', ...lines, '#endif  // !EW_LITE'] : lines;

// One switch over the encodings of `codecs` that have entry point `kind` ('decode' or 'encode').
// The decoders are called through a volatile pointer each. The compiler cannot see through that,
// so binaryen does not inline a decoder into the dispatch, its one caller: engines compile a wasm
// function on its first call (V8 lazily, with Liftoff), and with every decoder inlined the core's
// ew_decode was one 11.6 KB function, whose compilation took 0.5 ms of the first decode in a fresh
// Node 20, against 0.03 ms for the dispatch and the one decoder called (docs/design.md section
// 13). It costs a load and an indirect call per call into wasm, not per byte, and 0.2 KB of the
// gzipped core; the encoders, whose first call matters less, stay inlined.
function dispatchFunction(kind, codecs) {
  const [Result, State, call] =
    kind === 'decode'
      ? ['DecodeResult', 'DecoderState', 'DecodeCall&']
      : ['EncodeResult', 'EncoderState', 'const EncodeCall&'];
  const called = kind === 'decode' ? codecs.filter((name) => CODECS[name][kind]) : [];
  const pointer = (name) => `k${camel(kind)}${camel(name)}`;
  const lines = [
    ...(called.length
      ? [
          'namespace {',
          ...called.flatMap((name) =>
            notInLite(name, [`decltype(&${kind}_${name}) const volatile ${pointer(name)} = &${kind}_${name};`]),
          ),
          '}  // namespace',
          '',
        ]
      : []),
    `${Result} dispatch_${kind}(int encoding, ${State}& state, ${call} call) {`,
    '  switch (encoding) {',
  ];
  for (const name of codecs) {
    const codec = CODECS[name];
    if (!codec[kind]) continue;
    const cases = codec.encodings.map((e) => `    case ${enumName(e)}:`);
    const family = familyOfCodec(name);
    if (family >= 0) cases.push(`      if (!family_loaded(${familyEnum(family)})) break;`);
    const part = kind === 'decode' ? decoderPartOf(name) : -1;
    if (part >= 0) cases.push(`      if (!family_loaded(${familyEnum(part)})) break;`);
    if (kind === 'decode' && codec.bom) cases.push('      call.bom_encoding = true;');
    const callee = called.includes(name) ? pointer(name) : `${kind}_${name}`;
    cases.push(`      return ${callee}(${args(codec[kind])}state, call);`);
    lines.push(...notInLite(name, cases));
  }
  lines.push('    default:', '      break;', '  }', `  return ${Result}{kUnavailable, 0, 0, 0};`, '}');
  return lines.join('\n');
}

// The index arrays of `families` and the function that fills them from a blob (tables.cpp).
function familyTables(families) {
  if (families.length === 0) return [];
  const tables = families.flatMap((f) => FAMILIES[f].tables);
  const lines = ['namespace {'];
  for (const t of tables) lines.push(`${t.type}* g_${t.name};`);
  const ranked = families.filter((f) => FAMILIES[f].tables.some(isRanked));
  const words = ranked.map((f) => `generated::kFamilyUsedWords[${familyEnum(f)}]`);
  if (words.length)
    lines.push(
      "// A bit per code point, for expanding a family's ranked tables (cpp/delta_stream.h).",
      `uint64_t g_used[${words.length > 1 ? `std::max({${words.join(', ')}})` : words[0]}];`,
    );
  lines.push('}  // namespace', '');
  for (const t of tables) lines.push(`const ${t.type}* index_${t.name}() { return g_${t.name}; }`);
  lines.push('', 'bool expand_family(int family, const uint8_t* blob) {', '  switch (family) {');
  for (const f of families) {
    lines.push(`    case ${familyEnum(f)}:`);
    if (FAMILIES[f].tables.some(isRanked))
      lines.push(`      std::memset(g_used, 0, generated::kFamilyUsedWords[${familyEnum(f)}] * sizeof g_used[0]);`);
    for (const t of FAMILIES[f].tables) {
      const index = `generated::kIndex${camel(t.name)}`;
      lines.push(
        isRanked(t)
          ? `      g_${t.name} = expand_ranked_index<${t.type}>(blob, ${index}, g_used);`
          : `      g_${t.name} = expand_index<${t.type}>(blob, ${index});`,
      );
    }
    lines.push(`      return ${FAMILIES[f].tables.map((t) => `g_${t.name}`).join(' && ')};`);
  }
  lines.push('    default:', '      return false;', '  }', '}', '');
  return lines;
}

// A module's file: its dispatch, and its families' index arrays.
function moduleSource(title, codecs, families) {
  const ranked = families.filter((f) => FAMILIES[f].tables.some(isRanked)).length;
  return [
    banner(FROM),
    `// ${title}: the dispatch to the codecs linked into it (a codec`,
    `// missing from the module is a link error)${families.length ? ", and the index arrays of its families' tables" : ''}.`,
    ...(ranked > 1 ? ['#include <algorithm>'] : []),
    ...(ranked ? ['#include <cstring>', ''] : []),
    '#include "generated/codecs.h"',
    families.length ? '#include "tables.h"' : null,
    '',
    'namespace ew {',
    '',
    ...familyTables(families),
    dispatchFunction('decode', codecs),
    '',
    dispatchFunction('encode', codecs),
    '',
    '}  // namespace ew',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

const moduleFile = (name) => `cpp/generated/module_${name.replace(/-/g, '_')}.cpp`;
const cpp = (files) => files.map((f) => `cpp/${f}`);
const codecSources = (codecs) => codecs.map((c) => `cpp/${CODECS[c].source}`);
const unique = (list) => [...new Set(list)];

// Every module's sources, and the native build's (every codec, one dispatch over all of them).
function modulesCmake() {
  const lines = [
    banner(FROM, '#').trimEnd(),
    '# The sources of each module, relative to the repository root (CMakeLists.txt, test/fuzz/).',
  ];
  const list = (name, files) => lines.push(`set(${name}\n    ${unique(files).join('\n    ')})`);
  for (const m of MODULES) {
    const name = m.family < 0 ? 'EW_CORE_SOURCES' : `EW_FAMILY_${m.name}_SOURCES`;
    list(name, [...cpp(COMMON_SOURCES), ...codecSources(m.codecs), ...cpp(m.sources), moduleFile(m.name)]);
  }
  // The combined module: every family module's sources, with its own dispatch.
  const combined = COMBINED.families.flatMap((f) => MODULES.filter((m) => m.family === f));
  list(`EW_FAMILY_${COMBINED.name}_SOURCES`, [
    ...cpp(COMMON_SOURCES),
    ...combined.flatMap((m) => [...codecSources(m.codecs), ...cpp(m.sources)]),
    moduleFile(COMBINED.name),
  ]);
  // Every table module (a family's, or the combined one), built from EW_FAMILY_<name>_SOURCES and
  // the blob source <name>_blob.cpp.
  lines.push(`set(EW_FAMILIES ${BUILT_TABLE_MODULES.join(' ')})`);
  // The core's defines, and its variants (the same sources, other defines, another output file).
  lines.push(`set(EW_CORE_DEFINES ${CORE.defines.join(' ')})`);
  lines.push(`set(EW_CORE_VARIANTS ${CORE.variants.map((v) => v.name).join(' ')})`);
  for (const v of CORE.variants) {
    lines.push(`set(EW_CORE_VARIANT_${v.name}_OUTPUT ${v.file})`);
    lines.push(`set(EW_CORE_VARIANT_${v.name}_DEFINES ${v.defines.join(' ')})`);
    // (a variant built without SIMD: CMakeLists.txt leaves out -msimd128)
    if (v.simd === false) lines.push(`set(EW_CORE_VARIANT_${v.name}_NO_SIMD ON)`);
  }
  // The families' defines, and their variants (a family's output file: familyFile()).
  lines.push(`set(EW_FAMILY_DEFINES ${FAMILY_DEFINES.join(' ')})`);
  for (const f of BUILT_TABLE_MODULES) {
    lines.push(
      `set(EW_FAMILY_${f}_VARIANTS ${tableVariants(f)
        .map((v) => v.name)
        .join(' ')})`,
    );
    for (const v of tableVariants(f)) {
      lines.push(`set(EW_FAMILY_${f}_${v.name}_OUTPUT ${familyFile(f, v)})`);
      lines.push(`set(EW_FAMILY_${f}_${v.name}_DEFINES ${v.defines.join(' ')})`);
    }
  }
  list('EW_NATIVE_SOURCES', [
    ...cpp(COMMON_SOURCES),
    ...MODULES.flatMap((m) => [...codecSources(m.codecs), ...cpp(m.sources)]),
    moduleFile('native'),
  ]);
  return lines.join('\n') + '\n';
}

export function cppOutputs() {
  // Every encoding has exactly one codec (codecOf throws otherwise).
  for (const e of encodings) codecOf(e.name);
  const outputs = {
    'cpp/generated/abi.h': abiHeader(),
    'cpp/generated/families.h': familiesHeader(),
    'cpp/generated/codecs.h': codecsHeader(),
    'cpp/generated/modules.cmake': modulesCmake(),
  };
  for (const m of MODULES) {
    const title =
      m.family < 0 ? 'The core module (dist/encoding.wasm)' : `The ${m.name} module (dist/tables/${m.name}.wasm)`;
    outputs[moduleFile(m.name)] = moduleSource(title, m.codecs, m.family < 0 ? [] : [m.family, ...partsOf(m.family)]);
  }
  outputs[moduleFile(COMBINED.name)] = moduleSource(
    `The combined module (dist/tables/${COMBINED.name}.wasm, every family)`,
    COMBINED.families.flatMap((f) => FAMILIES[f].codecs),
    COMBINED.families,
  );
  outputs[moduleFile('native')] = moduleSource(
    'The native build (tests and fuzzers, every codec)',
    Object.keys(CODECS),
    FAMILIES.map((_, f) => f),
  );
  return outputs;
}

// Whether encoding `name` has an encoder (generated/encodings.h).
export const hasEncoder = (name) => Boolean(CODECS[codecOf(name)].encode);
