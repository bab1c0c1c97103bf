// The TextDecoder under test for the suites of the standard's TextDecoder: the package's main entry,
// 'encoding-wasm', as this host resolves the package's name (package.json "exports"): in Node the
// bundle dist/runtime/index.js with dist/node/main.js (the node project of vitest.config.js resolves
// with Node's conditions, and rebuilds stale bundles first), in Bun the same, in the browsers and
// Deno's Vitest run js/index.js (the sources).
export * from 'encoding-wasm';
