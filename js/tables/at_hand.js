// import 'encoding-wasm/tables/<family>' and 'encoding-wasm/tables/all' in Node, Bun and Deno
// (package.json "exports"): those hosts load each table family synchronously on its first use
// (js/host/node.js, js/host/deno.js), so there is nothing to load ahead, and every tables entry
// point is this module there. Without top-level await, require() takes it too.
export {};
