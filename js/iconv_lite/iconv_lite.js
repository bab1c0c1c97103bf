// encoding-wasm/iconv-lite: iconv-lite's API (https://github.com/ashtuchkin/iconv-lite, 0.7) on the
// Encoding Standard's decoders and encoders, for code that calls iconv-lite where Node's Buffer is
// missing (Workers, Deno, browsers). Only the standard's encodings: iconv-lite's names for them
// (js/generated/iconv_lite_labels.js) and the standard's labels; docs/iconv-lite.md lists where
// the results differ from iconv-lite's. Decoding and encoding run in wasm, on the modules the
// TextDecoder's wasm layer and encoding-wasm/errors use (docs/design.md section 18), without the
// TextDecoder: iconv-lite never hands decoding to the host's decoders, so its bundle carries none
// of that (their probes, the FNV hashes, the host error search).
import * as core from '../wasm/core.js';
import { decodeInWasm } from '../wasm/decode_in_wasm.js';
import { toBytes } from '../webidl/webidl.js';
// (encode.js loads the core at load in browsers: "#host/core_at_load.js")
import { encoderId } from '../webidl/encode.js';
import { encodeChunk, encodeChunkLogged, newEncoderRecord } from '../webidl/encode_chunk.js';
import { ICONV_LITE_LABELS } from '../generated/iconv_lite_labels.js';
import { Transform as NodeTransform } from '#host/iconv_lite_stream.js';

// Non-standard, as the main entry's: loads the table families the given labels (the standard's)
// need, everything with no labels. The core is loaded at load here, and no host decoder is used.
export const preload = (...labels) => core.preloadFor(labels, () => null);

const BOM = '\ufeff';
// iconv-lite strips (decoding) and adds (with addBOM, encoding) a BOM for these only.
const BOM_AWARE = new Set(['utf-8', 'utf-16le', 'utf-16be']);
let names;

// iconv-lite's canonical form of a name: lower case, letters and digits, no ":YYYY" year.
const canonical = (label) => label.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, '');

// The standard's encoding (lower-cased, as TextDecoder's `encoding`) `label` names: a label of the
// standard (https://encoding.spec.whatwg.org/#concept-encoding-get), or one of iconv-lite's names
// for an encoding of the standard. A TypeError for a label that is not a string, a RangeError for
// any other encoding (iconv-lite throws an Error "Encoding not recognized" there).
function encodingOf(label) {
  if (typeof label !== 'string') throw new TypeError(`The encoding must be a string, not ${typeof label}.`);
  const id = core.encodingId(label);
  let name = id < 0 ? null : core.encodingName(id);
  if (name === null) {
    if (!names) {
      names = new Map();
      for (const [standard, list] of Object.entries(ICONV_LITE_LABELS))
        for (const alias of list.split(' ')) names.set(alias, standard);
    }
    name = names.get(canonical(label)) ?? null;
  }
  if (name === null)
    throw new RangeError(
      `Encoding not recognized: '${label}' is not an encoding of the WHATWG Encoding Standard, the only ones encoding-wasm/iconv-lite has (https://encoding.spec.whatwg.org/#names-and-labels).`,
    );
  if (name === 'replacement')
    throw new RangeError(
      `Encoding not recognized: '${label}' names the Encoding Standard's replacement encoding, which decodes any input as one U+FFFD, not text.`,
    );
  return name;
}

function optionsOf(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new TypeError(`The options must be an object, not ${typeof options}.`);
  return options;
}

// A Buffer over the bytes where the host has one (as iconv-lite returns), else the Uint8Array.
const output = (bytes) =>
  typeof globalThis.Buffer?.from === 'function'
    ? globalThis.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    : bytes;

export function encodingExists(encoding) {
  try {
    encodingOf(encoding);
    return true;
  } catch {
    return false;
  }
}

