// The package's entry points as Node loads them, each in a fresh `node` process started in this
// repository (so 'encoding-wasm' resolves to this package through its own "exports"):
// - require() works where Node has require(esm) unflagged (20.19+, 22.12+, 23+) for 'encoding-wasm'
//   and 'encoding-wasm/polyfill', and never for the tables entry points, which use top-level await;
// - import 'encoding-wasm/polyfill' installs spec-exact classes on globalThis;
// - a host without TransformStream gets no stream classes;
// - where tables cannot load on first use (browsers; simulated here by a module hook that gives the
//   package a '#host/primitives.js' without loadFamilySync), the polyfill's TextDecoder hands the multi-byte
//   encodings whose tables are not loaded to the native decoder it replaced, rather than throwing;
// - the hand-written declarations in types/ name exactly what the modules export.
// Node only: Deno, Bun and browsers skip this file's tests.
import { describe, expect, it } from 'vitest';
import { isNode, singleByteEncodings, singleByteTable } from './helpers.js';

const ROOT = new URL('../../', import.meta.url);

// Runs `node <args>` in the repository, with the environment changed by `vars` (a variable whose
// value is undefined is removed); returns { status, stdout, stderr }.
async function nodeWith(vars, ...args) {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const env = { ...process.env, NODE_OPTIONS: '' };
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return spawnSync(process.execPath, args, { cwd: fileURLToPath(ROOT), encoding: 'utf8', env });
}
const node = (...args) => nodeWith({}, ...args);

// The last line of stdout as JSON, or a failure that shows stderr. (Some Node versions print an
// ExperimentalWarning for require(esm) on stderr.)
function json(result) {
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

const EXPORTS = [
  'TextDecoder',
  'TextDecoderStream',
  'TextEncoder',
  'TextEncoderStream',
  'encode',
  'nativeDelegation',
  'preload',
  'registerFamily',
  'setNativeDelegation',
];

// Node versions with require(esm) on by default.
function hasRequireEsm() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major >= 23 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19);
}

describe.skipIf(!isNode)('require()', () => {
  it("require('encoding-wasm') gives the module's exports where Node has require(esm), else ERR_REQUIRE_ESM", async () => {
    const result = await node('-e', "console.log(JSON.stringify(Object.keys(require('encoding-wasm')).sort()))");
    if (hasRequireEsm()) expect(json(result)).toEqual(EXPORTS);
    else expect(result.stderr).toContain('ERR_REQUIRE_ESM');
  });

  it("require('encoding-wasm/polyfill') installs too", async () => {
    const result = await node(
      '-e',
      "const { install } = require('encoding-wasm/polyfill');" +
        "console.log(JSON.stringify([typeof install, new TextDecoder('x-user-defined').decode(Uint8Array.of(0x80))]))",
    );
    if (hasRequireEsm()) expect(json(result)).toEqual(['function', '\uf780']);
    else expect(result.stderr).toContain('ERR_REQUIRE_ESM');
  });

  it("require('encoding-wasm/tables/japanese') takes nothing to load ahead: Node reads the family on first use", async () => {
    // Shift_JIS 93 FA, 96 7B: index jis0208 pointers 3569 and 4007, U+65E5 and U+672C.
    const result = await node(
      '-e',
      "require('encoding-wasm/tables/japanese'); const { TextDecoder } = require('encoding-wasm');" +
        "console.log(JSON.stringify(new TextDecoder('shift_jis').decode(Uint8Array.of(0x93, 0xfa, 0x96, 0x7b))))",
    );
    if (hasRequireEsm()) expect(json(result)).toBe('\u65e5\u672c');
    else expect(result.stderr).toContain('ERR_REQUIRE_ESM');
  });
});

