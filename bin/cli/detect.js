// Which encoding the input is in when -f is not given: the package's sniff() (its byte order mark,
// its <meta> or XML declaration, then the statistics) over the first MiB (the rest of the input is
// not read for it).
import { sniff } from 'encoding-wasm/detect';
import { ErrorReportingDecoder } from 'encoding-wasm/errors';
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
  let result = sniff(bytes, { ignoreDeclarations });
  // A declared (or BOM-named) encoding's errors, all of them (sniff() gives detect()'s count, which
  // stops early in a short input and counts no UTF-16 errors): those of the bytes read, a sequence cut off at their end no error unless
  // they are the whole input.
  if ((declared(result) || result.source === 'bom') && result.encoding !== 'replacement') {
    const { errors } = new ErrorReportingDecoder(result.encoding).decode(bytes, { stream: !ended });
    result = { ...result, errors: errors.length };
  }
  return { result, head, ended };
}

// A confidence as a percentage a person reads: "97%"; "<1%" and ">99%" where rounding would say
// 0% or 100% of a confidence that is neither.
export function percent(confidence) {
  if (confidence > 0 && confidence < 0.005) return '<1%';
  if (confidence < 1 && confidence >= 0.995) return '>99%';
  return `${Math.round(confidence * 100)}%`;
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
