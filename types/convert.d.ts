// Type declarations for 'encoding-wasm/convert' (written by hand): non-standard. Converting bytes
// between the encodings of the standard a chunk at a time, as the CLI and the converter page do, and
// the list of those encodings (docs/api.md "encoding-wasm/convert").
import type { AllowSharedBufferSource, EncodingName } from './index.js';

export interface ConverterOptions {
  /** A malformed byte sequence: a TypeError ('fatal', the default), U+FFFD, or dropped. */
  malformed?: 'fatal' | 'replacement' | 'omit';
  /** A character the target lacks: a TypeError ('fatal', the default), &#N;, "?", or dropped. */
  unencodable?: 'fatal' | 'html' | 'question' | 'omit';
  /** Write a character the target lacks as its closest spelling (iconv's //TRANSLIT), the rest as `unencodable` says ("?" for 'fatal'). */
  translit?: boolean;
  /** Write a byte order mark first (UTF-8 and UTF-16 targets; default: UTF-16 only). */
  bom?: boolean;
  /** Leave an HTML or XML document's charset declaration as it is (by default its label becomes the target's name). */
  keepDeclaration?: boolean;
}

export interface ConvertOptions {
  /** More input follows (as TextDecoder.decode's). The last call is without it. */
  stream?: boolean;
}

/** A character the target lacks. */
export interface Unencodable {
  codePoint: number;
  /** Its UTF-16 index in the converted text. */
  index: number;
  /** Its index in code points. */
  character: number;
}

/** The TypeError of the fatal modes. */
export type ConversionError = TypeError &
  (
    | { kind: 'malformed'; /** bytes from the start of the input */ offset: number; length: number }
    | ({ kind: 'unencodable' } & Unencodable)
  );

export declare class Converter {
  /** RangeError for an unknown label or one of replacement; TypeError for a bad option. */
  constructor(from: string, to?: string, options?: ConverterOptions);
  readonly from: EncodingName;
  readonly to: EncodingName;
  /** The malformed sequences replaced or dropped so far. */
  readonly malformed: number;
  /** The characters the target lacks so far, and the first 8 of them. */
  readonly unencodable: { count: number; first: Unencodable[] };
  /** Of those, the ones written as their spelling (translit). */
  readonly transliterated: number;
  /** The declaration rewritten, with the label it had, once it was. */
  readonly declaration: { declaration: 'meta' | 'xml'; label: string } | null;
  /** The converted bytes of `input` (a new array); throws a ConversionError in the fatal modes, after which, as after the last call, the converter is done. */
  convert(input?: AllowSharedBufferSource, options?: ConvertOptions): Uint8Array<ArrayBuffer>;
}

/** The byte order marks a Converter writes, by target encoding. */
export declare const BOMS: Readonly<{ 'utf-8': readonly number[]; 'utf-16be': readonly number[]; 'utf-16le': readonly number[] }>;

/** How many characters `unencodable.first` lists. */
export declare const FIRST_UNENCODABLE: 8;

/** "'é' (U+00E9)"; "U+0009" for a character that does not print. */
export declare function describeCodePoint(codePoint: number): string;

/** Every encoding of the standard with its labels, in the standard's order; `name` as the standard writes it ("Shift_JIS"). */
export declare const encodings: ReadonlyArray<{ readonly name: string; readonly labels: readonly string[] }>;
