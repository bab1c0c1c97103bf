// The JS and TypeScript side of tools/generator/boundary.mjs: the ABI constants, the encoding and family
// lists, each host's family loaders (literal paths, so bundlers and Deno see every module), the
// 'encoding-wasm/tables/<family>' entry points and the name types. Used by generate_tables.mjs.
import { readEncodings } from './whatwg_data.mjs';
import { banner } from './banner.mjs';
import {
  ABI,
  CODECS,
  COMBINED,
  FAMILIES,
  PART_SECTION,
  codecOf,
  decoderPartOf,
  familyOfCodec,
  hostOf,
} from './boundary.mjs';

const FROM = 'tools/generator/boundary.mjs';
const encodings = readEncodings();
const names = encodings.map((e) => e.name.toLowerCase());
const familyNames = FAMILIES.map((f) => f.name);
const wasmPath = (family) => `../../dist/tables/${family}.wasm`;

function abiJs() {
  const lines = [
    banner(FROM),
    '// The constants of the wasm boundary (cpp/exports.cpp), as cpp/generated/abi.h has them, and how',
    "// the families' modules share their tables.",
  ];
  for (const [type, entries] of Object.entries(ABI)) {
    lines.push('', `// ${type}`);
    for (const [, name, value, doc] of entries) lines.push(`export const ${name} = ${value}; // ${doc}`);
  }
  // (here, not in encodings.js, which the TextDecoder loads in browsers: only the wasm layer needs them)
  lines.push(
    '',
    "// The family whose instance expands each family's tables: a part's host, else the family itself.",
    `export const FAMILY_HOST = ${JSON.stringify(FAMILIES.map((_, f) => hostOf(f)))};`,
    "// The family whose tables each encoding's decoder needs last (an index into FAMILIES): a part of its",
    '// family, or else its family itself (-1 without one).',
    `export const DECODER_PART = ${JSON.stringify(
      encodings.map((e) => {
        const part = decoderPartOf(codecOf(e.name));
        return part >= 0 ? part : familyOfCodec(codecOf(e.name));
      }),
    )};`,
    "// The custom section of a part's module that holds its tables.",
    `export const PART_SECTION = '${PART_SECTION}';`,
  );
  return lines.join('\n') + '\n';
}

function encodingsJs() {
  const families = encodings.map((e) => familyOfCodec(codecOf(e.name)));
  return [
    banner('cpp/whatwg/encodings.json and tools/generator/boundary.mjs'),
    "// The lower-cased name of every encoding, indexed by the core's Encoding id.",
    `export const ENCODING_NAMES = ${JSON.stringify(names)};`,
    '// The table family each encoding needs (an index into FAMILIES), or -1.',
    `export const ENCODING_FAMILY = ${JSON.stringify(families)};`,
    "// The table families, in id order (bit i of a table module's ew_families() is FAMILIES[i]).",
    `export const FAMILIES = ${JSON.stringify(familyNames)};`,
    '',
  ].join('\n');
}

// Browsers and bundlers (js/host/browser/compile.js): each family module's URL, written out literally.
function browserFamilies() {
  return [
    banner(FROM),
    "// The URL of each table family's module, or null (js/host/browser/compile.js). Literal, so bundlers see them.",
    'export function familyUrl(family) {',
    '  switch (family) {',
    ...familyNames.flatMap((f) => [`    case '${f}':`, `      return new URL('${wasmPath(f)}', import.meta.url);`]),
    '  }',
    '  return null;',
    '}',
    '',
    "// The combined module's URL (every family's codecs and tables), apart, so that only preload() carries it.",
    `export const combinedUrl = () => new URL('${wasmPath(COMBINED.name)}', import.meta.url);`,
    '',
  ].join('\n');
}

// workerd (js/host/workerd.js): each family module by a literal dynamic import.
function workerdFamilies() {
  return [
    banner(FROM),
    "// Each table family's compiled module, or null (js/host/workerd.js). Literal imports, so wrangler",
    '// bundles them and a plain workerd config can list them.',
    'export async function importFamily(family) {',
    '  switch (family) {',
    ...familyNames.flatMap((f) => [`    case '${f}':`, `      return (await import('${wasmPath(f)}')).default;`]),
    '  }',
    '  return null;',
    '}',
    '',
  ].join('\n');
}

// Deno (js/host/deno.js): every family module as a static source-phase import.
function denoFamilies() {
  const id = (f) => f.replace(/-(\w)/g, (_, c) => c.toUpperCase());
  return [
    banner(FROM),
    "// Each table family's compiled module (js/host/deno.js): static imports Deno compiles with the graph.",
    ...familyNames.map((f) => `import source ${id(f)} from '${wasmPath(f)}';`),
    '',
    `export const FAMILY_MODULES = { ${familyNames.map((f) => `'${f}': ${id(f)}`).join(', ')} };`,
    '',
  ].join('\n');
}

// import 'encoding-wasm/tables/<family>' (package.json "exports").
const tablesEntry = (family) => {
  const part = FAMILIES.find((f) => f.name === family);
  // A part: preload() of its decoder's label, which loads the host family first if need be. (Not an
  // import of the host's entry: bundling both would put the host's registration in a chunk of its
  // own, which package.json "sideEffects" does not name, so a bundler would drop it.)
  if (part.host)
    return [
      banner(FROM),
      `// import 'encoding-wasm/tables/${family}': loads the ${part.host} table family's module, and the part of`,
      `// its tables that only some decoders need, so that they work where tables cannot load synchronously`,
      '// on first use (browsers, bundlers).',
      "import { preload } from '../wasm/preload.js';",
      '',
      `await preload('${CODECS[part.decoders[0]].encodings[0].toLowerCase()}');`,
      '',
    ].join('\n');
  return [
    banner(FROM),
    `// import 'encoding-wasm/tables/${family}': loads the ${family} table family's module, so its encodings`,
    '// work where tables cannot load synchronously on first use (browsers, bundlers).',
    "import { loadFamily } from '#host/primitives.js';",
    "import { registerOwnModule } from '../wasm/preload.js';",
    '',
    `registerOwnModule('${family}', await loadFamily('${family}'));`,
    '',
  ].join('\n');
};

function nameTypes() {
  const union = (list) => list.map((n) => `\n  | '${n}'`).join('');
  return [
    banner(FROM),
    '/** The name of every encoding a decoder can have (https://encoding.spec.whatwg.org/#names-and-labels). */',
    `export type EncodingName =${union(names.filter((n) => n !== 'replacement'))};`,
    '',
    "/** The table families of the multi-byte encodings ('encoding-wasm/tables/<family>'). */",
    `export type TableFamily =${union(familyNames)};`,
    '',
  ].join('\n');
}

export function jsOutputs() {
  const outputs = {
    'js/generated/abi.js': abiJs(),
    'js/generated/encodings.js': encodingsJs(),
    'js/generated/browser_families.js': browserFamilies(),
    'js/generated/workerd_families.js': workerdFamilies(),
    'js/generated/deno_families.js': denoFamilies(),
    'types/generated/names.d.ts': nameTypes(),
  };
  for (const f of familyNames) outputs[`js/tables/${f}.js`] = tablesEntry(f);
  return outputs;
}
