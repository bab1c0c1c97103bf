// How the detector treats decoding errors (docs/detection.md "Errors"). A file may carry a few
// corrupt bytes at any length (junk in a legacy file, a byte overwritten), so an error does not rule
// a candidate out: each costs it ERROR_COST nats in the same log-likelihood space as its language
// evidence, so a few errors lose against much evidence of the right language and win against a
// reading that decodes the bytes as nonsense. Past MAX_ERRORS a candidate is out for good (its state
// machine stops: bounded work on the input of other encodings), so the rule depends on the bytes
// only, never on how they were chunked.
// The costs were judged on the real-world documents of tools/detect/realworld.mjs made with another
// seed than the benchmark's (seed 7, damage seed 5; damaged copies, 1-10 bad bytes: 20 nats kept 10
// bad bytes in short files at 84%, 12 at 88%, 8 at 91%, 6 at 94%, 5 at 95%; 1 and 3 bad bytes 96%
// at 8, 98% at 6 and 5, where 8 left Greek, Hebrew and Baltic copies to the sister encoding that
// decodes the bad byte as a rare character; whole documents and prefixes the same from 4 to 8).
// 6 rather than 5: UTF-8's errors stay the cheaper. UTF-8's errors cost
// less: its total is set from its multi-byte characters (detector.js UTF8_BONUS, 5 nats each),
// against which an error weighs a little more than one such character (a tie goes against errors).
export const MAX_ERRORS = 32;
export const ERROR_COST = 6;
export const UTF8_ERROR_COST = 5.5;

// How many errors an input may have, at any length.
export const allowed = () => MAX_ERRORS;

// How many errors a double-byte candidate (Shift_JIS, EUC-JP, EUC-KR, Big5, GBK) may have in an
// input with `high` bytes >= 0x80: 4 and one for every 4 such bytes (at most MAX_ERRORS). Text in
// such an encoding is dense in those bytes and a few bad bytes are few of them; text in another
// encoding read as one has an error every few (so the candidate stops early, without running over
// the rest: what errors cost in time where they no longer rule out at the first).
export const denseErrors = (high) => Math.min(MAX_ERRORS, 4 + (high >> 2));

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
