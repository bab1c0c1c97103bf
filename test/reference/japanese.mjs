// Reference implementation (test oracle only): EUC-JP, ISO-2022-JP and Shift_JIS.
import { END_OF_QUEUE, FINISHED, CONTINUE, error } from './queue.mjs';
import { codePointOrError, inRange, isAsciiByte, isAsciiCodePoint, leadingAtEndOfQueue } from './queue.mjs';
import { indexCodePoint, indexPointer, indexShiftJisPointer } from './indexes.mjs';

// https://encoding.spec.whatwg.org/#euc-jp-decoder
export class EucJpDecoder {
  kind = 'decoder';
  jis0212 = false; // EUC-JP jis0212
  leading = 0x00; // EUC-JP leading

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and EUC-JP leading is not 0x00, then set EUC-JP leading to 0x00
    //    and return error.
    // 2. If byte is end-of-queue and EUC-JP leading is 0x00, then return finished.
    if (byte === END_OF_QUEUE) return leadingAtEndOfQueue(this);
    // 3. If EUC-JP leading is 0x8E and byte is in the range 0xA1 to 0xDF, inclusive, then set
    //    EUC-JP leading to 0x00 and return a code point whose value is 0xFF61 − 0xA1 + byte.
    if (this.leading === 0x8e && inRange(byte, 0xa1, 0xdf)) {
      this.leading = 0x00;
      return [0xff61 - 0xa1 + byte];
    }
    // 4. If EUC-JP leading is 0x8F and byte is in the range 0xA1 to 0xFE, inclusive, then set
    //    EUC-JP jis0212 to true, set EUC-JP leading to byte, and return continue.
    if (this.leading === 0x8f && inRange(byte, 0xa1, 0xfe)) {
      this.jis0212 = true;
      this.leading = byte;
      return CONTINUE;
    }
    // 5. If EUC-JP leading is not 0x00:
    if (this.leading !== 0x00) {
      // 5.1. Let leading be EUC-JP leading.
      const leading = this.leading;
      // 5.2. Set EUC-JP leading to 0x00.
      this.leading = 0x00;
      // 5.3. Let codePoint be null.
      let codePoint = null;
      // 5.4. If leading and byte are both in the range 0xA1 to 0xFE, inclusive, then set
      //      codePoint to the index code point for (leading − 0xA1) × 94 + byte − 0xA1 in index
      //      jis0208 if EUC-JP jis0212 is false and in index jis0212 otherwise.
      if (inRange(leading, 0xa1, 0xfe) && inRange(byte, 0xa1, 0xfe)) {
        const pointer = (leading - 0xa1) * 94 + byte - 0xa1;
        codePoint = indexCodePoint(this.jis0212 ? 'jis0212' : 'jis0208', pointer);
      }
      // 5.5. Set EUC-JP jis0212 to false.
      this.jis0212 = false;
      // 5.6. If codePoint is non-null, then return a code point whose value is codePoint.
      // 5.7. If byte is an ASCII byte, then restore byte to ioQueue.
      // 5.8. Return error.
      return codePointOrError(ioQueue, codePoint, byte);
    }
    // 6. If byte is an ASCII byte, then return a code point whose value is byte.
    if (isAsciiByte(byte)) return [byte];
    // 7. If byte is 0x8E, 0x8F, or in the range 0xA1 to 0xFE, inclusive, then set EUC-JP leading
    //    to byte and return continue.
    if (byte === 0x8e || byte === 0x8f || inRange(byte, 0xa1, 0xfe)) {
      this.leading = byte;
      return CONTINUE;
    }
    // 8. Return error.
    return error();
  }
}

