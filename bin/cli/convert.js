// One conversion: bytes in the source encoding -> text (the package's TextDecoder, stream: true) ->
// bytes in the target encoding (the package's streaming Encoder; for a legacy target its
// ErrorReportingEncoder, whose one pass gives the bytes and every character it cannot encode; UTF-16
// code units written here, since the standard has no UTF-16 encoder). Memory is bounded by the chunk
// size whatever the input.
import { Buffer } from 'node:buffer';
import { TextDecoder } from 'encoding-wasm';
import { Encoder } from 'encoding-wasm/encoder';
import { ErrorReportingDecoder, ErrorReportingEncoder } from 'encoding-wasm/errors';
import { normalizeEncoding } from 'encoding-wasm/hooks';
import { rewriteDeclaration } from '../../js/convert/declaration.js';
import { rewrite, transliterator } from '../../js/convert/translit.js';
import { ConversionError, describeCodePoint } from './errors.js';

// The byte order marks --bom writes (https://encoding.spec.whatwg.org/#bom-sniff has the same three).
export const BOMS = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16be': [0xfe, 0xff],
  'utf-16le': [0xff, 0xfe],
};

// Decoders of these can give U+FFFD for well-formed input; every other decoder only for an error.
const REAL_FFFD = new Set(['utf-8', 'utf-16be', 'utf-16le', 'gb18030']);

// The UTF-16 encoder the standard leaves out: the decoded text is scalar values only, so its code
// units are exactly the UTF-16 of the text.
class Utf16Encoder {
  constructor(bigEndian) {
    this.bigEndian = bigEndian;
  }
  encode(text) {
    const bytes = Buffer.from(text, 'utf16le');
    return this.bigEndian ? bytes.swap16() : bytes;
  }
}

// What //TRANSLIT writes for a character the target lacks: its spelling, else (like GNU iconv) "?",
// or nothing with -c or //IGNORE, or &#N; with --errors html. Counts both kinds.
function translitReplacer(to, omit, encodeErrors, counts) {
  const spell = transliterator(to);
  return (cp) => {
    const spelling = spell(cp);
    if (spelling !== null) {
      counts.transliterated++;
      return spelling;
    }
    counts.unspelled++;
    return omit ? '' : encodeErrors === 'html' ? `&#${cp};` : '?';
  };
}

const countCodePoints = (text) =>
  /[\uD800-\uDBFF]/.test(text) ? text.length - text.match(/[\uD800-\uDBFF]/g).length : text.length;

// options: { input, chunks (an async iterable of Uint8Array), from, to, decodeErrors ('fatal' |
// 'replacement'), encodeErrors ('fatal' | 'html'), omit (-c, //IGNORE), translit (//TRANSLIT), bom,
// write(bytes), progress }. Resolves to { bytesIn, transliterated, unspelled } (the counts of
// //TRANSLIT); throws a ConversionError for the first malformed byte or unencodable character.
export async function convert(options) {
  const { input, chunks, from, to, decodeErrors, encodeErrors, omit, translit, bom, write, progress } = options;
  // The first 1024 characters or more, held until there so that a declaration is seen whole.
  let head = options.keepDeclaration ? null : '';
  let declaration = null;
  const withDeclaration = (text, last) => {
    if (head === null) return text;
    head += text;
    if (head.length < 1024 && !last) return '';
    const whole = head;
    head = null;
    const rewritten = rewriteDeclaration(whole, to);
    // (a label of the target already, "UTF-8" for utf-8, stays as written)
    if (!rewritten || normalizeEncoding(rewritten.from) === to) return whole;
    declaration = { declaration: rewritten.declaration, from: rewritten.from };
    return rewritten.text;
  };
  // Malformed input stops the conversion at its first error, whose bytes encoding-wasm/errors says
  // (from stdin too: nothing is read again).
  const stopAtErrors = decodeErrors === 'fatal' && !omit;
  const decoder = stopAtErrors ? new ErrorReportingDecoder(from) : new TextDecoder(from);
  const decode = (chunk, stream) => {
    if (!stopAtErrors) return decoder.decode(chunk, { stream });
    const { text, errors } = decoder.decode(chunk, { stream });
    if (errors.length) throw malformed(input, from, errors[0], !stream);
    return text;
  };
  let checker = omit && REAL_FFFD.has(from) ? new TextDecoder(from, { fatal: true }) : null;
  const utf16 = to === 'utf-16le' || to === 'utf-16be';
  // A legacy target can lose characters: its encoder reports each one (html mode, with its
  // position), in the pass that encodes. With -c or //TRANSLIT they are found first, and the text
  // without them (or with their spellings) goes through a second encoder of the target.
  const legacy = !utf16 && to !== 'utf-8';
  const rewriting = legacy && (omit || translit);
  const encoder = utf16
    ? new Utf16Encoder(to === 'utf-16be')
    : legacy && !rewriting
      ? new ErrorReportingEncoder(to)
      : new Encoder(to);
  const finder = rewriting ? new ErrorReportingEncoder(to) : null;
  const counts = { transliterated: 0, unspelled: 0 };
  const replace = translit ? translitReplacer(to, omit, encodeErrors, counts) : () => '';
  let offset = 0;
  let characters = 0;
  let units = 0;

  // -c on the input side: the decoder's U+FFFD for malformed bytes is dropped; where the source can
  // hold U+FFFD itself, only in a chunk a fatal decoder beside it rejects.
  const dropMalformed = (text, chunk, last) => {
    let malformed = true;
    if (checker) {
      try {
        checker.decode(chunk, { stream: !last });
        malformed = false;
      } catch {
        checker = new TextDecoder(from, { fatal: true });
      }
    }
    return malformed ? text.replaceAll('\uFFFD', '') : text;
  };

  const writeText = async (text, last) => {
    let bytes;
    if (finder) {
      const { errors } = finder.encode(text, { stream: !last });
      bytes = encoder.encode(errors.length ? rewrite(text, errors, units, replace) : text, { stream: !last });
    } else if (legacy) {
      const result = encoder.encode(text, { stream: !last });
      const first = result.errors[0];
      if (first && encodeErrors === 'fatal') {
        const at = characters + countCodePoints(text.slice(0, first.index - units));
        throw new ConversionError(
          `${input.name}: character ${describeCodePoint(first.codePoint)} at character ${at} cannot be encoded in ${to}`,
        );
      }
      bytes = result.bytes;
    } else {
      bytes = encoder.encode(text, { stream: !last });
    }
    characters += countCodePoints(text);
    units = last ? 0 : units + text.length;
    if (bytes.length) await write(bytes);
  };

  if (bom) await write(Uint8Array.from(BOMS[to]));
  for await (const chunk of chunks) {
    let text = decode(chunk, true);
    if (omit) text = dropMalformed(text, chunk, false);
    await writeText(withDeclaration(text, false), false);
    offset += chunk.length;
    progress.update(offset);
  }
  let text = decode(new Uint8Array(0), false);
  if (omit) text = dropMalformed(text, new Uint8Array(0), true);
  await writeText(withDeclaration(text, true), true);
  return { bytesIn: offset, declaration, ...counts };
}

// The message for the first error ({ offset, length }: its malformed bytes), found in the last
// call (`atEnd`: an incomplete sequence at the end of the input) or before.
function malformed(input, from, { offset, length }, atEnd) {
  if (atEnd)
    return new ConversionError(`${input.name}: incomplete ${from} sequence at the end of the input (byte ${offset})`);
  const bytes = length === 1 ? '' : ` (${length} bytes)`;
  return new ConversionError(`${input.name}: malformed ${from} input at byte ${offset}${bytes}`);
}
