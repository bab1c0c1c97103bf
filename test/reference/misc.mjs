// Reference implementation (test oracle only): replacement, UTF-16BE/LE and x-user-defined.
import { END_OF_QUEUE, FINISHED, CONTINUE, error, isAsciiByte, isAsciiCodePoint } from './queue.mjs';

// https://encoding.spec.whatwg.org/#replacement-decoder
export class ReplacementDecoder {
  kind = 'decoder';
  errorReturned = false; // replacement error returned

  handler(unused, byte) {
    // 1. If byte is end-of-queue, then return finished.
    if (byte === END_OF_QUEUE) return FINISHED;
    // 2. If replacement error returned is false, then set it to true and return error.
    if (this.errorReturned === false) {
      this.errorReturned = true;
      return error();
    }
    // 3. Return finished.
    return FINISHED;
  }
}

const isLeadingSurrogate = (codeUnit) => codeUnit >= 0xd800 && codeUnit <= 0xdbff;
const isTrailingSurrogate = (codeUnit) => codeUnit >= 0xdc00 && codeUnit <= 0xdfff;

// https://encoding.spec.whatwg.org/#scalar-value-from-surrogates
function scalarValueFromSurrogates(leading, trailing) {
  return 0x10000 + ((leading - 0xd800) << 10) + (trailing - 0xdc00);
}

// https://encoding.spec.whatwg.org/#shared-utf-16-decoder
// https://encoding.spec.whatwg.org/#utf-16be-decoder (isUTF16BE true)
// https://encoding.spec.whatwg.org/#utf-16le-decoder (isUTF16BE false)
export class Utf16Decoder {
  kind = 'decoder';
  leadingByte = null; // UTF-16 leading byte
  leadingSurrogate = null; // UTF-16 leading surrogate

  constructor({ isUTF16BE = false } = {}) {
    this.isUTF16BE = isUTF16BE; // is UTF-16BE decoder
  }

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and either UTF-16 leading byte or UTF-16 leading surrogate is
    //    non-null, then set both to null, and return error.
    if (byte === END_OF_QUEUE && (this.leadingByte !== null || this.leadingSurrogate !== null)) {
      this.leadingByte = null;
      this.leadingSurrogate = null;
      return error();
    }
    // 2. If byte is end-of-queue and both are null, then return finished.
    if (byte === END_OF_QUEUE && this.leadingByte === null && this.leadingSurrogate === null) {
      return FINISHED;
    }
    // 3. If UTF-16 leading byte is null, then set it to byte and return continue.
    if (this.leadingByte === null) {
      this.leadingByte = byte;
      return CONTINUE;
    }
    // 4. Let codeUnit be (leading byte << 8) + byte if is UTF-16BE decoder is true, and
    //    (byte << 8) + leading byte otherwise.
    const codeUnit = this.isUTF16BE ? (this.leadingByte << 8) + byte : (byte << 8) + this.leadingByte;
    // 5. Set UTF-16 leading byte to null.
    this.leadingByte = null;
    // 6. If UTF-16 leading surrogate is non-null:
    if (this.leadingSurrogate !== null) {
      // 6.1. Let leadingSurrogate be UTF-16 leading surrogate.
      const leadingSurrogate = this.leadingSurrogate;
      // 6.2. Set UTF-16 leading surrogate to null.
      this.leadingSurrogate = null;
      // 6.3. If codeUnit is a trailing surrogate, then return a scalar value from surrogates given
      //      leadingSurrogate and codeUnit.
      if (isTrailingSurrogate(codeUnit)) return [scalarValueFromSurrogates(leadingSurrogate, codeUnit)];
      // 6.4. Let byte1 be codeUnit >> 8.
      const byte1 = codeUnit >> 8;
      // 6.5. Let byte2 be codeUnit & 0x00FF.
      const byte2 = codeUnit & 0x00ff;
      // 6.6. Let bytes be « byte1, byte2 » if is UTF-16BE decoder is true; otherwise
      //      « byte2, byte1 ». (That is, the two bytes in the order they were read.)
      const bytes = this.isUTF16BE ? [byte1, byte2] : [byte2, byte1];
      // 6.7. Restore bytes to ioQueue and return error.
      ioQueue.restore(bytes);
      return error();
    }
    // 7. If codeUnit is a leading surrogate, then set UTF-16 leading surrogate to codeUnit and
    //    return continue.
    if (isLeadingSurrogate(codeUnit)) {
      this.leadingSurrogate = codeUnit;
      return CONTINUE;
    }
    // 8. If codeUnit is a trailing surrogate, then return error.
    if (isTrailingSurrogate(codeUnit)) return error();
    // 9. Return code point codeUnit.
    return [codeUnit];
  }
}

// https://encoding.spec.whatwg.org/#x-user-defined-decoder
export class XUserDefinedDecoder {
  kind = 'decoder';

  handler(unused, byte) {
    // 1. If byte is end-of-queue, then return finished.
    if (byte === END_OF_QUEUE) return FINISHED;
    // 2. If byte is an ASCII byte, then return a code point whose value is byte.
    if (isAsciiByte(byte)) return [byte];
    // 3. Return a code point whose value is 0xF780 + byte − 0x80.
    return [0xf780 + byte - 0x80];
  }
}

// https://encoding.spec.whatwg.org/#x-user-defined-encoder
export class XUserDefinedEncoder {
  kind = 'encoder';

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. If codePoint is in the range U+F780 to U+F7FF, inclusive, then return a byte whose value
    //    is codePoint − 0xF780 + 0x80.
    if (codePoint >= 0xf780 && codePoint <= 0xf7ff) return [codePoint - 0xf780 + 0x80];
    // 4. Return error with codePoint.
    return error(codePoint);
  }
}
