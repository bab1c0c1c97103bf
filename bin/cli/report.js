// --detect --json: one JSON object a line for each input, for scripts (jq, Python's json):
// sniff()'s answer, the alternatives above 1%, whether the input starts with a byte order mark,
// and its line endings as nkf --guess reports them (LF, CRLF, CR, mixed; none for no line break).

// Counts line breaks over chunks of an input in `encoding`: CR, LF and CR LF as code units (bytes,
// or UTF-16 code units: in the other encodings of the standard 0x0D and 0x0A are those characters
// only).
export class LineEndings {
  constructor(encoding) {
    this.step = encoding === 'utf-16le' || encoding === 'utf-16be' ? 2 : 1;
    this.low = encoding === 'utf-16be' ? 1 : 0; // where the code unit's value is
    this.pending = []; // the bytes of a code unit cut by a chunk's end
    this.lf = this.crlf = this.cr = 0;
    this.afterCR = false;
  }
  feed(chunk) {
    const bytes = this.pending.length ? Uint8Array.from([...this.pending, ...chunk]) : chunk;
    const end = bytes.length - (bytes.length % this.step);
    for (let i = 0; i < end; i += this.step) {
      const unit = this.step === 1 ? bytes[i] : bytes[i + 1 - this.low] === 0 ? bytes[i + this.low] : -1;
      if (unit === 0x0a) {
        if (this.afterCR) this.crlf++;
        else this.lf++;
      } else if (this.afterCR) this.cr++;
      this.afterCR = unit === 0x0d;
    }
    this.pending = [...bytes.subarray(end)];
  }
  // 'LF', 'CRLF', 'CR', 'mixed' or 'none'.
  result() {
    const cr = this.cr + (this.afterCR ? 1 : 0);
    const kinds = [this.lf && 'LF', this.crlf && 'CRLF', cr && 'CR'].filter(Boolean);
    return kinds.length === 0 ? 'none' : kinds.length === 1 ? kinds[0] : 'mixed';
  }
}

// The object --detect --json prints for `file`.
export function detectionReport(file, result, { bom, lineEndings }) {
  return {
    file,
    encoding: result.encoding,
    confidence: result.confidence,
    source: result.source,
    ...(result.declaration !== undefined && { declaration: result.declaration }),
    ...(result.label !== undefined && { label: result.label }),
    errors: result.errors,
    alternatives: result.alternatives
      .filter((a) => a.confidence > 0.01)
      .map(({ encoding, confidence, errors }) => ({ encoding, confidence, errors })),
    ascii: result.ascii,
    bom,
    lineEndings,
  };
}
