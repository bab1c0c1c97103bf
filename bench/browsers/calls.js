// The page of `npm run bench -- browsers calls` (bench/browsers/run.mjs passes its configuration in
// the query: ?config={ runs: [{ file, label }], sizes, rounds, minMs, baseline }). The cost of one
// decode() call of 16, 256 and 4,096 bytes, where our wrapper's own steps show: each file cut into
// up to 256 pieces of that size, decoded one call each by one decoder, by this engine's
// TextDecoder and by encoding-wasm (at the default delegation, and in wasm where the encoding is
// delegated); with `baseline`, also by the checkout run.mjs serves at /base/, in the same rounds.
// Reports the fastest of `rounds` samples per implementation (the least disturbed on a shared
// machine), in nanoseconds per call.
import { TextDecoder as WasmTextDecoder, nativeDelegation, setNativeDelegation } from 'encoding-wasm';
import 'encoding-wasm/tables/all';
import { config, engineName, nextTask, sample, sunk } from './measure.js';

const { runs, sizes, rounds, minMs, baseline } = config;
const NativeTextDecoder = globalThis.TextDecoder;
// The baseline checkout: page.html's import map gives modules under /base/ that checkout's host.
const base = baseline ? await import('/base/js/index.js') : null;
if (base) await import('/base/js/tables/all.js');
const delegated = nativeDelegation();
const delegating = delegated.length > 0; // the browser's default

// [name, package or null (native), delegation while it runs]
const IMPLS = [
  ['native', null, null],
  ['ours', { TextDecoder: WasmTextDecoder, setNativeDelegation }, delegating],
  ['ours in wasm', { TextDecoder: WasmTextDecoder, setNativeDelegation }, false],
  ...(base
    ? [
        ['baseline', base, delegating],
        ['baseline in wasm', base, false],
      ]
    : []),
];

const results = [];
for (const { file, label } of runs) {
  const all = new Uint8Array(await (await fetch(`./corpus/${file}`)).arrayBuffer());
  for (const size of sizes) {
    const pieces = [];
    for (let i = 0; i + size <= all.length && pieces.length < 256; i += size) pieces.push(all.subarray(i, i + size));
    const impls = IMPLS.filter(([name]) => !name.endsWith('in wasm') || delegated.includes(label));
    const calls = impls.map(([, pkg, delegation]) => {
      if (!pkg) return () => new NativeTextDecoder(label);
      pkg.setNativeDelegation(delegation);
      const d = new pkg.TextDecoder(label); // delegation is fixed when a decoder is made
      pkg.setNativeDelegation(delegating);
      return () => d;
    });
    const decoders = calls.map((make) => make());
    const fns = decoders.map((d) => () => {
      let n = 0;
      for (let i = 0; i < pieces.length; i++) n += d.decode(pieces[i]).length;
      return n;
    });
    const best = fns.map((fn) => (sample(fn, minMs * 5), Infinity)); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < fns.length; k++) {
        const j = round % 2 ? fns.length - 1 - k : k;
        best[j] = Math.min(best[j], sample(fns[j], minMs) / pieces.length);
      }
      if (round % 8 === 7) await nextTask();
    }
    results.push({ file, label, size, ns: Object.fromEntries(impls.map(([name], k) => [name, best[k] * 1e9])) });
  }
  pageReport.log(`${engineName()}: ${file}`);
}

pageReport.done({
  userAgent: navigator.userAgent,
  crossOriginIsolated: globalThis.crossOriginIsolated,
  sink: sunk(),
  results,
});
