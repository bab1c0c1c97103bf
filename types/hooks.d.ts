// Type declarations for 'encoding-wasm/hooks' (written by hand): the Encoding Standard's hooks for
// other standards, https://encoding.spec.whatwg.org/#specification-hooks.
import type { AllowSharedBufferSource, EncodingName } from './index.js';

export { encode, type EncodeOptions } from './index.js';

/** The names the standard writes in lower case, as TextDecoder's `encoding` gives every name. */
type LowerCaseName = 'macintosh' | `windows-${string}` | 'x-mac-cyrillic' | 'gb18030' | 'x-user-defined';

/** The name of every encoding as the standard writes it (https://encoding.spec.whatwg.org/#names-and-labels). */
export type SpecEncodingName =
  | Uppercase<Exclude<EncodingName, LowerCaseName | 'big5' | 'shift_jis'>>
  | Extract<EncodingName, LowerCaseName>
  | 'Big5'
  | 'Shift_JIS'
  | 'replacement';

/** Get an encoding (https://encoding.spec.whatwg.org/#concept-encoding-get): the name as the standard writes it, or null. */
export declare function labelToName(label: string): SpecEncodingName | null;

/** Get an encoding, with the name lower-cased as TextDecoder's `encoding` gives it, or null. */
export declare function normalizeEncoding(label: string): EncodingName | 'replacement' | null;

/** BOM sniff (https://encoding.spec.whatwg.org/#bom-sniff): the encoding of a leading byte order mark, or null. */
export declare function getBOMEncoding(input: AllowSharedBufferSource): 'utf-8' | 'utf-16be' | 'utf-16le' | null;

/**
 * Decode (https://encoding.spec.whatwg.org/#decode): a byte order mark overrides `fallbackEncoding`
 * (a label, default "utf-8"; replacement's labels too) and is dropped; errors are U+FFFD.
 * A RangeError for an unknown label.
 */
export declare function legacyHookDecode(input: AllowSharedBufferSource, fallbackEncoding?: string): string;

/** UTF-8 decode (https://encoding.spec.whatwg.org/#utf-8-decode): a leading UTF-8 BOM is dropped; errors are U+FFFD. */
export declare function utf8Decode(input: AllowSharedBufferSource): string;

/** UTF-8 decode without BOM (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom): errors are U+FFFD. */
export declare function utf8DecodeWithoutBOM(input: AllowSharedBufferSource): string;

/** UTF-8 decode without BOM or fail (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail): null for failure. */
export declare function utf8DecodeWithoutBOMOrFail(input: AllowSharedBufferSource): string | null;

/** UTF-8 encode (https://encoding.spec.whatwg.org/#utf-8-encode); lone surrogates are U+FFFD. */
export declare function utf8Encode(input: string): Uint8Array<ArrayBuffer>;

/**
 * Get an output encoding (https://encoding.spec.whatwg.org/#get-an-output-encoding): "UTF-8" for
 * replacement and UTF-16BE/LE, else the encoding's name. A RangeError for an unknown label.
 */
export declare function getOutputEncoding(encoding: string): Exclude<SpecEncodingName, 'replacement' | 'UTF-16BE' | 'UTF-16LE'>;

/**
 * Encode or fail (https://encoding.spec.whatwg.org/#encode-or-fail) with a new encoder over all of
 * `input`: the bytes when every scalar value encodes, otherwise the first code point that does not
 * (a number). A RangeError for an unknown label and for replacement, UTF-16BE and UTF-16LE.
 */
export declare function encodeOrFail(input: string, encoding: string): Uint8Array<ArrayBuffer> | number;
