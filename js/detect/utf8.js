// UTF-8: valid (an incomplete sequence at the end is not an error: the input may be a prefix) and
// with at least one non-ASCII character, it wins. Errors are counted as the decoder reports them (a
// byte that cannot continue a sequence ends it with an error and is read again), so `errors` is the
// number of U+FFFD a replacement decoder outputs; past MAX_ERRORS the candidate is out for good.
// https://encoding.spec.whatwg.org/#utf-8-decoder
import { MAX_ERRORS } from './errors.js';

const PENDING_COST = -12; // 3 nats, in the detector's quarter nats (tables.js UNIT)

export class Utf8Prober {
  constructor() {
    this.name = 'utf-8';
    this.reset();
  }

  // Back to no input (detect() reuses its candidates).
  reset() {
    this.alive = true; // false once out for good
    this.errors = 0;
    this.maxErrors = MAX_ERRORS; // fewer where the length of the input is known
    this.score = 0;
    this.nonAscii = 0; // complete multi-byte sequences seen
    this.needed = 0;
    this.lower = 0x80;
    this.upper = 0xbf;
  }

  // Whether a sequence is cut off at the end of the bytes so far.
  pending() {
    return this.needed > 0;
  }

  // More than maxErrors errors: out for good.
  out(errors) {
    this.errors = errors;
    this.alive = false;
  }

  feed(bytes) {
    let { needed, lower, upper, nonAscii, errors } = this;
    const { maxErrors } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (needed === 0) {
        if (byte < 0x80) continue;
        if (byte >= 0xc2 && byte <= 0xdf) needed = 1;
        else if (byte >= 0xe0 && byte <= 0xef) {
          if (byte === 0xe0) lower = 0xa0;
          if (byte === 0xed) upper = 0x9f;
          needed = 2;
        } else if (byte >= 0xf0 && byte <= 0xf4) {
          if (byte === 0xf0) lower = 0x90;
          if (byte === 0xf4) upper = 0x8f;
          needed = 3;
        } else if (++errors > maxErrors) return this.out(errors);
        continue;
      }
      if (byte < lower || byte > upper) {
        needed = 0;
        lower = 0x80;
        upper = 0xbf;
        i--; // restored
        if (++errors > maxErrors) return this.out(errors);
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      if (--needed === 0) nonAscii++;
    }
    this.needed = needed;
    this.lower = lower;
    this.upper = upper;
    this.nonAscii = nonAscii;
    this.errors = errors;
    // A sequence cut off at the end is no error, but no evidence for UTF-8 either: it costs what a
    // rare character would (matters only where UTF-8 has no complete multi-byte character).
    this.score = needed > 0 ? PENDING_COST : 0;
  }
}