describe.skipIf(!isNode)('import', () => {
  it("import 'encoding-wasm/polyfill' leaves globalThis with spec-exact classes, defined as WebIDL globals", async () => {
    const script = `
      await import('encoding-wasm/polyfill');
      const decode = (label, bytes) => new TextDecoder(label).decode(Uint8Array.from(bytes));
      const stream = new TextDecoderStream('gbk');
      const writer = stream.writable.getWriter();
      writer.write(Uint8Array.of(0x80, 0xa8, 0xbf));
      writer.close();
      const { value } = await stream.readable.getReader().read();
      const descriptors = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'].map((name) => {
        const { writable, enumerable, configurable } = Object.getOwnPropertyDescriptor(globalThis, name);
        return [typeof globalThis[name], writable, enumerable, configurable];
      });
      console.log(JSON.stringify({
        decoded: [decode('x-user-defined', [0x80]), decode('windows-1252', [0x80]), decode('iso-8859-16', [0xa1])],
        streamed: value,
        descriptors,
      }));`;
    expect(json(await node('--input-type=module', '-e', script))).toEqual({
      // index x-user-defined: U+F780; index windows-1252 pointer 0: U+20AC; index iso-8859-16 pointer
      // 0x21: U+0104; gbk 0x80: U+20AC and A8 BF: U+01F9 (index gb18030 pointer 7536).
      decoded: ['\uf780', '\u20ac', '\u0104'],
      streamed: '\u20ac\u01f9',
      descriptors: Array(4).fill(['function', true, false, true]),
    });
  });

  it('without TransformStream there are no stream classes, and the polyfill installs the other two', async () => {
    const script = `
      delete globalThis.TransformStream;
      const m = await import('encoding-wasm');
      const { install } = await import('encoding-wasm/polyfill');
      console.log(JSON.stringify({
        streams: [typeof m.TextDecoderStream, typeof m.TextEncoderStream],
        report: install({ target: {} }),
      }));`;
    expect(json(await node('--input-type=module', '-e', script))).toEqual({
      streams: ['undefined', 'undefined'],
      report: {
        installed: ['TextDecoder', 'TextEncoder'],
        replaced: [],
        wrapped: [],
        skipped: ['TextDecoderStream', 'TextEncoderStream'],
      },
    });
  });
});

describe.skipIf(!isNode)(
  'Nodes without "module-sync" (dist/node-legacy/main.js, built with js/host/node_legacy.js)',
  () => {
    it('without "module-sync" and process.getBuiltinModule, the bundles load their legacy main chunk, which takes the built-ins through createRequire, and decode', async () => {
      // Nodes before 20.19 and 22.12 have no "module-sync" condition (here: require(esm) turned off,
      // which turns it off too), so package.json "imports" gives the bundles of dist/runtime/ the main
      // chunk built with js/host/node_legacy.js; before 20.16 and 22.3 they have no
      // process.getBuiltinModule either (here: deleted before anything loads), and the host takes the
      // built-ins through createRequire.
      const script = `
      const decode = (m, label, bytes) => new m.TextDecoder(label).decode(Uint8Array.from(bytes));
      const main = await import('encoding-wasm');
      console.log(JSON.stringify({
        getBuiltinModule: typeof process.getBuiltinModule,
        resolved: [import.meta.resolve('encoding-wasm'), import.meta.resolve('#runtime/main.js')].map((u) => u.slice(${JSON.stringify(ROOT.href.length)})),
        main: [decode(main, 'shift_jis', [0x93, 0xfa, 0x96, 0x7b]), decode(main, 'windows-1252', [0x80, 0x61])],
        encoded: Array.from(main.encode('\u20ac', 'windows-1252')),
      }));`;
      const older = hasRequireEsm() ? ['--no-experimental-require-module'] : [];
      const hook = 'data:text/javascript,delete process.getBuiltinModule;';
      // Shift_JIS 93 FA, 96 7B: index jis0208 pointers 3569 and 4007, U+65E5 and U+672C; index
      // windows-1252 pointer 0: U+20AC.
      expect(json(await node(...older, '--import', hook, '--input-type=module', '-e', script))).toEqual({
        getBuiltinModule: 'undefined',
        resolved: ['dist/runtime/index.js', 'dist/node-legacy/main.js'],
        main: ['\u65e5\u672c', '\u20aca'],
        encoded: [0x80],
      });
    });
  },
);

