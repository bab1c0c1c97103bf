// `npm start`: decodes bundled samples in several encodings and prints the text, then shows the
// legacy encoders going the other way.
import { TextDecoder, encode } from '../js/index.js';

const samples = [
  ['windows-1252', [0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80, 0x35]],
  ['windows-1251', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0]],
  ['koi8-r', [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]],
  ['iso-8859-7', [0xc3, 0xe5, 0xe9, 0xdc, 0x20, 0xf3, 0xef, 0xf5]],
  ['utf-16le', [0xff, 0xfe, 0x48, 0x00, 0x69, 0x00, 0x3d, 0xd8, 0x00, 0xde]],
  ['utf-8', [0xe2, 0x82, 0xac, 0x31, 0x30, 0x20, 0xf0, 0x9f, 0x98, 0x80, 0xc0]],
];

console.log('encoding-wasm demo: decoding bytes with TextDecoder');
for (const [label, bytes] of samples) {
  const text = new TextDecoder(label).decode(new Uint8Array(bytes));
  console.log(
    `  ${label.padEnd(13)} ${bytes
      .map((b) => b.toString(16).padStart(2, '0'))
      .join(' ')
      .padEnd(36)} -> ${text}`,
  );
}

console.log('and back again with the legacy encoders (html error mode writes &#N;)');
for (const [label, text] of [
  ['windows-1252', '“Café” €5'],
  ['windows-1251', 'Привет, мир'],
  ['iso-8859-2', 'Zażółć ☃'],
]) {
  const bytes = encode(text, label, { errorMode: 'html' });
  console.log(
    `  ${label.padEnd(13)} ${text.padEnd(12)} -> ${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ')}`,
  );
}
