import { detect } from '../js/detect.js';
import { TextDecoder } from '../js/index.js';
import { evaluationSamples } from '../tools/detect/corpus.mjs';
const set = process.argv[2] ?? 'cldr';
const samples = await evaluationSamples(set);
const conf = {};
const ex = {};
for (const s of samples) {
  const g = detect(s.bytes).encoding;
  const d = (n) => new TextDecoder(n).decode(s.bytes, { stream: true });
  if (d(g) !== d(s.encoding)) {
    const k = `${s.encoding} -> ${g}`;
    conf[k] = (conf[k] ?? 0) + 1;
    (ex[k] ??= []).push(`${s.code}: ${d(s.encoding).replace(/\n/g, ' | ').slice(0, 100)}`);
  }
}
for (const [k, n] of Object.entries(conf)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 25))
  console.log(n, k, '::', ex[k][0]);
