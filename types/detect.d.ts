// Type declarations for 'encoding-wasm/detect': which encoding unlabeled bytes are in.

/** One ranked guess. */
export interface EncodingGuess {
  /** A lower-case WHATWG encoding name, which `new TextDecoder(encoding)` accepts. */
  encoding: string;
  /**
   * From 0 to 1. The confidences of a result and its alternatives add up to at most 1: what is
   * missing is the chance that the input is random bytes rather than text in any of them (a
   * reading far less likely than random bytes is not sure), and a candidate with errors is less sure
   * (at most 16 / (16 + errors)).
   */
  confidence: number;
  /**
   * The decoding errors of `encoding` in the input: how many U+FFFD its decoder outputs in
   * replacement mode (streaming: a character cut off at the end is no error). 0 on clean input; a
   * long input may keep a candidate with a few (fewer than one per 1,024 bytes, at most 32). For the
   * answer of confidence 0 (every candidate ruled out), the count at which it was ruled out; 0 for
   * a BOM's answer (nothing is decoded).
   */
  errors: number;
}

export interface DetectionResult extends EncodingGuess {
  /** The other candidates not ruled out (no errors, or a few in a long input), most likely first. */
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
