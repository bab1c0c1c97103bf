// The multi-byte index tables, one blob per family (DESIGN.md section 3), and the wasm module that
// carries each blob as its data segment. Used by generate_tables.mjs.
import { readIndex } from './whatwg_data.mjs';
import { encodeDeltaStream } from './delta_stream.mjs';

// Each family's indexes, in blob order. `size` is the number of pointers stored (0..size-1).
export const FAMILY_TABLES = {
  'chinese-simplified': [
    { id: 'Gb18030', index: 'gb18030', size: 23940 },
    { id: 'Gb18030RangesPointer', ranges: 'pointer' },
    { id: 'Gb18030RangesCodePoint', ranges: 'codePoint' },
  ],
  'chinese-traditional': [{ id: 'Big5', index: 'big5', size: 19782 }],
  japanese: [
    { id: 'Jis0208', index: 'jis0208', size: 11104 },
    { id: 'Jis0212', index: 'jis0212', size: 7211 },
    { id: 'Iso2022JpKatakana', index: 'iso-2022-jp-katakana', size: 63 },
  ],
  korean: [{ id: 'EucKr', index: 'euc-kr', size: 23750 }],
};
export const FAMILIES = Object.keys(FAMILY_TABLES);

function tableValues(table) {
  if (table.ranges) {
    const ranges = [...readIndex('gb18030-ranges')].sort((a, b) => a[0] - b[0]);
    return ranges.map(([pointer, codePoint]) => (table.ranges === 'pointer' ? pointer : codePoint));
  }
  const map = readIndex(table.index);
  for (const pointer of map.keys()) {
    if (pointer >= table.size) throw new Error(`index-${table.index}.txt has pointer ${pointer} >= ${table.size}`);
  }
  return Array.from({ length: table.size }, (_, p) => (map.has(p) ? map.get(p) : null));
}

// FNV-1a, 32 bits: the core checks a loaded blob against the value generated with its layout.
function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

// { family: { blob: Uint8Array, checksum, tables: [{ id, offset, count }] } }
export function buildFamilyBlobs() {
  const out = {};
  for (const [family, tables] of Object.entries(FAMILY_TABLES)) {
    const bytes = [];
    const layout = [];
    for (const table of tables) {
      const values = tableValues(table);
      layout.push({ id: table.id, offset: bytes.length, count: values.length });
      bytes.push(...encodeDeltaStream(values, 0));
    }
    const blob = Uint8Array.from(bytes);
    out[family] = { blob, checksum: fnv1a(blob), tables: layout };
  }
  return out;
}

// A data-only wasm module: imports env.memory and the i32 global env.base and holds `blob` in an
// active data segment at base, so instantiating it copies the blob into the core's memory.
// https://webassembly.github.io/spec/core/binary/modules.html
export function dataModule(blob) {
  const uleb = (n) => {
    const out = [];
    do {
      let b = n & 0x7f;
      n >>>= 7;
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  };
  const name = (s) => [...uleb(s.length), ...Buffer.from(s, 'utf8')];
  const section = (id, body) => [id, ...uleb(body.length), ...body];
  const imports = [
    2, // two imports
    ...name('env'), ...name('memory'), 0x02, 0x00, 0x00, // memory, limits: min 0, no max
    ...name('env'), ...name('base'), 0x03, 0x7f, 0x00, // global i32, immutable
  ];
  const data = [
    1, // one segment
    0x00, 0x23, 0x00, 0x0b, // active, memory 0, offset: global.get 0; end
    ...uleb(blob.length),
  ];
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const head = Uint8Array.from([...header, ...section(2, imports), 11, ...uleb(data.length + blob.length), ...data]);
  const module = new Uint8Array(head.length + blob.length);
  module.set(head);
  module.set(blob, head.length);
  return module;
}
