// The shared corpus (../shared/corpus, beside the repository): each legacy file is its UTF-8
// original encoded with the WHATWG encoder in html error mode (unencodable characters as &#N;),
// so encoding the original must give the file byte for byte, and decoding the file must give back
// what the encoder wrote. Skipped when the corpus is not there.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encode, TextDecoder } from './entry.js';
import * as reference from '../reference/reference.mjs';
import { bytesDiff } from './helpers.js';

// ENCODING_WASM_CORPUS names another directory (a worktree beside the repository has none beside it).
const corpus = process.env.ENCODING_WASM_CORPUS
  ? new URL(`file://${process.env.ENCODING_WASM_CORPUS.replace(/\/?$/, '/')}`)
  : new URL('../../../shared/corpus/', import.meta.url);
const present = existsSync(new URL('manifest.json', corpus));
const manifest = present ? JSON.parse(readFileSync(new URL('manifest.json', corpus), 'utf8')) : { files: [] };
const legacy = manifest.files.filter((f) => f.htmlEscaped !== undefined && !/^utf-/.test(f.encoding));
const read = (file) => new Uint8Array(readFileSync(new URL(file, corpus)));
const utf8 = new TextDecoder('utf-8');

describe.skipIf(!present)('corpus files', () => {
  it.each(legacy.map((f) => [f.file, f.encoding, f.set]))('%s (%s) round-trips', (file, label, set) => {
    const bytes = read(file);
    const original = utf8.decode(read(`${set}.utf-8.txt`));
    // The original, encoded in html mode, is the file.
    expect(bytesDiff(encode(original, label, { errorMode: 'html' }), bytes)).toBeNull();
    // Decoding the file gives the reference decoder's text (the original with &#N; escapes and
    // the spec's one-way mappings), in one call and streamed in odd-sized chunks.
    const text = new TextDecoder(label, { fatal: true }).decode(bytes);
    expect(text === reference.decode(reference.getEncoding(label), bytes)).toBe(true);
    const streaming = new TextDecoder(label);
    let streamed = '';
    for (let i = 0; i < bytes.length; i += 4093)
      streamed += streaming.decode(bytes.subarray(i, i + 4093), { stream: true });
    streamed += streaming.decode();
    expect(streamed === text).toBe(true);
    // And that text re-encodes to the same bytes.
    expect(bytesDiff(encode(text, label), bytes)).toBeNull();
  });

  const junk = manifest.files.filter((f) => f.agreementWithExodus);
  it.each(junk.flatMap((f) => Object.keys(f.agreementWithExodus).map((label) => [f.file, label])))(
    '%s decoded as %s matches the reference decoder',
    (file, label) => {
      const bytes = read(file);
      const name = reference.getEncoding(label);
      expect(new TextDecoder(label).decode(bytes) === reference.decode(name, bytes)).toBe(true);
      const fatal = (() => {
        try {
          return new TextDecoder(label, { fatal: true }).decode(bytes);
        } catch (e) {
          return e instanceof TypeError ? 'TypeError' : e;
        }
      })();
      const expected = (() => {
        try {
          return reference.decode(name, bytes, { fatal: true });
        } catch (e) {
          return e instanceof TypeError ? 'TypeError' : e;
        }
      })();
      expect(fatal === expected).toBe(true);
    },
  );
});
