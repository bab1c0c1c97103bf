// Fetching and compiling .wasm files in browsers and bundlers, for ./primitives.js, from the URLs
// of js/generated/browser_wasm.js.
import { refusedOr } from '../../wasm/refusal.js';

// Where a Content Security Policy refuses wasm, this throws the TypeError of js/wasm/refusal.js.
// Chromium and Firefox refuse to compile; WebKitGTK 2.50 compiles and refuses to instantiate (WebKit
// moved the check to compiling in 2026), which an instance of the empty module tells here, at load,
// rather than at a first use that may come in a TextDecoder constructor.
export async function compile(url) {
  try {
    const module = await compileFrom(url);
    await WebAssembly.instantiate(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0));
    return module;
  } catch (error) {
    throw refusedOr(error);
  }
}

async function compileFrom(url) {
  const response = fetch(url);
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (error) {
      // (a CompileError, a refusal included, would come again from the bytes)
      if (error instanceof WebAssembly.CompileError) throw error;
      // A server that does not send application/wasm: compile from the bytes instead.
    }
  }
  return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
}
