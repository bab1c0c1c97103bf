// sniff(): a document's encoding as the HTML standard determines it: its byte order mark, the
// transport layer's Content-Type charset, the <meta> or XML declaration in its first 1024 bytes,
// and only then the statistics (detect()).
import { bomEncoding } from './bom.js';
import { transportCharset } from './content_type.js';
import { checkOptions, detect } from './detector.js';
import { decodingErrors } from './decoding_errors.js';
import { prescan } from './prescan.js';
import { toBytes } from '../webidl/webidl.js';

export const SNIFF_MESSAGES = {
  badOptions: 'The options argument must be an object, null or undefined.',
  badContentType: 'The contentType option must be a string (a Content-Type value), null or undefined.',
};

// The result where the BOM or a declaration decides: confidence 1, and the decoding errors of
// `bytes` in that encoding, all of them (decoding_errors.js).
const decided = (bytes, stream, source, { encoding, label, declaration }) => ({
  encoding,
  confidence: 1,
  ...decodingErrors(bytes, encoding, stream),
  alternatives: [],
  source,
  declaration,
  label,
});

// https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm
// options: detect()'s (allowUTF8, candidates, hint: the statistics' step), and contentType (a
// Content-Type value, the transport layer's word), ignoreDeclarations (skip the Content-Type,
// <meta> and XML declaration steps), stream (the bytes are the start of a longer input: a character
// cut off at their end is no error). The user's override, the parent document's encoding and the
// locale's default are the caller's: the statistics stand for them.
export function sniff(bytes, options = undefined) {
  const input = toBytes(bytes);
  if (options !== undefined && options !== null && typeof options !== 'object')
    throw new TypeError(SNIFF_MESSAGES.badOptions);
  const contentType = options?.contentType;
  if (contentType !== undefined && contentType !== null && typeof contentType !== 'string')
    throw new TypeError(SNIFF_MESSAGES.badContentType);
  const declarations = !options?.ignoreDeclarations;
  const stream = !!options?.stream;
  // The statistics' options are checked for every input, whatever decides.
  checkOptions(options);
  const bom = bomEncoding(input);
  // The errors are those of the bytes after the BOM.
  if (bom !== null)
    return decided(input.subarray(bom === 'utf-8' ? 3 : 2), stream, 'bom', {
      encoding: bom,
      declaration: 'byte order mark',
    });
  if (declarations) {
    const transport = typeof contentType === 'string' ? transportCharset(contentType) : null;
    if (transport !== null) return decided(input, stream, 'transport', { ...transport, declaration: 'Content-Type' });
    const declared = prescan(input);
    if (declared !== null) return decided(input, stream, declared.xml ? 'xml' : 'meta', declared);
  }
  return { ...detect(input, options), source: 'statistics' };
}
