// Reference implementation (test oracle only): gb18030, GBK and Big5.
import { END_OF_QUEUE, FINISHED, CONTINUE, error } from './queue.mjs';
import { codePointOrError, inRange, isAsciiByte, isAsciiCodePoint, leadingAtEndOfQueue } from './queue.mjs';
import {
  indexCodePoint,
  indexPointer,
  indexBig5Pointer,
  indexGb18030RangesCodePoint,
  indexGb18030RangesPointer,
} from './indexes.mjs';

// https://encoding.spec.whatwg.org/#gb18030-decoder
// (https://encoding.spec.whatwg.org/#gbk-decoder: GBK's decoder is gb18030's decoder.)
export class Gb18030Decoder {
  kind = 'decoder';
  first = 0x00; // gb18030 first
  second = 0x00; // gb18030 second
  third = 0x00; // gb18030 third

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and first, second and third are 0x00, then return finished.
    if (byte === END_OF_QUEUE && this.first === 0x00 && this.second === 0x00 && this.third === 0x00) {
      return FINISHED;
    }
    // 2. If byte is end-of-queue, and first, second, or third is not 0x00, then set them all to
    //    0x00, and return error.
    if (byte === END_OF_QUEUE) {
      this.first = 0x00;
      this.second = 0x00;
      this.third = 0x00;
      return error();
    }

    // 3. If gb18030 third is not 0x00:
    if (this.third !== 0x00) {
      // 3.1. If byte is not in the range 0x30 to 0x39, inclusive:
      if (!inRange(byte, 0x30, 0x39)) {
        // 3.1.1. Restore « gb18030 second, gb18030 third, byte » to ioQueue.
        ioQueue.restore([this.second, this.third, byte]);
        // 3.1.2. Set first, second, and third to 0x00.
        this.first = 0x00;
        this.second = 0x00;
        this.third = 0x00;
        // 3.1.3. Return error.
        return error();
      }
      // 3.2. Let codePoint be the index gb18030 ranges code point for
      //      ((first − 0x81) × (10 × 126 × 10)) + ((second − 0x30) × (10 × 126)) +
      //      ((third − 0x81) × 10) + byte − 0x30.
      const codePoint = indexGb18030RangesCodePoint(
        (this.first - 0x81) * (10 * 126 * 10) +
          (this.second - 0x30) * (10 * 126) +
          (this.third - 0x81) * 10 +
          byte -
          0x30,
      );
      // 3.3. Set first, second, and third to 0x00.
      this.first = 0x00;
      this.second = 0x00;
      this.third = 0x00;
      // 3.4. If codePoint is null, then return error. (All four bytes are consumed.)
      if (codePoint === null) return error();
      // 3.5. Return a code point whose value is codePoint.
      return [codePoint];
    }

    // 4. If gb18030 second is not 0x00:
    if (this.second !== 0x00) {
      // 4.1. If byte is in the range 0x81 to 0xFE, inclusive, then set third to byte and return
      //      continue.
      if (inRange(byte, 0x81, 0xfe)) {
        this.third = byte;
        return CONTINUE;
      }
      // 4.2. Restore « gb18030 second, byte » to ioQueue, set first and second to 0x00, and
      //      return error.
      ioQueue.restore([this.second, byte]);
      this.first = 0x00;
      this.second = 0x00;
      return error();
    }

    // 5. If gb18030 first is not 0x00:
    if (this.first !== 0x00) {
      // 5.1. If byte is in the range 0x30 to 0x39, inclusive, then set second to byte and return
      //      continue.
      if (inRange(byte, 0x30, 0x39)) {
        this.second = byte;
        return CONTINUE;
      }
      // 5.2. Let leading be gb18030 first.
      const leading = this.first;
      // 5.3. Set gb18030 first to 0x00.
      this.first = 0x00;
      // 5.4. Let pointer be null.
      let pointer = null;
      // 5.5. Let offset be 0x40 if byte is less than 0x7F; otherwise 0x41.
      const offset = byte < 0x7f ? 0x40 : 0x41;
      // 5.6. If byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFE, inclusive, then
      //      set pointer to (leading − 0x81) × 190 + (byte − offset).
      if (inRange(byte, 0x40, 0x7e) || inRange(byte, 0x80, 0xfe)) {
        pointer = (leading - 0x81) * 190 + (byte - offset);
      }
      // 5.7. Let codePoint be null if pointer is null; otherwise the index code point for
      //      pointer in index gb18030.
      const codePoint = pointer === null ? null : indexCodePoint('gb18030', pointer);
      // 5.8. If codePoint is non-null, then return a code point whose value is codePoint.
      // 5.9. If byte is an ASCII byte, then restore byte to ioQueue.
      // 5.10. Return error.
      return codePointOrError(ioQueue, codePoint, byte);
    }

