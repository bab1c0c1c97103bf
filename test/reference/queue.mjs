// Reference implementation (test oracle only; never used by the product) of the WHATWG Encoding
// Standard's I/O queues and of "process a queue" / "process an item".
//
// Everything here follows the spec text step by step, favouring clarity over speed.

// https://encoding.spec.whatwg.org/#end-of-stream
// End-of-queue: a special item that can be present in I/O queues of any type.
export const END_OF_QUEUE = Symbol('end-of-queue');

// The values a handler can return (https://encoding.spec.whatwg.org/#handler): finished, one or
// more items (represented as a non-empty array), error optionally with a code point, or continue.
export const FINISHED = Symbol('finished');
export const CONTINUE = Symbol('continue');

export class ErrorResult {
  // codePoint is a number, or null for the decoders' "return error" (no code point).
  constructor(codePoint = null) {
    this.codePoint = codePoint;
  }
}

// "return error" / "return error with codePoint".
export function error(codePoint = null) {
  return new ErrorResult(codePoint);
}

export function isError(result) {
  return result instanceof ErrorResult;
}

export function assert(condition, message) {
  if (!condition) throw new Error(`reference: assertion failed: ${message}`);
}

export function isSurrogate(codePoint) {
  return codePoint >= 0xd800 && codePoint <= 0xdfff;
}

// https://infra.spec.whatwg.org/#ascii-byte
export const isAsciiByte = (byte) => byte >= 0x00 && byte <= 0x7f;
// https://infra.spec.whatwg.org/#ascii-code-point
export const isAsciiCodePoint = (codePoint) => codePoint >= 0x00 && codePoint <= 0x7f;
// "in the range low to high, inclusive"
export const inRange = (value, low, high) => value >= low && value <= high;

// Steps 1 and 2 of the Big5, EUC-JP, EUC-KR and Shift_JIS decoders, which the spec writes out in
// each of them alike but for the name of the "leading" variable (here decoder.leading), for a byte
// that is end-of-queue:
// 1. If byte is end-of-queue and leading is not 0x00, then set leading to 0x00 and return error.
// 2. If byte is end-of-queue and leading is 0x00, then return finished.
export function leadingAtEndOfQueue(decoder) {
  if (decoder.leading !== 0x00) {
    decoder.leading = 0x00;
    return error();
  }
  return FINISHED;
}

// The last steps for a leading byte and `byte` of the gb18030 (5.8-5.10), Big5 (3.8-3.10), EUC-JP
// (5.6-5.8), EUC-KR (3.6-3.8) and Shift_JIS (3.9-3.11) decoders, again the same in each:
// If codePoint is non-null, then return a code point whose value is codePoint.
// If byte is an ASCII byte, then restore byte to ioQueue.
// Return error.
export function codePointOrError(ioQueue, codePoint, byte) {
  if (codePoint !== null) return [codePoint];
  if (isAsciiByte(byte)) ioQueue.restore(byte);
  return error();
}

// https://encoding.spec.whatwg.org/#concept-stream
// An I/O queue is a list of items (bytes or scalar values), possibly ending with end-of-queue.
// Stored as an array with a read position, so reading from the front is O(1): a plain
// Array#shift made the reference quadratic on the corpus files.
export class IOQueue {
  constructor(items = []) {
    this.buffer = [...items];
    this.head = 0;
  }

  // https://encoding.spec.whatwg.org/#to-i-o-queue-convert
  // "Return an I/O queue containing the items in input, in order, followed by end-of-queue."
  static from(input) {
    const items = [...input];
    assert(!items.includes(END_OF_QUEUE), 'input to convert does not contain end-of-queue');
    return new IOQueue([...items, END_OF_QUEUE]);
  }

  get length() {
    return this.buffer.length - this.head;
  }

  isEmpty() {
    return this.length === 0;
  }

  // https://encoding.spec.whatwg.org/#concept-stream-read
  read() {
    // 1. If ioQueue is empty, then wait until its size is at least 1.
    //    (Nothing in this reference ever reads an empty queue: immediate queues end with
    //    end-of-queue, and the streaming driver keeps an end-of-queue item at the end too.)
    assert(this.length > 0, 'read from an empty I/O queue would block forever');
    // 2. If ioQueue[0] is end-of-queue, then return end-of-queue. (It is NOT removed.)
    if (this.buffer[this.head] === END_OF_QUEUE) return END_OF_QUEUE;
    // 3. Remove ioQueue[0] and return it.
    return this.buffer[this.head++];
  }

  // https://encoding.spec.whatwg.org/#concept-stream-push
  push(item) {
    const last = this.buffer.length - 1;
    // 1. If the last item in ioQueue is end-of-queue:
    if (this.length > 0 && this.buffer[last] === END_OF_QUEUE) {
      // 1.1. If item is end-of-queue, do nothing.
      if (item === END_OF_QUEUE) return;
      // 1.2. Otherwise, insert item before the last item in ioQueue.
      this.buffer[last] = item;
      this.buffer.push(END_OF_QUEUE);
      return;
    }
    // 2. Otherwise, append item to ioQueue.
    this.buffer.push(item);
  }

