// encoding-wasm/detect on the real-world documents of tools/detect/realworld.mjs (held-out text the
// tables were not trained on, wrapped as web pages, feeds, mail, subtitles, CSV, code, capitals and
// mostly-ASCII notes; a third of the translations, so it runs in seconds): accuracy floors on whole
// documents, on their prefixes and on damaged copies, and confidences that do not underflow. The
// expected answer is always the encoding the document was encoded in (a guess is right when it
// decodes the bytes to the same text); bench/detect_real.mjs prints the full figures with the peers.
import { beforeAll, describe, expect, it } from 'vitest';
import { detect } from '../../js/detect.js';
import { TextDecoder } from '../../js/index.js';
import { damaged, realWorldDocuments, sizeBucket } from '../../tools/detect/realworld.mjs';
import { thirdPartyDocuments } from '../../tools/detect/thirdparty.mjs';

const decodeAs = (name, input) => new TextDecoder(name).decode(input, { stream: true });
const right = (input, truth) => decodeAs(detect(input).encoding, input) === decodeAs(truth, input);
const share = (cells) => cells.filter(Boolean).length / cells.length;

let docs;
beforeAll(async () => {
  docs = await realWorldDocuments({ every: 3 });
  for (const doc of docs) doc.damaged = await Promise.all([1, 3, 10].map((count) => damaged(doc, count)));
});

describe('real-world documents (a third of the set)', () => {
  it('whole documents: at least 99% right with markup, 91% as plain text (capitals, mostly-ASCII notes, prose)', () => {
    expect(docs.length).toBeGreaterThan(500);
    expect(new Set(docs.map((d) => d.kind)).size).toBe(10);
    for (const [markup, floor] of [
      [true, 0.99],
      [false, 0.91],
    ]) {
      const set = docs.filter((d) => d.markup === markup);
      expect(share(set.map((d) => right(d.bytes, d.encoding))), `markup ${markup}`).toBeGreaterThanOrEqual(floor);
    }
  });

  it('prefixes of 8 bytes to 1 KiB: at least 95% right at each length', () => {
    for (const length of [8, 16, 32, 64, 128, 256, 512, 1024]) {
      const set = docs.filter((d) => d.bytes.length > length);
      const got = share(set.map((d) => right(d.bytes.subarray(0, length), d.encoding)));
      expect(got, `${length} bytes`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('damaged copies: 1, 3 and 10 bad bytes at least 96%, 95% and 93% right; the answer counts its errors', () => {
    const floors = [0.96, 0.95, 0.93];
    [1, 3, 10].forEach((count, i) => {
      const set = docs.filter((d) => d.damaged[i]);
      expect(set.length).toBeGreaterThan(100);
      expect(share(set.map((d) => right(d.damaged[i], d.encoding))), `${count} bad bytes`).toBeGreaterThanOrEqual(
        floors[i],
      );
      // In every size bucket too.
      for (const bucket of ['< 1 KiB', '1-8 KiB']) {
        const within = set.filter((d) => sizeBucket(d.damaged[i].length) === bucket);
        const got = share(within.map((d) => right(d.damaged[i], d.encoding)));
        expect(got, `${count} bad bytes, ${bucket}`).toBeGreaterThanOrEqual(floors[i] - 0.03);
      }
      // Where the answer is the true encoding, its errors are the U+FFFD its decoder outputs (at
      // least one for each bad byte that is not part of a character cut by the next).
      for (const d of set) {
        const result = detect(d.damaged[i]);
        if (result.encoding !== d.encoding) continue;
        expect(result.errors).toBe(decodeAs(d.encoding, d.damaged[i]).split('\uFFFD').length - 1);
        expect(result.errors).toBeGreaterThan(0);
      }
    });
  });

  it('no best guess without errors is less sure than 1e-6, whole or prefix', () => {
    let checked = 0;
    for (const d of docs)
      for (const length of [64, 256, 1024, Infinity]) {
        const result = detect(d.bytes.subarray(0, length));
        if (result.ascii || result.errors > 0) continue;
        checked++;
        expect(result.confidence, d.id).toBeGreaterThanOrEqual(1e-6);
      }
    expect(checked).toBeGreaterThan(1000);
  });
});

// Text nobody here wrote (tools/detect/thirdparty.mjs: TypeScript's translated compiler messages,
// encoded into each legacy encoding of their language): the expected answer is the encoding each
// document was encoded in.
describe('third-party text', () => {
  it('whole documents at least 99% right, prefixes of 64 bytes to 1 KiB at least 98%', async () => {
    const docs = await thirdPartyDocuments();
    expect(new Set(docs.map((d) => d.locale)).size).toBe(13);
    expect(share(docs.map((d) => right(d.bytes, d.encoding)))).toBeGreaterThanOrEqual(0.99);
    for (const length of [64, 256, 1024]) {
      const set = docs.filter((d) => d.bytes.length > length);
      expect(
        share(set.map((d) => right(d.bytes.subarray(0, length), d.encoding))),
        `${length} bytes`,
      ).toBeGreaterThanOrEqual(0.98);
    }
  });
});

describe('the reports of issue 22', () => {
  it('a Greek ISO-8859-7 RSS feed of about 4.5 KB with headlines in capitals: Greek, and sure of it', async () => {
    const all = await realWorldDocuments({ kinds: ['rss'] });
    const feeds = all.filter((d) => d.encoding === 'iso-8859-7' || d.encoding === 'windows-1253');
    expect(feeds.length).toBeGreaterThan(0);
    for (const d of feeds) {
      expect(decodeAs('iso-8859-7', d.bytes)).toMatch(/<title>[Α-ΩΆ-Ώ ,]+<\/title>/);
      const result = detect(d.bytes);
      expect(decodeAs(result.encoding, d.bytes), d.id).toBe(decodeAs(d.encoding, d.bytes));
      // The two Greek encodings may read it the same; together they are sure.
      const greek = [result, ...result.alternatives].filter(
        (a) => a.encoding === 'windows-1253' || a.encoding === 'iso-8859-7',
      );
      expect(greek.reduce((n, a) => n + a.confidence, 0)).toBeGreaterThan(0.9);
      for (const a of result.alternatives) expect(a.confidence).toBeGreaterThan(0);
    }
  });

  it('Hebrew windows-1255 pages: Hebrew, with a readable confidence', async () => {
    const pages = (await realWorldDocuments({ kinds: ['html', 'html-meta'] })).filter(
      (d) => d.encoding === 'windows-1255',
    );
    expect(pages.length).toBeGreaterThan(2);
    for (const d of pages) {
      const result = detect(d.bytes);
      expect(decodeAs(result.encoding, d.bytes), d.id).toBe(decodeAs('windows-1255', d.bytes));
      expect(result.confidence).toBeGreaterThan(0.3);
    }
  });
});