// iconv-lite's low-level decoder: write(bytes) gives the text so far, end() the rest (or
// undefined). Bytes are any ArrayBufferView or ArrayBuffer (a Buffer too); malformed input is U+FFFD,
// as the standard decodes in its replacement mode. stripBOM (default true) drops a leading U+FEFF of
// UTF-8 and UTF-16 (calling it if a function); stripBOM: false keeps it.
export function getDecoder(encoding, options) {
  const name = encodingOf(encoding);
  const { stripBOM = true } = optionsOf(options);
  // The record js/wasm/decode_in_wasm.js runs (as a TextDecoder's DecoderCommon, js/webidl/text_decoder.js):
  // the replacement error mode, ignore BOM; the encoding's module loads now (or its error is thrown now).
  const id = core.encodingId(name);
  const decoder = {
    id,
    name,
    fatal: false,
    ignoreBOM: true,
    state: { s0: 0, s1: 0 },
    position: 0,
    errors: null,
    instance: core.instanceFor(id, true),
    ascii: null,
  };
  // Whether the next call starts a new decoder instance: after end(), and after a call that threw
  // (as TextDecoder's decode() without do not flush).
  let fresh = true;
  const run = (bytes, flush) => {
    if (fresh) {
      decoder.state.s0 = decoder.state.s1 = 0;
      decoder.position = 0;
    }
    fresh = true;
    const text = decodeInWasm(decoder, bytes, flush);
    fresh = flush;
    return text;
  };
  let pass = !BOM_AWARE.has(name) || stripBOM === false;
  const strip = (text) => {
    if (pass || text === '') return text;
    pass = true;
    if (text[0] !== BOM) return text;
    if (typeof stripBOM === 'function') stripBOM();
    return text.slice(1);
  };
  return {
    write(bytes) {
      if (!ArrayBuffer.isView(bytes) && !(bytes instanceof ArrayBuffer))
        throw new TypeError(
          `iconv-lite decoding needs bytes (a Buffer, Uint8Array, ArrayBuffer or other ArrayBufferView), not ${typeof bytes === 'string' ? 'a string' : typeof bytes}.`,
        );
      return strip(run(toBytes(bytes), false));
    },
    end() {
      const text = strip(run(new Uint8Array(0), true));
      return text === '' ? undefined : text;
    },
  };
}

// Every character the encoding lacks as "?" (iconv-lite's defaultCharSingleByte); `errors` are
// those the core's error log found in `text` (three numbers each, the first its index in UTF-16
// code units: js/wasm/run_encoder.js).
function questionMarks(text, errors) {
  let out = '';
  let from = 0;
  for (let k = 0; k < errors.length; k += 3) {
    const index = errors[k];
    const unit = text.charCodeAt(index);
    out += text.slice(from, index) + '?';
    const next = text.charCodeAt(index + 1);
    from = index + (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1);
  }
  return out + text.slice(from);
}

// UTF-16LE and UTF-16BE, which the standard only decodes: the string's code units, as iconv-lite
// (and Node's Buffer) write them, lone surrogates too.
function utf16(text, bigEndian) {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i + (bigEndian ? 1 : 0)] = unit & 0xff;
    bytes[2 * i + (bigEndian ? 0 : 1)] = unit >> 8;
  }
  return bytes;
}

// iconv-lite's low-level encoder: write(string) gives the bytes so far, end() the rest (or
// undefined). A character the encoding lacks is "?", as iconv-lite writes it; a lone surrogate is
// U+FFFD where the encoding has it (UTF-8, gb18030), else "?". addBOM (default false; true for
// iconv-lite's "utf16") starts UTF-8 and UTF-16 with a BOM.
export function getEncoder(encoding, options) {
  const name = encodingOf(encoding);
  const { addBOM = canonical(encoding) === 'utf16' } = optionsOf(options);
  let bom = addBOM && BOM_AWARE.has(name) ? BOM : '';
  let leading = '';
  // Encoders in the html mode, run with the error log (encodeChunkLogged) as encoding-wasm/errors'
  // ErrorReportingEncoder runs them.
  const id = name.startsWith('utf-16') ? -1 : encoderId(name);
  const reporting = id < 0 ? null : newEncoderRecord(id, true);
  // (the table family loads now, or its error is thrown now, not on the first write)
  if (id >= 0) core.instanceFor(id);
  // ISO-2022-JP's state spans chunks: a check of the chunk on its own finds the characters it lacks
  // (no state decides that), then the streaming encoder writes the chunk with those as "?".
  const checker = name === 'iso-2022-jp' ? newEncoderRecord(id, true) : null;
  const run = (text, stream) => {
    if (reporting === null) return utf16(text, name === 'utf-16be');
    if (checker !== null) {
      const { found } = encodeChunkLogged(checker, text, false);
      return encodeChunk(reporting, found.length ? questionMarks(text, found) : text, stream);
    }
    const { bytes, found } = encodeChunkLogged(reporting, text, false);
    return found.length ? encodeChunk(reporting, questionMarks(text, found), false) : bytes;
  };
  return {
    write(text) {
      if (typeof text !== 'string')
        throw new TypeError(`iconv-lite encoding needs a string, not ${text === null ? 'null' : typeof text}.`);
      text = bom + leading + text;
      bom = leading = '';
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        leading = text.slice(-1);
        text = text.slice(0, -1);
      }
      return output(run(text, true));
    },
    end() {
      const text = bom + leading;
      bom = leading = '';
      const bytes = run(text, false);
      return bytes.length ? output(bytes) : undefined;
    },
  };
}

