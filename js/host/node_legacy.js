// Node before 20.19 and 22.12 (package.json "imports": "node" without "module-sync"), whose main
// chunk of the bundles (dist/node-legacy/main.js, tools/bundle_entries.mjs) is built with this
// module: the built-ins through createRequire where process.getBuiltinModule is missing (before
// 20.16 and 22.3), and the core read from its file. js/host/node.js is the same without the import
// of node:module.
import { createRequire } from 'node:module';
import { nodeHost } from './node_host.js';

export const { coreModule, loadCore, loadDecoderCore, loadFamilySync, loadFamily, loadCombined, isAscii } = nodeHost(
  globalThis.process.getBuiltinModule ?? createRequire(import.meta.url),
);

// Buffer's string methods for js/wasm/strings.js (Node's, Bun's).
export const bufferPrototype = globalThis.Buffer?.prototype;
