// The figures in README.md and docs/*.md are written by the benchmarks, never by hand: a benchmark
// run with --write-docs (`npm run bench -- <name> --write-docs`) replaces the text between
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` in every one of those files with the table it
// produced: a line that says how and where it was measured, a blank line, and a Markdown table.
// test/docs/tables.test.mjs checks that every marker pair has a name listed here and holds such a
// table, so that a hand edit which breaks the structure fails.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

// Every table a benchmark writes, and the script that writes it.
export const TABLES = {
  sizes: 'bench/sizes.mjs',
  'sizes-files': 'bench/sizes.mjs',
  'decode-summary': 'bench/decode.mjs',
  decode: 'bench/decode.mjs',
  'encode-summary': 'bench/encode.mjs',
  encode: 'bench/encode.mjs',
  startup: 'bench/startup.mjs',
  detect: 'bench/detect.mjs',
  'cli-summary': 'bench/cli.mjs',
  cli: 'bench/cli.mjs',
  // docs/detection.md's figures (bench/detect_real.mjs, run by bench/detect.mjs).
  'detect-summary': 'bench/detect.mjs',
  'detect-real-documents': 'bench/detect.mjs',
  'detect-real-prefixes': 'bench/detect.mjs',
  'detect-real-kinds': 'bench/detect.mjs',
  'detect-real-encodings': 'bench/detect.mjs',
  'detect-real-damaged': 'bench/detect.mjs',
  'detect-real-confidences': 'bench/detect.mjs',
  'detect-real-speed': 'bench/detect.mjs',
  'detect-third-party-prefixes': 'bench/detect.mjs',
  'detect-third-party-encodings': 'bench/detect.mjs',
};

const ROOT = new URL('../', import.meta.url);
const MARKER = /^<!-- (\/?)bench:([a-z0-9-]+) -->$/;

// The files that may hold markers: README.md and every Markdown file directly under docs/.
export function docFiles(root = ROOT) {
  const docs = readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

// A Markdown table: `header` the column titles, `rows` arrays of cells (strings or numbers),
// `align` one of 'l' or 'r' per column (default: the first column left, the rest right).
export function markdownTable(header, rows, align = header.map((_, i) => (i === 0 ? 'l' : 'r'))) {
  const line = (cells) => `| ${cells.map((c) => `${c}`.replaceAll('|', '\\|')).join(' | ')} |`;
  const rule = `| ${align.map((a) => (a === 'r' ? '--:' : '---')).join(' | ')} |`;
  for (const row of rows)
    if (row.length !== header.length) throw new Error(`a row of ${row.length} cells under ${header.length} columns`);
  return [line(header), rule, ...rows.map(line)].join('\n');
}

// The cells of a table line, or null if the line is not one (`\|` is a literal bar).
function cells(line) {
  if (!/^\|.*\|$/.test(line) || line.length < 3) return null;
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

// Checks the body between two markers: a line saying how it was measured, a blank line, and a
// table (a header, a rule of --- / --: cells, at least one row, every line with as many cells).
// Returns a list of problems (empty when well formed).
export function checkBody(body) {
  const lines = body.split('\n');
  const problems = [];
  if (lines.length < 5) return ['not a caption, a blank line and a table of at least one row'];
  if (!/^Measured by `npm run bench -- [a-z]+/.test(lines[0]))
    problems.push('the first line is not the benchmark\'s "Measured by `npm run bench -- …`" line');
  if (lines[1] !== '') problems.push('no blank line after the caption');
  const table = lines.slice(2);
  const width = cells(table[0])?.length;
  if (!width) return [...problems, 'no table header after the caption'];
  const rule = cells(table[1]);
  if (!rule || rule.length !== width || !rule.every((c) => /^:?-+:?$/.test(c) && c.length >= 3))
    problems.push('the second table line is not a rule of --- or --: cells, one per column');
  table.slice(2).forEach((line, i) => {
    const row = cells(line);
    if (!row) problems.push(`table line ${i + 3} is not a table row: ${line.slice(0, 60)}`);
    else if (row.length !== width) problems.push(`table line ${i + 3} has ${row.length} cells, not ${width}`);
  });
  return problems;
}

// The marker pairs of a document: [{ name, start, end }] (line indexes of the opening and closing
// marker). Throws on an unknown name, an unclosed or stray marker, or one inside another.
export function markerPairs(text, file = 'the text') {
  const pairs = [];
  let open = null;
  text.split('\n').forEach((line, i) => {
    const m = MARKER.exec(line);
    if (!m) {
      if (/<!--\s*\/?\s*bench:/.test(line)) throw new Error(`${file}:${i + 1}: a malformed bench marker: ${line}`);
      return;
    }
    const [, closing, name] = m;
    if (!Object.hasOwn(TABLES, name)) throw new Error(`${file}:${i + 1}: unknown table name "${name}"`);
    if (!closing) {
      if (open) throw new Error(`${file}:${i + 1}: bench:${name} opens inside bench:${open.name}`);
      open = { name, start: i };
    } else {
      if (!open || open.name !== name) throw new Error(`${file}:${i + 1}: /bench:${name} closes no open bench:${name}`);
      pairs.push({ ...open, end: i });
      open = null;
    }
  });
  if (open) throw new Error(`${file}:${open.start + 1}: bench:${open.name} is never closed`);
  return pairs;
}

// `text` with the body of every `name` marker pair replaced by `body`; unchanged if it has none.
export function replaceBody(text, name, body) {
  const lines = text.split('\n');
  for (const { start, end } of markerPairs(text).reverse())
    if (lines[start] === `<!-- bench:${name} -->`) lines.splice(start + 1, end - start - 1, ...body.split('\n'));
  return lines.join('\n');
}

// The line above each table: the command, the date, Node's version, and the load average where
// the figures are times (`timed`; sizes and accuracy do not depend on it).
export function caption(command, details = '', timed = true) {
  const day = new Date().toISOString().slice(0, 10);
  const load = timed ? `, load average ${loadavg()[0].toFixed(1)}` : '';
  return `Measured by \`npm run bench -- ${command}\` on ${day}, Node ${process.version}${load}${details ? `; ${details}` : ''}.`;
}

// Whether this run was asked to write the docs.
export const writingDocs = (args = process.argv) => args.includes('--write-docs');

// Writes each { name: { command, details, timed, header, rows, align } } into every document that has its
// markers. Throws (writing nothing) if a name is unknown, a body is not well formed, or no document
// has a marker for a table.
export function writeDocs(tables, root = ROOT) {
  const texts = new Map(docFiles(root).map((f) => [f, readFileSync(new URL(f, root), 'utf8')]));
  for (const [name, t] of Object.entries(tables)) {
    if (!Object.hasOwn(TABLES, name)) throw new Error(`unknown table name "${name}"`);
    const body = `${caption(t.command, t.details, t.timed ?? true)}\n\n${markdownTable(t.header, t.rows, t.align)}`;
    const problems = checkBody(body);
    if (problems.length) throw new Error(`table ${name}: ${problems.join('; ')}`);
    let found = false;
    for (const [file, text] of texts) {
      const next = replaceBody(text, name, body);
      if (next !== text || markerPairs(text, file).some((p) => p.name === name)) found = true;
      texts.set(file, next);
    }
    if (!found) throw new Error(`no document has <!-- bench:${name} --> markers`);
  }
  for (const [file, text] of texts) {
    const before = readFileSync(new URL(file, root), 'utf8');
    if (text !== before) {
      writeFileSync(new URL(file, root), text);
      console.log(`--write-docs: wrote ${file}`);
    }
  }
}
