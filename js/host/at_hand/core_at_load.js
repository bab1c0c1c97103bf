// Node, Bun, Deno and workerd ("#host/core_at_load.js"): the core is at hand from load
// (js/host/node.js, deno.js, workerd.js), so there is nothing to wait for. Browsers:
// js/host/browser/core_at_load.js.
export {};
