// encoding-wasm/convert's Converter: bytes in one encoding of the standard to bytes in another, a
// chunk at a time, as the CLI (bin/cli/) and the converter page (examples/converter/) convert files.
// Decoding: the package's ErrorReportingDecoder (the standard's decoder, which also says where each
// malformed sequence is, in the same pass). Encoding: UTF-8 through the host's TextEncoder (into a
// reused buffer: Node 20's encode() allocates and runs at a tenth of encodeInto's speed), UTF-16
// written here (the standard has no UTF-16 encoder; the decoded text is scalar values only, so its
// code units are its UTF-16), and a legacy target through ErrorReportingEncoder, whose one pass
// gives the bytes and each character the target lacks; a second encoder writes the text with those
// characters dropped or spelled (iconv's -c and //TRANSLIT) where that is asked for.
// https://encoding.spec.whatwg.org/#decode-and-encode
import { TextEncoder } from '../webidl/text_encoder.js';
import { Encoder } from '../webidl/encoder.js';
import { ErrorReportingDecoder, ErrorReportingEncoder } from '../webidl/errors.js';
import { normalizeEncoding } from '../hooks/hooks.js';
import { rewriteDeclaration } from './declaration.js';
import { rewrite, transliterator } from './translit.js';

// The byte order marks `bom` writes (https://encoding.spec.whatwg.org/#bom-sniff has the same three).
export const BOMS = Object.freeze({
  'utf-8': Object.freeze([0xef, 0xbb, 0xbf]),
  'utf-16be': Object.freeze([0xfe, 0xff]),
  'utf-16le': Object.freeze([0xff, 0xfe]),
});
const MALFORMED = ['fatal', 'replacement', 'omit'];
const UNENCODABLE = ['fatal', 'html', 'question', 'omit'];
// How many of the characters the target lacks `unencodable.first` lists.
export const FIRST_UNENCODABLE = 8;
// The characters held back at the start until a declaration in them is seen whole (the HTML
// standard's prescan reads 1024 bytes).
const HEAD = 1024;
const EMPTY = new Uint8Array(0);

// U+XXXX, with the character itself in quotes where it is printable: "'é' (U+00E9)".
export function describeCodePoint(cp) {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  const printable = !/[\p{C}\p{Z}]/u.test(String.fromCodePoint(cp)) || cp === 0x20;
  return printable ? `'${String.fromCodePoint(cp)}' (${hex})` : hex;
}

const countCodePoints = (text) => text.length - (text.match(/[\uD800-\uDBFF]/g)?.length ?? 0);

function encodingOf(label, which) {
  const encoding = normalizeEncoding(label);
  if (encoding === null) throw new RangeError(`Converter: unknown ${which} encoding label "${label}"`);
  if (encoding === 'replacement')
    throw new RangeError(`Converter: "${label}" is a label of replacement, which converts nothing`);
  return encoding;
}

function choice(value, allowed, name) {
  if (value === undefined) return allowed[0];
  if (!allowed.includes(value))
    throw new TypeError(
      `Converter: options.${name} must be ${allowed.map((a) => `"${a}"`).join(', ')}, not "${value}"`,
    );
  return value;
}

// The code units of `text` as UTF-16 bytes.
function utf16(text, bigEndian) {
  const bytes = new Uint8Array(text.length * 2);
  const hi = bigEndian ? 0 : 1;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i + hi] = unit >> 8;
    bytes[2 * i + 1 - hi] = unit & 0xff;
  }
  return bytes;
}

// new Converter(from, to = 'utf-8', options): labels as TextDecoder takes them (a RangeError for an
// unknown one or replacement's). options (each optional):
//   malformed:   'fatal' (a TypeError at the first malformed sequence) | 'replacement' (U+FFFD) |
//                'omit' (dropped);
//   unencodable: 'fatal' (a TypeError at the first character the target lacks) | 'html' (&#N;) |
//                'question' ("?") | 'omit' (dropped);
//   translit:    a character the target lacks is written as its spelling (js/convert/translit.js),
//                the ones with none as `unencodable` says ("?" for 'fatal', as GNU iconv does);
//   bom:         write a byte order mark first (UTF-8, UTF-16; default: for UTF-16 only);
//   keepDeclaration: leave the <meta charset>, <meta http-equiv=Content-Type> or XML declaration
//                of an HTML or XML document as it is (by default its label is rewritten to `to`).
// convert(bytes, { stream }) returns the converted bytes (a new Uint8Array); the last call is
// without `stream` (as TextDecoder.decode()), after which the converter is done. The fatal modes'
// TypeError has { kind: 'malformed', offset, length } or { kind: 'unencodable', codePoint, index,
// character }; it also ends the converter.
export class Converter {
  malformed = 0; // the malformed sequences replaced or dropped
  unencodable = { count: 0, first: [] }; // the characters the target lacks: { codePoint, index, character }
  transliterated = 0; // of those, the ones written as their spelling (translit)
  declaration = null; // { declaration: 'meta' | 'xml', label } once one was rewritten
  #decoder;
  #malformedMode;
  #unencodableMode;
  #bom;
  #head; // the text held back for the declaration, or null
  #encode;
  #ended = false;
  #units = 0; // the UTF-16 code units encoded so far
  #characters = 0; // and code points, for a legacy target
  #scratch = EMPTY;

