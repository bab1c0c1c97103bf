// The CLI's failures: a usage error (exit 2) and a conversion error (exit 1), each with the message
// the CLI prints after "encoding-wasm: ".
export class UsageError extends Error {
  exitCode = 2;
}

export class ConversionError extends Error {
  exitCode = 1;
}
