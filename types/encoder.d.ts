// Type declarations for 'encoding-wasm/encoder' (written by hand): non-standard streaming encoders
// for every encoding that has an encoder (https://encoding.spec.whatwg.org/#encode over a stream).
import type { EncodeOptions, EncodingName } from './index.js';

export interface EncoderEncodeOptions {
  /** More input follows: keep a leading surrogate at the end, and the encoder's state, for the next call. */
  stream?: boolean;
}

/**
 * A streaming encoder. A RangeError for an unknown label and for replacement, UTF-16BE and UTF-16LE
 * (no encoder); a TypeError for another errorMode. The bytes of a stream's chunks are those the
 * one-shot encode() gives for their concatenation.
 */
export declare class Encoder {
  constructor(label?: string, options?: EncodeOptions);
  readonly encoding: Exclude<EncodingName, 'utf-16be' | 'utf-16le'>;
  readonly errorMode: 'fatal' | 'html';
  /** The bytes of this chunk; without stream, the input ends (ISO-2022-JP returns to ASCII) and the encoder starts anew. */
  encode(input?: string, options?: EncoderEncodeOptions): Uint8Array<ArrayBuffer>;
}

export interface EncoderStream {
  readonly encoding: Exclude<EncodingName, 'utf-16be' | 'utf-16le'>;
  readonly errorMode: 'fatal' | 'html';
  readonly readable: ReadableStream<Uint8Array<ArrayBuffer>>;
  readonly writable: WritableStream<string>;
}

/** Strings in, bytes out, as TextEncoderStream for UTF-8; undefined where the host has no TransformStream. */
export declare const EncoderStream:
  | {
      readonly prototype: EncoderStream;
      new (label?: string, options?: EncodeOptions): EncoderStream;
    }
  | undefined;
