// Node, Bun, Deno and workerd ("#host/delegation.js"): decoding is handed to an exact host decoder
// by default only where strings cannot be made straight from wasm memory (no Buffer#ucs2Slice:
// workerd without nodejs_compat); where they can, the wasm decoders are faster (js/host/native.js,
// docs/design.md section 7). Browsers: js/host/browser/delegation.js.
import { FAST_STRINGS } from '../../wasm/strings.js';

// ENCODING_WASM_NATIVE: '1' on, '0' off, anything else the default. Reading the environment can
// throw: then it simply says nothing. Deno's through its own API, where the permission is already
// granted (so never a prompt): its `process` global loads its Node compatibility layer, which made
// a fresh import of the package tens of milliseconds slower (bench/startup.mjs).
function fromEnv() {
  try {
    const { Deno } = globalThis;
    const name = 'ENCODING_WASM_NATIVE';
    const value = Deno
      ? Deno.permissions.querySync({ name: 'env', variable: name }).state === 'granted'
        ? Deno.env.get(name)
        : undefined
      : globalThis.process?.env?.[name];
    return value === '1' ? true : value === '0' ? false : null;
  } catch {
    return null;
  }
}

// Whether decoders are handed to exact host decoders when the package loads.
export const delegateAtLoad = () => fromEnv() ?? !FAST_STRINGS;
