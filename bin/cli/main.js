// What the command line asks for: the options checked, then -l, --detect, or a conversion of each
// input, with a one-line report per file when there are several (or -o DIR, or --in-place).
import { renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { normalizeEncoding } from 'encoding-wasm/hooks';
import { BOMS } from 'encoding-wasm/convert';
import { convert } from './convert.js';
import { declared, describeDetection, detectHead } from './detect.js';
import { ConversionError, UsageError } from './errors.js';
import { openInput, readHead } from './input.js';
import { listEncodings, listEncodingsJSON } from './list.js';
import { detectionReport, LineEndings } from './report.js';
import { FileOutput, osMessage, StdoutOutput } from './output.js';
import { createProgress } from './progress.js';

const ERROR_MODES = {
  fatal: { decodeErrors: 'fatal', encodeErrors: 'fatal' },
  replacement: { decodeErrors: 'replacement', encodeErrors: 'fatal' },
  html: { decodeErrors: 'replacement', encodeErrors: 'html' },
};

// Encodings whose bytes of ASCII text are that ASCII text.
const notAsciiCompatible = new Set(['utf-16be', 'utf-16le', 'iso-2022-jp']);

const say = (line) => process.stderr.write(`encoding-wasm: ${line}\n`);

export async function main(values, positionals) {
  try {
    if (values.list) {
      process.stdout.write(values.json ? listEncodingsJSON() : listEncodings());
      return 0;
    }
    if (values.json && !values.detect) throw new UsageError('--json goes with --detect or -l');
    const inputs = positionals.length ? positionals : ['-'];
    if (values.detect) return await detectEach(inputs, values);
    return await convertEach(resolve(values, inputs), inputs);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConversionError) {
      say(error.message);
      return error.exitCode;
    }
    if (error.code && error.path) {
      say(systemMessage(error));
      return 1;
    }
    throw error;
  }
}

// "a.txt: no such file or directory" from "ENOENT: no such file or directory, open 'a.txt'".
const systemMessage = (error) => `${error.path}: ${osMessage(error)}`;

function encodingOf(label, what) {
  const encoding = normalizeEncoding(label);
  if (encoding === null) throw new UsageError(`unknown ${what} encoding label "${label}" (-l lists them)`);
  if (encoding === 'replacement') throw new UsageError(`"${label}" is a label of replacement, which converts nothing`);
  return encoding;
}

function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// iconv's suffixes of the output encoding: "shift_jis//TRANSLIT//IGNORE" -> { label, translit, ignore }.
function suffixes(label) {
  const [name, ...rest] = label.split('//');
  const flags = new Set(rest.map((s) => s.toUpperCase()));
  for (const flag of flags) {
    if (flag !== 'TRANSLIT' && flag !== 'IGNORE') {
      throw new UsageError(`-t ${label}: unknown suffix //${flag} (//TRANSLIT and //IGNORE are known)`);
    }
  }
  return { label: name, translit: flags.has('TRANSLIT'), ignore: flags.has('IGNORE') };
}

function resolve(values, inputs) {
  const target = suffixes(values.to ?? 'utf-8');
  const to = encodingOf(target.label, 'output');
  const from = values.from === undefined ? null : encodingOf(values.from, 'input');
  const mode = ERROR_MODES[values.errors ?? 'fatal'];
  if (!mode) throw new UsageError(`--errors takes fatal, replacement or html, not "${values.errors}"`);
  if (values.bom && values['no-bom']) throw new UsageError('--bom and --no-bom together');
  if (values.bom && !BOMS[to]) throw new UsageError(`--bom: ${to} has no byte order mark (UTF-8 and UTF-16 do)`);
  const bom = values.bom ? true : values['no-bom'] ? false : to.startsWith('utf-16');
  const inPlace = Boolean(values['in-place']);
  const outputDir = values.output !== undefined && isDirectory(values.output) ? values.output : null;
  if (inPlace && values.output !== undefined) throw new UsageError('--in-place and -o together');
  if (inPlace && inputs.includes('-')) throw new UsageError('--in-place needs files, not stdin');
  if (inputs.length > 1 && !inPlace && !outputDir) {
    throw new UsageError('several inputs need -o DIR (an existing directory) or --in-place');
  }
  if (outputDir && inputs.includes('-')) throw new UsageError('-o DIR needs files, not stdin');
  return {
    from,
    to,
    ...mode,
    omit: Boolean(values.c) || target.ignore,
    translit: target.translit,
    bom,
    bomAsked: Boolean(values.bom || values['no-bom']),
    inPlace,
    backup: !values['no-backup'],
    outputDir,
    outputFile: outputDir ? null : (values.output ?? null),
    several: inPlace || outputDir !== null,
    ignoreDeclarations: Boolean(values['ignore-declarations']),
    keepDeclaration: Boolean(values['keep-declaration']),
  };
}