    // 6. If byte is an ASCII byte, then return a code point whose value is byte.
    if (isAsciiByte(byte)) return [byte];
    // 7. If byte is 0x80, then return code point U+20AC.
    if (byte === 0x80) return [0x20ac];
    // 8. If byte is in the range 0x81 to 0xFE, inclusive, then set first to byte and return
    //    continue.
    if (inRange(byte, 0x81, 0xfe)) {
      this.first = byte;
      return CONTINUE;
    }
    // 9. Return error.
    return error();
  }
}

// The table of step 5 of the gb18030 encoder: code point -> two bytes.
const GB18030_ENCODER_TABLE = new Map([
  [0xe78d, [0xa6, 0xd9]],
  [0xe78e, [0xa6, 0xda]],
  [0xe78f, [0xa6, 0xdb]],
  [0xe790, [0xa6, 0xdc]],
  [0xe791, [0xa6, 0xdd]],
  [0xe792, [0xa6, 0xde]],
  [0xe793, [0xa6, 0xdf]],
  [0xe794, [0xa6, 0xec]],
  [0xe795, [0xa6, 0xed]],
  [0xe796, [0xa6, 0xf3]],
  [0xe81e, [0xfe, 0x59]],
  [0xe826, [0xfe, 0x61]],
  [0xe82b, [0xfe, 0x66]],
  [0xe82c, [0xfe, 0x67]],
  [0xe832, [0xfe, 0x6d]],
  [0xe843, [0xfe, 0x7e]],
  [0xe854, [0xfe, 0x90]],
  [0xe864, [0xfe, 0xa0]],
]);

// https://encoding.spec.whatwg.org/#gb18030-encoder
// (https://encoding.spec.whatwg.org/#gbk-encoder: GBK's encoder is gb18030's encoder with its
// "is GBK" set to true.)
export class Gb18030Encoder {
  kind = 'encoder';

  constructor({ isGBK = false } = {}) {
    this.isGBK = isGBK; // is GBK
  }

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. If codePoint is U+E5E5, then return error with codePoint.
    if (codePoint === 0xe5e5) return error(codePoint);
    // 4. If is GBK is true and codePoint is U+20AC, then return byte 0x80.
    if (this.isGBK && codePoint === 0x20ac) return [0x80];
    // 5. If there is a row in the table whose first column is codePoint, then return the two
    //    bytes on the same row.
    if (GB18030_ENCODER_TABLE.has(codePoint)) return [...GB18030_ENCODER_TABLE.get(codePoint)];
    // 6. Let pointer be the index pointer for codePoint in index gb18030.
    let pointer = indexPointer('gb18030', codePoint);
    // 7. If pointer is non-null:
    if (pointer !== null) {
      // 7.1. Let leading be pointer / 190 + 0x81.
      const leading = Math.floor(pointer / 190) + 0x81;
      // 7.2. Let trailing be pointer % 190.
      const trailing = pointer % 190;
      // 7.3. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x41.
      const offset = trailing < 0x3f ? 0x40 : 0x41;
      // 7.4. Return two bytes whose values are leading and trailing + offset.
      return [leading, trailing + offset];
    }
    // 8. If is GBK is true, then return error with codePoint.
    if (this.isGBK) return error(codePoint);
    // 9. Set pointer to the index gb18030 ranges pointer for codePoint.
    pointer = indexGb18030RangesPointer(codePoint);
    // 10. Let byte1 be pointer / (10 × 126 × 10).
    const byte1 = Math.floor(pointer / (10 * 126 * 10));
    // 11. Set pointer to pointer % (10 × 126 × 10).
    pointer = pointer % (10 * 126 * 10);
    // 12. Let byte2 be pointer / (10 × 126).
    const byte2 = Math.floor(pointer / (10 * 126));
    // 13. Set pointer to pointer % (10 × 126).
    pointer = pointer % (10 * 126);
    // 14. Let byte3 be pointer / 10.
    const byte3 = Math.floor(pointer / 10);
    // 15. Let byte4 be pointer % 10.
    const byte4 = pointer % 10;
    // 16. Return four bytes byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30.
    return [byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30];
  }
}

