// Reference implementation (test oracle only): UTF-8.
import { END_OF_QUEUE, FINISHED, CONTINUE, error, isAsciiByte, isAsciiCodePoint } from './queue.mjs';

// https://encoding.spec.whatwg.org/#utf-8-decoder
export class Utf8Decoder {
  kind = 'decoder';
  codePoint = 0; // UTF-8 code point
  bytesSeen = 0; // UTF-8 bytes seen
  bytesNeeded = 0; // UTF-8 bytes needed
  lowerBoundary = 0x80; // UTF-8 lower boundary
  upperBoundary = 0xbf; // UTF-8 upper boundary

  handler(ioQueue, byte) {
    // 1. If byte is end-of-queue and UTF-8 bytes needed is not 0, then set UTF-8 bytes needed to 0
    //    and return error.
    if (byte === END_OF_QUEUE && this.bytesNeeded !== 0) {
      this.bytesNeeded = 0;
      return error();
    }
    // 2. If byte is end-of-queue, then return finished.
    if (byte === END_OF_QUEUE) return FINISHED;

    // 3. If UTF-8 bytes needed is 0, based on byte:
    if (this.bytesNeeded === 0) {
      if (isAsciiByte(byte)) {
        return [byte];
      } else if (byte >= 0xc2 && byte <= 0xdf) {
        this.bytesNeeded = 1;
        this.codePoint = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) this.lowerBoundary = 0xa0;
        if (byte === 0xed) this.upperBoundary = 0x9f;
        this.bytesNeeded = 2;
        this.codePoint = byte & 0xf;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) this.lowerBoundary = 0x90;
        if (byte === 0xf4) this.upperBoundary = 0x8f;
        this.bytesNeeded = 3;
        this.codePoint = byte & 0x7;
      } else {
        return error();
      }
      return CONTINUE;
    }

    // 4. If byte is not in the range UTF-8 lower boundary to UTF-8 upper boundary, inclusive:
    if (!(byte >= this.lowerBoundary && byte <= this.upperBoundary)) {
      // 4.1. Reset code point, bytes needed, bytes seen, and the boundaries.
      this.codePoint = 0;
      this.bytesNeeded = 0;
      this.bytesSeen = 0;
      this.lowerBoundary = 0x80;
      this.upperBoundary = 0xbf;
      // 4.2. Restore byte to ioQueue.
      ioQueue.restore(byte);
      // 4.3. Return error.
      return error();
    }

    // 5. Set UTF-8 lower boundary to 0x80 and UTF-8 upper boundary to 0xBF.
    this.lowerBoundary = 0x80;
    this.upperBoundary = 0xbf;
    // 6. Set UTF-8 code point to (UTF-8 code point << 6) | (byte & 0x3F).
    this.codePoint = (this.codePoint << 6) | (byte & 0x3f);
    // 7. Increase UTF-8 bytes seen by one.
    this.bytesSeen += 1;
    // 8. If UTF-8 bytes seen is not equal to UTF-8 bytes needed, then return continue.
    if (this.bytesSeen !== this.bytesNeeded) return CONTINUE;
    // 9. Let codePoint be UTF-8 code point.
    const codePoint = this.codePoint;
    // 10. Set UTF-8 code point, UTF-8 bytes needed, and UTF-8 bytes seen to 0.
    this.codePoint = 0;
    this.bytesNeeded = 0;
    this.bytesSeen = 0;
    // 11. Return a code point whose value is codePoint.
    return [codePoint];
  }
}

// https://encoding.spec.whatwg.org/#utf-8-encoder
export class Utf8Encoder {
  kind = 'encoder';

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. Set count and offset based on the range codePoint is in.
    let count;
    let offset;
    if (codePoint >= 0x80 && codePoint <= 0x7ff) {
      count = 1;
      offset = 0xc0;
    } else if (codePoint >= 0x800 && codePoint <= 0xffff) {
      count = 2;
      offset = 0xe0;
    } else if (codePoint >= 0x10000 && codePoint <= 0x10ffff) {
      count = 3;
      offset = 0xf0;
    }
    // 4. Let bytes be a byte sequence whose first byte is (codePoint >> (6 × count)) + offset.
    const bytes = [(codePoint >> (6 * count)) + offset];
    // 5. While count is greater than 0:
    while (count > 0) {
      // 5.1. Set temp to codePoint >> (6 × (count − 1)).
      const temp = codePoint >> (6 * (count - 1));
      // 5.2. Append to bytes 0x80 | (temp & 0x3F).
      bytes.push(0x80 | (temp & 0x3f));
      // 5.3. Decrease count by one.
      count -= 1;
    }
    // 6. Return bytes bytes, in order.
    return bytes;
  }
}
