// install(): puts TextDecoder, TextEncoder, TextDecoderStream and TextEncoderStream on a global
// object by the rule of docs/design.md section 8, "the polyfill never makes a runtime worse":
// - a class the global lacks is installed;
// - a native TextDecoder that rejects the name of any encoding the standard has, accepts a label of
//   replacement, or decodes any of the probes below differently from the standard is replaced by
//   ours, and the native TextDecoderStream with it (every engine builds that on its TextDecoder),
//   as is a native TextDecoderStream that rejects a name; a TextEncoder without encodeInto() or that
//   does not write U+FFFD for a lone surrogate is replaced;
// - anything else native is left as it is, unless { force: true };
// - where a Content Security Policy refuses wasm, no native is replaced (unless { force: true }).
// Our TextDecoder still hands work to the native one it replaced: UTF-8 and UTF-16 where that passes
// the exactness probes of native.js, and, where tables cannot load on first use (browsers), the
// multi-byte encodings whose tables are not loaded yet, which would otherwise throw (the fallback of
// text_decoder.js). The report lists it as "wrapped" when either applies, else as "replaced".
// The fallback belongs to the classes installed, not to the package's own: where it applies, what
// is installed is a copy of our TextDecoder and TextDecoderStream (withFallback()) with the native
// as its fallback, and the TextDecoder the package exports stays as it was.
import '#host/core_at_load.js';
import { loadFamilySync } from '#host/primitives.js';
import { instanceFor } from '../wasm/core.js';
import { ENCODING_FAMILY } from '../generated/encodings.js';
import { NAMES as ENCODING_NAMES } from './labels.js';
import { hostDecoderFor, nativeDelegation } from '../host/native.js';
import { TextDecoderStream, TextEncoderStream } from './streams.js';
import { withFallback } from './fallback.js';
import { TextDecoder } from '../wasm/with_wasm_layer.js';
import { TextEncoder } from './text_encoder.js';
import { wasmRefused } from '../wasm/refusal.js';

const OURS = { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream };
// Our classes, and the copies with a fallback made so far.
const ourClasses = new WeakSet(Object.values(OURS).filter(Boolean));
const NAMES = ENCODING_NAMES.filter((name) => name !== 'replacement');
const REPLACEMENT_LABELS = ['replacement', 'iso-2022-kr', 'hz-gb-2312'];
// The single-byte encodings: their bytes 0x80-0xFF are compared with our decoder's tables.
const SINGLE_BYTE = ENCODING_NAMES.filter(
  (name, id) => ENCODING_FAMILY[id] < 0 && !/^utf-|^x-user-defined$|^replacement$/.test(name),
);
const HIGH_BYTES = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);

// [encoding, bytes, expected output or null for a TypeError, fatal]: cases where runtimes have
// differed from the standard, with the output the standard's decoders and indexes give.
const PROBES = [
  ['utf-8', [0xf0, 0x80, 0x80], '\ufffd\ufffd\ufffd'], // maximal subparts
  ['utf-8', [0xed, 0xa0, 0x80], '\ufffd\ufffd\ufffd'], // a surrogate
  ['utf-8', [0xef, 0xbb, 0xbf, 0x61], 'a'], // the BOM
  ['utf-8', [0x61, 0xff], null, true],
  ['utf-16le', [0x00, 0xd8, 0x61, 0x00], '\ufffda'],
  ['utf-16be', [0xd8, 0x00, 0x00, 0x61], '\ufffda'],
  ['utf-16le', [0x00, 0xd8], '\ufffd'],
  ['windows-1252', [0x80, 0x81, 0x9f], '\u20ac\u0081\u0178'], // index pointers 0, 1, 31
  ['x-user-defined', [0x80, 0xff], '\uf780\uf7ff'],
  ['gbk', [0x80], '\u20ac'],
  ['gb18030', [0xa8, 0xbf], '\u01f9'], // index gb18030 pointer 7536
  ['gb18030', [0xa6, 0xd9], '\ufe10'], // pointer 6555, changed in 2023 (GB18030-2022)
  ['gb18030', [0x84, 0x31, 0xa4, 0x39], '\uffff'], // ranges pointer 39419
  ['gb18030', [0x90, 0x30, 0x81, 0x30], '\u{10000}'], // pointer 189000
  ['big5', [0x87, 0x40], '\u43f0'], // index big5 pointer 942 (HKSCS)
  ['big5', [0x88, 0x62], '\u00ca\u0304'], // pointer 1133: two code points
  ['big5', [0x80], '\ufffd'],
  ['euc-kr', [0x81, 0x41], '\uac02'], // index euc-kr pointer 0
  ['euc-jp', [0x8f, 0xa2, 0xaf], '\u02d8'], // index jis0212 pointer 108
  ['euc-jp', [0xa1, 0xc0], '\uff3c'], // index jis0208 pointer 31
  ['shift_jis', [0x80, 0xa1], '\u0080\uff61'],
  ['shift_jis', [0xf0, 0x40], '\ue000'], // user-defined pointer 8836
  ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x28, 0x42], '\u4e9c'], // jis0208 pointer 1410
  ['iso-2022-jp', [0x1b, 0x28, 0x4a, 0x5c, 0x7e], '\u00a5\u203e'], // Roman
  ['iso-2022-jp', [0x1b, 0x28, 0x42, 0x1b, 0x28, 0x42, 0x61], '\ufffda'], // two escapes in a row
];

