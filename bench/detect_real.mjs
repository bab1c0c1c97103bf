// The real-world part of `npm run bench -- detect` (also on its own: node bench/detect_real.mjs
// [--only NAME] [--every N] [--write-docs]: the tables into docs/detection.md's bench:detect-real-*
// markers too, as `npm run bench -- detect --write-docs` writes them): every detector of detect_peers.mjs on the documents of
// tools/detect/realworld.mjs (web pages, feeds, mail, subtitles, CSV, code, capitals, mostly-ASCII
// notes, prose), whole and at each prefix length, and on their damaged copies, in one run; Markdown
// tables of the accuracy (%), then the confidences of encoding-wasm and the time per MB on the
// whole documents. docs/detection.md holds the tables as this prints them. Asserts nothing.
import { writeDocs as writeTables } from './docs_tables.mjs';
import { detect } from '../js/detect.js';
import { DETECTORS, judge } from './detect_peers.mjs';
import { damaged, realWorldDocuments, sizeBucket } from '../tools/detect/realworld.mjs';
import { thirdPartyDocuments } from '../tools/detect/thirdparty.mjs';
import { CJK_GROUPS } from '../tools/detect/languages.mjs';

const japanese = new Set(CJK_GROUPS.find((g) => g.group === 'japanese').encodings);
export const PREFIXES = [8, 16, 32, 64, 128, 256, 512, 1024, Infinity];
export const DAMAGE = [1, 3, 10];
const BUCKETS = ['< 1 KiB', '1-8 KiB', '> 8 KiB'];

// The tables the report printed, by their name in docs/detection.md's markers (bench/docs_tables.mjs),
// for --write-docs.
const written = {};
const emit = (text) => console.log(text);
const pct = (c) => (c && c.total ? ((100 * c.right) / c.total).toFixed(1) : '-');
const add = (map, key, right) => {
  const cell = map.get(key) ?? { right: 0, total: 0 };
  cell.right += right;
  cell.total++;
  map.set(key, cell);
};
function table(name, title, columns, rows, timed = false) {
  const lines = [
    `\n${title}\n`,
    `| ${columns.join(' | ')} |`,
    `|${columns.map((_, i) => (i ? ' ---: ' : ' --- ')).join('|')}|`,
  ];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  emit(lines.join('\n'));
  written[name] = { command: 'detect', details: title, timed, header: columns, rows };
}

// Accuracy of each detector: Map key -> { right, total } for the keys below.
function evaluate(docs, names) {
  const cells = Object.fromEntries(names.map((n) => [n, new Map()]));
  for (const name of names) {
    const detector = DETECTORS[name];
    const cell = cells[name];
    for (const doc of docs) {
      if (detector.japaneseOnly && !japanese.has(doc.encoding)) continue;
      const kind = doc.markup ? 'markup' : 'plain';
      for (const length of PREFIXES) {
        if (length !== Infinity && doc.bytes.length <= length) continue;
        const prefix = length === Infinity ? doc.bytes : doc.bytes.subarray(0, length);
        const right = judge(detector, prefix, doc.encoding);
        add(cell, `prefix ${length}`, right);
        add(cell, `prefix ${length} ${kind}`, right);
        if (length === Infinity) {
          add(cell, `whole ${doc.encoding}`, right);
          add(cell, `whole kind ${doc.kind}`, right);
        } else add(cell, `prefixes ${doc.encoding}`, right);
      }
      for (const count of DAMAGE) {
        const bytes = doc.damaged[count];
        if (!bytes) continue;
        const right = judge(detector, bytes, doc.encoding);
        add(cell, `damaged ${count}`, right);
        add(cell, `damaged ${count} ${sizeBucket(bytes.length)}`, right);
        add(cell, `damaged ${doc.encoding}`, right);
      }
    }
  }
  return cells;
}

