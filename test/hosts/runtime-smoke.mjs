// Deno and Bun outside Vitest: the package loaded by the runtime's own resolver (package.json
// "imports" conditions: Deno matches "deno" first and gets js/host/deno.js, which needs no
// permission; Bun matches "bun", "node", "import", "default", not "module-sync", and gets
// js/host/node_legacy.js, which uses process.getBuiltinModule where Bun has it), families
// loading synchronously on first use, and the checks of ./checks.js with the host decoders allowed
// and with everything in wasm; then the same decoding with the main entry by its package name
// (the bundles of dist/runtime/, with the main chunk package.json "imports" gives the runtime:
// dist/deno/main.js, which needs no permission either, or dist/node/main.js for Bun).
// Usage: deno run test/hosts/runtime-smoke.mjs | bun test/hosts/runtime-smoke.mjs
import * as encoder from '../../js/encoder.js';
import * as errors from '../../js/errors.js';
import * as hooks from '../../js/hooks.js';
import * as main from '../../js/index.js';
import * as url from '../../js/url.js';
import * as bundled from 'encoding-wasm';
import iconv from 'encoding-wasm/iconv-lite';
import { checks, DECODER_EXPECTED, decodeChecks, differences, iconvLiteChecks } from './checks.js';

const api = { ...main, hooks, url, encoder, errors };

const runtime = globalThis.Deno
  ? `Deno ${Deno.version.deno}`
  : globalThis.Bun
    ? `Bun ${Bun.version}`
    : `Node ${process.version}`;
api.setNativeDelegation(true);
const delegated = api.nativeDelegation();
const failures = differences(checks(api)).map((d) => `host decoder for ${delegated.join(', ') || 'nothing'}: ${d}`);
api.setNativeDelegation(false);
failures.push(...differences(checks(api)).map((d) => `everything in wasm: ${d}`));
for (const on of [true, false]) {
  bundled.setNativeDelegation(on);
  const where = on ? `host decoder for ${bundled.nativeDelegation().join(', ') || 'nothing'}` : 'everything in wasm';
  const found = differences(decodeChecks(bundled.TextDecoder), DECODER_EXPECTED);
  failures.push(...found.map((d) => `encoding-wasm by its package name, ${where}: ${d}`));
}
// encoding-wasm/iconv-lite by its package name: Node streams in Bun ("node" condition), web streams in Deno.
failures.push(...iconvLiteChecks(iconv, globalThis.Deno ? 'web' : 'node').map((d) => `encoding-wasm/iconv-lite: ${d}`));
if (failures.length) {
  console.log(`${runtime}: runtime smoke test FAILED\n  ${failures.join('\n  ')}`);
  globalThis.process?.exit?.(1) ?? Deno.exit(1);
}
console.log(
  `${runtime}: runtime smoke test passed (host decoder for ${delegated.join(', ') || 'nothing'}, then all in wasm; ` +
    'the same decoding with the bundle by the package name, a Shift_JIS and a windows-1251 body through encoding-wasm/iconv-lite)',
);
