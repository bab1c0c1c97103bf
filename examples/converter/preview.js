// The preview: the decoded text with each malformed sequence shown as a marked U+FFFD (its byte
// offset and bytes in the title), and the way back from the cursor to the text's code units.
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

// Fills `container` with decodeWithErrors()'s text; `bytes` are the ones it decoded.
export function renderPreview(container, { text, errors }, bytes) {
  const out = document.createDocumentFragment();
  let done = 0;
  for (const e of errors) {
    if (e.at > done) out.append(text.slice(done, e.at));
    const mark = document.createElement('mark');
    mark.textContent = '\ufffd';
    mark.dataset.offset = e.offset;
    mark.dataset.length = e.length;
    mark.title = `malformed: ${hex(bytes.subarray(e.offset, e.offset + e.length))} at byte ${e.offset}`;
    out.append(mark);
    done = e.at + 1;
  }
  out.append(text.slice(done));
  container.replaceChildren(out);
}

// The code-unit offsets [start, end) of the selection (or the cursor) inside container, or null.
export function selectionUnits(container) {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer)) return null;
  const before = document.createRange();
  before.setStart(container, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}
