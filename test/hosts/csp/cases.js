// What the CSP pages (page.js, extension/) run: each result is { value } or { error: { name,
// message } }, with nothing judged here (run.mjs does that against expected.json).

// (with the engine's own error, where ours has it as its cause)
const errorOf = (error) => ({
  name: error?.name,
  message: String(error?.message),
  cause: error?.cause ? `${error.cause.name}: ${error.cause.message}` : undefined,
});

function attempt(fn) {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: errorOf(error) };
  }
}

async function attemptAsync(fn) {
  try {
    return { value: await fn() };
  } catch (error) {
    return { error: errorOf(error) };
  }
}

const bytesOf = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

// Each encoding's bytes decoded by `TextDecoder` in replacement mode and fatal mode.
function decodeAll(TextDecoder, inputs) {
  const out = {};
  for (const [name, hex] of Object.entries(inputs)) {
    const bytes = bytesOf(hex);
    out[name] = {
      replacement: attempt(() => new TextDecoder(name).decode(bytes)),
      fatal: attempt(() => new TextDecoder(name, { fatal: true }).decode(bytes)),
    };
  }
  return out;
}

export async function cases({ main, hooks, install, natives, violations }) {
  const { inputs } = await (await fetch(new URL('./expected.json', location.href))).json();
  // With 'wasm-unsafe-eval' the families can load; without it preload() must reject.
  const preload = {
    main: await attemptAsync(() => main.preload().then(() => 'loaded')),
  };
  const encoder = new main.TextEncoder();
  const into = new Uint8Array(4);
  return {
    preload,
    decoded: {
      main: decodeAll(main.TextDecoder, inputs),
      native: decodeAll(natives.TextDecoder, inputs),
    },
    delegated: { main: main.nativeDelegation() },
    encode: attempt(() => Array.from(main.encode('\u65e5\u672c', 'shift_jis'))),
    encodeUtf8: attempt(() => Array.from(main.encode('\u20ac', 'utf-8'))),
    textEncoder: attempt(() => Array.from(encoder.encode('\u20ac\ud800'))),
    encodeInto: attempt(() => {
      const { read, written } = encoder.encodeInto('a\u20ac', into);
      return [read, written, ...into];
    }),
    hookDecode: attempt(() => hooks.legacyHookDecode(bytesOf('80'), 'windows-1252')),
    hookUtf8Encode: attempt(() => Array.from(hooks.utf8Encode('\u20ac'))),
    // The polyfill ran at import; this reports what it would do on a global with the natives.
    polyfill: {
      kept: ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'].filter(
        (name) => globalThis[name] === natives[name],
      ),
      report: attempt(() => install({ target: { ...natives } })),
    },
    violations,
  };
}
