// The JS and TypeScript side of tools/generator/boundary.mjs: the ABI constants, the encoding and family
// lists, each host's descriptor of its wasm modules (literal paths, so bundlers and Deno see every module), the
// 'encoding-wasm/tables/<family>' entry points and the name types. Used by generate_tables.mjs.
import { readEncodings } from './whatwg_data.mjs';
import { banner } from './banner.mjs';
import {
  ABI,
  CODECS,
  COMBINED,
  CORE,
  FAMILIES,
  HOSTS,
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
    '// The name of every encoding as https://encoding.spec.whatwg.org/#names-and-labels writes it',
    '// ("UTF-8", "Shift_JIS"), indexed by the core\'s Encoding id, for the hooks\' get an encoding',
    '// (js/hooks/hooks.js); a bundler drops it where nothing imports it.',
    `export const SPEC_NAMES = ${JSON.stringify(encodings.map((e) => e.name))};`,
    '',
  ].join('\n');
}

// Each host's descriptor (HOSTS): where it finds the core, the core's variants it loads, every table
// family and the combined module, named literally so that bundlers and the runtime see each file.
const HOST_TITLES = {
  browser: ['browsers and bundlers find', 'js/host/browser/primitives.js'],
  node: ['Node and Bun find', 'js/host/node_host.js'],
  deno: ['Deno finds', 'js/host/deno.js'],
  workerd: ['workerd finds', 'js/host/workerd.js'],
};
// How a descriptor names a file for each `reach`: what it holds, the name of each export (`core`,
// `liteCore`, `family`, `combined`), and its lines: `value` (the core and its variants), `imports`
// (what a family's is returned from, if anything) and `returned` (a family's, in a switch, and the
// combined module's).
const REACHES = {
  url: {
    holds: 'URLs, each made by a function, so that a bundler drops what nothing calls.',
    name: (what) => `${what}Url`,
    value: (name, path) => [`export const ${name} = () => new URL('${path}', import.meta.url);`],
    returned: (path) => `new URL('${path}', import.meta.url)`,
  },
  'import source': {
    holds: 'compiled modules: static source-phase imports, which Deno compiles with the module graph.',
    name: (what) => `${what}Module`,
    value: (name, path) => [`import source ${name} from '${path}';`, `export { ${name} };`],
    imports: (name, path) => `import source ${name} from '${path}';`,
    returned: (path, name) => name,
  },
  import: {
    holds:
      'compiled modules: the core by a static import, the rest by literal dynamic imports, so that a ' +
      'worker instantiates only what it imports or preloads.',
    name: (what) => (what === 'core' ? 'coreModule' : `import${what[0].toUpperCase()}${what.slice(1)}`),
    value: (name, path) => [`import ${name} from '${path}';`, `export { ${name} };`],
    returned: (path) => `(await import('${path}')).default`,
    async: true,
  },
};
// `text` as comment lines of at most 100 characters.
const comment = (text) =>
  text.split(' ').reduce((lines, word) => {
    if (lines.length && lines.at(-1).length + word.length < 100) lines[lines.length - 1] += ` ${word}`;
    else lines.push(`// ${word}`);
    return lines;
  }, []);
const corePath = (variant) => `../../dist/${variant ? variant.file : 'encoding'}.wasm`;
const id = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

function hostDescriptor(host) {
  const reach = REACHES[host.reach];
  const [title, reader] = HOST_TITLES[host.name];
  const variants = host.variants.map((name) => CORE.variants.find((v) => v.name === name));
  const modules = host.combined ? [...familyNames, COMBINED.name] : familyNames;
  const where = `Where ${title} the wasm modules (HOSTS in ${FROM}), for ${reader}:`;
  const noCombined = `// (no combined module here: HOSTS in ${FROM} says why)`;
  // A host whose files an earlier host of the same reach names too takes them from that one's
  // descriptor, so that each file is written once.
  const earlier = HOSTS.slice(0, HOSTS.indexOf(host)).find(
    (h) =>
      h.reach === host.reach && host.variants.every((v) => h.variants.includes(v)) && (h.combined || !host.combined),
  );
  if (earlier) {
    const names = ['core', ...host.variants.map((v) => `${v}Core`), 'family', ...(host.combined ? ['combined'] : [])];
    return [
      banner(FROM),
      ...comment(`${where} the files js/generated/${earlier.name}_wasm.js names.`),
      `export { ${names.map(reach.name).join(', ')} } from './${earlier.name}_wasm.js';`,
      ...(host.combined ? [] : [noCombined]),
      '',
    ].join('\n');
  }
  const lines = [banner(FROM), ...comment(`${where} ${reach.holds}`)];
  lines.push(...reach.value(reach.name('core'), corePath(null)));
  if (reach.imports) lines.push(...modules.map((f) => reach.imports(id(f), wasmPath(f))));
  for (const v of variants) {
    lines.push(`// The ${v.name} core (VARIANTS in ${FROM}).`);
    lines.push(...reach.value(reach.name(`${v.name}Core`), corePath(v)));
  }
  const fn = reach.async ? 'export async function' : 'export function';
  lines.push(
    '',
    "// Each table family's module.",
    `${fn} ${reach.name('family')}(family) {`,
    '  switch (family) {',
    ...familyNames.flatMap((f) => [`    case '${f}':`, `      return ${reach.returned(wasmPath(f), id(f))};`]),
    '  }',
    '  throw new Error(`unknown table family ${family}`);',
    '}',
    '',
  );
  if (host.combined) {
    const combined = reach.returned(wasmPath(COMBINED.name), id(COMBINED.name));
    lines.push(
      "// The combined module (every family's codecs and tables), for preload() of every family.",
      `export const ${reach.name('combined')} = ${reach.async ? 'async ' : ''}() => ${combined};`,
    );
  } else lines.push(noCombined);
  return lines.join('\n') + '\n';
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

// Where browsers find the single-byte decoders' tables (a part's module, generate_tables.mjs
// singleByteBlob), and its custom section, for js/host/browser/table_decoder.js alone: a file of its
// own, since a module the TextDecoder's chunk holds (the browsers' descriptor, abi.js) imported there
// too would split that chunk in two where a bundle loads the wasm layer statically (+0.3 KB gzip on
// the Shift_JIS row of bench/sizes.mjs).
function singleByteJs() {
  return [
    banner(FROM),
    "// Where browsers find the single-byte decoders' tables, for js/host/browser/table_decoder.js (and",
    '// the custom section that holds them): tools/generator/boundary_js.mjs (singleByteJs) says why here.',
    ...REACHES.url.value('singleByteUrl', wasmPath('single-byte')),
    `export const SINGLE_BYTE_SECTION = '${PART_SECTION}';`,
    '',
  ].join('\n');
}

export function jsOutputs() {
  const outputs = {
    'js/generated/abi.js': abiJs(),
    'js/generated/encodings.js': encodingsJs(),
    'js/generated/single_byte_wasm.js': singleByteJs(),
    'types/generated/names.d.ts': nameTypes(),
  };
  for (const host of HOSTS) outputs[`js/generated/${host.name}_wasm.js`] = hostDescriptor(host);
  for (const f of familyNames) outputs[`js/tables/${f}.js`] = tablesEntry(f);
  return outputs;
}
