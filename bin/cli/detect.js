// Which encoding the input is in when -f is not given: the package's sniff() (its byte order mark,
// its <meta> or XML declaration, then the statistics) over the first MiB (the rest of the input is
// not read for it).
import { percent, sniff } from 'encoding-wasm/detect';
import { readHead } from './input.js';

export const DETECT_LIMIT = 1024 * 1024;

// { result (sniff()'s answer), head (the chunks read), ended (the whole input was read) }.
// ignoreDeclarations: the statistics decide (a byte order mark still does).
export async function detectHead(iterator, ignoreDeclarations = false) {
  const { head, ended } = await readHead(iterator, DETECT_LIMIT);
  const bytes = new Uint8Array(
    Math.min(
      DETECT_LIMIT,
      head.reduce((n, chunk) => n + chunk.length, 0),
    ),
  );
  let filled = 0;
  for (const chunk of head) {
    if (filled >= bytes.length) break;
    bytes.set(chunk.subarray(0, bytes.length - filled), filled);
    filled += chunk.length;
  }
  // (A declared or BOM-named encoding's errors are all those of the bytes read, a sequence cut off
  // at their end no error unless they are the whole input.)
  const result = sniff(bytes, { ignoreDeclarations, stream: !ended });
  return { result, head, ended };
}

const errorCount = (n) => `${n} error${n === 1 ? '' : 's'}`;

// "shift_jis (97%)", "windows-1251 (100%, <meta charset>)", "utf-8 (100%, ASCII)",
// "shift_jis (76%, 5 errors)"; verbose: and the alternatives above 1%,
// "; alternatives: euc-jp 2%, gbk 1%" (from the statistics only).
export function describeDetection(result, verbose = false) {
  const notes = [percent(result.confidence)];
  if (result.source !== 'statistics') notes.push(result.declaration);
  else if (result.ascii) notes.push('ASCII');
  if (result.errors) notes.push(errorCount(result.errors));
  const alternatives = verbose
    ? result.alternatives
        .filter((a) => a.confidence > 0.01)
        .map((a) => `${a.encoding} ${percent(a.confidence)}${a.errors ? ` (${errorCount(a.errors)})` : ''}`)
    : [];
  return `${result.encoding} (${notes.join(', ')})${alternatives.length ? `; alternatives: ${alternatives.join(', ')}` : ''}`;
}

// Whether the input's own word decided (a Content-Type, <meta> or XML declaration).
export const declared = (result) =>
  result.source === 'transport' || result.source === 'meta' || result.source === 'xml';
