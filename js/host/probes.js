// The exactness probes of a host's own decoders (docs/design.md section 7), shared by the main
// entry's delegation (js/host/native.js). `host` is
// { Native: the host's TextDecoder class, decode: its decode() as it was at load time }. They run in
// a TextDecoder constructor, so they call no built-in a page could have replaced (js/wasm/intrinsics.js).
import { apply, bufferOf, charCodeOf, lengthOf, Uint8Array } from '../wasm/intrinsics.js';

const { imul } = Math;

// Whether `name` is one of the encodings whose host decoders exactUtf() probes (UTF-8, UTF-16BE/LE).
export const probedUtf = (name) => PROBES[name] !== undefined;

// [bytes, options, expected] per encoding, decoded in one call; options: FATAL, IGNORE_BOM;
// expected null for a TypeError.
const FATAL = 1;
const IGNORE_BOM = 2;
const PROBES = {
  __proto__: null,
  'utf-8': [
    // overlong, surrogate, truncated, out of range, BOM, BOM kept, valid fatal, invalid fatal
    [[0xf0, 0x80, 0x80], 0, '\ufffd\ufffd\ufffd'],
    [[0xed, 0xa0, 0x80, 0x61], 0, '\ufffd\ufffd\ufffda'],
    [[0xe2, 0x82, 0x61], 0, '\ufffda'],
    [[0xf4, 0x90, 0x80, 0x80], 0, '\ufffd\ufffd\ufffd\ufffd'],
    [[0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], 0, '\ufeff'],
    [[0xef, 0xbb, 0xbf, 0x61], IGNORE_BOM, '\ufeffa'],
    [[0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80], FATAL, '\u00e9\u{1f600}'],
    [[0xc0], FATAL, null],
  ],
  'utf-16le': [
    [[0x61, 0x00, 0x00, 0xd8, 0x62, 0x00], 0, 'a\ufffdb'],
    [[0x00, 0xdc, 0x3d, 0xd8, 0x00, 0xde], 0, '\ufffd\u{1f600}'],
    [[0xff, 0xfe, 0x61, 0x00, 0x62], 0, 'a\ufffd'],
    [[0xff, 0xfe, 0x61, 0x00], IGNORE_BOM, '\ufeffa'],
    [[0x00, 0xd8], FATAL, null],
  ],
  'utf-16be': [
    [[0x00, 0x61, 0xd8, 0x00, 0x00, 0x62], 0, 'a\ufffdb'],
    [[0xfe, 0xff, 0x00, 0x61], 0, 'a'],
    [[0xd8, 0x3d, 0xde, 0x00, 0x61], 0, '\u{1f600}\ufffd'],
    [[0xfe, 0xff, 0x00, 0x61], IGNORE_BOM, '\ufeffa'],
    [[0xdc, 0x00], FATAL, null],
  ],
};

// [chunks, options, expected] per encoding: decoded with { stream: true } but the last. Each is
// decoded twice by one decoder: both delegating entries keep a host decoder after a call that
// flushed (it must start anew, with BOM seen false), and a fatal error at the end of the stream,
// on the bytes the decoder holds, is a TypeError only at the flush.
const STREAM_PROBES = {
  __proto__: null,
  'utf-8': [
    [[[0xef, 0xbb], [0xbf, 0xe2, 0x82], [0xac]], 0, '\u20ac'],
    [[[0x61], [0xef, 0xbb, 0xbf]], 0, 'a\ufeff'],
    [
      [
        [0xef, 0xbb],
        [0xbf, 0x61],
      ],
      IGNORE_BOM,
      '\ufeffa',
    ],
    [[[0x61, 0xe2, 0x82], []], FATAL, null],
  ],
  'utf-16le': [
    [[[0xff], [0xfe, 0x61], [0x00]], 0, 'a'],
    [
      [
        [0x61, 0x00],
        [0xff, 0xfe],
      ],
      0,
      'a\ufeff',
    ],
    [[[0x61, 0x00, 0x3d], [0xd8]], 0, 'a\ufffd'],
    [[[0x61, 0x00, 0x3d], []], FATAL, null],
  ],
  'utf-16be': [
    [[[0xfe], [0xff, 0x00], [0x61]], 0, 'a'],
    [
      [
        [0x00, 0x61],
        [0xfe, 0xff],
      ],
      0,
      'a\ufeff',
    ],
    [[[0xd8, 0x3d], [0xde]], 0, '\ufffd'],
    [[[0x00, 0x61, 0xd8], []], FATAL, null],
  ],
};

// A Uint8Array of the bytes in `list`, by plain loops and element writes: the probes run in a
// TextDecoder constructor, where a page's replaced array methods and iterators must not be called.
function bytesOf(list) {
  const bytes = new Uint8Array(list.length);
  for (let i = 0; i < list.length; i++) bytes[i] = list[i];
  return bytes;
}

// A host decoder of `name` with the options of a probe (FATAL, IGNORE_BOM).
const hostDecoder = (host, name, options) =>
  new host.Native(name, { __proto__: null, fatal: (options & FATAL) !== 0, ignoreBOM: (options & IGNORE_BOM) !== 0 });

// The text of `chunks` (arrays of bytes) from the host decoder `d`, decoded with { stream: true }
// but the last; null for a TypeError.
function streamed(host, d, chunks) {
  let s = '';
  try {
    for (let i = 0; i < chunks.length; i++)
      s += apply(host.decode, d, [bytesOf(chunks[i]), { __proto__: null, stream: i < chunks.length - 1 }]);
  } catch (e) {
    return e instanceof TypeError ? null : undefined;
  }
  return s;
}

