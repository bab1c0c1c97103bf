// https://encoding.spec.whatwg.org/#concept-encoding-get, matched by the core's wasm module.
import { copyUtf16 } from './input.js';

// The id of the encoding `label` names, or -1, as `instance` (the core's WasmInstance) matches it.
export function getEncoding(instance, label) {
  if (label.length > instance.inputCapacity >> 1) return -1;
  return instance.run(match, 'matching a label', undefined, label);
}

function match(instance, label) {
  instance.enter();
  copyUtf16(instance, label, 0);
  instance.inWasm = true;
  const id = instance.wasm.ew_get_encoding(label.length);
  instance.inWasm = false;
  return id;
}