export function decode(bytes, encoding, options) {
  const decoder = getDecoder(encoding, options);
  const text = decoder.write(bytes);
  return text + (decoder.end() ?? '');
}

export function encode(string, encoding, options) {
  const encoder = getEncoder(encoding, options);
  const bytes = encoder.write(string);
  const rest = encoder.end();
  if (rest === undefined) return bytes;
  const all = new Uint8Array(bytes.length + rest.length);
  all.set(bytes);
  all.set(rest, bytes.length);
  return output(all);
}

let Transform = NodeTransform;
let nodeStreams;

// iconv-lite's enableStreamingAPI(require('stream')): decodeStream()/encodeStream() then make
// Node streams of that module (they do from the start in Node and Bun).
export function enableStreamingAPI(streamModule) {
  if (typeof streamModule?.Transform !== 'function')
    throw new TypeError('enableStreamingAPI() needs a module with a Transform class.');
  if (Transform === undefined) Transform = streamModule.Transform;
}

function makeNodeStreams() {
  // write() and end() of a low-level decoder or encoder as a Node Transform; `pushOut` pushes what
  // a call gave, if anything.
  class IconvLiteStream extends Transform {
    #conv;
    constructor(conv, options) {
      super(options);
      this.#conv = conv;
    }
    _transform(chunk, _encoding, done) {
      this.#step(() => this.#conv.write(chunk), done);
    }
    _flush(done) {
      this.#step(() => this.#conv.end(), done);
    }
    #step(convert, done) {
      let out;
      try {
        out = convert();
      } catch (error) {
        return done(error);
      }
      if (out?.length) this.pushOut(out);
      done();
    }
  }
  class IconvLiteDecoderStream extends IconvLiteStream {
    constructor(conv, options) {
      super(conv, { ...options, encoding: 'utf8' });
    }
    pushOut(text) {
      this.push(text, 'utf8');
    }
    collect(callback) {
      let text = '';
      this.on('error', callback);
      this.on('data', (chunk) => (text += chunk));
      this.on('end', () => callback(null, text));
      return this;
    }
  }
  class IconvLiteEncoderStream extends IconvLiteStream {
    constructor(conv, options) {
      super(conv, { ...options, decodeStrings: false });
    }
    pushOut(bytes) {
      this.push(bytes);
    }
    collect(callback) {
      const chunks = [];
      this.on('error', callback);
      this.on('data', (chunk) => chunks.push(chunk));
      this.on('end', () => callback(null, globalThis.Buffer.concat(chunks)));
      return this;
    }
  }
  return { IconvLiteDecoderStream, IconvLiteEncoderStream };
}

// A TransformStream over write()/end() of a low-level decoder or encoder.
function webStream(conv) {
  if (typeof globalThis.TransformStream !== 'function')
    throw new Error('encoding-wasm/iconv-lite streams need TransformStream or enableStreamingAPI(require("stream")).');
  return new globalThis.TransformStream({
    transform(chunk, controller) {
      const out = conv.write(chunk);
      if (out.length) controller.enqueue(out);
    },
    flush(controller) {
      const out = conv.end();
      if (out?.length) controller.enqueue(out);
    },
  });
}

// A Node Transform stream (bytes in, strings out) where node:stream is there or was given to
// enableStreamingAPI(), with iconv-lite's collect(callback); else a web TransformStream.
export function decodeStream(encoding, options) {
  const conv = getDecoder(encoding, options);
  if (Transform === undefined) return webStream(conv);
  nodeStreams ??= makeNodeStreams();
  return new nodeStreams.IconvLiteDecoderStream(conv, options);
}

// The same for strings in, bytes out.
export function encodeStream(encoding, options) {
  const conv = getEncoder(encoding, options);
  if (Transform === undefined) return webStream(conv);
  nodeStreams ??= makeNodeStreams();
  return new nodeStreams.IconvLiteEncoderStream(conv, options);
}

// iconv-lite's names for the same functions.
export const toEncoding = encode;
export const fromEncoding = decode;

// `import iconv from 'iconv-lite'` and `require('iconv-lite')` through a bundler alias.
export default {
  decode,
  encode,
  encodingExists,
  getDecoder,
  getEncoder,
  decodeStream,
  encodeStream,
  enableStreamingAPI,
  toEncoding,
  fromEncoding,
  preload,
};
