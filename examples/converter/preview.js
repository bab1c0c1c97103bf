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

// Selects the character at code unit `unit` of container's text (the keyboard's cursor: a
// non-editable text has no caret of its own).
export function selectUnit(container, unit) {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(), at = 0; node; at += node.length, node = walker.nextNode()) {
    if (unit >= at + node.length) continue;
    const offset = unit - at;
    const code = node.data.charCodeAt(offset);
    const range = document.createRange();
    range.setStart(node, offset);
    range.setEnd(node, Math.min(node.length, offset + (code >= 0xd800 && code <= 0xdbff ? 2 : 1)));
    document.getSelection().removeAllRanges();
    document.getSelection().addRange(range);
    return;
  }
}

// Where a key moves the cursor from `unit` in `text`: a character left or right, a line up or
// down, the start or end of the text; undefined for another key.
export function moveUnit(text, unit, key) {
  const lineStart = (i) => text.lastIndexOf('\n', i - 1) + 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(text.length - 1, unit + (/[\ud800-\udbff]/.test(text[unit]) ? 2 : 1));
    case 'ArrowLeft':
      return Math.max(0, unit - (/[\udc00-\udfff]/.test(text[unit - 1]) ? 2 : 1));
    case 'ArrowDown': {
      const next = text.indexOf('\n', unit);
      return next < 0 || next + 1 >= text.length ? unit : next + 1;
    }
    case 'ArrowUp':
      return lineStart(unit) === 0 ? unit : lineStart(lineStart(unit) - 1);
    case 'Home':
      return 0;
    case 'End':
      return Math.max(0, text.length - 1);
    default:
      return undefined;
  }
}