export async function realWorldReport({ only = null, every = 1, writeDocs = false } = {}) {
  if (writeDocs && (only || every !== 1))
    throw new Error('--write-docs writes every detector on every document: no --only, --every');
  const docs = await realWorldDocuments({ every });
  for (const doc of docs) {
    doc.damaged = {};
    for (const count of DAMAGE) doc.damaged[count] = await damaged(doc, count);
  }
  const names = Object.keys(DETECTORS).filter((n) => !only || n === only);
  const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);
  emit(
    `\n## Real-world documents (tools/detect/realworld.mjs): ${docs.length} documents, ${(bytes / 2 ** 20).toFixed(1)} MiB` +
      `; encoding-japanese: Japanese documents only`,
  );
  table(
    'detect-real-documents',
    `The documents (${docs.length}, ${(bytes / 2 ** 20).toFixed(1)} MiB), by kind and size`,
    ['kind', ...BUCKETS, 'all'],
    [...new Set(docs.map((d) => d.kind)), 'all'].map((kind) => {
      const of = docs.filter((d) => kind === 'all' || d.kind === kind);
      return [kind, ...BUCKETS.map((b) => of.filter((d) => sizeBucket(d.bytes.length) === b).length), of.length];
    }),
  );
  const cells = evaluate(docs, names);
  const label = (l) => (l === Infinity ? 'whole' : `${l} B`);
  table(
    'detect-real-prefixes',
    'Accuracy (%) by prefix length, all documents (markup: HTML, RSS, mail, SRT, CSV, code; plain: capitals, mostly-ASCII, prose)',
    ['detector', ...PREFIXES.map(label)],
    names.flatMap((n) =>
      ['', ' markup', ' plain'].map((k) => [`${n}${k}`, ...PREFIXES.map((l) => pct(cells[n].get(`prefix ${l}${k}`)))]),
    ),
  );
  // The README's one detection table: a few columns of the tables above.
  table(
    'detect-summary',
    `Accuracy (%) on ${docs.length} generated documents (HTML, RSS, mail, subtitles, CSV, code, capitals, mostly-ASCII notes, prose; docs/detection.md): whole, their first bytes, and copies with bad bytes`,
    ['detector', 'whole', 'first 64 B', 'first 256 B', 'first 1 KiB', '1 bad byte', '3 bad bytes', '10 bad bytes'],
    names.map((n) => [
      DETECTORS[n].japaneseOnly ? `${n} (Japanese documents only)` : n,
      ...[Infinity, 64, 256, 1024].map((l) => pct(cells[n].get(`prefix ${l}`))),
      ...DAMAGE.map((count) => pct(cells[n].get(`damaged ${count}`))),
    ]),
  );
  const kinds = [...new Set(docs.map((d) => d.kind))];
  table(
    'detect-real-kinds',
    'Accuracy (%) on whole documents, by kind',
    ['kind', ...names],
    kinds.map((k) => [k, ...names.map((n) => pct(cells[n].get(`whole kind ${k}`)))]),
  );
  const encodings = [...new Set(docs.map((d) => d.encoding))];
  table(
    'detect-real-encodings',
    'Accuracy (%) by encoding: whole documents / every prefix of 8 B to 1 KiB / damaged copies (1, 3 and 10 bad bytes)',
    ['encoding', ...names],
    encodings.map((e) => [
      e,
      ...names.map((n) =>
        ['whole', 'prefixes', 'damaged'].map((what) => pct(cells[n].get(`${what} ${e}`))).join(' / '),
      ),
    ]),
  );
  table(
    'detect-real-damaged',
    'Accuracy (%) on damaged copies (bytes overwritten by a byte the encoding rejects), by size of the document',
    ['bad bytes', 'size', ...names],
    DAMAGE.flatMap((count) => [
      [count, 'all', ...names.map((n) => pct(cells[n].get(`damaged ${count}`)))],
      ...BUCKETS.map((b) => [count, b, ...names.map((n) => pct(cells[n].get(`damaged ${count} ${b}`)))]),
    ]),
  );
  await thirdPartyReport(names);
  if (!only || only === 'encoding-wasm') confidences(docs);
  speed(docs, names);
  if (writeDocs) writeTables(written);
}

