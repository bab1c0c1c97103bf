// sniff(): a document's encoding as the HTML standard determines it: its byte order mark, the
// transport layer's Content-Type charset, the <meta> or XML declaration in its first 1024 bytes,
// and only then the statistics (detect()).
import { bomEncoding } from './bom.js';
import { transportCharset } from './content_type.js';
import { detect } from './detector.js';
import { prescan } from './prescan.js';
import { toBytes } from '../webidl.js';

export const SNIFF_MESSAGES = {
  badOptions: 'The options argument must be an object, null or undefined.',
  badContentType: 'The contentType option must be a string (a Content-Type value), null or undefined.',
};

// The decoding errors of a declared encoding in `bytes`, as detect() counts them with it as its
// only candidate (0 exactly when there are none; it may stop counting early: at least 1 then), and
// whether the bytes are ASCII. The replacement decoder (the labels of
// ISO-2022-KR, HZ-GB-2312 and the like) gives one error for any input but the empty one.
function declaredReading(bytes, encoding) {
  if (encoding === 'replacement') return { errors: bytes.length > 0 ? 1 : 0, ascii: false };
  const { errors, ascii } = detect(bytes, { candidates: [encoding] });
  return { errors, ascii: ascii && encoding !== 'utf-16be' && encoding !== 'utf-16le' };
}

const decided = (bytes, source, { encoding, label, declaration }) => ({
  encoding,
  confidence: 1,
  ...declaredReading(bytes, encoding),
  alternatives: [],
  source,
  declaration,
  label,
});

// https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm
// options: detect()'s (allowUTF8, candidates, hint: the statistics' step), and contentType (a
// Content-Type value, the transport layer's word), ignoreDeclarations (skip the Content-Type,
// <meta> and XML declaration steps). The user's override, the parent document's encoding and the
// locale's default are the caller's: the statistics stand for them.
export function sniff(bytes, options = undefined) {
  const input = toBytes(bytes);
  if (options !== undefined && options !== null && typeof options !== 'object')
    throw new TypeError(SNIFF_MESSAGES.badOptions);
  const contentType = options?.contentType;
  if (contentType !== undefined && contentType !== null && typeof contentType !== 'string')
    throw new TypeError(SNIFF_MESSAGES.badContentType);
  const declarations = !options?.ignoreDeclarations;
  // The statistics run first, whatever decides: their options are checked for every input.
  const statistics = detect(input, options);
  const bom = bomEncoding(input);
  // The errors are those of the bytes after the BOM (detect() over the whole input would answer the
  // BOM's encoding without decoding anything).
  if (bom !== null)
    return decided(input.subarray(bom === 'utf-8' ? 3 : 2), 'bom', { encoding: bom, declaration: 'byte order mark' });
  if (declarations) {
    const transport = typeof contentType === 'string' ? transportCharset(contentType) : null;
    if (transport !== null) return decided(input, 'transport', { ...transport, declaration: 'Content-Type' });
    const declared = prescan(input);
    if (declared !== null) return decided(input, declared.xml ? 'xml' : 'meta', declared);
  }
  return { ...statistics, source: 'statistics' };
}
