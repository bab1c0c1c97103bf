// The core's bytes, where a bundle carries them: tools/bundle_entries.mjs puts dist/encoding.wasm
// into Node's main chunk of the bundles (dist/node/main.js) as base64 in place of this module, since
// decoding that took a fresh Node 20 process 0.1 ms against 0.45 for its first readFileSync
// (docs/design.md section 13). null here: the sources and older Nodes' main chunk read the file
// (js/host/node_host.js).
export const coreBytes = null;
