// The decoding errors of one encoding in a document: what sniff() reports for the encoding its byte
// order mark or a declaration names (no statistics run then). Each is the number of U+FFFD a
// replacement decoder outputs, counted by the detector's own state machines with no limit.
import { GROUP_OF } from './candidates.js';
import { proberFor } from './detector.js';
import { REJECTED } from './single_byte.js';

// UTF-16: a lone surrogate is an error, and at the end of the input a cut-off code unit or a
// lead surrogate without its trail.
// https://encoding.spec.whatwg.org/#shared-utf-16-decoder
function utf16Errors(bytes, bigEndian, stream) {
  let errors = 0;
  let lead = 0; // a lead surrogate awaiting its trail
  const end = bytes.length & ~1;
  for (let i = 0; i < end; i += 2) {
    const unit = bigEndian ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8);
    if (lead !== 0 && unit >= 0xdc00 && unit <= 0xdfff) lead = 0;
    else {
      if (lead !== 0) errors++;
      lead = unit >= 0xd800 && unit <= 0xdbff ? unit : 0;
      if (lead === 0 && unit >= 0xdc00 && unit <= 0xdfff) errors++;
    }
  }
  if (!stream && (lead !== 0 || end !== bytes.length)) errors++;
  return errors;
}

// { errors, ascii } for `bytes` in `encoding` (a name as getEncoding() gives it). stream: the bytes
// are a prefix of the input, so a character cut off at their end is no error.
export function decodingErrors(bytes, encoding, stream = false) {
  if (encoding === 'replacement') return { errors: bytes.length > 0 ? 1 : 0, ascii: false };
  if (encoding === 'utf-16be' || encoding === 'utf-16le')
    return { errors: utf16Errors(bytes, encoding === 'utf-16be', stream), ascii: false };
  let ascii = true;
  for (let i = 0; i < bytes.length && ascii; i++) ascii = bytes[i] < 0x80;
  const prober = proberFor(encoding);
  if (typeof GROUP_OF.get(encoding) === 'number') {
    // A single-byte decoder's errors are the bytes it does not map.
    prober.load();
    let errors = 0;
    for (let i = 0; i < bytes.length; i++) if (prober.classOf[bytes[i]] === REJECTED) errors++;
    return { errors, ascii };
  }
  if (encoding === 'x-user-defined') return { errors: 0, ascii };
  prober.maxErrors = Infinity;
  prober.feed(bytes);
  const errors = prober.errors + (!stream && prober.pending() ? 1 : 0);
  // (ISO-2022-JP text is ASCII bytes: it is ASCII only without escapes into other sets.)
  return { errors, ascii: ascii && !(prober.switches > 0) };
}
