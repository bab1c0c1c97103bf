// Type declarations for 'encoding-wasm/errors' (written by hand): non-standard. Decoding with
// replacement while collecting every error's malformed bytes, and encoding in the html error mode
// while collecting every unencodable code point (docs/api.md "encoding-wasm/errors").
import type { AllowSharedBufferSource, EncodingName } from './index.js';

/** One decoding error: the malformed bytes the decoder consumed for it (one U+FFFD in the text). */
export interface DecodeError {
  /** Bytes from the start of the stream (the first byte after the last call without stream). */
  offset: number;
  /** The malformed bytes: those the decoder held and the byte it failed on, less any it processed again. */
  length: number;
}

/** One code point the encoding cannot represent, written as "&#N;". */
export interface EncodeError {
  /** Its UTF-16 index from the start of the stream (a lone surrogate is U+FFFD). */
  index: number;
  codePoint: number;
}

export interface ErrorReportingDecoderOptions {
  ignoreBOM?: boolean;
}

export interface ErrorReportingDecodeOptions {
  /** More input follows: keep the decoder's state (and the offsets' origin) for the next call. */
  stream?: boolean;
}

/** A TextDecoder in the replacement error mode that says where each U+FFFD came from. */
export declare class ErrorReportingDecoder {
  /** A RangeError for an unknown label or replacement, as for TextDecoder. */
  constructor(label?: string, options?: ErrorReportingDecoderOptions);
  readonly encoding: Exclude<EncodingName, 'replacement'>;
  readonly ignoreBOM: boolean;
  decode(
    input?: AllowSharedBufferSource,
    options?: ErrorReportingDecodeOptions,
  ): { text: string; errors: DecodeError[] };
}

/** new ErrorReportingDecoder(label, options).decode(input). */
export declare function decodeReportingErrors(
  input: AllowSharedBufferSource,
  label?: string,
  options?: ErrorReportingDecoderOptions,
): { text: string; errors: DecodeError[] };

/** An Encoder in the html error mode that says which code points it wrote as "&#N;". */
export declare class ErrorReportingEncoder {
  /** A RangeError for an unknown label and for replacement, UTF-16BE and UTF-16LE (no encoder). */
  constructor(label?: string);
  readonly encoding: Exclude<EncodingName, 'replacement' | 'utf-16be' | 'utf-16le'>;
  encode(input?: string, options?: { stream?: boolean }): { bytes: Uint8Array<ArrayBuffer>; errors: EncodeError[] };
}

/** new ErrorReportingEncoder(label).encode(input). */
export declare function encodeReportingErrors(
  input: string,
  label?: string,
): { bytes: Uint8Array<ArrayBuffer>; errors: EncodeError[] };
