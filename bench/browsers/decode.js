// The page of `npm run bench -- browsers` (bench/browsers/run.mjs passes its configuration in the
// query: ?config={ runs: [{ file, derive, label, wasmOnly }], rounds, minMs }). Decodes each corpus file
// with encoding-wasm and with this engine's own TextDecoder, interleaved, in three call patterns;
// encodings with `wasmOnly` also with setNativeDelegation(false). Reports, per file and pattern,
// the median time of each implementation over the rounds and the median of each round's ratio,
// and whether the native decoder gives the same string as ours.
import { TextDecoder as WasmTextDecoder, nativeDelegation, setNativeDelegation } from 'encoding-wasm';
import 'encoding-wasm/tables/all';
import { fingerprint } from './fingerprint.js';
import { config, engineName, median, nextTask, sample, sunk } from './measure.js';

const NativeTextDecoder = globalThis.TextDecoder;
const { runs, rounds, minMs } = config;
const delegating = nativeDelegation().length > 0;

const MODES = {
  'one call': (Decoder, label, bytes) => new Decoder(label).decode(bytes).length,
  '64 KiB stream': (Decoder, label, bytes) => {
    const d = new Decoder(label);
    let n = 0;
    for (let i = 0; i < bytes.length; i += 65536) n += d.decode(bytes.subarray(i, i + 65536), { stream: true }).length;
    return n + d.decode().length;
  },
  '4 KiB calls': (Decoder, label, bytes) => {
    const d = new Decoder(label);
    let n = 0;
    for (let i = 0; i < bytes.length; i += 4096) n += d.decode(bytes.subarray(i, i + 4096)).length;
    return n;
  },
};

// The implementations a run compares: [name, Decoder, delegation setting while it runs].
const IMPLS = {
  wasm: [WasmTextDecoder, delegating],
  native: [NativeTextDecoder, delegating],
  'wasm only': [WasmTextDecoder, false],
};

const hex = (s, at) =>
  [...s.slice(at, at + 3)].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

function nativeDecode(label, bytes) {
  try {
    return new NativeTextDecoder(label).decode(bytes);
  } catch {
    return null; // no such label here
  }
}

const cases = [];
for (const run of runs) {
  let bytes = new Uint8Array(await (await fetch(`./corpus/${run.file}`)).arrayBuffer());
  // run.mjs's Latin-1 text: the file without its bytes 0x80-0x9F.
  if (run.derive === 'no 0x80-0x9F') bytes = bytes.filter((b) => b < 0x80 || b >= 0xa0);
  setNativeDelegation(false);
  const ours = new WasmTextDecoder(run.label).decode(bytes);
  setNativeDelegation(delegating);
  const theirs = nativeDecode(run.label, bytes);
  let at = 0;
  if (theirs !== null) while (at < ours.length && ours.charCodeAt(at) === theirs.charCodeAt(at)) at++;
  const native =
    theirs === null
      ? null
      : ours === theirs
        ? { exact: true }
        : { exact: false, at, ours: hex(ours, at), theirs: hex(theirs, at), lengths: [ours.length, theirs.length] };
  const impls = Object.keys(IMPLS).filter(
    (i) => (i !== 'native' || theirs !== null) && (i !== 'wasm only' || run.wasmOnly),
  );
  const times = Object.fromEntries(Object.keys(MODES).map((m) => [m, Object.fromEntries(impls.map((i) => [i, []]))]));
  cases.push({ ...run, bytes, fingerprint: fingerprint(ours), native, impls, times });
}

for (let round = 0; round < rounds; round++) {
  for (const c of cases) {
    for (const [mode, fn] of Object.entries(MODES)) {
      // Alternate which implementation goes first, so neither always runs on a warmer machine.
      for (const impl of round % 2 ? [...c.impls].reverse() : c.impls) {
        const [Decoder, delegation] = IMPLS[impl];
        setNativeDelegation(delegation);
        if (round === 0) sample(() => fn(Decoder, c.label, c.bytes), minMs); // warm-up: let the JITs tier up
        c.times[mode][impl].push(sample(() => fn(Decoder, c.label, c.bytes), minMs));
      }
      setNativeDelegation(delegating);
    }
    await nextTask();
  }
  pageReport.log(
    `${navigator.userAgent.match(/(HeadlessChrome|Firefox|Version)\/\S+/)?.[0]}: round ${round + 1}/${rounds}`,
  );
}

pageReport.done({
  userAgent: navigator.userAgent,
  crossOriginIsolated: globalThis.crossOriginIsolated,
  delegation: nativeDelegation(),
  sink: sunk(),
  results: cases.map(({ file, label, bytes, fingerprint, native, times }) => ({
    file,
    label,
    bytes: bytes.length,
    fingerprint,
    native,
    modes: Object.fromEntries(
      Object.entries(times).map(([mode, t]) => [
        mode,
        Object.fromEntries(
          Object.entries(t).map(([impl, xs]) => [
            impl,
            {
              seconds: median(xs),
              // encoding-wasm's speed over native's, the median of the rounds' ratios
              ratio: t.native && impl !== 'native' ? median(xs.map((x, k) => t.native[k] / x)) : null,
            },
          ]),
        ),
      ]),
    ),
  })),
});
