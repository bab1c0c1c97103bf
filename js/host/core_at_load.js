// Node, Bun, Deno and workerd ("#core-at-load" in package.json): the
// core is at hand from load (js/host/node.js, deno.js, workerd.js), so there is nothing to wait for.
// Browsers: js/host/browser_core.js.
export {};
