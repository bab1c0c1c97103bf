// A lean driver for the reference's decoders (test/reference/*.mjs), for the differential test.
//
// The reference implements the spec's I/O queues and "process a queue" literally (arrays with
// shift/splice/unshift, assertions on every item), which costs about 1 µs a byte. Its decoder
// handlers, which hold all of the spec's decoding logic, only ever read items and call
// ioQueue.restore(). This file runs those same handlers over an immediate I/O queue of bytes
// (https://encoding.spec.whatwg.org/#concept-encoding-run, #concept-encoding-process for
// decoders): read an item, run the handler, then finished -> stop, items -> append,
// error -> U+FFFD ("replacement") or stop with a TypeError ("fatal"), continue -> go on.
//
// run.mjs checks this driver against the reference's own decode() and streaming driver on a
// sample of the inputs (worker.mjs); any mismatch fails the run.

import { singleByteEncodings } from '../../cpp/tools/whatwg_data.mjs';
import { Big5Decoder, Gb18030Decoder } from '../reference/chinese.mjs';
import { EucJpDecoder, Iso2022JpDecoder, ShiftJisDecoder } from '../reference/japanese.mjs';
import { EucKrDecoder } from '../reference/korean.mjs';
import { ReplacementDecoder, Utf16Decoder, XUserDefinedDecoder } from '../reference/misc.mjs';
import { CONTINUE, END_OF_QUEUE, FINISHED, isError } from '../reference/queue.mjs';
import { SingleByteDecoder } from '../reference/single-byte.mjs';
import { Utf8Decoder } from '../reference/utf8.mjs';

// TextDecoder name (lower case) -> index name, for the single-byte encodings.
const SINGLE_BYTE_INDEX = new Map(singleByteEncodings().map((e) => [e.name.toLowerCase(), e.index]));

// A new instance of the encoding's decoder (the same classes reference.mjs instantiates).
export function newDecoder(name) {
  if (SINGLE_BYTE_INDEX.has(name)) return new SingleByteDecoder(SINGLE_BYTE_INDEX.get(name));
  switch (name) {
    case 'utf-8':
      return new Utf8Decoder();
    case 'gbk':
    case 'gb18030':
      return new Gb18030Decoder();
    case 'big5':
      return new Big5Decoder();
    case 'euc-jp':
      return new EucJpDecoder();
    case 'iso-2022-jp':
      return new Iso2022JpDecoder();
    case 'shift_jis':
      return new ShiftJisDecoder();
    case 'euc-kr':
      return new EucKrDecoder();
    case 'replacement':
      return new ReplacementDecoder();
    case 'utf-16be':
      return new Utf16Decoder({ isUTF16BE: true });
    case 'utf-16le':
      return new Utf16Decoder({ isUTF16BE: false });
    case 'x-user-defined':
      return new XUserDefinedDecoder();
    default:
      throw new RangeError(`reference_driver: no decoder for ${name}`);
  }
}

// An immediate I/O queue over `bytes` (ending in end-of-queue), with restore: restored items go
// in front of the rest, in the given order.
class ByteQueue {
  constructor(bytes) {
    this.bytes = bytes;
    this.pos = 0;
    this.front = []; // restored items, last one first
  }
  read() {
    if (this.front.length > 0) return this.front.pop();
    if (this.pos < this.bytes.length) return this.bytes[this.pos++];
    return END_OF_QUEUE; // reading end-of-queue does not remove it
  }
  restore(itemOrList) {
    if (Array.isArray(itemOrList)) for (let i = itemOrList.length - 1; i >= 0; i--) this.front.push(itemOrList[i]);
    else this.front.push(itemOrList);
  }
}

// Decodes `bytes` with the raw decoder (no BOM handling). Returns the string, or null for the
// TypeError of fatal mode.
export function decodeRaw(name, bytes, fatal) {
  const decoder = newDecoder(name);
  const queue = new ByteQueue(bytes);
  const out = [];
  for (;;) {
    const result = decoder.handler(queue, queue.read());
    if (result === FINISHED) break;
    if (result === CONTINUE) continue;
    if (Array.isArray(result)) {
      for (const c of result) out.push(c);
    } else if (isError(result)) {
      if (fatal) return null;
      out.push(0xfffd);
    } else throw new Error(`reference_driver: unexpected handler result ${String(result)}`);
  }
  let s = '';
  for (let i = 0; i < out.length; i += 8192) s += String.fromCodePoint(...out.slice(i, i + 8192));
  return s;
}
