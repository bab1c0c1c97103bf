// The detectors the detection benchmarks compare (bench/detect.mjs, bench/detect_real.mjs), each as
// guess(bytes) -> an encoding name or null: encoding-wasm/detect and the npm detectors jschardet,
// chardet and encoding-japanese (Japanese only); and decodeAs(), by which a guess is judged: right
// when it decodes the bytes to the same text as the true encoding. (No npm build of chardetng was
// found to run in Node: none is listed.)
import jschardet from 'jschardet';
import * as chardet from 'chardet';
import Encoding from 'encoding-japanese';
import { detect } from '../js/detect.js';
import { TextDecoder } from '../js/index.js';

// Names peers return that are not WHATWG labels, and the Windows code pages that are the WHATWG
// encodings of those names (CP932 is Shift_JIS as the standard defines it, CP949 EUC-KR, …).
const PEER_NAMES = {
  maccyrillic: 'x-mac-cyrillic',
  sjis: 'shift_jis',
  eucjp: 'euc-jp',
  jis: 'iso-2022-jp',
  utf8: 'utf-8',
  cp932: 'shift_jis',
  cp936: 'gbk',
  cp949: 'euc-kr',
  cp950: 'big5',
  cp874: 'windows-874',
};
const decoders = new Map();
// The text `bytes` decode to in encoding `name` (a peer's name or a label), streaming (a character
// cut off at the end is left out), errors replaced; null for a name that is no encoding.
export function decodeAs(name, bytes) {
  const key = `${name}`.toLowerCase();
  if (!decoders.has(key)) {
    let decoder = null;
    try {
      decoder = new TextDecoder(PEER_NAMES[key] ?? key);
    } catch {}
    decoders.set(key, decoder);
  }
  const decoder = decoders.get(key);
  if (!decoder) return null;
  const text = decoder.decode(bytes, { stream: true });
  decoder.decode(); // reset
  return text;
}

export const DETECTORS = {
  'encoding-wasm': { guess: (bytes) => detect(bytes).encoding },
  jschardet: { guess: (bytes) => jschardet.detect(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)).encoding },
  chardet: { guess: (bytes) => chardet.detect(bytes) },
  'encoding-japanese': {
    guess: (bytes) => Encoding.detect(bytes) || null,
    // ASCII: any ASCII-compatible name decodes it the same.
    map: (name) => (name === 'ASCII' ? 'windows-1252' : name),
    japaneseOnly: true,
  },
};

// Whether `detector` (an entry of DETECTORS) decodes `bytes`, of encoding `truth`, right.
export function judge(detector, bytes, truth) {
  let guess = null;
  try {
    guess = detector.guess(bytes);
  } catch {}
  if (guess && detector.map) guess = detector.map(guess);
  return guess !== null && decodeAs(guess, bytes) === decodeAs(truth, bytes);
}
