// The hex view: rows of 16 bytes around a byte range, the range and malformed sequences marked.
const ROW = 16;
const ROWS_AROUND = 4;

const hex2 = (n) => n.toString(16).padStart(2, '0');

// Fills `container` with the rows of `bytes` (which start at file offset 0) around [from, to).
export function renderHex(container, bytes, from, to, errors) {
  const bad = new Uint8Array(bytes.length);
  for (const e of errors) bad.fill(1, e.offset, e.offset + e.length);
  const first = Math.max(0, Math.floor(from / ROW) - ROWS_AROUND) * ROW;
  const last = Math.min(bytes.length, (Math.floor(Math.max(from, to - 1) / ROW) + ROWS_AROUND + 1) * ROW);
  const out = document.createDocumentFragment();
  for (let row = first; row < last; row += ROW) {
    const line = document.createElement('div');
    line.className = 'hex-row';
    line.append(`${row.toString(16).padStart(8, '0')}  `);
    let ascii = '';
    for (let i = row; i < row + ROW; i++) {
      if (i >= bytes.length) {
        line.append('   ');
        continue;
      }
      const cell = document.createElement('span');
      cell.textContent = hex2(bytes[i]);
      if (i >= from && i < to) cell.className = 'sel';
      else if (bad[i]) cell.className = 'bad';
      line.append(cell, ' ');
      ascii += bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : '.';
    }
    line.append(` ${ascii}`);
    out.append(line);
  }
  container.replaceChildren(out);
}
