// Bounded resources, measured: prints how much resident memory and wasm memory grow while
//   1. 1 GiB is decoded through one TextDecoder with decode(chunk, {stream: true}),
//   2. 1 GiB is piped through a TextDecoderStream (a ReadableStream of fresh 1 MiB chunks; the
//      strings are read and dropped),
//   3. a million TextDecoders are created and used,
//   4. 256 MiB is decoded in one call.
// Exits 1 if a bound is broken (RSS growth over 64 MiB while streaming, either way; any wasm memory
// growth from decoders; wasm memory past its fixed size in the one-call decode). Run by npm test.
//
//   node --expose-gc bench/resources.mjs [--quick]
//   (--quick: 256 MiB streamed each way, 100k decoders, 64 MiB call)
import { coreInstance } from '../js/wasm/core.js';
import { TextDecoder, TextDecoderStream } from '../js/index.js';

const quick = process.argv.includes('--quick');
const MiB = 1024 * 1024;
const gc = globalThis.gc ?? (() => {});
const rss = () => (gc(), process.memoryUsage().rss);
const wasmBytes = () => coreInstance().memory.buffer.byteLength;
const mib = (n) => `${(n / MiB).toFixed(1)} MiB`;
let failed = false;
function report(name, value, bound) {
  const ok = value <= bound;
  failed ||= !ok;
  console.log(`  ${name.padEnd(58)} ${mib(value).padStart(10)}  (bound ${mib(bound)}) ${ok ? 'ok' : 'OVER'}`);
}

// A 1 MiB chunk of windows-1251 text with every byte value, reused: the decoder sees 1 GiB.
const chunk = new Uint8Array(MiB);
for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 7919) & 0xff;

console.log('resources (Node ' + process.version + ')');
const started = performance.now();
const wasmStart = wasmBytes();

{
  const total = (quick ? 256 : 1024) * MiB;
  const decoder = new TextDecoder('windows-1251');
  const before = rss();
  let peak = 0;
  let chars = 0;
  for (let done = 0; done < total; done += chunk.length) {
    chars += decoder.decode(chunk, { stream: true }).length;
    if ((done / chunk.length) % 64 === 0) peak = Math.max(peak, rss() - before);
  }
  chars += decoder.decode().length;
  if (chars !== total) throw new Error(`decoded ${chars} characters of ${total}`);
  report(`${mib(total)} through decode(..., {stream: true}): RSS growth`, peak, 64 * MiB);
}

{
  const total = (quick ? 256 : 1024) * MiB;
  let sent = 0;
  // A pull source: the next chunk is made only when the pipe asks for it, as from a network.
  const source = new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk.slice());
      sent += chunk.length;
    },
  });
  const reader = source.pipeThrough(new TextDecoderStream('windows-1251')).getReader();
  const before = rss();
  let peak = 0;
  let chars = 0;
  for (let reads = 0; ; reads++) {
    const { done, value } = await reader.read();
    if (done) break;
    chars += value.length;
    if (reads % 64 === 0) peak = Math.max(peak, rss() - before);
  }
  peak = Math.max(peak, rss() - before);
  if (chars !== total) throw new Error(`decoded ${chars} characters of ${total}`);
  report(`${mib(total)} piped through TextDecoderStream: RSS growth`, peak, 64 * MiB);
}

{
  const count = quick ? 100_000 : 1_000_000;
  const before = wasmBytes();
  const bytes = Uint8Array.of(0xe9, 0x80, 0x61);
  for (let i = 0; i < count; i++) {
    const d = new TextDecoder(i % 2 ? 'windows-1252' : 'utf-8', { fatal: false });
    d.decode(bytes, { stream: i % 3 === 0 });
  }
  report(`${count.toLocaleString('en')} TextDecoders created and used: wasm memory growth`, wasmBytes() - before, 0);
}

{
  const total = (quick ? 64 : 256) * MiB;
  const big = new Uint8Array(total);
  for (let i = 0; i < total; i += chunk.length) big.set(chunk.subarray(0, Math.min(chunk.length, total - i)), i);
  const text = new TextDecoder('windows-1251').decode(big);
  if (text.length !== total) throw new Error(`decoded ${text.length} characters of ${total}`);
  report(`${mib(total)} in one decode() call: wasm memory growth`, wasmBytes() - wasmStart, 0);
}

console.log(`  wasm memory of the core: ${mib(wasmBytes())} (fixed at instantiation)`);
console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