// https://encoding.spec.whatwg.org/#euc-jp-encoder
export class EucJpEncoder {
  kind = 'encoder';

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. If codePoint is U+00A5 (¥), then return byte 0x5C.
    if (codePoint === 0x00a5) return [0x5c];
    // 4. If codePoint is U+203E (‾), then return byte 0x7E.
    if (codePoint === 0x203e) return [0x7e];
    // 5. If codePoint is in the range U+FF61 to U+FF9F, inclusive, then return two bytes whose
    //    values are 0x8E and codePoint − 0xFF61 + 0xA1.
    if (inRange(codePoint, 0xff61, 0xff9f)) return [0x8e, codePoint - 0xff61 + 0xa1];
    // 6. If codePoint is U+2212 (−), then set it to U+FF0D (－).
    if (codePoint === 0x2212) codePoint = 0xff0d;
    // 7. Let pointer be the index pointer for codePoint in index jis0208.
    const pointer = indexPointer('jis0208', codePoint);
    // 8. If pointer is null, then return error with codePoint.
    if (pointer === null) return error(codePoint);
    // 9. Let leading be pointer / 94 + 0xA1.
    const leading = Math.floor(pointer / 94) + 0xa1;
    // 10. Let trailing be pointer % 94 + 0xA1.
    const trailing = (pointer % 94) + 0xa1;
    // 11. Return two bytes whose values are leading and trailing.
    return [leading, trailing];
  }
}

// States of the ISO-2022-JP decoder.
const ASCII = 'ASCII';
const ROMAN = 'Roman';
const KATAKANA = 'katakana';
const LEADING_BYTE = 'leading byte';
const TRAILING_BYTE = 'trailing byte';
const ESCAPE_START = 'escape start';
const ESCAPE = 'escape';
// Additional state of the ISO-2022-JP encoder.
const JIS0208 = 'jis0208';

// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
export class Iso2022JpDecoder {
  kind = 'decoder';
  state = ASCII; // ISO-2022-JP decoder state
  outputState = ASCII; // ISO-2022-JP decoder output state
  leading = 0x00; // ISO-2022-JP leading
  output = false; // ISO-2022-JP output