  // "To push a sequence of items ... is to push each item in the sequence, in the given order."
  pushAll(items) {
    for (const item of items) this.push(item);
  }

  // https://encoding.spec.whatwg.org/#concept-stream-prepend
  // Restore an item (not end-of-queue) or a list of items (excluding end-of-queue): insert them,
  // in the given order, before the first item in the queue.
  restore(itemOrList) {
    const list = Array.isArray(itemOrList) ? itemOrList : [itemOrList];
    assert(!list.includes(END_OF_QUEUE), 'end-of-queue is never restored');
    if (this.head >= list.length) {
      this.head -= list.length;
      for (let i = 0; i < list.length; i++) this.buffer[this.head + i] = list[i];
    } else {
      this.buffer = [...list, ...this.buffer.slice(this.head)];
      this.head = 0;
    }
  }

  // The items from the front, in order (for tests and for draining output).
  get items() {
    return this.buffer.slice(this.head);
  }

  // https://encoding.spec.whatwg.org/#from-i-o-queue-convert
  // Reading an indefinite number of items: everything up to end-of-queue. For a streaming queue
  // without end-of-queue this returns what is there (instead of blocking).
  drain() {
    const result = [];
    while (this.length > 0) {
      const item = this.read();
      if (item === END_OF_QUEUE) break;
      result.push(item);
    }
    return result;
  }
}

// https://encoding.spec.whatwg.org/#concept-encoding-run
export function processQueue(encoderDecoder, input, output, mode) {
  // 1. While true:
  while (true) {
    // 1.1. Let result be the result of processing an item with the result of reading from input,
    //      encoderDecoder, input, output, and mode.
    const result = processItem(input.read(), encoderDecoder, input, output, mode);
    // 1.2. If result is not continue, then return result.
    if (result !== CONTINUE) return result;
  }
}

// https://encoding.spec.whatwg.org/#concept-encoding-process
// encoderDecoder has a `kind` ('encoder' or 'decoder') and a `handler(ioQueue, item)` method.
export function processItem(item, encoderDecoder, input, output, mode) {
  const isEncoder = encoderDecoder.kind === 'encoder';
  const isDecoder = encoderDecoder.kind === 'decoder';
  assert(isEncoder || isDecoder, 'encoderDecoder is an encoder or a decoder instance');
  assert(['replacement', 'fatal', 'html'].includes(mode), `known error mode ${mode}`);
  // 1. Assert: encoderDecoder is not an encoder instance or mode is not "replacement".
  assert(!isEncoder || mode !== 'replacement', 'encoders have no replacement mode');
  // 2. Assert: encoderDecoder is not a decoder instance or mode is not "html".
  assert(!isDecoder || mode !== 'html', 'decoders have no html mode');
  // 3. Assert: encoderDecoder is not an encoder instance or item is not a surrogate.
  assert(!isEncoder || item === END_OF_QUEUE || !isSurrogate(item), 'encoder input is scalar');

  // 4. Let result be the result of running encoderDecoder's handler on input and item.
  const result = encoderDecoder.handler(input, item);

  if (result === FINISHED) {
    // 5. If result is finished: push end-of-queue to output and return result.
    output.push(END_OF_QUEUE);
    return result;
  } else if (Array.isArray(result)) {
    // 6. Otherwise, if result is one or more items:
    assert(result.length > 0, 'one or more items');
    for (const x of result) {
      assert(Number.isInteger(x), 'items are numbers');
      if (isEncoder) assert(x >= 0 && x <= 0xff, 'encoder output items are bytes');
      // 6.1. Assert: encoderDecoder is not a decoder instance or result does not contain any
      //      surrogates.
      if (isDecoder) assert(x >= 0 && x <= 0x10ffff && !isSurrogate(x), 'decoder output is scalar');
    }
    // 6.2. Push result to output.
    output.pushAll(result);
  } else if (isError(result)) {
    // 7. Otherwise, if result is an error, switch on mode:
    if (mode === 'replacement') {
      // Push U+FFFD to output.
      output.push(0xfffd);
    } else if (mode === 'html') {
      // Push 0x26 (&), 0x23 (#), followed by the shortest sequence of 0x30 (0) to 0x39 (9)
      // representing result's code point's value in base ten, followed by 0x3B (;).
      assert(result.codePoint !== null, 'encoder errors carry a code point');
      const text = `&#${result.codePoint.toString(10)};`;
      output.pushAll([...text].map((c) => c.charCodeAt(0)));
    } else {
      // "fatal": return result.
      return result;
    }
  } else {
    assert(result === CONTINUE, 'handler returned finished, items, error or continue');
  }
  // 8. Return continue.
  return CONTINUE;
}
