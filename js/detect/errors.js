// How the detector treats decoding errors (README.md "Detecting an encoding", "How it decides").
// On clean input an error rules a candidate out. A long input may carry a few corrupt bytes (junk
// in a large legacy file), so a candidate with errors stays in when it has fewer than one error per
// TOLERANCE bytes of input and at most MAX_ERRORS of them; each costs it ERROR_COST nats. Past
// MAX_ERRORS a candidate is out for good (its state machine stops: bounded work on the input of
// other encodings), so the rule depends on the bytes only, never on how they were chunked; where
// the whole input is known (detect()), a candidate stops once it has more than `allowed` errors.
export const TOLERANCE = 1024;
export const MAX_ERRORS = 32;
export const ERROR_COST = 20;

// How many errors `length` bytes may have (fewer than one per TOLERANCE bytes, at most MAX_ERRORS).
export const allowed = (length) => Math.min(MAX_ERRORS, Math.max(0, Math.ceil(length / TOLERANCE) - 1));

// The bytes >= 0x80 each decoder rejects wherever they stand (not a lead, not a trail, not a character of
// their own: each is an error of its own, whatever comes before or after it), as [first, last]
// ranges. Where the whole input is known (detect()), a candidate with more of them than `allowed`
// is out before its state machine runs, with the errors it would have stopped at.
// https://encoding.spec.whatwg.org/#utf-8-decoder and the decoders of the legacy multi-byte
// encodings (shift_jis, euc-kr, big5, gb18030, euc-jp, iso-2022-jp).
const ALWAYS_REJECTED = {
  'utf-8': [
    [0xc0, 0xc1],
    [0xf5, 0xff],
  ],
  shift_jis: [[0xfd, 0xff]],
  'euc-kr': [
    [0x80, 0x80],
    [0xff, 0xff],
  ],
  big5: [
    [0x80, 0x80],
    [0xff, 0xff],
  ],
  gbk: [[0xff, 0xff]],
  gb18030: [[0xff, 0xff]],
  'euc-jp': [
    [0x80, 0x8d],
    [0x90, 0xa0],
    [0xff, 0xff],
  ],
  'iso-2022-jp': [[0x80, 0xff]],
};
// For encoding `name`: a Uint8Array(256) with 1 at each byte its decoder always rejects, or null.
export function alwaysRejected(name) {
  const ranges = ALWAYS_REJECTED[name];
  if (!ranges) return null;
  const table = new Uint8Array(256);
  for (const [first, last] of ranges) table.fill(1, first, last + 1);
  return table;
}
