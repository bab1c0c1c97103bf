// Type declarations for 'encoding-wasm/url' (written by hand): percent-encoding and the
// application/x-www-form-urlencoded serializer of https://url.spec.whatwg.org/.

/** The URL Standard's percent-encode sets (https://url.spec.whatwg.org/#percent-encoded-bytes), by name. */
export type PercentEncodeSetName =
  | 'c0-control'
  | 'fragment'
  | 'query'
  | 'special-query'
  | 'path'
  | 'userinfo'
  | 'component'
  | 'application/x-www-form-urlencoded';

/** Each set as the printable ASCII characters it adds to the C0 control percent-encode set. */
export declare const PERCENT_ENCODE_SETS: { readonly [name in PercentEncodeSetName]: string };

/**
 * Percent-encode after encoding (https://url.spec.whatwg.org/#string-percent-encode-after-encoding).
 * `percentEncodeSet` is a set's name, or (as @exodus/bytes takes it) the printable ASCII characters
 * the set adds to the C0 control percent-encode set, in increasing order. Code points the encoding
 * cannot encode are "%26%23N%3B". A RangeError for an unknown label and for replacement, UTF-16BE
 * and UTF-16LE; a TypeError for a bad set or a spaceAsPlus that is not a boolean.
 */
export declare function percentEncodeAfterEncoding(
  encoding: string,
  input: string,
  percentEncodeSet: PercentEncodeSetName | (string & {}),
  spaceAsPlus?: boolean,
): string;

/**
 * The application/x-www-form-urlencoded serializer (https://url.spec.whatwg.org/#concept-urlencoded-serializer)
 * in the output encoding of `encoding` (a label, default "UTF-8"; replacement and UTF-16BE/LE give UTF-8).
 */
export declare function urlencodedSerialize(tuples: Iterable<Iterable<string>>, encoding?: string): string;