  handler(ioQueue, byte) {
    // Switch on ISO-2022-JP decoder state. (Within each state end-of-queue is tested before any
    // numeric comparison, since end-of-queue is not a number.)
    switch (this.state) {
      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-ascii
      case ASCII:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        // 0x00 to 0x7F, excluding 0x0E, 0x0F, and 0x1B (the last one handled above).
        if (inRange(byte, 0x00, 0x7f) && byte !== 0x0e && byte !== 0x0f) {
          this.output = false;
          return [byte];
        }
        // Otherwise
        this.output = false;
        return error();

      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-roman
      case ROMAN:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (byte === 0x5c) {
          this.output = false;
          return [0x00a5];
        }
        if (byte === 0x7e) {
          this.output = false;
          return [0x203e];
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        // 0x00 to 0x7F, excluding 0x0E, 0x0F, 0x1B, 0x5C, and 0x7E (the last three handled above).
        if (inRange(byte, 0x00, 0x7f) && byte !== 0x0e && byte !== 0x0f) {
          this.output = false;
          return [byte];
        }
        // Otherwise
        this.output = false;
        return error();

      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-katakana
      case KATAKANA:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        if (inRange(byte, 0x21, 0x5f)) {
          this.output = false;
          return [0xff61 - 0x21 + byte];
        }
        // Otherwise
        this.output = false;
        return error();

      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-lead-byte
      case LEADING_BYTE:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        if (inRange(byte, 0x21, 0x7e)) {
          this.output = false;
          this.leading = byte;
          this.state = TRAILING_BYTE;
          return CONTINUE;
        }
        // Otherwise
        this.output = false;
        return error();

      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-trail-byte
      case TRAILING_BYTE:
        if (byte === 0x1b) {
          // The output state is still leading byte.
          this.state = ESCAPE_START;
          return error();
        }
        if (byte === END_OF_QUEUE) {
          this.state = LEADING_BYTE;
          return error();
        }
        if (inRange(byte, 0x21, 0x7e)) {
          // 1. Set the ISO-2022-JP decoder state to leading byte.
          this.state = LEADING_BYTE;
          // 2. Let pointer be (ISO-2022-JP leading − 0x21) × 94 + byte − 0x21.
          const pointer = (this.leading - 0x21) * 94 + byte - 0x21;
          // 3. Let codePoint be the index code point for pointer in index jis0208.
          const codePoint = indexCodePoint('jis0208', pointer);
          // 4. If codePoint is null, then return error.
          if (codePoint === null) return error();
          // 5. Return a code point whose value is codePoint.
          return [codePoint];
        }
        // Otherwise (the byte is consumed; the output state is still leading byte)
        this.state = LEADING_BYTE;
        return error();

      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-escape-start
      case ESCAPE_START:
        // 1. If byte is either 0x24 or 0x28, then set ISO-2022-JP leading to byte, the state to
        //    escape, and return continue.
        if (byte === 0x24 || byte === 0x28) {
          this.leading = byte;
          this.state = ESCAPE;
          return CONTINUE;
        }
        // 2. If byte is not end-of-queue, then restore byte to ioQueue.
        if (byte !== END_OF_QUEUE) ioQueue.restore(byte);
        // 3. Set ISO-2022-JP output to false, the state to the output state, and return error.
        this.output = false;
        this.state = this.outputState;
        return error();

      // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-escape
      case ESCAPE: {
        // 1. Let leading be ISO-2022-JP leading and set ISO-2022-JP leading to 0x00.
        const leading = this.leading;
        this.leading = 0x00;
        // 2. Let state be null.
        let state = null;
        // 3. If leading is 0x28 and byte is 0x42 (B), then set state to ASCII.
        if (leading === 0x28 && byte === 0x42) state = ASCII;
        // 4. If leading is 0x28 and byte is 0x4A (J), then set state to Roman.
        if (leading === 0x28 && byte === 0x4a) state = ROMAN;
        // 5. If leading is 0x28 and byte is 0x49 (I), then set state to katakana.
        if (leading === 0x28 && byte === 0x49) state = KATAKANA;
        // 6. If leading is 0x24 and byte is either 0x40 (@) or 0x42 (B), then set state to
        //    leading byte.
        if (leading === 0x24 && (byte === 0x40 || byte === 0x42)) state = LEADING_BYTE;
        // 7. If state is non-null:
        if (state !== null) {
          // 7.1. Set the decoder state and the decoder output state to state.
          this.state = state;
          this.outputState = state;
          // 7.2. Let output be the value of ISO-2022-JP output.
          const output = this.output;
          // 7.3. Set ISO-2022-JP output to true.
          this.output = true;
          // 7.4. Return continue, if output is false, and error otherwise.
          return output === false ? CONTINUE : error();
        }
        // 8. If byte is end-of-queue, then restore leading to ioQueue; otherwise, restore
        //    « leading, byte » to ioQueue.
        if (byte === END_OF_QUEUE) ioQueue.restore(leading);
        else ioQueue.restore([leading, byte]);
        // 9. Set ISO-2022-JP output to false, the state to the output state and return error.
        this.output = false;
        this.state = this.outputState;
        return error();
      }

      default:
        throw new Error(`reference: unknown ISO-2022-JP decoder state ${this.state}`);
    }
  }
}

// https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
export class Iso2022JpEncoder {
  kind = 'encoder';
  state = ASCII; // ISO-2022-JP encoder state: ASCII, Roman, or jis0208