// A module hook that resolves '#host/primitives.js' to a host like the browser's: the core compiled up front, the
// table families only through the asynchronous loadFamily() (or all at once, loadCombined()).
function hostWithoutSyncTables() {
  const dist = JSON.stringify(new URL('dist/', ROOT).href);
  const host = `import { readFileSync } from 'node:fs';
    export const coreModule = new WebAssembly.Module(readFileSync(new URL('encoding.wasm', ${dist})));
    export const loadCore = async () => coreModule;
    export const loadDecoderCore = null;
    export const loadFamilySync = null;
    export const loadFamily = async (f) => new WebAssembly.Module(readFileSync(new URL(\`tables/\${f}.wasm\`, ${dist})));
    export const loadCombined = async () => new WebAssembly.Module(readFileSync(new URL('tables/all.wasm', ${dist})));
    export const bufferPrototype = globalThis.Buffer?.prototype;`;
  const dataUrl = (source) => JSON.stringify(`data:text/javascript,${encodeURIComponent(source)}`);
  // The package's entry points are its sources here (as in a browser), not the Node bundles of
  // dist/runtime/, whose main chunk has its host module built in.
  const hooks = `export async function resolve(specifier, context, next) {
    if (specifier === '#host/primitives.js') return { url: ${dataUrl(host)}, shortCircuit: true };
    const resolved = await next(specifier, context);
    return { ...resolved, url: resolved.url.replace('/dist/runtime/', '/js/') };
  }`;
  const register = `import { register } from 'node:module'; register(${dataUrl(hooks)});`;
  return ['--import', JSON.parse(dataUrl(register))];
}

describe.skipIf(!isNode)('delegation to the host decoder in Node', () => {
  // Node's TextDecoder passes the exactness probes for UTF-8 and UTF-16 (Node 18+), but the wasm
  // decoders are faster where strings can be made from wasm memory with Buffer (js/host/native.js), so
  // the default is everything in wasm; ENCODING_WASM_NATIVE=1 and setNativeDelegation(true) opt in.
  // Then a single-byte encoding is delegated too when Node's decoder of it (ICU) decodes each of
  // the 256 bytes as the index file says, in both error modes: worked out here from the index.
  const script = `
    const api = await import('encoding-wasm');
    const before = api.nativeDelegation();
    api.setNativeDelegation(true);
    const forced = api.nativeDelegation();
    const text = new api.TextDecoder('utf-8').decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac, 0xc0));
    console.log(JSON.stringify({ before, forced, text }));`;
  const run = async (value) =>
    json(await nodeWith({ ENCODING_WASM_NATIVE: value }, '--input-type=module', '-e', script));
  const nodeMatchesIndex = ({ name, index }) => {
    const { decode } = singleByteTable(index);
    const codeOf = (b) => (b < 0x80 ? b : decode[b - 0x80]);
    try {
      for (let b = 0; b < 256; b++) {
        const cp = codeOf(b);
        const replaced = new globalThis.TextDecoder(name).decode(Uint8Array.of(b));
        if (replaced !== (cp === null ? '\ufffd' : String.fromCharCode(cp))) return false;
        let fatal;
        try {
          fatal = new globalThis.TextDecoder(name, { fatal: true }).decode(Uint8Array.of(b));
        } catch (e) {
          fatal = e instanceof TypeError ? null : undefined;
        }
        if (fatal !== (cp === null ? null : replaced)) return false;
      }
      return true;
    } catch {
      return false; // a label Node does not know
    }
  };
  const ALL = [
    'utf-8',
    'utf-16le',
    'utf-16be',
    ...singleByteEncodings()
      .filter(nodeMatchesIndex)
      .map(({ name }) => name.toLowerCase()),
  ].sort();
  // The BOM is dropped, E2 82 AC is U+20AC and a lone C0 is one U+FFFD, either way.
  const text = '\u20ac\ufffd';
  const sorted = ({ before, forced, text }) => ({ before: before.sort(), forced: forced.sort(), text });

  it('covers UTF-8, UTF-16 and some single-byte encodings, but not all of them', () => {
    expect(ALL).toContain('iso-8859-2');
    expect(ALL.length).toBeLessThan(3 + 28);
  });

  it('is off by default, and setNativeDelegation(true) turns it on', async () => {
    expect(sorted(await run(undefined))).toEqual({ before: [], forced: ALL, text });
  });

  it('is on with ENCODING_WASM_NATIVE=1 and off with ENCODING_WASM_NATIVE=0', async () => {
    expect(sorted(await run('1'))).toEqual({ before: ALL, forced: ALL, text });
    expect(sorted(await run('0'))).toEqual({ before: [], forced: ALL, text });
  });
});

