// Node before 20.19 and 22.12 (package.json: "node" without "module-sync"), which take the sources
// in js/: the built-ins through createRequire where process.getBuiltinModule is missing (before
// 20.16 and 22.3). js/host/node.js is the same without the import of node:module.
import { createRequire } from 'node:module';
import { nodeHost } from './node_host.js';

export const { coreModule, loadCore, loadDecoderCore, loadFamilySync, loadFamily, loadCombined, isAscii } = nodeHost(
  globalThis.process.getBuiltinModule ?? createRequire(import.meta.url),
);

// Buffer's string methods for js/wasm/strings.js (Node's, Bun's).
export const bufferPrototype = globalThis.Buffer?.prototype;
