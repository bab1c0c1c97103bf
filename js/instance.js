// One instantiated wasm module (the core, or a table family's module) and the calls into it
// (cpp/exports.cpp). Input goes in through a fixed buffer in chunks, so wasm memory stays bounded
// whatever the input size; a decoder's state lives in the JS object and passes through a scratch
// area on every call (DESIGN.md section 5).
import { apply, bufferOf, copyOut, lengthOf, offsetOf, setBytes } from './intrinsics.js';
import { MESSAGES } from './messages.js';
import { bytesView, LATIN1_MIN, stringFromLatin1, stringFromUtf16, writeUtf16 } from './strings.js';

// Decode and encode options and statuses (cpp/encoding.h).
const FATAL = 1;
const IGNORE_BOM = 2;
const FLUSH = 4;
const HTML = 1;
const STATUS_DONE = 0;
const STATUS_ERROR = 2;

// Bytes per piece of a long input: at most 65528 code units of output (one per byte, plus up to
// 16 flushed) in one string (see decode).
const PIECE = 65528 - 16;

const { slice: stringSlice } = String.prototype;

// The class of error to report `error` as, keeping the engine's own kind where it says something.
const kindOf = (error) =>
  error instanceof RangeError
    ? RangeError
    : error instanceof WebAssembly.RuntimeError
      ? WebAssembly.RuntimeError
      : error instanceof WebAssembly.LinkError
        ? WebAssembly.LinkError
        : Error;

export class WasmInstance {
  // `family`: the name of the table family whose module this is (its tables are expanded when it is
  // instantiated), or null for the core.
  constructor(module, family = null) {
    this.module = module;
    this.family = family;
    this.broken = false;
    this.instantiate();
  }

  // A new instance of the module: on construction, and on the first call after one that failed in
  // wasm. A trap can stop a function anywhere (with the stack pointer lowered, a lookup half-built),
  // so after one the instance is discarded whole; decoders and encoders keep their state in JS and
  // carry on with the new one. Throws (and stays broken) if the new instance cannot be made.
  instantiate() {
    const { family } = this;
    let wasm;
    try {
      wasm = new WebAssembly.Instance(this.module, {}).exports;
      wasm._initialize();
    } catch (error) {
      const Kind = kindOf(error);
      throw new Kind(family === null ? MESSAGES.coreInstantiate(error) : MESSAGES.familyInstantiate(family, error), {
        cause: error,
      });
    }
    if (family !== null) {
      let loaded;
      try {
        loaded = wasm.ew_family_init?.();
      } catch (error) {
        throw new (kindOf(error))(MESSAGES.familyInstantiate(family, error), { cause: error });
      }
      if (!loaded) {
        if (wasm.ew_tables_out_of_memory?.()) throw new RangeError(MESSAGES.familyOutOfMemory(family));
        throw new Error(MESSAGES.familyLoadFailed(family));
      }
    }
    this.wasm = wasm;
    this.memory = wasm.memory;
    this.inputPtr = wasm.ew_input();
    this.inputCapacity = wasm.ew_input_capacity();
    this.outputPtr = wasm.ew_output();
    this.outputBytes = wasm.ew_output_capacity() * 2;
    this.scratchPtr = wasm.ew_scratch();
    this.u8 = undefined;
    this.views();
    this.broken = false;
  }

  // What every entry point calls first: a fresh instance if the last call failed in wasm, else
  // up-to-date views of memory.
  enter() {
    if (this.broken) this.instantiate();
    else this.views();
  }

  // An exception out of a wasm call (no imports, so no JS ran inside it): a trap, or the engine
  // giving up (stack overflow). Marks this instance for replacement and returns what to throw.
  failed(error, during) {
    this.broken = true;
    return new (kindOf(error))(MESSAGES.trapped(this.family ?? 'core', during, error), { cause: error });
  }

