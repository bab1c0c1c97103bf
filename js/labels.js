// https://encoding.spec.whatwg.org/#concept-encoding-get, matched by the core's wasm module.
import { copyUtf16 } from './input.js';

// The id of the encoding `label` names, or -1, as `instance` (the core's WasmInstance) matches it.
export function getEncoding(instance, label) {
  if (label.length > instance.inputCapacity >> 1) return -1;
  instance.enter();
  copyUtf16(instance, label, 0);
  return instance.call(instance.wasm.ew_get_encoding, 'matching a label', undefined, label.length);
}