  handler(ioQueue, codePoint) {
    // 1. If codePoint is end-of-queue and the state is not ASCII, then set the state to ASCII and
    //    return three bytes 0x1B 0x28 0x42.
    if (codePoint === END_OF_QUEUE && this.state !== ASCII) {
      this.state = ASCII;
      return [0x1b, 0x28, 0x42];
    }
    // 2. If codePoint is end-of-queue and the state is ASCII, then return finished.
    if (codePoint === END_OF_QUEUE && this.state === ASCII) return FINISHED;
    // 3. If the state is ASCII or Roman, and codePoint is U+000E, U+000F, or U+001B, then return
    //    error with U+FFFD (to prevent attacks, not codePoint).
    if (
      (this.state === ASCII || this.state === ROMAN) &&
      (codePoint === 0x000e || codePoint === 0x000f || codePoint === 0x001b)
    ) {
      return error(0xfffd);
    }
    // 4. If the state is ASCII and codePoint is an ASCII code point, then return a byte whose
    //    value is codePoint.
    if (this.state === ASCII && isAsciiCodePoint(codePoint)) return [codePoint];
    // 5. If the state is Roman and codePoint is an ASCII code point, excluding U+005C and U+007E,
    //    or is U+00A5 or U+203E:
    if (
      this.state === ROMAN &&
      ((isAsciiCodePoint(codePoint) && codePoint !== 0x005c && codePoint !== 0x007e) ||
        codePoint === 0x00a5 ||
        codePoint === 0x203e)
    ) {
      // 5.1. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
      if (isAsciiCodePoint(codePoint)) return [codePoint];
      // 5.2. If codePoint is U+00A5, then return byte 0x5C.
      if (codePoint === 0x00a5) return [0x5c];
      // 5.3. If codePoint is U+203E, then return byte 0x7E.
      if (codePoint === 0x203e) return [0x7e];
    }
    // 6. If codePoint is an ASCII code point, and the state is not ASCII, then restore codePoint
    //    to ioQueue, set the state to ASCII, and return three bytes 0x1B 0x28 0x42.
    if (isAsciiCodePoint(codePoint) && this.state !== ASCII) {
      ioQueue.restore(codePoint);
      this.state = ASCII;
      return [0x1b, 0x28, 0x42];
    }
    // 7. If codePoint is either U+00A5 or U+203E, and the state is not Roman, then restore
    //    codePoint to ioQueue, set the state to Roman, and return three bytes 0x1B 0x28 0x4A.
    if ((codePoint === 0x00a5 || codePoint === 0x203e) && this.state !== ROMAN) {
      ioQueue.restore(codePoint);
      this.state = ROMAN;
      return [0x1b, 0x28, 0x4a];
    }
    // 8. If codePoint is U+2212 (−), then set it to U+FF0D (－).
    if (codePoint === 0x2212) codePoint = 0xff0d;
    // 9. If codePoint is in the range U+FF61 to U+FF9F, inclusive, then set it to the index code
    //    point for codePoint − 0xFF61 in index ISO-2022-JP katakana.
    if (inRange(codePoint, 0xff61, 0xff9f)) {
      codePoint = indexCodePoint('iso-2022-jp-katakana', codePoint - 0xff61);
    }
    // 10. Let pointer be the index pointer for codePoint in index jis0208.
    const pointer = indexPointer('jis0208', codePoint);
    // 11. If pointer is null:
    if (pointer === null) {
      // 11.1. If the state is jis0208, then restore codePoint to ioQueue, set the state to ASCII,
      //       and return three bytes 0x1B 0x28 0x42.
      if (this.state === JIS0208) {
        ioQueue.restore(codePoint);
        this.state = ASCII;
        return [0x1b, 0x28, 0x42];
      }
      // 11.2. Return error with codePoint.
      return error(codePoint);
    }
    // 12. If the state is not jis0208, then restore codePoint to ioQueue, set the state to
    //     jis0208, and return three bytes 0x1B 0x24 0x42.
    //     (Note that the restored codePoint is the possibly converted one of steps 8 and 9.)
    if (this.state !== JIS0208) {
      ioQueue.restore(codePoint);
      this.state = JIS0208;
      return [0x1b, 0x24, 0x42];
    }
    // 13. Let leading be pointer / 94 + 0x21.
    const leading = Math.floor(pointer / 94) + 0x21;
    // 14. Let trailing be pointer % 94 + 0x21.
    const trailing = (pointer % 94) + 0x21;
    // 15. Return two bytes whose values are leading and trailing.
    return [leading, trailing];
  }
}

// https://encoding.spec.whatwg.org/#shift_jis-decoder
export class ShiftJisDecoder {
  kind = 'decoder';
  leading = 0x00; // Shift_JIS leading

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and Shift_JIS leading is not 0x00, then set Shift_JIS leading to
    //    0x00 and return error.
    // 2. If byte is end-of-queue and Shift_JIS leading is 0x00, then return finished.
    if (byte === END_OF_QUEUE) return leadingAtEndOfQueue(this);
    // 3. If Shift_JIS leading is not 0x00:
    if (this.leading !== 0x00) {
      // 3.1. Let leading be Shift_JIS leading.
      const leading = this.leading;
      // 3.2. Set Shift_JIS leading to 0x00.
      this.leading = 0x00;
      // 3.3. Let pointer be null.
      let pointer = null;
      // 3.4. Let offset be 0x40 if byte is less than 0x7F; otherwise 0x41.
      const offset = byte < 0x7f ? 0x40 : 0x41;
      // 3.5. Let leadingOffset be 0x81 if leading is less than 0xA0; otherwise 0xC1.
      const leadingOffset = leading < 0xa0 ? 0x81 : 0xc1;
      // 3.6. If byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFC, inclusive, then
      //      set pointer to (leading − leadingOffset) × 188 + byte − offset.
      if (inRange(byte, 0x40, 0x7e) || inRange(byte, 0x80, 0xfc)) {
        pointer = (leading - leadingOffset) * 188 + byte - offset;
      }
      // 3.7. If pointer is in the range 8836 to 10715, inclusive, then return a code point whose
      //      value is 0xE000 − 8836 + pointer. (EUDC)
      if (pointer !== null && inRange(pointer, 8836, 10715)) return [0xe000 - 8836 + pointer];
      // 3.8. Let codePoint be null if pointer is null; otherwise the index code point for pointer
      //      in index jis0208.
      const codePoint = pointer === null ? null : indexCodePoint('jis0208', pointer);
      // 3.9. If codePoint is non-null, then return a code point whose value is codePoint.
      // 3.10. If byte is an ASCII byte, then restore byte to ioQueue.
      // 3.11. Return error.
      return codePointOrError(ioQueue, codePoint, byte);
    }
    // 4. If byte is an ASCII byte or 0x80, then return a code point whose value is byte.
    if (isAsciiByte(byte) || byte === 0x80) return [byte];
    // 5. If byte is in the range 0xA1 to 0xDF, inclusive, then return a code point whose value is
    //    0xFF61 − 0xA1 + byte.
    if (inRange(byte, 0xa1, 0xdf)) return [0xff61 - 0xa1 + byte];
    // 6. If byte is in the range 0x81 to 0x9F, inclusive, or 0xE0 to 0xFC, inclusive, then set
    //    Shift_JIS leading to byte and return continue.
    if (inRange(byte, 0x81, 0x9f) || inRange(byte, 0xe0, 0xfc)) {
      this.leading = byte;
      return CONTINUE;
    }
    // 7. Return error.
    return error();
  }
}

