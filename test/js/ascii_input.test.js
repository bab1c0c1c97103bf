// ASCII-only input, which a new decoder of most encodings may answer without wasm (js/host/native.js,
// isAscii; text_decoder.js): the result must be the reference decoder's for every encoding, and
// the shortcut must never apply where the bytes are not the text by themselves (a decoder in the
// middle of a stream, UTF-16, ISO-2022-JP's escapes, shared memory that may change).
import { describe, expect, it } from 'vitest';
import { TextDecoder } from './entry.js';
import * as reference from '../reference/reference.mjs';
import { readEncodings } from './helpers.js';

const names = readEncodings()
  .map((e) => e.name)
  .filter((name) => name !== 'replacement');
// ASCII input is malformed in these (ISO-2022-JP's shifts and escapes, UTF-16's odd lengths).
const errors = new Set(['ISO-2022-JP', 'UTF-16BE', 'UTF-16LE']);

// Every ASCII byte, 0x00..0x7F, over and over: the escapes of ISO-2022-JP and the NULs of UTF-16
// included.
const ascii = (length) => Uint8Array.from({ length }, (_, i) => (i * 37) & 0x7f);

// The lengths around the shortcut's bounds, longest last.
const LENGTHS = [0, 1, 63, 64, 65, 4096, 65528, 65529, 70000];

describe('ASCII-only input', () => {
  it.each(names)('%s: every length around the shortcut bounds decodes as the reference does', (name) => {
    // The reference decodes the longest input (every ASCII byte after every other); where that is
    // the bytes as they are, so is each shorter one (a prefix of it), and the reference is not run
    // again for each length (in every engine and mode it was most of this file's time). Where it is
    // not (ISO-2022-JP's escapes, UTF-16's pairs), the reference decodes each length.
    const longest = reference.decode(name, ascii(LENGTHS.at(-1)));
    const asBytes = longest === Array.from(ascii(LENGTHS.at(-1)), (b) => String.fromCharCode(b)).join('');
    expect(asBytes).toBe(!errors.has(name));
    for (const length of LENGTHS) {
      const bytes = ascii(length);
      const expected = asBytes ? longest.slice(0, length) : reference.decode(name, bytes);
      expect(new TextDecoder(name).decode(bytes) === expected).toBe(true);
      if (!errors.has(name)) expect(new TextDecoder(name, { fatal: true }).decode(bytes) === expected).toBe(true);
      // A view into a larger buffer, at an odd offset.
      const framed = new Uint8Array(length + 3);
      framed.set(bytes, 1);
      expect(new TextDecoder(name).decode(framed.subarray(1, 1 + length)) === expected).toBe(true);
    }
  });

  it.each(names)('%s: ASCII after a pending byte of a stream is decoded with it', (name) => {
    for (const lead of [0xe2, 0xd8, 0x81, 0x8e, 0x8f, 0xa4, 0x1b, 0xff]) {
      const bytes = ascii(4096);
      const d = new TextDecoder(name);
      const got = d.decode(new Uint8Array([lead]), { stream: true }) + d.decode(bytes);
      const all = new Uint8Array(4097);
      all[0] = lead;
      all.set(bytes, 1);
      expect(got === reference.decode(name, all)).toBe(true);
    }
  });

  it('the UTF-8 BOM state after a streamed ASCII chunk', () => {
    const d = new TextDecoder('utf-8');
    const text = d.decode(ascii(100), { stream: true }) + d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]));
    expect(text).toBe(reference.decode('UTF-8', new Uint8Array([...ascii(100), 0xef, 0xbb, 0xbf, 0x61])));
  });

  it('shared memory decodes as a copy of its bytes', () => {
    if (typeof SharedArrayBuffer !== 'function') return;
    const shared = new Uint8Array(new SharedArrayBuffer(4096));
    shared.set(ascii(4096));
    expect(new TextDecoder('windows-1252').decode(shared)).toBe(reference.decode('windows-1252', ascii(4096)));
  });
});
