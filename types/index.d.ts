// Type declarations for 'encoding-wasm' (written by hand but for the name types; https://encoding.spec.whatwg.org/).
// They need TypeScript 5.7 or later (Uint8Array<ArrayBuffer>) and the global ReadableStream,
// WritableStream and WebAssembly types, which lib "dom" or "webworker", or @types/node, declare.

/** An ArrayBuffer, a SharedArrayBuffer, or any view of one (WebIDL's AllowSharedBufferSource). */
export type AllowSharedBufferSource = ArrayBufferLike | ArrayBufferView;

// EncodingName and TableFamily are generated from tools/generator/boundary.mjs.
import type { EncodingName, TableFamily } from './generated/names.js';
export type { EncodingName, TableFamily };

export interface TextDecoderOptions {
  /** A TypeError on malformed input instead of U+FFFD. */
  fatal?: boolean;
  /** Keep a leading byte order mark (UTF-8, UTF-16BE/LE) in the output. */
  ignoreBOM?: boolean;
}

export interface TextDecodeOptions {
  /** More input follows: keep an incomplete sequence at the end for the next call. */
  stream?: boolean;
}

export interface TextEncoderEncodeIntoResult {
  read: number;
  written: number;
}

/** https://encoding.spec.whatwg.org/#interface-textdecoder. A RangeError for an unknown label or a label of replacement. */
export declare class TextDecoder {
  constructor(label?: string, options?: TextDecoderOptions);
  readonly encoding: EncodingName;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string;
}

/** https://encoding.spec.whatwg.org/#interface-textencoder (UTF-8). */
export declare class TextEncoder {
  constructor();
  readonly encoding: 'utf-8';
  encode(input?: string): Uint8Array<ArrayBuffer>;
  encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult;
}

/** https://encoding.spec.whatwg.org/#interface-textdecoderstream */
export interface TextDecoderStream {
  readonly encoding: EncodingName;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  readonly readable: ReadableStream<string>;
  readonly writable: WritableStream<AllowSharedBufferSource>;
}

/** https://encoding.spec.whatwg.org/#interface-textencoderstream */
export interface TextEncoderStream {
  readonly encoding: 'utf-8';
  readonly readable: ReadableStream<Uint8Array<ArrayBuffer>>;
  readonly writable: WritableStream<string>;
}

/** undefined where the host has no TransformStream when the package loads. */
export declare const TextDecoderStream:
  | {
      readonly prototype: TextDecoderStream;
      new (label?: string, options?: TextDecoderOptions): TextDecoderStream;
    }
  | undefined;

/** undefined where the host has no TransformStream when the package loads. */
export declare const TextEncoderStream:
  | {
      readonly prototype: TextEncoderStream;
      new (): TextEncoderStream;
    }
  | undefined;

export interface EncodeOptions {
  /** "fatal" (the default): a TypeError for a code point the encoding cannot represent; "html": "&#N;". */
  errorMode?: 'fatal' | 'html';
}

/**
 * Non-standard: the standard's encoder for the encoding `label` names (https://encoding.spec.whatwg.org/#encode).
 * A RangeError for replacement, UTF-16BE and UTF-16LE, which have none.
 */
export declare function encode(input: string, label?: string, options?: EncodeOptions): Uint8Array<ArrayBuffer>;

/**
 * Non-standard: loads the table families the labels need (every family with no labels: in browsers
 * and workerd one module that holds them all, tables/all.wasm).
 */
export declare function preload(...labels: string[]): Promise<void>;

/**
 * Non-standard: makes a table family available from its compiled module (the family's own, or
 * tables/all.wasm, which holds every family: the families registered with one module share one
 * instance). Throws an Error if the module holds another family's tables (or none), and registers
 * nothing then; a family already registered keeps its module.
 */
export declare function registerFamily(name: TableFamily, module: WebAssembly.Module): void;

/**
 * Non-standard: hand UTF-8, UTF-16BE/LE, the single-byte encodings and x-user-defined to the host's
 * own decoder where it passed the exactness probes (`true`), or keep them in wasm (`false`), for
 * decoders created afterwards. The multi-byte encodings always run in wasm. The default is off where
 * the host has Buffer#ucs2Slice to make strings from wasm memory (Node, Bun, Deno), where the wasm
 * decoders are faster, and on elsewhere (browsers, workerd); ENCODING_WASM_NATIVE=1 or =0 in the
 * environment sets it at load time.
 */
export declare function setNativeDelegation(on: boolean): void;

/**
 * Non-standard: the encodings the host's own decoder handles right now (none while delegation is
 * off): UTF-8, UTF-16BE/LE, single-byte encodings and x-user-defined whose host decoder passed its
 * exactness probe (each probed on first use; calling this probes every one).
 */
export declare function nativeDelegation(): EncodingName[];
