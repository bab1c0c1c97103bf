// What Node, Bun, Deno and workerd load ahead: nothing, for they have the core at hand from load
// (package.json "imports" #host/core_at_load.js; browsers fetch it: js/host/browser/core_at_load.js),
// and Node, Bun and Deno load each table family synchronously on its first use (js/host/node.js,
// js/host/deno.js), so every tables entry point, import 'encoding-wasm/tables/<family>' and
// 'encoding-wasm/tables/all', is this module there (package.json "exports"). Without top-level
// await, require() takes it too.
export {};
