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

import { CONTINUE, END_OF_QUEUE, FINISHED, isError } from '../reference/queue.mjs';
import { ENCODING_NAMES, newDecoder as newReferenceDecoder } from '../reference/reference.mjs';

// TextDecoder name (lower case, as the differential records carry it) -> the standard's name.
const NAME_OF = new Map(ENCODING_NAMES.map((name) => [name.toLowerCase(), name]));

// A new instance of the encoding's decoder: reference.mjs's own, from its one name switch.
function newDecoder(name) {
  const canonical = NAME_OF.get(name);
  if (canonical === undefined) throw new RangeError(`reference_driver: no decoder for ${name}`);
  return newReferenceDecoder(canonical);
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
