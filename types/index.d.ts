// Type declarations for 'encoding-wasm' (written by hand; https://encoding.spec.whatwg.org/).
// They need TypeScript 5.7 or later (Uint8Array<ArrayBuffer>) and the global ReadableStream,
// WritableStream and WebAssembly types, which lib "dom" or "webworker", or @types/node, declare.

/** An ArrayBuffer, a SharedArrayBuffer, or any view of one (WebIDL's AllowSharedBufferSource). */
export type AllowSharedBufferSource = ArrayBufferLike | ArrayBufferView;

/** The name of every encoding a decoder can have (https://encoding.spec.whatwg.org/#names-and-labels). */
export type EncodingName =
  | 'utf-8'
  | 'ibm866'
  | 'iso-8859-2'
  | 'iso-8859-3'
  | 'iso-8859-4'
  | 'iso-8859-5'
  | 'iso-8859-6'
  | 'iso-8859-7'
  | 'iso-8859-8'
  | 'iso-8859-8-i'
  | 'iso-8859-10'
  | 'iso-8859-13'
  | 'iso-8859-14'
  | 'iso-8859-15'
  | 'iso-8859-16'
  | 'koi8-r'
  | 'koi8-u'
  | 'macintosh'
  | 'windows-874'
  | 'windows-1250'
  | 'windows-1251'
  | 'windows-1252'
  | 'windows-1253'
  | 'windows-1254'
  | 'windows-1255'
  | 'windows-1256'
  | 'windows-1257'
  | 'windows-1258'
  | 'x-mac-cyrillic'
  | 'gbk'
  | 'gb18030'
  | 'big5'
  | 'euc-jp'
  | 'iso-2022-jp'
  | 'shift_jis'
  | 'euc-kr'
  | 'utf-16be'
  | 'utf-16le'
  | 'x-user-defined';

/** The table families of the multi-byte encodings ('encoding-wasm/tables/<family>'). */
export type TableFamily = 'chinese-simplified' | 'chinese-traditional' | 'japanese' | 'korean';

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

/** Non-standard: loads the table families the labels need (every family with no labels). */
export declare function preload(...labels: string[]): Promise<void>;

/** Non-standard: makes a table family available from its compiled module. */
export declare function registerFamily(name: TableFamily, module: WebAssembly.Module): void;

/**
 * Non-standard: hand UTF-8 and UTF-16 to the host's own decoder where it passed the exactness probes
 * (`true`), or keep them in wasm (`false`), for decoders created afterwards. The default is off where
 * the host has Buffer#ucs2Slice to make strings from wasm memory (Node, Bun, Deno), where the wasm
 * decoders are faster, and on elsewhere (browsers, workerd); ENCODING_WASM_NATIVE=1 or =0 in the
 * environment sets it at load time.
 */
export declare function setNativeDelegation(on: boolean): void;

/** Non-standard: the encodings the host's own decoder handles right now (none while delegation is off). */
export declare function nativeDelegation(): Array<'utf-8' | 'utf-16le' | 'utf-16be'>;