  // Typed-array views of memory, renewed after it grows (building a family's tables or an
  // encoder's lookup grows it; decoding never does). Growth detaches the old views, whose length
  // then reads 0: a check far cheaper than comparing memory.buffer.
  views() {
    if (this.u8 !== undefined && this.u8.length !== 0) return;
    const { buffer } = this.memory;
    this.u8 = new Uint8Array(buffer);
    this.u16 = new Uint16Array(buffer);
    this.bytes = bytesView(buffer);
    this.scratch = new Uint32Array(buffer, this.scratchPtr, 8);
  }

  // The string of output code units [begin, end) of the last decode call: one byte per character
  // when they are all below U+0100 and the host can make such a string from bytes (strings.js).
  outputString(begin, end) {
    const { outputPtr } = this;
    if (LATIN1_MIN !== null && end - begin >= LATIN1_MIN && this.outputLatin1(begin, end)) {
      const start = outputPtr + begin * 2;
      return stringFromLatin1(this.bytes, start, start + (end - begin));
    }
    return stringFromUtf16(this.bytes, this.u16, (outputPtr >> 1) + begin, (outputPtr >> 1) + end);
  }

  outputLatin1(begin, end) {
    try {
      return this.wasm.ew_output_latin1(begin, end);
    } catch (error) {
      throw this.failed(error, 'making a string');
    }
  }

  // How many of `text`'s code units from `start` fit the input, never ending between the halves of
  // a surrogate pair.
  unitsToStage(text, start) {
    const n = Math.min(text.length - start, this.inputCapacity >> 1);
    return n < text.length - start && (text.charCodeAt(start + n - 1) & 0xfc00) === 0xd800 ? n - 1 : n;
  }

  // Writes up to one buffer of `text`'s code units from `start` into the input, never ending between
  // the halves of a surrogate pair. Returns how many.
  copyUtf16(text, start) {
    const n = this.unitsToStage(text, start);
    const { u16 } = this;
    const base = this.inputPtr >> 1;
    for (let i = 0; i < n; i++) u16[base + i] = text.charCodeAt(start + i);
    return n;
  }

  // https://encoding.spec.whatwg.org/#concept-encoding-get, matched by the core.
  getEncoding(label) {
    if (label.length > this.inputCapacity >> 1) return -1;
    this.enter();
    this.copyUtf16(label, 0);
    try {
      return this.wasm.ew_get_encoding(label.length);
    } catch (error) {
      throw this.failed(error, 'matching a label');
    }
  }

  // Runs decoder `id` over `bytes` (a Uint8Array), continuing from `state` ({s0, s1}: the eight
  // bytes of DecoderState); with `flush` the input ends here. Returns the string; on a fatal error
  // the core has reset `state`, and this throws a TypeError.
  // Output longer than the engine's longest string is a RangeError (MESSAGES.tooLong); a failure in
  // wasm is this.failed()'s error.
  decode(id, name, fatal, ignoreBOM, state, bytes, flush) {
    this.enter();
    const { wasm, inputPtr } = this;
    const options = (fatal ? FATAL : 0) | (ignoreBOM ? IGNORE_BOM : 0);
    const total = lengthOf(bytes);
    // Input goes in pieces whose output stays below V8's large-object size (a two-byte string of
    // more than 65528 units), which is far slower to allocate: Node 20, ucs2Slice of 65528 units
    // 13.5 µs, of 65529 units 100 µs. That holds for an input that fits the 64 KiB buffer too:
    // 64 KiB chunks of windows-1252 streamed (65536 bytes, so one piece) decoded at 710 MB/s,
    // chunks of 65528 bytes at 4500 MB/s; in two pieces 65536 bytes run at 3000 MB/s.
    const chunk = total > PIECE ? PIECE : total;
    let text = '';
    let pos = 0;
    do {
      const length = Math.min(total - pos, chunk);
      if (length <= 32) {
        const { u8 } = this;
        for (let i = 0; i < length; i++) u8[inputPtr + i] = bytes[pos + i];
      } else {
        setBytes(
          this.u8,
          length === total ? bytes : new Uint8Array(bufferOf(bytes), offsetOf(bytes) + pos, length),
          inputPtr,
        );
      }
      pos += length;
      const callOptions = options | (flush && pos === total ? FLUSH : 0);
      let offset = 0;
      for (;;) {
        this.scratch[0] = state.s0;
        this.scratch[1] = state.s1;
        let status;
        try {
          status = wasm.ew_decode(id, callOptions, offset, length - offset);
        } catch (error) {
          throw this.failed(error, `decoding ${name}`);
        }
        this.views();
        const { scratch } = this;
        // Kept as int32 (only the bits matter): a state word of 2^31 or more (UTF-8 keeps its upper
        // boundary in the top byte) deoptimized this function ("lost precision") and left the
        // state fields boxed doubles from then on. Node 20: a pass over en.utf-16le.bin in 4 KiB
        // calls took 160 µs before and 390 µs ever after streaming ko.utf-8.txt once.
        state.s0 = scratch[0] | 0;
        state.s1 = scratch[1] | 0;
        const begin = scratch[3];
        const end = scratch[4];
        if (end > begin) {
          const piece = this.outputString(begin, end);
          try {
            text += piece;
          } catch (error) {
            throw new RangeError(MESSAGES.tooLong(text.length + piece.length), { cause: error });
          }
        }
        if (status === STATUS_ERROR) throw new TypeError(MESSAGES.fatalDecode(name));
        offset += scratch[2];
        if (status === STATUS_DONE) break;
      }
    } while (pos < total);
    return text;
  }

