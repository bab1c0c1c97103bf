#!/usr/bin/env node
// encoding-wasm: convert text between the encodings of the WHATWG Encoding Standard, with iconv's
// options. `encoding-wasm --help` says how; README.md "Converting files" has examples.
import { parseArgs } from 'node:util';
import { main } from './cli/main.js';

const USAGE = `Usage: encoding-wasm [options] [FILE...]   (no FILE or "-": stdin)
  -f, --from LABEL     input encoding (default: what the input declares, else detected;
                       see "Detection" below; said on stderr)
  -t, --to LABEL       output encoding (default utf-8), with iconv's suffixes:
                       LABEL//TRANSLIT: a character the target lacks is written as its closest
                       spelling ("€" EUR, "—" -, "é" e, "½" 1/2), else "?"; the count on stderr;
                       LABEL//IGNORE: as -c; LABEL//TRANSLIT//IGNORE: no "?", dropped
  -o, --output PATH    output file, or a directory for several inputs (default stdout)
      --in-place       convert the files in place, keeping FILE.bak (--no-backup: none)
  -c                   drop what cannot be converted (malformed input, characters the target lacks)
      --errors MODE    fatal (default): stop at the first error, exit 1;
                       replacement: malformed input becomes U+FFFD;
                       html: that, and characters the target lacks become &#N;
      --keep-declaration
                       leave the input's <meta charset>, <meta http-equiv=Content-Type> or
                       <?xml encoding> as it is (by default its label is rewritten to the
                       target encoding, nothing else in the file changed; said on stderr)
      --bom, --no-bom  write a byte order mark (UTF-8 and UTF-16 output; default: UTF-16 only)
      --detect         print each input's encoding, convert nothing: "FILE: ENCODING (NN%)",
                       with the declaration that decided and the error count if any
  -v, --verbose        with --detect: the other candidates above 1% too
      --json           with --detect or -l: one JSON object a line for each input (encoding,
                       confidence, source: bom|meta|xml|statistics, declaration, label, errors,
                       alternatives above 1%, ascii, bom, lineEndings: LF|CRLF|CR|mixed|none)
                       or each encoding (name, labels)
      --ignore-declarations
                       detect from the statistics only: ignore <meta charset>, <meta
                       http-equiv=Content-Type> and <?xml encoding> (a byte order mark counts)
  -l, --list           list every encoding and its labels
  -h, --help           this text
Detection (no -f), as the HTML standard sniffs a page: a byte order mark; else the <meta charset>,
<meta http-equiv=Content-Type content="...; charset=..."> or <?xml ... encoding="..."?> in the first
1024 bytes (a label the Encoding standard lacks is ignored); else statistics over the first MiB.
Exit status: 0 done (also when the reader closes the pipe, as cat); 1 malformed input, an
unencodable character, an input that declares a label of the replacement encoding (iso-2022-kr,
hz-gb-2312, ...), or a file that cannot be read or written (a full disk, a directory, no
permission, an input that changed while it was read): the OS's message after the path; with
several files the others are still converted; 2 bad usage; 130/143 SIGINT/SIGTERM. An output file
appears only when complete: a temporary file beside it, renamed into place, removed on any failure.
`;

const OPTIONS = {
  from: { type: 'string', short: 'f' },
  to: { type: 'string', short: 't' },
  output: { type: 'string', short: 'o' },
  'in-place': { type: 'boolean' },
  'no-backup': { type: 'boolean' },
  c: { type: 'boolean', short: 'c' },
  errors: { type: 'string' },
  bom: { type: 'boolean' },
  'no-bom': { type: 'boolean' },
  detect: { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  'ignore-declarations': { type: 'boolean' },
  'keep-declaration': { type: 'boolean' },
  list: { type: 'boolean', short: 'l' },
  help: { type: 'boolean', short: 'h' },
};

let parsed;
try {
  parsed = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true });
} catch (error) {
  process.stderr.write(`encoding-wasm: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  process.stdout.write(USAGE);
} else {
  process.exitCode = await main(parsed.values, parsed.positionals);
}
