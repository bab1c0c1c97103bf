// The bytes the CSP pages decode in every encoding of the standard, and what the standard says they
// decode to, from the spec-step reference implementation (test/reference/reference.mjs, written from
// the standard's algorithm text and its index files), never from the package.
import { singleByteEncodings } from '../../../tools/generator/whatwg_data.mjs';
import { decode, encode, ENCODING_NAMES } from '../../reference/reference.mjs';

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, b) => b);
// Text every multi-byte encoding has some of (what it cannot encode becomes &#N;), then bytes that
// no multi-byte decoder reads as they stand (a lone lead, 0xFF).
const SAMPLE = 'a\u00e9\u20ac \u65e5\u672c\u8a9e \u4e2d\u6587 \ud55c\uad6d\uc5b4 \u00a5\u203e\uff71 \u{1f600}';
const TAIL = [0x80, 0xff, 0x61, 0x81];
const FIXED = {
  // overlong, surrogate, out of range, valid 2-, 3- and 4-byte sequences, a truncated one at the end
  'utf-8': '61c3a9e282acf09f9880c0afeda080f4908080e282',
  // a lone trail, a pair, a lone lead before a BMP unit, a trailing odd byte
  'utf-16le': '610000dc3dd800de00d862000a',
  'utf-16be': '0061dc00d83dde00d80000620a',
};

// { name: hex } for every encoding but replacement (which TextDecoder does not take), by the
// lowercase name TextDecoder's encoding gives.
function inputs() {
  const out = {};
  for (const spec of ENCODING_NAMES) {
    const name = spec.toLowerCase();
    if (name === 'replacement') continue;
    if (FIXED[name]) out[name] = FIXED[name];
    else if (name === 'x-user-defined' || decodesBytewise(spec)) out[name] = hex(ALL_BYTES);
    else out[name] = hex([...encode(spec, SAMPLE, { mode: 'html' }), ...TAIL]);
  }
  return out;
}

// The single-byte encodings, by their names in the standard.
const SINGLE_BYTE = new Set(singleByteEncodings().map((e) => e.name));
const decodesBytewise = (name) => SINGLE_BYTE.has(name);

// { inputs: { name: hex }, expected: { name: { replacement: string, fatal: string | null } } }
// (fatal null: a TypeError).
export function expected() {
  const ins = inputs();
  const out = {};
  for (const spec of ENCODING_NAMES) {
    const name = spec.toLowerCase();
    const h = ins[name];
    if (h === undefined) continue;
    const bytes = Uint8Array.from(h.match(/../g), (x) => parseInt(x, 16));
    let fatal;
    try {
      fatal = decode(spec, bytes, { fatal: true });
    } catch {
      fatal = null;
    }
    out[name] = { replacement: decode(spec, bytes), fatal };
  }
  return { inputs: ins, expected: out };
}