async function detectEach(inputs, values) {
  for (const path of inputs) {
    const input = await openInput(path);
    const iterator = input.chunks()[Symbol.asyncIterator]();
    const { result, head, ended } = await detectHead(iterator, Boolean(values['ignore-declarations']));
    if (!values.json) {
      await iterator.return?.();
      process.stdout.write(`${input.name}: ${describeDetection(result, Boolean(values.verbose))}\n`);
      continue;
    }
    // The line endings of the whole input.
    const lines = new LineEndings(result.encoding);
    for (const chunk of head) lines.feed(chunk);
    if (!ended) for await (const chunk of { [Symbol.asyncIterator]: () => iterator }) lines.feed(chunk);
    const bom = result.source === 'bom';
    const report = detectionReport(input.name, result, { bom, lineEndings: lines.result() });
    process.stdout.write(`${JSON.stringify(report)}\n`);
  }
  return 0;
}

async function convertEach(options, inputs) {
  let status = 0;
  for (const path of inputs) {
    try {
      const line = await convertOne(options, path);
      if (options.several) say(line);
    } catch (error) {
      if (!options.several || !(error instanceof ConversionError || (error.code && error.path))) throw error;
      say(error instanceof ConversionError ? error.message : systemMessage(error));
      status = 1;
    }
  }
  return status;
}

const characters = (n) => `${n} character${n === 1 ? '' : 's'}`;

// "a.txt: 3 characters transliterated, 1 with no spelling in shift_jis written as ?".
function translitReport(name, { transliterated, unspelled }, { to, omit, encodeErrors }) {
  const rest = omit ? 'dropped' : `written as ${encodeErrors === 'html' ? '&#N;' : '?'}`;
  const none = unspelled ? `, ${unspelled} with no spelling in ${to} ${rest}` : '';
  return `${name}: ${characters(transliterated)} transliterated${none}`;
}

async function convertOne(options, path) {
  const { to } = options;
  const input = await openInput(path);
  const iterator = input.chunks()[Symbol.asyncIterator]();
  let from = options.from;
  let head, ended, ascii;
  let sniffed = null;
  if (from === null) {
    const detected = await detectHead(iterator, options.ignoreDeclarations);
    ({ head, ended } = detected);
    from = detected.result.encoding;
    ascii = ended && detected.result.ascii;
    sniffed = detected.result;
    if (from === 'replacement') {
      await iterator.return?.();
      throw new ConversionError(
        `${input.name}: its ${sniffed.declaration} declares "${sniffed.label}", a label of the replacement encoding, ` +
          'which converts nothing (-f LABEL or --ignore-declarations to read it otherwise)',
      );
    }
    const verb = declared(sniffed) ? 'declared' : 'detected';
    if (!options.several) say(`${input.name}: ${verb} ${describeDetection(sniffed)}`);
  } else {
    ({ head, ended } = options.several ? await readHead(iterator, 1024 * 1024) : { head: [], ended: false });
    ascii = ended && !notAsciiCompatible.has(from) && head.every((chunk) => chunk.every((byte) => byte < 0x80));
  }
  const hasBOM = head.length > 0 && BOMS[from] !== undefined && BOMS[from].every((byte, i) => head[0][i] === byte);
  if (options.several) {
    const same = from === to && (!options.bomAsked || hasBOM === options.bom);
    const asciiAlready = ascii && !notAsciiCompatible.has(to) && !options.bom;
    if (same || asciiAlready) {
      await iterator.return?.();
      return `${input.name}: skipped, already ${asciiAlready ? `ASCII, which is ${to}` : to}`;
    }
  }
  const destination = options.inPlace
    ? path
    : options.outputDir
      ? join(options.outputDir, basename(path))
      : options.outputFile;
  const output = destination === null ? new StdoutOutput() : new FileOutput(destination);
  const chunks = (async function* () {
    yield* head;
    if (!ended) yield* { [Symbol.asyncIterator]: () => iterator };
  })();
  const progress = createProgress(input.name, input.size);
  let result;
  try {
    result = await convert({ ...options, input, chunks, from, write: (bytes) => output.write(bytes), progress });
  } catch (error) {
    output.abort();
    throw error;
  } finally {
    progress.done();
  }
  output.commit(options.inPlace && options.backup ? (original) => renameSync(original, `${original}.bak`) : undefined);
  const where = options.inPlace ? (options.backup ? `in place (${path}.bak kept)` : 'in place') : `-> ${destination}`;
  if (result.transliterated || result.unspelled) say(translitReport(input.name, result, options));
  if (result.declaration) {
    const { declaration, label } = result.declaration;
    const what = declaration === 'xml' ? 'XML declaration' : '<meta> charset';
    say(`${input.name}: its ${what} "${label}" now says "${to}" (--keep-declaration leaves it)`);
  }
  const detected = sniffed === null ? '' : declared(sniffed) ? ` (${sniffed.declaration})` : ' (detected)';
  return `${input.name}: ${from}${detected} -> ${to}, ${result.bytesIn} bytes, ${where}`;
}