// Whether the host's decoder of `name` (one of probedUtf) passes the probes: on the edge cases
// where implementations have differed, in every mode the delegating entries make host decoders in
// (fatal, ignoreBOM) and use them (one call, streamed, again after a flush).
export function exactUtf(host, name) {
  try {
    const probes = PROBES[name];
    for (let p = 0; p < probes.length; p++) {
      const probe = probes[p];
      if (streamed(host, hostDecoder(host, name, probe[1]), [probe[0]]) !== probe[2]) return false;
    }
    // Streaming: a sequence and a BOM split across calls, and a U+FEFF that arrives after other
    // output in an earlier call, which is text, not a BOM (Deno and workerd drop it when the
    // earlier chunks were all ASCII); bytes held at the end of the stream; each twice.
    const streams = STREAM_PROBES[name];
    for (let k = 0; k < streams.length; k++) {
      const stream = streams[k];
      const d = hostDecoder(host, name, stream[1]);
      if (streamed(host, d, stream[0]) !== stream[2]) return false;
      if (stream[2] !== null && streamed(host, d, stream[0]) !== stream[2]) return false;
    }
    return true;
  } catch {
    return false;
  }
}

const STREAM = { __proto__: null, stream: true };
// Whether the host's decoder of single-byte encoding `name` (or x-user-defined) decodes each of the
// 256 bytes as `ours` (a function from a Uint8Array to our decoder's string of it, in replacement
// mode), in one call and in two streamed calls, in replacement mode and fatal, with ignoreBOM and
// without, and takes no BOM off.
export function exactBytewise(host, name, ours) {
  // The host's output for `bytes` in one call, or in two streamed calls and a flush (`at`: where
  // the second starts; Node 20's windows-1252 decoder was Latin-1 in one mode only), with the
  // options FATAL and IGNORE_BOM.
  const theirs = (bytes, options, at = -1) => {
    try {
      const d = hostDecoder(host, name, options);
      if (at < 0) return apply(host.decode, d, [bytes]);
      const first = apply(host.decode, d, [new Uint8Array(bufferOf(bytes), 0, at), STREAM]);
      const second = apply(host.decode, d, [new Uint8Array(bufferOf(bytes), at, lengthOf(bytes) - at), STREAM]);
      return first + second + apply(host.decode, d, []);
    } catch (e) {
      return e instanceof TypeError ? null : undefined;
    }
  };
  try {
    const all = new Uint8Array(256);
    for (let b = 0; b < 256; b++) all[b] = b;
    const want = ours(all);
    if (want.length !== 256 || theirs(all, 0) !== want || theirs(all, 0, 100) !== want) return false;
    if (theirs(all, IGNORE_BOM) !== want) return false;
    // Fatal: the bytes without an error decode the same; each byte with one, after an "a", is a
    // TypeError (the first also in a streamed call).
    let validText = '';
    let streamedError = false;
    for (let b = 0; b < 256; b++) {
      if (want[b] !== '\ufffd') validText += want[b];
      else if (theirs(bytesOf([0x61, b]), FATAL) !== null) return false;
      else if (!streamedError && theirs(bytesOf([0x61, b]), FATAL, 1) !== null) return false;
      else streamedError = true;
    }
    const valid = new Uint8Array(validText.length);
    for (let b = 0, n = 0; b < 256; b++) if (want[b] !== '\ufffd') valid[n++] = b;
    if (theirs(valid, FATAL) !== validText || theirs(valid, FATAL, validText.length >> 1) !== validText) return false;
    // No BOM is taken off (a host that sniffed one would).
    const boms = [
      bytesOf([0xef, 0xbb, 0xbf, 0x61]),
      bytesOf([0xff, 0xfe, 0x61, 0x00]),
      bytesOf([0xfe, 0xff, 0x00, 0x61]),
    ];
    for (let i = 0; i < boms.length; i++) if (theirs(boms[i], 0) !== ours(boms[i])) return false;
    return true;
  } catch {
    return false;
  }
}

// Whether the host's decoder of single-byte encoding `name` (or x-user-defined) is exact, given
// `hash`, the 32-bit FNV-1a hash of the standard's output for the 256 bytes (js/generated/lite_data.js
// LITE_BYTEWISE): the host's own output is the standard's once it has that hash (js/host/native.js says
// why), and is then probed in both error modes and in pieces (exactBytewise) against it, with no wasm.
export function exactSingleByte(host, name, hash) {
  let table;
  try {
    const all = new Uint8Array(256);
    for (let b = 0; b < 256; b++) all[b] = b;
    table = apply(host.decode, new host.Native(name), [all]);
  } catch {
    return false;
  }
  if (typeof table !== 'string' || table.length !== 256) return false;
  let h = 0x811c9dc5;
  for (let i = 0; i < 256; i++) h = imul(h ^ charCodeOf(table, i), 0x01000193) >>> 0;
  if (h !== hash) return false;
  // The standard's decoding of `bytes`: each byte's code point, from the table just checked.
  const ours = (bytes) => {
    let s = '';
    for (let i = 0; i < lengthOf(bytes); i++) s += table[bytes[i]];
    return s;
  };
  return exactBytewise(host, name, ours);
}
