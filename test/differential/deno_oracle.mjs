// The Deno side of the differential test: decodes a batch of inputs with Deno's own TextDecoder
// (Rust encoding_rs, Firefox's implementation: an implementation independent of encoding-wasm and
// of the JS reference) and writes the results for run.mjs to compare.
//
//   deno run --allow-read --allow-write test/differential/deno_oracle.mjs IN.bin OUT.bin
//
// IN.bin is an input batch and OUT.bin a result batch (formats in batch.mjs). For every input: the
// whole decode with fatal: false, the whole decode with fatal: true, and the streaming decode with
// the input's split points and flags. One Deno process handles a whole batch.

import { decodeRecord, readInputBatch, writeResultBatch } from './batch.mjs';

if (typeof Deno === 'undefined') throw new Error('deno_oracle.mjs runs in Deno (see run.mjs)');
const [inPath, outPath] = Deno.args;
if (!inPath || !outPath) {
  console.error('usage: deno run --allow-read --allow-write deno_oracle.mjs IN.bin OUT.bin');
  Deno.exit(2);
}

const NativeTextDecoder = globalThis.TextDecoder;
Error.stackTraceLimit = 0; // many TypeErrors, none printed

const { name, records } = readInputBatch(Deno.readFileSync(inPath));
const shared = [];
const results = [];
for (const record of records) results.push(...decodeRecord(NativeTextDecoder, name, record, shared));
Deno.writeFileSync(outPath, writeResultBatch(results));