describe.skipIf(!isNode)('the polyfill where tables cannot load on first use', () => {
  it('encoding-wasm/errors needs the tables as TextDecoder does: an Error, then its decoding once preloaded', async () => {
    // EUC-JP 8F B0 A1: index jis0212 pointer 1410, U+4E02, then 80, an error of one byte; Big5 A4 40:
    // index Big5 pointer 5495, U+4E00.
    const script = `
      const { ErrorReportingDecoder } = await import('encoding-wasm/errors');
      const { preload, TextDecoder } = await import('encoding-wasm');
      const kind = (make) => { try { make(); return 'none'; } catch (e) { return e.constructor.name; } };
      const before = [kind(() => new ErrorReportingDecoder('big5')), kind(() => new TextDecoder('big5'))];
      await preload('euc-jp', 'big5');
      const eucJp = new ErrorReportingDecoder('euc-jp').decode(Uint8Array.of(0x8f, 0xb0, 0xa1, 0x80));
      const big5 = new ErrorReportingDecoder('big5').decode(Uint8Array.of(0xa4, 0x40));
      console.log(JSON.stringify({ before, eucJp, big5 }));`;
    const result = json(await node(...hostWithoutSyncTables(), '--input-type=module', '-e', script));
    expect(result).toEqual({
      before: ['Error', 'Error'],
      eucJp: { text: '\u4e02\ufffd', errors: [{ offset: 3, length: 1 }] },
      big5: { text: '\u4e00', errors: [] },
    });
  });

  it('multi-byte encodings without tables go to the replaced native decoder until the tables load', async () => {
    const script = `
      process.env.ENCODING_WASM_NATIVE = '0'; // UTF-8 and UTF-16 in wasm: only the fallback wraps
      const { TextDecoder, TextDecoderStream, preload } = await import('encoding-wasm');
      const Native = globalThis.TextDecoder;
      const thrown = (fn) => { try { fn(); } catch (e) { return e.constructor.name + ': ' + e.message; } };
      const hex = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ');
      const sjis = Uint8Array.of(0x80, 0xa1, 0x93, 0xfa);
      const before = thrown(() => new TextDecoder('shift_jis'));
      const { install } = await import('encoding-wasm/polyfill');
      const Installed = globalThis.TextDecoder;
      const stream = new globalThis.TextDecoderStream('shift_jis');
      const writer = stream.writable.getWriter();
      writer.write(sjis);
      writer.close();
      const streamed = (await stream.readable.getReader().read()).value;
      const result = {
        before,
        installed: Installed !== Native && Installed.prototype.decode === TextDecoder.prototype.decode,
        fallback: new Installed('shift_jis').decode(sjis) === new Native('shift_jis').decode(sjis),
        streamed: streamed === new Native('shift_jis').decode(sjis),
        // The package's own classes are not the ones installed, and have no fallback.
        own: Installed === TextDecoder || globalThis.TextDecoderStream === TextDecoderStream,
        ownDecoder: thrown(() => new TextDecoder('shift_jis')),
        ownStream: thrown(() => new TextDecoderStream('shift_jis')),
      };
      const target = { TextDecoder: Native };
      result.wrapping = install({ force: true, target });
      result.targetFallback = new target.TextDecoder('euc-kr').decode(Uint8Array.of(0xb0, 0xa1));
      result.ownAfterTarget = thrown(() => new TextDecoder('euc-kr'));
      class Utf8Only {
        constructor(label) { if (label !== 'utf-8') throw new RangeError(label); }
        get encoding() { return 'utf-8'; }
        decode() { return ''; }
      }
      result.utf8Only = install({ target: { TextDecoder: Utf8Only } });
      result.noFallback = thrown(() => new TextDecoder('big5'));
      result.installedStill = new Installed('big5').decode(Uint8Array.of(0xa4, 0x40));
      await preload('shift_jis');
      result.after = hex(new TextDecoder('shift_jis').decode(sjis));
      console.log(JSON.stringify(result));`;
    const result = json(await node(...hostWithoutSyncTables(), '--input-type=module', '-e', script));
    expect(result.before).toMatch(/^Error: .*encoding-wasm\/tables\/japanese/);
    expect(result).toMatchObject({ installed: true, fallback: true, streamed: true, own: false });
    // Installing the polyfill, on globalThis or on another object, leaves the package's own
    // TextDecoder and TextDecoderStream as they were: the same Error as before.
    expect(result.ownDecoder).toBe(result.before);
    expect(result.ownStream).toBe(result.before);
    // Ours hands Shift_JIS and the other multi-byte encodings to Node's decoder for now.
    expect(result.wrapping).toEqual({
      installed: ['TextEncoder', 'TextDecoderStream', 'TextEncoderStream'],
      replaced: [],
      wrapped: ['TextDecoder'],
      skipped: [],
    });
    // EUC-KR B0 A1 is U+AC00 (index euc-kr pointer 8288): through the target's fallback; the
    // package's own TextDecoder still throws.
    expect(result.targetFallback).toBe('\uac00');
    expect(result.ownAfterTarget).toMatch(/^Error: .*encoding-wasm\/tables\/korean/);
    // A native without the encoding is no fallback: the Error stays. Each installed class keeps its
    // own fallback (Big5 A4 40 is U+4E00).
    expect(result.utf8Only.replaced).toEqual(['TextDecoder']);
    expect(result.noFallback).toMatch(/^Error: .*encoding-wasm\/tables\/chinese-traditional/);
    expect(result.installedStill).toBe('\u4e00');
    // With the tables, the standard's Shift_JIS decoder: 0x80 is U+0080, 0xA1 U+FF61, 93 FA U+65E5.
    expect(result.after).toBe('80 ff61 65e5');
  });
});