  // Writes the next chunk of `text` from `start` into the input as UTF-16 code units (the encoders'
  // input path, chosen by measurement: README "Speed") and returns how many.
  stageText(text, start) {
    if (writeUtf16 === null) return this.copyUtf16(text, start);
    const n = this.unitsToStage(text, start);
    writeUtf16(
      this.bytes,
      n === text.length ? text : apply(stringSlice, text, [start, start + n]),
      this.inputPtr,
      n * 2,
    );
    return n;
  }

  // Encodes `text` with encoder `id` in the "fatal" or "html" error mode into a new Uint8Array;
  // throws a TypeError naming the first code point that cannot be encoded (fatal).
  encode(id, name, text, html) {
    const chunks = [];
    let size = 0;
    let start = 0;
    let state = 0;
    do {
      this.enter();
      const { wasm, outputPtr } = this;
      const length = this.stageText(text, start);
      const options = (html ? HTML : 0) | (start + length === text.length ? FLUSH : 0);
      let offset = 0;
      for (;;) {
        this.scratch[0] = state;
        let status;
        try {
          status = wasm.ew_encode(id, options, offset, length - offset, 1);
        } catch (error) {
          throw this.failed(error, `encoding ${name}`);
        }
        // The first use of an encoder builds its lookup tables, which may grow memory.
        this.views();
        const { scratch } = this;
        state = scratch[0];
        if (status === STATUS_ERROR) throw new TypeError(MESSAGES.fatalEncode(name, scratch[5]));
        chunks.push(copyOut(this.u8, outputPtr, scratch[4]));
        size += scratch[4];
        offset += scratch[2];
        if (status === STATUS_DONE) break;
      }
      // A leading surrogate that ends a chunk (unpaired: a pair is never split) stays unread, for
      // the next chunk to see what follows it.
      start += offset;
    } while (start < text.length);
    if (chunks.length === 1) return chunks[0];
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) (setBytes(out, chunk, at), (at += chunk.length));
    return out;
  }

  // TextEncoder.encodeInto's UTF-8 encoder, for hosts without one: whole scalar values while they fit.
  encodeInto(text, destination) {
    const capacity = lengthOf(destination);
    let read = 0;
    let written = 0;
    while (read < text.length) {
      this.enter();
      const n = this.copyUtf16(text, read);
      // The capacity is a u32: a destination of 4 GiB or more must not wrap to a small one.
      try {
        this.wasm.ew_encode_into(n, Math.min(capacity - written, this.outputBytes));
      } catch (error) {
        throw this.failed(error, 'encoding UTF-8 into a buffer');
      }
      const r = this.scratch[2];
      const w = this.scratch[4];
      setBytes(destination, new Uint8Array(this.memory.buffer, this.outputPtr, w), written);
      read += r;
      written += w;
      if (r < n) break;
    }
    return { read, written };
  }
}