// https://encoding.spec.whatwg.org/#shift_jis-encoder
export class ShiftJisEncoder {
  kind = 'encoder';

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point or U+0080, then return a byte whose value is
    //    codePoint.
    if (isAsciiCodePoint(codePoint) || codePoint === 0x0080) return [codePoint];
    // 3. If codePoint is U+00A5 (¥), then return byte 0x5C.
    if (codePoint === 0x00a5) return [0x5c];
    // 4. If codePoint is U+203E (‾), then return byte 0x7E.
    if (codePoint === 0x203e) return [0x7e];
    // 5. If codePoint is in the range U+FF61 to U+FF9F, inclusive, then return a byte whose value
    //    is codePoint − 0xFF61 + 0xA1.
    if (inRange(codePoint, 0xff61, 0xff9f)) return [codePoint - 0xff61 + 0xa1];
    // 6. If codePoint is U+2212 (−), then set it to U+FF0D (－).
    if (codePoint === 0x2212) codePoint = 0xff0d;
    // 7. Let pointer be the index Shift_JIS pointer for codePoint.
    const pointer = indexShiftJisPointer(codePoint);
    // 8. If pointer is null, then return error with codePoint.
    if (pointer === null) return error(codePoint);
    // 9. Let leading be pointer / 188.
    const leading = Math.floor(pointer / 188);
    // 10. Let leadingOffset be 0x81 if leading is less than 0x1F; otherwise 0xC1.
    const leadingOffset = leading < 0x1f ? 0x81 : 0xc1;
    // 11. Let trailing be pointer % 188.
    const trailing = pointer % 188;
    // 12. Let offset be 0x40 if trailing is less than 0x3F; otherwise 0x41.
    const offset = trailing < 0x3f ? 0x40 : 0x41;
    // 13. Return two bytes whose values are leading + leadingOffset and trailing + offset.
    return [leading + leadingOffset, trailing + offset];
  }
}
