// Type declarations for 'encoding-wasm/iconv-lite' (written by hand): iconv-lite 0.7's API on the
// Encoding Standard's encodings (docs/iconv-lite.md).
export { preload } from './index.js';

/** Bytes as iconv-lite takes them: a Buffer, any other ArrayBufferView, or an ArrayBuffer. */
export type Bytes = ArrayBufferView | ArrayBuffer;
/** A Buffer where the host has one (Node, Bun, Deno), else a Uint8Array. */
export type Output = Uint8Array<ArrayBuffer>;

export interface DecodeOptions {
  /** Drop a leading U+FEFF of UTF-8 and UTF-16 (default true); a function is called when one is dropped. */
  stripBOM?: boolean | (() => void);
}

export interface EncodeOptions {
  /** Start UTF-8 and UTF-16 output with a BOM (default false; true for the name "utf16"). */
  addBOM?: boolean;
}

export interface DecoderStream {
  write(bytes: Bytes): string;
  end(): string | undefined;
}

export interface EncoderStream {
  write(text: string): Output;
  end(): Output | undefined;
}

/** Decodes; malformed input is U+FFFD. A RangeError for an encoding outside the Encoding Standard, a TypeError for input that is not bytes. */
export declare function decode(bytes: Bytes, encoding: string, options?: DecodeOptions): string;
/** Encodes; a character the encoding lacks is "?". */
export declare function encode(text: string, encoding: string, options?: EncodeOptions): Output;
export declare function encodingExists(encoding: string): boolean;
export declare function getDecoder(encoding: string, options?: DecodeOptions): DecoderStream;
export declare function getEncoder(encoding: string, options?: EncodeOptions): EncoderStream;
/** A Node Transform stream in Node and Bun (or after enableStreamingAPI()), else a web TransformStream. */
export declare function decodeStream(encoding: string, options?: DecodeOptions): TransformStream<Bytes, string> | NodeLikeTransform;
export declare function encodeStream(encoding: string, options?: EncodeOptions): TransformStream<string, Output> | NodeLikeTransform;
export declare function enableStreamingAPI(streamModule: { Transform: new (...args: any[]) => any }): void;
export declare const toEncoding: typeof encode;
export declare const fromEncoding: typeof decode;

/** A Node stream.Transform with iconv-lite's collect(). */
export interface NodeLikeTransform {
  write(chunk: unknown): boolean;
  end(chunk?: unknown): unknown;
  pipe<T>(destination: T): T;
  on(event: string, listener: (...args: any[]) => void): this;
  collect(callback: (error: Error | null, result: any) => void): this;
}

declare const iconv: {
  decode: typeof decode;
  encode: typeof encode;
  encodingExists: typeof encodingExists;
  getDecoder: typeof getDecoder;
  getEncoder: typeof getEncoder;
  decodeStream: typeof decodeStream;
  encodeStream: typeof encodeStream;
  enableStreamingAPI: typeof enableStreamingAPI;
  toEncoding: typeof encode;
  fromEncoding: typeof decode;
  preload: typeof import('./index.js').preload;
};
export default iconv;