describe.skipIf(!isNode)('type declarations', () => {
  // The names a .d.ts file exports as values (declare class / const / function).
  async function declaredValues(file) {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL(file, ROOT), 'utf8');
    return [...new Set([...text.matchAll(/^export declare (?:class|const|function) (\w+)/gm)].map((m) => m[1]))].sort();
  }

  it('types/index.d.ts and types/polyfill.d.ts declare exactly what the modules export', async () => {
    expect(await declaredValues('types/index.d.ts')).toEqual(EXPORTS);
    expect(Object.keys(await import('encoding-wasm')).sort()).toEqual(EXPORTS);
    expect(await declaredValues('types/polyfill.d.ts')).toEqual(['install']);
  });

  it('package.json: every JS entry point has types first and default last', async () => {
    const { readFileSync } = await import('node:fs');
    const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
    expect(pkg.types).toBe('./types/index.d.ts');
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') {
        expect(target, entry).not.toMatch(/\.js$/);
        continue;
      }
      const conditions = Object.keys(target);
      expect(conditions[0], entry).toBe('types');
      expect(conditions.at(-1), entry).toBe('default');
      expect(readFileSync(new URL(target.types, ROOT), 'utf8').length, entry).toBeGreaterThan(0);
    }
    expect(pkg.exports['./polyfill'].default).toBe('./js/polyfill.js');
  });
});

describe.skipIf(!isNode)('family modules read through Bun.mmap where Bun has it (js/host/node_host.js)', () => {
  // Bun's node:fs is JavaScript that runs when first asked for (2-2.4 ms of a fresh process), so
  // there a family's file is mapped and copied at once. Simulated in Node: a `Bun` global whose mmap
  // reads the file (or fails, as Bun's does for an empty file), with process.getBuiltinModule
  // recording what is asked of it; Shift_JIS 93 FA 96 7B is U+65E5 U+672C (index jis0208 pointers
  // 3569 and 4007).
  const hook = (fails) =>
    `data:text/javascript,${encodeURIComponent(`
      const { readFileSync } = process.getBuiltinModule('node:fs');
      const { fileURLToPath } = process.getBuiltinModule('node:url');
      globalThis.mapped = [];
      globalThis.asked = [];
      globalThis.Bun = {
        mmap(path) {
          if (typeof path !== 'string') throw new TypeError('path must be a string');
          mapped.push(path.slice(path.lastIndexOf('/') + 1));
          if (${fails}) throw Object.assign(new Error('EINVAL: invalid argument, mmap'), { code: 'EINVAL' });
          return new Uint8Array(readFileSync(path));
        },
        fileURLToPath,
      };
      const builtin = process.getBuiltinModule;
      process.getBuiltinModule = (name) => (asked.push(name), builtin(name));`)}`;
  const script = `
    const m = await import(process.env.ENTRY);
    const text = new m.TextDecoder('shift_jis').decode(Uint8Array.of(0x93, 0xfa, 0x96, 0x7b));
    console.log(JSON.stringify({ text, mapped, fs: asked.includes('node:fs') }));`;
  const run = async (entry, fails) =>
    json(await nodeWith({ ENTRY: entry }, '--import', hook(fails), '--input-type=module', '-e', script));

  it('a family module is mapped, and node:fs is not asked for', async () => {
    expect(await run('encoding-wasm', false)).toEqual({ text: '\u65e5\u672c', mapped: ['japanese.wasm'], fs: false });
  });

  it('where mapping fails, node:fs reads the file', async () => {
    expect(await run('encoding-wasm', true)).toEqual({
      text: '\u65e5\u672c',
      mapped: ['japanese.wasm'],
      fs: true,
    });
  });
});
