// Type declarations for 'encoding-wasm/detect': which encoding unlabeled bytes are in.

/** One ranked guess. */
export interface EncodingGuess {
  /** A lower-case WHATWG encoding name, which `new TextDecoder(encoding)` accepts. */
  encoding: string;
  /**
   * From 0 to 1: the softmax of the candidates' log-likelihoods (differences of them, so the best
   * reading's share is at least 1 / the number of candidates, however long or odd the input), times
   * the share of text against random bytes (at least 0.001: a reading far less likely than random
   * bytes is not sure), times 16 / (16 + errors) for a candidate with errors. The confidences of a
   * result and its alternatives add up to at most 1. A best guess without errors is never below
   * 1e-6; a candidate not ruled out is never 0. (ISO-2022-JP with errors is listed only where the
   * input escapes into a Japanese character set: else its bytes >= 0x80 make it 8-bit text.)
   */
  confidence: number;
  /**
   * The decoding errors of `encoding` in the input: how many U+FFFD its decoder outputs in
   * replacement mode (streaming: a character cut off at the end is no error). Errors do not rule a
   * candidate out at any length: each costs it 6 nats of log-likelihood (5.5 for UTF-8), so a few
   * bad bytes lose against the evidence of the right language; past 32 errors it is out. For the
   * answer of confidence 0 (every candidate out), the count at which it was ruled out (33); 0 for a
   * BOM's answer (nothing is decoded).
   */
  errors: number;
}

export interface DetectionResult extends EncodingGuess {
  /** The other candidates not ruled out (at most 32 errors), most likely first (a tie: the earlier candidate). */
  alternatives: EncodingGuess[];
  /**
   * The input is ASCII (bytes 0x00-0x7F, with no ISO-2022-JP escape into Japanese): every
   * ASCII-compatible encoding decodes it the same. `encoding` is then 'utf-8' where allowed.
   */
  ascii: boolean;
}

export interface DetectOptions {
  /** Whether UTF-8 is a candidate (default true). */
  allowUTF8?: boolean;
  /** Encoding labels to choose from instead of the default set; RangeError for an unknown label. */
  candidates?: Iterable<string>;
  /** A language tag ('ja', 'zh-TW', 'sr-Latn') or a domain ('example.co.jp', 'ru'). */
  hint?: string;
}

/** The encoding of `bytes`. Never throws for any bytes; TypeError for an input that is not a BufferSource. */
export declare function detect(bytes: AllowSharedBufferSource, options?: DetectOptions): DetectionResult;

/** The streaming form: the same answer for the same bytes, fed whole or in chunks of any size. */
export declare class EncodingDetector {
  constructor(options?: DetectOptions);
  /** Adds the next bytes of the input (TypeError once finish() was called). */
  feed(chunk: AllowSharedBufferSource): void;
  /** The best guess for the bytes fed so far. */
  guess(): DetectionResult;
  /** The final guess; the detector takes no more input. */
  finish(): DetectionResult;
}

/** Which step of the HTML standard's encoding sniffing decided a `sniff()` result. */
export type SniffSource = 'bom' | 'transport' | 'meta' | 'xml' | 'statistics';

export interface SniffOptions extends DetectOptions {
  /**
   * The transport layer's Content-Type value (`'text/html; charset=Shift_JIS'`), parsed as the
   * MIME Sniffing standard's "parse a MIME type" says; its `charset` parameter decides when the
   * Encoding standard knows the label. A value that is no MIME type, or names no encoding, is ignored.
   */
  contentType?: string | null;
  /**
   * Skip the document's own word: the Content-Type charset, `<meta>` and the XML declaration
   * (default false). A byte order mark still decides.
   */
  ignoreDeclarations?: boolean;
  /**
   * The bytes are the start of a longer input (default false): where a BOM or a declaration decides,
   * a character cut off at their end is no error.
   */
  stream?: boolean;
}

export interface SniffResult extends DetectionResult {
  /**
   * The step that decided: a byte order mark; the Content-Type charset; a `<meta charset>` or
   * `<meta http-equiv=Content-Type content="...; charset=...">` in the first 1024 bytes; an XML
   * declaration `<?xml ... encoding="..."?>` there (or its UTF-16 `<?x` signature); else the statistics
   * of `detect()`, whose result this is then.
   */
  source: SniffSource;
  /**
   * The declaration that decided, for people: `'byte order mark'`, `'Content-Type'`,
   * `'<meta charset>'`, `'<meta http-equiv>'`, `'<?xml encoding>'` or `'<?xml> in UTF-16'`.
   * Absent for the statistics.
   */
  declaration?: string;
  /**
   * The label as declared (`'cp1251'`; lower-case from `<meta>`, which the prescan lowercases).
   * Absent for the byte order mark and the statistics.
   */
  label?: string;
}

/**
 * The encoding of a document as the HTML standard determines it
 * (https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm): its byte order
 * mark; then the `contentType` option's charset; then the "prescan a byte stream to determine its
 * encoding" of its first 1024 bytes (`<meta charset>`, `<meta http-equiv=Content-Type>`, comments
 * and other markup skipped as the standard says, then an XML declaration); then `detect()`'s
 * statistics. A label the Encoding standard does not know is ignored (the next step decides).
 * As the standard says, a `<meta>` that declares UTF-16 gives UTF-8, and x-user-defined gives
 * windows-1252; a label of the replacement encoding (`iso-2022-kr`, `hz-gb-2312`, ...) gives
 * `'replacement'`, which decodes any non-empty input as one U+FFFD (TextDecoder rejects it).
 *
 * A step other than the statistics gives confidence 1 and no alternatives (the statistics do not
 * run then), and as `errors` every decoding error of the declared encoding in the bytes (after a
 * BOM: in the bytes that follow it): the number of U+FFFD its decoder outputs in replacement mode,
 * a character cut off at the end counted unless `stream` is set. TypeError for an input that is not
 * a BufferSource and for bad options; RangeError for an unknown label in `candidates` (checked
 * whatever step decides).
 */
export declare function sniff(bytes: AllowSharedBufferSource, options?: SniffOptions): SniffResult;

/**
 * A confidence as the percentage a person reads, as the CLI and the converter page print it:
 * `'97%'`; `'<1%'` and `'>99%'` where rounding would say 0% or 100% of a confidence that is neither.
 */
export declare function percent(confidence: number): string;