  constructor(from, to = 'utf-8', options = {}) {
    this.from = encodingOf(from, 'source');
    this.to = encodingOf(to, 'target');
    this.#malformedMode = choice(options.malformed, MALFORMED, 'malformed');
    this.#unencodableMode = choice(options.unencodable, UNENCODABLE, 'unencodable');
    const bom = options.bom ?? this.to.startsWith('utf-16');
    if (bom && !BOMS[this.to])
      throw new TypeError(`Converter: ${this.to} has no byte order mark (UTF-8 and UTF-16 do)`);
    this.#bom = bom ? Uint8Array.from(BOMS[this.to]) : null;
    this.#head = options.keepDeclaration ? null : '';
    this.#decoder = new ErrorReportingDecoder(this.from);
    this.#encode = this.#encoderFor(Boolean(options.translit));
  }

  convert(input = EMPTY, options = undefined) {
    if (this.#ended) throw new TypeError('Converter: the conversion has ended (its last call was without stream)');
    const stream = Boolean(options?.stream);
    this.#ended = !stream;
    try {
      const bytes = this.#encode(this.#withDeclaration(this.#decode(input, stream), !stream), !stream);
      if (!this.#bom) return bytes;
      const out = new Uint8Array(this.#bom.length + bytes.length);
      out.set(this.#bom);
      out.set(bytes, this.#bom.length);
      this.#bom = null;
      return out;
    } catch (error) {
      this.#ended = true;
      throw error;
    }
  }

  // The last call's input goes in as a streamed call and then the flush, so that an error of the
  // flush alone (a sequence the input ends in the middle of) is said to be one.
  #decode(input, stream) {
    if (!stream && input.byteLength) return this.#decode(input, true) + this.#decode(EMPTY, false);
    const { text, errors } = this.#decoder.decode(input, { stream });
    if (!errors.length) return text;
    if (this.#malformedMode === 'fatal') {
      const { offset, length } = errors[0];
      const atEnd = !stream;
      const message = atEnd
        ? `incomplete ${this.from} sequence at the end of the input (byte ${offset})`
        : `malformed ${this.from} input at byte ${offset}${length === 1 ? '' : ` (${length} bytes)`}`;
      throw Object.assign(new TypeError(message), { kind: 'malformed', offset, length });
    }
    this.malformed += errors.length;
    // (Where the source can encode U+FFFD itself, one in a chunk with an error goes too.)
    return this.#malformedMode === 'omit' ? text.replaceAll('\uFFFD', '') : text;
  }

  // The first HEAD characters or more are held until there, then their declaration rewritten.
  #withDeclaration(text, last) {
    if (this.#head === null) return text;
    this.#head += text;
    if (this.#head.length < HEAD && !last) return '';
    const whole = this.#head;
    this.#head = null;
    const rewritten = rewriteDeclaration(whole, this.to);
    // (A label of the target already, "UTF-8" for utf-8, stays as written.)
    if (!rewritten || normalizeEncoding(rewritten.from) === this.to) return whole;
    this.declaration = { declaration: rewritten.declaration, label: rewritten.from };
    return rewritten.text;
  }

  // (text, last) -> bytes for the target.
  #encoderFor(translit) {
    const { to } = this;
    if (to === 'utf-8') {
      const encoder = new TextEncoder();
      return (text) => {
        if (this.#scratch.length < text.length * 3) this.#scratch = new Uint8Array(text.length * 3);
        return this.#scratch.slice(0, encoder.encodeInto(text, this.#scratch).written);
      };
    }
    if (to === 'utf-16le' || to === 'utf-16be') return (text) => utf16(text, to === 'utf-16be');
    const mode = this.#unencodableMode;
    // Finds the characters the target lacks (and writes the html mode's bytes).
    const finder = new ErrorReportingEncoder(to);
    const rewriting = translit || mode === 'question' || mode === 'omit';
    const encoder = rewriting ? new Encoder(to) : null;
    const fallback = (cp) => (mode === 'omit' ? '' : mode === 'html' ? `&#${cp};` : '?');
    const spell = translit ? transliterator(to) : null;
    const replace = spell
      ? (cp) => {
          const spelling = spell(cp);
          if (spelling === null) return fallback(cp);
          this.transliterated++;
          return spelling;
        }
      : fallback;
    return (text, last) => {
      const { bytes, errors } = finder.encode(text, { stream: !last });
      if (errors.length) this.#record(errors, text, mode === 'fatal' && !translit);
      const out = rewriting
        ? encoder.encode(errors.length ? rewrite(text, errors, this.#units, replace) : text, { stream: !last })
        : bytes;
      this.#characters += countCodePoints(text);
      this.#units += text.length;
      return out;
    };
  }

  // Counts the characters the target lacks (an ErrorReportingEncoder's `errors` in `text`) and lists
  // the first ones; `fatal`: throws for the first.
  #record(errors, text, fatal) {
    const { first } = this.unencodable;
    this.unencodable.count += errors.length;
    for (const { index, codePoint } of errors.slice(0, fatal ? 1 : FIRST_UNENCODABLE - first.length)) {
      const character = this.#characters + countCodePoints(text.slice(0, index - this.#units));
      if (fatal) {
        const message = `character ${describeCodePoint(codePoint)} at character ${character} cannot be encoded in ${this.to}`;
        throw Object.assign(new TypeError(message), { kind: 'unencodable', codePoint, index, character });
      }
      first.push({ codePoint, index, character });
    }
  }
}
