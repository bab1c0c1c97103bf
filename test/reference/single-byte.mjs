// Reference implementation (test oracle only): the legacy single-byte encodings.
// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
import { END_OF_QUEUE, FINISHED, error, isAsciiByte, isAsciiCodePoint } from './queue.mjs';
import { indexCodePoint, indexPointer } from './indexes.mjs';

// Each single-byte encoding is constructed with the name of its "index single-byte" file
// (e.g. 'windows-1252'; ISO-8859-8-I uses 'iso-8859-8').

// https://encoding.spec.whatwg.org/#single-byte-decoder
export class SingleByteDecoder {
  kind = 'decoder';

  constructor(indexName) {
    this.indexName = indexName;
  }

  handler(unused, byte) {
    // 1. If byte is end-of-queue, then return finished.
    if (byte === END_OF_QUEUE) return FINISHED;
    // 2. If byte is an ASCII byte, then return a code point whose value is byte.
    if (isAsciiByte(byte)) return [byte];
    // 3. Let codePoint be the index code point for byte − 0x80 in index single-byte.
    const codePoint = indexCodePoint(this.indexName, byte - 0x80);
    // 4. If codePoint is null, then return error.
    if (codePoint === null) return error();
    // 5. Return a code point whose value is codePoint.
    return [codePoint];
  }
}

// https://encoding.spec.whatwg.org/#single-byte-encoder
export class SingleByteEncoder {
  kind = 'encoder';

  constructor(indexName) {
    this.indexName = indexName;
  }

  handler(unused, codePoint) {
    // 1. If codePoint is end-of-queue, then return finished.
    if (codePoint === END_OF_QUEUE) return FINISHED;
    // 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
    if (isAsciiCodePoint(codePoint)) return [codePoint];
    // 3. Let pointer be the index pointer for codePoint in index single-byte.
    const pointer = indexPointer(this.indexName, codePoint);
    // 4. If pointer is null, then return error with codePoint.
    if (pointer === null) return error(codePoint);
    // 5. Return a byte whose value is pointer + 0x80.
    return [pointer + 0x80];
  }
}
