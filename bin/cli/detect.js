// Which encoding the input is in when -f is not given: the package's EncodingDetector over the first
// MiB (the rest of the input is not read for it).
import { EncodingDetector } from 'encoding-wasm/detect';
import { readHead } from './input.js';

export const DETECT_LIMIT = 1024 * 1024;

// { result (detect()'s answer), head (the chunks read), ended (the whole input was read) }.
export async function detectHead(iterator) {
  const { head, ended } = await readHead(iterator, DETECT_LIMIT);
  const detector = new EncodingDetector();
  let fed = 0;
  for (const chunk of head) {
    if (fed >= DETECT_LIMIT) break;
    const part = chunk.subarray(0, DETECT_LIMIT - fed);
    detector.feed(part);
    fed += part.length;
  }
  return { result: detector.finish(), head, ended };
}

// "shift_jis (confidence 0.98); alternatives: euc-jp 0.01, gbk 0.01" or "ASCII (utf-8 …)"; a guess
// whose decoder finds malformed sequences (a few are tolerated in a long input) says how many:
// "shift_jis (confidence 0.76, 5 errors)".
// At most `limit` alternatives.
export function describeDetection(result, limit = Infinity) {
  const alternatives = result.alternatives
    .slice(0, limit)
    .map((a) => `${a.encoding} ${round(a.confidence)}${a.errors ? ` (${errorCount(a.errors)})` : ''}`);
  return (
    `${result.encoding} (confidence ${round(result.confidence)}${result.ascii ? ', ASCII' : ''}` +
    `${result.errors ? `, ${errorCount(result.errors)}` : ''})` +
    (alternatives.length ? `; alternatives: ${alternatives.join(', ')}` : '')
  );
}

const errorCount = (n) => `${n} error${n === 1 ? '' : 's'}`;
const round = (x) => (x >= 0.001 || x === 0 ? String(Number(x.toFixed(3))) : x.toExponential(1));
