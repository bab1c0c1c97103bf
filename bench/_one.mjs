import { EncodingDetector } from '../js/detect.js';
import { TextDecoder } from '../js/index.js';
import { evaluationSamples } from '../tools/detect/corpus.mjs';
const [set, code, enc, nth = 0] = process.argv.slice(2);
const samples = (await evaluationSamples(set)).filter((s) => s.code === code && s.encoding === enc);
const s = samples[Number(nth)];
const text = new TextDecoder(enc).decode(s.bytes);
console.log([...text].filter((c) => c > '\x7f').join(' '), '|', text.replace(/\n/g, ' | ').slice(0, 200));
const d = new EncodingDetector();
d.feed(s.bytes);
const r = d.guess();
for (const p of d.probers)
  if (p.alive) console.log(p.name.padEnd(14), (p.score / 4).toFixed(1), p.group !== undefined ? '' : '');
console.log(
  r.encoding,
  r.alternatives
    .slice(0, 4)
    .map((a) => a.encoding + ':' + a.confidence.toFixed(3))
    .join(' '),
);
