// The batch files exchanged between run.mjs (Node) and deno_oracle.mjs (Deno). Plain ES module with
// no imports, so both runtimes load it. Little-endian throughout.
//
// Input batch:  "EWDB" u32 version=1 | u32 count | u16 nameLength | name (ASCII) |
//               count × ( u8 flags | u32 length | u32 cutCount | cutCount × u32 cut | length bytes )
// Result batch: "EWDR" u32 version=1 | u32 count |
//               count × 3 × ( u8 tag | u32 units | units × u16 )   (whole, fatal, stream)
//   tag 0: a string of `units` UTF-16 code units; 1: a TypeError (units = 0);
//   tag 2: any other exception, its "Name: message" as the string.

// Record flags (see generate.mjs).
export const FLAG_FATAL_STREAM = 1;
export const FLAG_IGNORE_BOM = 2;
export const FLAG_FLUSH_LAST = 4;

export const RESULTS_PER_INPUT = 3;
export const MODES = ['whole', 'fatal', 'stream']; // the three results of an input, in order // whole decode (fatal: false), whole decode (fatal: true), streaming
export const TYPE_ERROR = null; // how a TypeError is represented in memory
// Any other exception is represented as { other: 'Name: message' }.

const IN_MAGIC = 0x42445745; // "EWDB"
const OUT_MAGIC = 0x52445745; // "EWDR"

class Writer {
  constructor(size = 1 << 20) {
    this.buf = new Uint8Array(size);
    this.dv = new DataView(this.buf.buffer);
    this.pos = 0;
  }
  ensure(n) {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.dv = new DataView(next.buffer);
  }
  u8(v) {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }
  u16(v) {
    this.ensure(2);
    this.dv.setUint16(this.pos, v, true);
    this.pos += 2;
  }
  u32(v) {
    this.ensure(4);
    this.dv.setUint32(this.pos, v, true);
    this.pos += 4;
  }
  bytes(b) {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  units(s) {
    this.ensure(2 * s.length);
    const { dv } = this;
    let p = this.pos;
    for (let i = 0; i < s.length; i++, p += 2) dv.setUint16(p, s.charCodeAt(i), true);
    this.pos = p;
  }
  done() {
    return this.buf.subarray(0, this.pos);
  }
}

export function writeInputBatch(name, records) {
  const w = new Writer(1 << 22);
  w.u32(IN_MAGIC);
  w.u32(1);
  w.u32(records.length);
  w.u16(name.length);
  for (let i = 0; i < name.length; i++) w.u8(name.charCodeAt(i));
  for (const r of records) {
    w.u8(r.flags);
    w.u32(r.bytes.length);
    w.u32(r.cuts.length);
    for (const c of r.cuts) w.u32(c);
    w.bytes(r.bytes);
  }
  return w.done();
}

export function readInputBatch(buf) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let p = 0;
  const u32 = () => ((p += 4), dv.getUint32(p - 4, true));
  if (u32() !== IN_MAGIC || u32() !== 1) throw new Error('not an input batch (EWDB v1)');
  const count = u32();
  const nameLength = dv.getUint16(p, true);
  p += 2;
  let name = '';
  for (let i = 0; i < nameLength; i++) name += String.fromCharCode(buf[p++]);
  const records = new Array(count);
  for (let i = 0; i < count; i++) {
    const flags = buf[p++];
    const length = u32();
    const cutCount = u32();
    const cuts = new Array(cutCount);
    for (let k = 0; k < cutCount; k++) cuts[k] = u32();
    records[i] = { flags, bytes: buf.subarray(p, p + length), cuts };
    p += length;
  }
  return { name, records };
}

// results: a flat array of RESULTS_PER_INPUT × count values (string | null | { other }).
export function writeResultBatch(results) {
  const w = new Writer(1 << 22);
  w.u32(OUT_MAGIC);
  w.u32(1);
  w.u32(results.length / RESULTS_PER_INPUT);
  for (const r of results) {
    if (typeof r === 'string') {
      w.u8(0);
      w.u32(r.length);
      w.units(r);
    } else if (r === TYPE_ERROR) {
      w.u8(1);
      w.u32(0);
    } else {
      w.u8(2);
      w.u32(r.other.length);
      w.units(r.other);
    }
  }
  return w.done();
}

// `decodeUnits(buf, start, end)` turns UTF-16LE bytes into a string (Node: Buffer#toString
// ('utf16le'), which copies code units as they are, lone surrogates included).
export function readResultBatch(buf, decodeUnits) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let p = 0;
  const u32 = () => ((p += 4), dv.getUint32(p - 4, true));
  if (u32() !== OUT_MAGIC || u32() !== 1) throw new Error('not a result batch (EWDR v1)');
  const count = u32() * RESULTS_PER_INPUT;
  const results = new Array(count);
  for (let i = 0; i < count; i++) {
    const tag = buf[p++];
    const units = u32();
    const s = units === 0 ? '' : decodeUnits(buf, p, p + 2 * units);
    p += 2 * units;
    results[i] = tag === 0 ? s : tag === 1 ? TYPE_ERROR : { other: s };
  }
  return results;
}

// The chunks of a record's streaming decode (see generate.mjs).
export function chunksOf(record) {
  const chunks = [];
  let last = 0;
  for (const c of record.cuts) {
    chunks.push(record.bytes.subarray(last, c));
    last = c;
  }
  chunks.push(record.bytes.subarray(last));
  return chunks;
}

// Runs the three decodes of one record with a TextDecoder class (Deno's or encoding-wasm's).
// `shared` caches the decoders of the whole decodes: one per (fatal, ignoreBOM), reused across
// records (a decode() without stream starts a new decoder instance, and so does the call after a
// fatal error without stream). The streaming decode gets a new TextDecoder every time: after a
// TypeError with stream: true the spec keeps the decoder and its queue, which the reference (and
// this test) leaves alone.
export function decodeRecord(TextDecoderClass, name, record, shared) {
  const ignoreBOM = (record.flags & FLAG_IGNORE_BOM) !== 0;
  const get = (fatal) => {
    const key = (fatal ? 1 : 0) | (ignoreBOM ? 2 : 0);
    return (shared[key] ??= new TextDecoderClass(name, { fatal, ignoreBOM }));
  };
  const out = [run(() => get(false).decode(record.bytes)), run(() => get(true).decode(record.bytes))];
  out.push(
    run(() => {
      const fatal = (record.flags & FLAG_FATAL_STREAM) !== 0;
      const d = new TextDecoderClass(name, { fatal, ignoreBOM });
      const chunks = chunksOf(record);
      let s = '';
      if (record.flags & FLAG_FLUSH_LAST) {
        for (let i = 0; i < chunks.length - 1; i++) s += d.decode(chunks[i], { stream: true });
        s += d.decode(chunks[chunks.length - 1]);
      } else {
        for (const chunk of chunks) s += d.decode(chunk, { stream: true });
        s += d.decode();
      }
      return s;
    }),
  );
  return out;
}

function run(f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof TypeError) return TYPE_ERROR;
    return { other: `${e?.name}: ${e?.message}` };
  }
}
