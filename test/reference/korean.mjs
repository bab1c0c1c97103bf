// Reference implementation (test oracle only): EUC-KR.
import { END_OF_QUEUE, FINISHED, CONTINUE, error } from './queue.mjs';
import { codePointOrError, inRange, isAsciiByte, isAsciiCodePoint, leadingAtEndOfQueue } from './queue.mjs';
import { indexCodePoint, indexPointer } from './indexes.mjs';

// https://encoding.spec.whatwg.org/#euc-kr-decoder
export class EucKrDecoder {
  kind = 'decoder';
  leading = 0x00; // EUC-KR leading

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and EUC-KR leading is not 0x00, then set EUC-KR leading to 0x00
    //    and return error.
    // 2. If byte is end-of-queue and EUC-KR leading is 0x00, then return finished.
    if (byte === END_OF_QUEUE) return leadingAtEndOfQueue(this);
    // 3. If EUC-KR leading is not 0x00:
    if (this.leading !== 0x00) {
      // 3.1. Let leading be EUC-KR leading.
      const leading = this.leading;
      // 3.2. Set EUC-KR leading to 0x00.
      this.leading = 0x00;
      // 3.3. Let pointer be null.
      let pointer = null;
      // 3.4. If byte is in the range 0x41 to 0xFE, inclusive, then set pointer to
      //      (leading − 0x81) × 190 + (byte − 0x41).
      if (inRange(byte, 0x41, 0xfe)) pointer = (leading - 0x81) * 190 + (byte - 0x41);
      // 3.5. Let codePoint be null if pointer is null; otherwise the index code point for pointer
      //      in index EUC-KR.
      const codePoint = pointer === null ? null : indexCodePoint('euc-kr', pointer);
      // 3.6. If codePoint is non-null, then return a code point whose value is codePoint.
      // 3.7. If byte is an ASCII byte, then restore byte to ioQueue.
      // 3.8. Return error.
      return codePointOrError(ioQueue, codePoint, byte);
    }
    // 4. If byte is an ASCII byte, then return a code point whose value is byte.
    if (isAsciiByte(byte)) return [byte];
    // 5. If byte is in the range 0x81 to 0xFE, inclusive, then set EUC-KR leading to byte and
    //    return continue.
    if (inRange(byte, 0x81, 0xfe)) {
      this.leading = byte;
      return CONTINUE;
    }
    // 6. Return error.
    return error();
  }
}

// https://encoding.spec.whatwg.org/#euc-kr-encoder
export class EucKrEncoder {
  kind = 'encoder';

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. Let pointer be the index pointer for codePoint in index EUC-KR.
    const pointer = indexPointer('euc-kr', codePoint);
    // 4. If pointer is null, then return error with codePoint.
    if (pointer === null) return error(codePoint);
    // 5. Let leading be pointer / 190 + 0x81.
    const leading = Math.floor(pointer / 190) + 0x81;
    // 6. Let trailing be pointer % 190 + 0x41.
    const trailing = (pointer % 190) + 0x41;
    // 7. Return two bytes whose values are leading and trailing.
    return [leading, trailing];
  }
}
