// The CLI's failures: a usage error (exit 2) and a conversion error (exit 1), each with the message
// the CLI prints after "encoding-wasm: ".
export class UsageError extends Error {
  exitCode = 2;
}

export class ConversionError extends Error {
  exitCode = 1;
}

// U+XXXX, with the character itself in quotes where it is printable.
export function describeCodePoint(cp) {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  const printable = !/[\p{C}\p{Z}]/u.test(String.fromCodePoint(cp)) || cp === 0x20;
  return printable ? `'${String.fromCodePoint(cp)}' (${hex})` : hex;
}
