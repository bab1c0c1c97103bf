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
   * candidate out at any length: each costs it 8 nats of log-likelihood (5.5 for UTF-8), so a few
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
