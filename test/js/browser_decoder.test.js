// The main entry's TextDecoder as browsers and bundlers load it (package.json condition "default"
// of "#host/*": js/host/browser/, as a plain page's import map maps "#host/"), simulated in fresh
// Node processes by a module hook, with the .wasm files read from dist/ instead of fetched:
// - where every host decoder it hands work to is exact, no wasm and no wasm layer
//   (js/wasm/decoder_wasm.js) is loaded at all; where only single-byte ones are not (Node 20's ICU
//   decoders of IBM866, ISO-8859-16, KOI8-U, windows-874, -1252, -1253 and -1255, as WebKit's of
//   ISO-8859-16), the single-byte decoders in JS (js/host/browser/table_decoder.js) and their tables
//   (dist/tables/single-byte.wasm, compiled, never instantiated) take those, and still no wasm layer;
// - where delegation is off (ENCODING_WASM_NATIVE=0; a host decoder that is not exact does the
//   same), the layer and the decoders' core (dist/encoding-lite.wasm: no encoders, no Latin-1
//   narrowing) are loaded at load, and decode every single-byte encoding's 256 bytes as the index
//   files say; preload() then loads the full core, which new decoders use;
// - an encoding with tables is an Error naming its tables entry until they are loaded.
// Node only: the browsers run the real thing in the host matrix (test/hosts/run.sh).
import { describe, expect, it } from 'vitest';
import { isNode, singleByteEncodings, singleByteTable, xUserDefinedTable } from './helpers.js';

const ROOT = new URL('../../', import.meta.url);

// Module hooks: '#host/primitives.js' like the browser's (nothing at load; the cores and families
// through its asynchronous loaders), '#host/decoder_wasm.js' and '#host/delegation.js' the browsers'
// own (js/host/browser/), '#host/core_at_load.js' Node's (js/tables/at_hand.js), which loads nothing: in a browser the main
// entry's encode() fetches the core at load, and a bundle of the TextDecoder alone leaves it out
// (bench/sizes.mjs); 'encoding-wasm' the sources.
function asInABrowser() {
  const file = (name) => JSON.stringify(new URL(`dist/${name}`, ROOT).href);
  const js = (name) => JSON.stringify(new URL(`js/${name}`, ROOT).href);
  const host = `import { readFileSync } from 'node:fs';
    const compile = async (url) => new WebAssembly.Module(readFileSync(new URL(url)));
    export const coreModule = null;
    export const loadCore = () => compile(${file('encoding.wasm')});
    export const loadDecoderCore = () => compile(${file('encoding-lite.wasm')});
    export const loadFamilySync = null;
    export const addPart = null;
    export const loadFamily = (f) => compile(new URL(\`tables/\${f}.wasm\`, ${file('')}));
    export const loadCombined = () => compile(${file('tables/all.wasm')});
    export const isAscii = null;
    export const bufferPrototype = undefined;`;
  const dataUrl = (source) => JSON.stringify(`data:text/javascript,${encodeURIComponent(source)}`);
  const hooks = `export async function resolve(specifier, context, next) {
    if (specifier === '#host/primitives.js') return { url: ${dataUrl(host)}, shortCircuit: true };
    if (specifier === '#host/decoder_wasm.js' || specifier === '#host/delegation.js')
      return { url: new URL(specifier.slice('#host/'.length), ${js('host/browser/')}).href, shortCircuit: true };
    const resolved = await next(specifier, context);
    return { ...resolved, url: resolved.url.replace('/dist/runtime/', '/js/') };
  }`;
  const register = `import { register } from 'node:module'; register(${dataUrl(hooks)});`;
  return ['--import', JSON.parse(dataUrl(register))];
}

// What the page sees: the instances made (by their exports: 'core', 'decoders' for the decoders'
// core, 'family'), whether the wasm layer is loaded, and what decoders give; `bytewise` lists
// the encodings whose 256 bytes to decode (each byte after an 'a', so that none is a BOM).
const script = (bytewise, unmapped) => `
  const fetched = [];
  // (fetch of the dist/ files, which js/host/browser/table_decoder.js fetches by URL)
  const { readFileSync } = await import('node:fs');
  globalThis.fetch = async (url) => {
    fetched.push(String(url).slice(${JSON.stringify(ROOT.href.length)}));
    return new Response(readFileSync(new URL(url)));
  };
  const made = [];
  const { Instance } = WebAssembly;
  WebAssembly.Instance = new Proxy(Instance, {
    construct(target, args) {
      const instance = Reflect.construct(target, args);
      const names = Object.keys(instance.exports);
      made.push(names.includes('ew_family_init') ? 'family' : names.includes('ew_encode') ? 'core' : 'decoders');
      return instance;
    },
  });
  const { hasWasmLayer } = await import(${JSON.stringify(new URL('js/webidl/text_decoder.js', ROOT).href)});
  const api = await import('encoding-wasm');
  const message = (fn) => { try { fn(); return null; } catch (e) { return e.message; } };
  const result = { layer: hasWasmLayer(), made: [...made], delegated: api.nativeDelegation() };
  const all = (name) => {
    const bytes = new Uint8Array(512);
    for (let b = 0; b < 256; b++) { bytes[2 * b] = 0x61; bytes[2 * b + 1] = b; }
    return Array.from(new api.TextDecoder(name).decode(bytes), (c) => c.codePointAt(0));
  };
  result.bytewise = Object.fromEntries(${JSON.stringify(bytewise)}.map((name) => [name, all(name)]));
  // Each byte without a mapping, fatal: after an 'a' in one call, and in a second streamed call.
  result.unmapped = ${JSON.stringify(unmapped)}.map(([name, byte]) => {
    const decoder = new api.TextDecoder(name, { fatal: true });
    decoder.decode(Uint8Array.of(0x61), { stream: true });
    return [message(() => new api.TextDecoder(name, { fatal: true }).decode(Uint8Array.of(0x61, byte))),
      message(() => decoder.decode(Uint8Array.of(0x62, byte), { stream: true }))];
  });
  result.fetched = fetched;
  result.fatal = message(() => new api.TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.of(0x61, 0xff)));
  result.utf16 = new api.TextDecoder('utf-16le').decode(Uint8Array.of(0x3d, 0xd8, 0x00, 0xde, 0x61, 0x00));
  result.shiftJis = message(() => new api.TextDecoder('shift_jis'));
  result.madeByDecoders = [...made];
  await api.preload('windows-1252', 'shift_jis');
  result.afterPreload = [all('windows-1252').length, new api.TextDecoder('shift_jis').decode(Uint8Array.of(0x93, 0xfa))];
  // (the family is instantiated by preload(), the core on first use)
  result.madeAfterPreload = made.slice(result.madeByDecoders.length);
  console.log(JSON.stringify(result));`;