// The table of step 3.6 of the Big5 decoder: pointer -> two code points.
const BIG5_TWO_CODE_POINTS = new Map([
  [1133, [0x00ca, 0x0304]], // 0x88 0x62
  [1135, [0x00ca, 0x030c]], // 0x88 0x64
  [1164, [0x00ea, 0x0304]], // 0x88 0xA3
  [1166, [0x00ea, 0x030c]], // 0x88 0xA5
]);

// https://encoding.spec.whatwg.org/#big5-decoder
export class Big5Decoder {
  kind = 'decoder';
  leading = 0x00; // Big5 leading

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and Big5 leading is not 0x00, then set Big5 leading to 0x00 and
    //    return error.
    // 2. If byte is end-of-queue and Big5 leading is 0x00, then return finished.
    if (byte === END_OF_QUEUE) return leadingAtEndOfQueue(this);

    // 3. If Big5 leading is not 0x00:
    if (this.leading !== 0x00) {
      // 3.1. Let leading be Big5 leading.
      const leading = this.leading;
      // 3.2. Set Big5 leading to 0x00.
      this.leading = 0x00;
      // 3.3. Let pointer be null.
      let pointer = null;
      // 3.4. Let offset be 0x40 if byte is less than 0x7F; otherwise 0x62.
      const offset = byte < 0x7f ? 0x40 : 0x62;
      // 3.5. If byte is in the range 0x40 to 0x7E, inclusive, or 0xA1 to 0xFE, inclusive, then
      //      set pointer to (leading − 0x81) × 157 + (byte − offset).
      if (inRange(byte, 0x40, 0x7e) || inRange(byte, 0xa1, 0xfe)) {
        pointer = (leading - 0x81) * 157 + (byte - offset);
      }
      // 3.6. If there is a row in the table whose first column is pointer, then return the two
      //      code points listed in its second column.
      if (pointer !== null && BIG5_TWO_CODE_POINTS.has(pointer)) {
        return [...BIG5_TWO_CODE_POINTS.get(pointer)];
      }
      // 3.7. Let codePoint be null if pointer is null; otherwise the index code point for
      //      pointer in index Big5.
      const codePoint = pointer === null ? null : indexCodePoint('big5', pointer);
      // 3.8. If codePoint is non-null, then return a code point whose value is codePoint.
      // 3.9. If byte is an ASCII byte, restore byte to ioQueue.
      // 3.10. Return error.
      return codePointOrError(ioQueue, codePoint, byte);
    }

    // 4. If byte is an ASCII byte, then return a code point whose value is byte.
    if (isAsciiByte(byte)) return [byte];
    // 5. If byte is in the range 0x81 to 0xFE, inclusive, then set Big5 leading to byte and return
    //    continue.
    if (inRange(byte, 0x81, 0xfe)) {
      this.leading = byte;
      return CONTINUE;
    }
    // 6. Return error.
    return error();
  }
}

// https://encoding.spec.whatwg.org/#big5-encoder
export class Big5Encoder {
  kind = 'encoder';

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. Let pointer be the index Big5 pointer for codePoint.
    const pointer = indexBig5Pointer(codePoint);
    // 4. If pointer is null, then return error with codePoint.
    if (pointer === null) return error(codePoint);
    // 5. Let leading be pointer / 157 + 0x81.
    const leading = Math.floor(pointer / 157) + 0x81;
    // 6. Let trailing be pointer % 157.
    const trailing = pointer % 157;
    // 7. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x62.
    const offset = trailing < 0x3f ? 0x40 : 0x62;
    // 8. Return two bytes whose values are leading and trailing + offset.
    return [leading, trailing + offset];
  }
}
