// The error messages of the wasm layer (js/wasm/instance.js, js/wasm/core.js, js/wasm/run_decoder.js,
// js/wasm/run_encoder.js): loading, instantiating and running the modules. The others: js/webidl/messages.js.

export const partWithoutHost = (part, host) =>
  `The ${part} tables are a part of the ${host} tables, which must be loaded first.`;
export const wrongFamily = (family, held) =>
  `The module given for the ${family} tables is ${held ? `the ${held} tables' module` : 'not a table family module'}: ` +
  `pass the module of 'encoding-wasm/tables/${family}.wasm'.`;
export const unavailable = (module, name) =>
  `encoding-wasm: the ${module} WebAssembly module cannot handle ${name}: its codec is not in that module, ` +
  'or its tables are not loaded.';
export const familyLoadFailed = (family) =>
  `The ${family} tables do not match this build of encoding-wasm (reinstall the package, or rebuild dist/).`;
export const trapped = (module, during, error) =>
  `encoding-wasm: the ${module} WebAssembly module failed while ${during} (${error?.name}: ${error?.message}). ` +
  'That instance has been discarded; the next call uses a fresh one.';
export const familyOutOfMemory = (family) =>
  `The ${family} tables could not be loaded: WebAssembly memory could not grow to hold them (out of memory).`;
export const familyRead = (family, error) =>
  `The ${family} tables could not be loaded: reading or compiling their WebAssembly module failed (${error?.name}: ${error?.message}).`;
export const familyInstantiate = (family, error) =>
  `The ${family} tables could not be loaded: their WebAssembly module failed to instantiate (${error?.name}: ${error?.message}).`;
export const coreInstantiate = (error) =>
  `encoding-wasm: the core WebAssembly module failed to instantiate (${error?.name}: ${error?.message}).`;