async function run(native) {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const env = { ...process.env, NODE_OPTIONS: '' };
  delete env.ENCODING_WASM_NATIVE;
  if (native !== undefined) env.ENCODING_WASM_NATIVE = native;
  const names = [...singleByteEncodings().map((e) => e.name.toLowerCase()), 'x-user-defined'];
  const args = [...asInABrowser(), '--input-type=module', '-e', script(names, unmappedBytes())];
  const out = spawnSync(process.execPath, args, { cwd: fileURLToPath(ROOT), encoding: 'utf8', env });
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(out.stdout.trim().split('\n').pop());
}

// For each single-byte encoding with a byte that its index does not map, the first such byte.
function unmappedBytes() {
  const found = [];
  for (const e of singleByteEncodings()) {
    const high = singleByteTable(e.index).decode;
    const pointer = [...Array(128).keys()].find((p) => high[p] === null);
    if (pointer !== undefined) found.push([e.name.toLowerCase(), 0x80 + pointer]);
  }
  return found;
}

// The errors those give: at byte 1 of a call, and at byte 2 of a stream.
const unmappedErrors = () =>
  unmappedBytes().map(([name]) => [
    `The encoded data is not valid ${name} (the error was found at byte 1).`,
    `The encoded data is not valid ${name} (the error was found at byte 2).`,
  ]);

// The code points of the 256 bytes after an 'a' each, as the index files say (U+FFFD for an error).
function expectedBytewise() {
  const expected = {};
  const tables = [
    ...singleByteEncodings().map((e) => [e.name.toLowerCase(), singleByteTable(e.index).decode]),
    ['x-user-defined', xUserDefinedTable().decode],
  ];
  for (const [name, high] of tables) {
    const points = [];
    for (let b = 0; b < 256; b++) points.push(0x61, b < 0x80 ? b : (high[b - 0x80] ?? 0xfffd));
    expected[name] = points;
  }
  return expected;
}

describe.skipIf(!isNode)('the main TextDecoder as browsers load it', () => {
  it('loads no wasm layer, and instantiates no wasm, where the host decoders it cannot use are single-byte ones', async () => {
    const result = await run(undefined);
    const names = Object.keys(expectedBytewise());
    const inTables = names.filter((name) => !result.delegated.includes(name));
    expect(result.delegated).toEqual(expect.arrayContaining(['utf-8', 'utf-16le', 'utf-16be']));
    expect(inTables.length).toBeLessThan(names.length / 2);
    expect(result.layer).toBe(false);
    expect(result.fetched).toEqual(inTables.length > 0 ? ['dist/tables/single-byte.wasm'] : []);
    expect(result.made).toEqual([]);
    expect(result.bytewise).toEqual(expectedBytewise());
    expect(result.unmapped).toEqual(unmappedErrors());
    // UTF-8 FF at byte 1; UTF-16LE D83D DE00 is U+1F600.
    expect(result.fatal).toBe('The encoded data is not valid utf-8 (the error was found at byte 1).');
    expect(result.utf16).toBe('\u{1f600}a');
    expect(result.madeByDecoders).toEqual([]);
    expect(result.shiftJis).toBe(
      "The shift_jis tables are not loaded. Import 'encoding-wasm/tables/japanese' or call " +
        '\'await preload("shift_jis")\' first.',
    );
    // preload() loads the layer and the japanese family; windows-1252 stays with the host's decoder or
    // the table decoder; Shift_JIS 93 FA is index jis0208 pointer 3569, U+65E5.
    expect(result.afterPreload).toEqual([512, '\u65e5']);
    expect(result.madeAfterPreload).toEqual(['family']);
  });

  it("decodes in the decoders' core where delegation is off, and in the full core once preload() loads it", async () => {
    const result = await run('0');
    expect(result.layer).toBe(true);
    expect(result.delegated).toEqual([]);
    // (instantiated on the first decoder)
    expect(result.made).toEqual([]);
    expect(result.bytewise).toEqual(expectedBytewise());
    expect(result.unmapped).toEqual(unmappedErrors());
    expect(result.fetched).toEqual([]);
    expect(result.fatal).toBe('The encoded data is not valid utf-8 (the error was found at byte 1).');
    expect(result.utf16).toBe('\u{1f600}a');
    expect(result.madeByDecoders).toEqual(['decoders']);
    expect(result.shiftJis).toMatch(/^The shift_jis tables are not loaded/);
    expect(result.afterPreload).toEqual([512, '\u65e5']);
    expect(result.madeAfterPreload).toEqual(['family', 'core']);
  });
});
