// Node and Bun (Deno takes js/host/deno.js), where process.getBuiltinModule exists: Node 20.16+ and
// 22.3+, Bun. Node's main chunk of the bundles (dist/node/main.js, tools/bundle_entries.mjs) is
// built with it, which package.json "imports" gives to Node through the "module-sync" condition
// (Node 20.19+, 22.12+) and to Bun; older Nodes take the one built with js/host/node_legacy.js.
// No `import` of a built-in: `import … from 'node:fs'` makes its ES module facade, which loads
// Node's fs streams with it (1.5 ms of a fresh Node 20 import), and even node:module's facade
// costs 0.3-0.4 ms (bench/startup.mjs, docs/design.md section 13).
import { nodeHost } from './node_host.js';

export const { coreModule, loadCore, loadDecoderCore, loadFamilySync, loadFamily, loadCombined, isAscii } = nodeHost(
  globalThis.process.getBuiltinModule,
);

// Buffer's string methods for js/wasm/strings.js (Node's, Bun's).
export const bufferPrototype = globalThis.Buffer?.prototype;