// What `fn` throws, or undefined.
function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

// Whether the constructor accepts every encoding's name (and reports it back as its encoding) and
// rejects the labels of replacement with a RangeError.
function knowsEveryName(Native) {
  for (const name of NAMES) if (new Native(name).encoding !== name) return false;
  return REPLACEMENT_LABELS.every((label) => thrown(() => new Native(label)) instanceof RangeError);
}

function decodes(Native, name, bytes, expected, fatal = false) {
  let actual;
  try {
    actual = new Native(name, { fatal }).decode(Uint8Array.from(bytes));
  } catch (error) {
    actual = error instanceof TypeError ? null : error;
  }
  return actual === expected;
}

// Whether a native TextDecoder does what the standard says on every probe.
function exactDecoder(Native) {
  try {
    if (!knowsEveryName(Native)) return false;
    if (!PROBES.every(([name, bytes, expected, fatal]) => decodes(Native, name, bytes, expected, fatal))) return false;
    for (const name of SINGLE_BYTE) {
      if (new Native(name).decode(HIGH_BYTES) !== new TextDecoder(name).decode(HIGH_BYTES)) return false;
    }
    // Streaming: a sequence split across calls.
    const d = new Native('utf-8');
    return d.decode(Uint8Array.of(0xe2, 0x82), { stream: true }) + d.decode(Uint8Array.of(0xac)) === '\u20ac';
  } catch {
    return false;
  }
}

function exactEncoder(Native) {
  try {
    const bytes = new Native().encode('\ud800a');
    return typeof Native.prototype.encodeInto === 'function' && bytes.join() === '239,191,189,97';
  } catch {
    return false;
  }
}

// Whether `Native` would serve as the fallback of our TextDecoder at this moment: tables cannot
// load on first use, and it takes an encoding whose tables are not loaded.
function servesAsFallback(Native) {
  if (loadFamilySync) return false;
  const missing = (id) => ENCODING_FAMILY[id] >= 0 && thrown(() => instanceFor(id, true)) !== undefined;
  return ENCODING_NAMES.some((name, id) => missing(id) && thrown(() => new Native(name)) === undefined);
}

// Whether our TextDecoder hands UTF-8 or UTF-16 to `Native` (native.js).
const delegatesTo = (Native) => nativeDelegation().some((name) => hostDecoderFor(name)?.Native === Native);

function exactDecoderStream(Native) {
  try {
    return knowsEveryName(Native);
  } catch {
    return false;
  }
}

// Installs the classes on `target` (globalThis unless given) and returns what it did, by class name:
// { installed: [...], replaced: [...], wrapped: [...], skipped: [...] }. Calling it again is
// harmless: our own classes pass every probe.
export function install({ force = false, target = globalThis } = {}) {
  const report = { installed: [], replaced: [], wrapped: [], skipped: [] };
  // Which natives are there and fall short, all probed before anything is replaced.
  const native = {};
  for (const name of Object.keys(OURS)) {
    const value = target[name];
    if (typeof value === 'function' && !ourClasses.has(value)) native[name] = value;
  }
  // Where a Content Security Policy refuses wasm (js/wasm/refusal.js), ours decode only what the
  // native decoder decodes exactly, and encode with the native encoder: no better than the natives.
  const refused = wasmRefused();
  const decoderBroken = !refused && native.TextDecoder !== undefined && !exactDecoder(native.TextDecoder);
  const broken = {
    TextDecoder: decoderBroken,
    TextEncoder: !refused && native.TextEncoder !== undefined && !exactEncoder(native.TextEncoder),
    TextDecoderStream:
      !refused &&
      native.TextDecoderStream !== undefined &&
      (decoderBroken || !exactDecoderStream(native.TextDecoderStream)),
    TextEncoderStream: false,
  };
  // The native TextDecoder being replaced, if it is to be the fallback of the decoders installed.
  const replacingDecoder = native.TextDecoder && (broken.TextDecoder || force) ? native.TextDecoder : null;
  const fallback = replacingDecoder && servesAsFallback(replacingDecoder) ? replacingDecoder : null;
  for (const name of Object.keys(OURS)) {
    let ours = OURS[name];
    const replacing = native[name];
    if (ours === undefined || ourClasses.has(target[name]) || (replacing && !broken[name] && !force)) {
      report.skipped.push(name);
      continue;
    }
    if (fallback && (name === 'TextDecoder' || name === 'TextDecoderStream')) ours = withFallback(ours, fallback);
    if (!define(target, name, ours)) {
      report.skipped.push(name);
    } else if (!replacing) {
      report.installed.push(name);
    } else if (name !== 'TextDecoder') {
      report.replaced.push(name);
    } else {
      (fallback || delegatesTo(replacing) ? report.wrapped : report.replaced).push(name);
    }
    ourClasses.add(ours);
  }
  return report;
}

// Defines the property the way WebIDL defines interface objects on the global: writable,
// configurable, not enumerable. False where the target does not allow it.
function define(target, name, value) {
  try {
    return Reflect.defineProperty(target, name, { value, writable: true, enumerable: false, configurable: true });
  } catch {
    return false;
  }
}