// The third-party set (tools/detect/thirdparty.mjs: TypeScript's translated messages), whole and at
// each prefix length, by detector and by encoding.
async function thirdPartyReport(names) {
  const docs = await thirdPartyDocuments();
  const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);
  const cells = Object.fromEntries(names.map((n) => [n, new Map()]));
  for (const name of names)
    for (const doc of docs) {
      if (DETECTORS[name].japaneseOnly && !japanese.has(doc.encoding)) continue;
      for (const length of PREFIXES) {
        if (length !== Infinity && doc.bytes.length <= length) continue;
        const right = judge(
          DETECTORS[name],
          length === Infinity ? doc.bytes : doc.bytes.subarray(0, length),
          doc.encoding,
        );
        add(cells[name], `prefix ${length}`, right);
        add(cells[name], `${length === Infinity ? 'whole' : 'prefixes'} ${doc.encoding}`, right);
      }
    }
  const label = (l) => (l === Infinity ? 'whole' : `${l} B`);
  table(
    'detect-third-party-prefixes',
    `Third-party text (TypeScript's translated compiler messages, tools/detect/thirdparty.mjs; ${docs.length} documents, ${(bytes / 2 ** 20).toFixed(1)} MiB): accuracy (%) by prefix length`,
    ['detector', ...PREFIXES.map(label)],
    names.map((n) => [n, ...PREFIXES.map((l) => pct(cells[n].get(`prefix ${l}`)))]),
  );
  table(
    'detect-third-party-encodings',
    'Third-party text: accuracy (%) by encoding, whole documents / every prefix of 8 B to 1 KiB',
    ['encoding', ...names],
    [...new Set(docs.map((d) => d.encoding))].map((e) => [
      e,
      ...names.map((n) => ['whole', 'prefixes'].map((what) => pct(cells[n].get(`${what} ${e}`))).join(' / ')),
    ]),
  );
}

// encoding-wasm's confidences on every whole, prefix and damaged input: the lowest of the best
// guess where it has no errors (the target: never below 1e-6), and how sure its right and wrong
// answers are.
function confidences(docs) {
  let lowest = 1;
  let below = 0;
  const right = [];
  const wrong = [];
  for (const doc of docs) {
    const inputs = PREFIXES.filter((l) => l === Infinity || doc.bytes.length > l).map((l) => doc.bytes.subarray(0, l));
    for (const count of DAMAGE) if (doc.damaged[count]) inputs.push(doc.damaged[count]);
    for (const input of inputs) {
      const result = detect(input);
      if (result.errors === 0) {
        lowest = Math.min(lowest, result.confidence);
        below += result.confidence < 1e-6;
      }
      (judge(DETECTORS['encoding-wasm'], input, doc.encoding) ? right : wrong).push(result.confidence);
    }
  }
  const median = (values) => (values.length ? values.sort((a, b) => a - b)[values.length >> 1].toPrecision(3) : '-');
  table(
    'detect-real-confidences',
    'encoding-wasm confidences (every whole, prefix and damaged input)',
    ['what', 'value'],
    [
      ['lowest confidence of a best guess without errors', lowest.toPrecision(3)],
      ['best guesses without errors below 1e-6', below],
      [`median confidence, right answers (${right.length})`, median(right)],
      [`median confidence, wrong answers (${wrong.length})`, median(wrong)],
    ],
  );
}

// Time per MB on the whole documents, a call each: the best of 3 interleaved rounds.
function speed(docs, names) {
  const best = names.map(() => Infinity);
  const sets = names.map((n) => (DETECTORS[n].japaneseOnly ? docs.filter((d) => japanese.has(d.encoding)) : docs));
  for (let round = 0; round < 3; round++)
    names.forEach((n, i) => {
      const start = performance.now();
      for (const doc of sets[i]) DETECTORS[n].guess(doc.bytes);
      best[i] = Math.min(best[i], performance.now() - start);
    });
  table(
    'detect-real-speed',
    'Time on the whole documents, a call each (best of 3 interleaved rounds)',
    ['detector', 'ms/MB', 'documents'],
    names.map((n, i) => {
      const bytes = sets[i].reduce((k, d) => k + d.bytes.length, 0);
      return [n, ((best[i] / bytes) * 2 ** 20).toFixed(1), sets[i].length];
    }),
    true,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  await realWorldReport({
    only: option('--only') ?? null,
    every: Number(option('--every') ?? 1),
    writeDocs: args.includes('--write-docs'),
  });
}
