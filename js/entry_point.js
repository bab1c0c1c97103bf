// The entry point these modules are loaded under, for the messages that name an import or a .wasm
// file. encoding-wasm/lite's bundles (tools/bundle_lite.mjs) are built from the same sources with
// this module replaced by their own ('encoding-wasm/lite', '-decoder').
export const ENTRY_POINT = 'encoding-wasm';
// What the entry point's .wasm files add to the default ones' names (dist/tables/<family><suffix>.wasm).
export const WASM_SUFFIX = '';
