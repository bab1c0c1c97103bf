// The converter page: files in, detection and preview, conversion out. The modules next to this
// one do the work; this one keeps the state and wires the page's elements.
import 'encoding-wasm/tables/all';
import { describeDetection, detectBlob, listed, sureness } from './detection.js';
import { decodeWithErrors } from './errors.js';
import { outputName, SOURCE_ENCODINGS, TARGETS, targetByValue } from './encodings.js';
import { moveUnit, renderPreview, selectionUnits, selectUnit } from './preview.js';
import { renderHex } from './hex.js';
import { convertBlob, describeChar } from './convert.js';
import { registerOffline } from './offline.js';

// The preview decodes (and the hex view shows) the first PREVIEW_BYTES of a file.
export const PREVIEW_BYTES = 64 * 1024;

const $ = (id) => document.getElementById(id);
const files = []; // { file, detection, source, preview: { bytes, text, errors, unitByte } }
let current = null;
let running = null; // the AbortController of the conversion under way
let download = null; // the object URL of the last result

const option = (value, text) => Object.assign(document.createElement('option'), { value, textContent: text });
const size = (n) =>
  n < 1024 ? `${n} B` : n < 1 << 20 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / (1 << 20)).toFixed(1)} MiB`;
const say = (text) => ($('status').textContent = text);

$('target').append(...TARGETS.map((t) => option(t.value, t.label)));

async function addFiles(list) {
  for (const file of list) {
    const entry = { file, detection: null, source: null, preview: null };
    files.push(entry);
    entry.detection = await detectBlob(file);
    entry.source = entry.detection.encoding;
    renderList();
    if (!current) await select(entry);
  }
  say(`${files.length} file${files.length === 1 ? '' : 's'} open.`);
}

function renderList() {
  $('files').replaceChildren(
    ...files.map((entry) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `${entry.file.name} · ${size(entry.file.size)} · ${entry.source}`;
      button.setAttribute('aria-pressed', String(entry === current));
      button.addEventListener('click', () => select(entry));
      const item = document.createElement('li');
      item.append(button);
      return item;
    }),
  );
}

async function select(entry) {
  current = entry;
  renderList();
  const { detection } = entry;
  delete $('preview-status').dataset.errors;
  $('download').hidden = true;
  $('warning').hidden = true;
  $('progress').hidden = true;
  $('source-name').textContent = entry.file.name;
  const alternatives = listed(detection.alternatives);
  const guesses = [detection.encoding, ...alternatives.map((a) => a.encoding)];
  const detected = document.createElement('optgroup');
  detected.label = detection.source === 'statistics' ? 'Detected' : 'Declared';
  detected.append(
    option(detection.encoding, `${detection.encoding} (${sureness(detection)})`),
    ...alternatives.map((a) => option(a.encoding, `${a.encoding} (${sureness(a)})`)),
  );
  const all = document.createElement('optgroup');
  all.label = 'All encodings';
  all.append(...SOURCE_ENCODINGS.filter((e) => !guesses.includes(e)).map((e) => option(e, e)));
  $('source').replaceChildren(detected, all);
  $('source').value = entry.source;
  $('detected').textContent = describeDetection(detection);
  $('detected').dataset.source = detection.source;
  $('source-section').hidden = false;
  $('convert-section').hidden = false;
  await showPreview(entry);
}

async function showPreview(entry) {
  const bytes = new Uint8Array(await entry.file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const whole = entry.file.size <= PREVIEW_BYTES;
  entry.preview = { bytes, ...decodeWithErrors(bytes, entry.source, { final: whole }) };
  if (entry !== current) return;
  const n = entry.preview.errors.length;
  $('preview-status').textContent =
    `${n} malformed byte sequence${n === 1 ? '' : 's'} as ${entry.source}` +
    (whole ? '.' : ` in the first ${size(PREVIEW_BYTES)} (the preview shows those).`);
  $('preview-status').dataset.errors = n;
  renderPreview($('preview'), entry.preview, bytes);
  showHex(0, 1);
}

function showHex(from, to) {
  const { bytes, errors } = current.preview;
  renderHex($('hex'), bytes, from, to, errors);
}

// The bytes of the characters at the cursor or selection in the preview.
document.addEventListener('selectionchange', () => {
  const units = current?.preview && selectionUnits($('preview'));
  if (!units) return;
  const { unitByte, bytes } = current.preview;
  const byteAt = (unit) => (unit < unitByte.length ? unitByte[unit] : bytes.length);
  const from = byteAt(units.start);
  let to = byteAt(Math.max(units.end, units.start + 1));
  if (to <= from) to = from + 1;
  showHex(from, to);
});

// The keyboard's cursor in the preview: arrows, Home and End select a character.
$('preview').addEventListener('keydown', (e) => {
  if (!current?.preview || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const unit = moveUnit(current.preview.text, selectionUnits($('preview'))?.start ?? 0, e.key);
  if (unit === undefined) return;
  e.preventDefault();
  selectUnit($('preview'), unit);
});

$('picker').addEventListener('change', () => addFiles([...$('picker').files]));
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  e.preventDefault();
  if (e.dataTransfer?.files.length) addFiles([...e.dataTransfer.files]);
});
$('source').addEventListener('change', () => {
  current.source = $('source').value;
  renderList();
  showPreview(current);
});

function finish(result, name) {
  if (download) URL.revokeObjectURL(download);
  download = URL.createObjectURL(result.blob);
  const link = $('download');
  link.href = download;
  link.download = name;
  link.textContent = `Download ${name} (${size(result.blob.size)})`;
  link.dataset.bytes = result.blob.size;
  link.hidden = false;
  say(`Converted ${size(result.bytesIn)} into ${size(result.blob.size)}.${declarationNote(result.declaration)}`);
  $('status').dataset.declaration = result.declaration ? result.declaration.label : '';
  link.focus();
}

// What the conversion did to the file's own charset declaration, for the status line.
function declarationNote(declaration) {
  if (!declaration) return '';
  const what = declaration.declaration === 'xml' ? 'XML declaration' : '<meta> charset';
  const now = targetByValue($('target').value).encoding;
  return ` Its ${what} said “${declaration.label}”; it now says “${now}”, so that it stays true (“Charset declaration: keep it” leaves it).`;
}

// translit: iconv's //TRANSLIT for the characters the target lacks (the warning's second choice).
async function convertCurrent(translit = false) {
  const entry = current;
  const target = targetByValue($('target').value);
  const name = outputName(entry.file.name, target);
  running = new AbortController();
  $('download').hidden = true;
  $('warning').hidden = true;
  $('convert').disabled = true;
  $('cancel').hidden = false;
  const progress = $('progress');
  progress.hidden = false;
  progress.value = 0;
  say(`Converting ${entry.file.name} from ${entry.source} to ${target.label}…`);
  try {
    const result = await convertBlob(entry.file, entry.source, target, {
      errorMode: translit ? 'translit' : $('error-mode').value,
      fatalInput: $('malformed').value === 'fatal',
      keepDeclaration: $('declaration').value === 'keep',
      signal: running.signal,
      onProgress: (done, total) => {
        progress.value = total ? done / total : 1;
        progress.dataset.bytes = done;
      },
    });
    $('status').dataset.largestPart = result.largestPart;
    const { count, first } = result.unencodable;
    if (count === 0 || translit) {
      finish(result, name);
      if (count) say(`${$('status').textContent} ${count} character${count === 1 ? '' : 's'} spelled or written as ?.`);
      return;
    }
    $('warning-text').textContent =
      `${count} character${count === 1 ? '' : 's'} cannot be encoded in ${target.label}; ` +
      `they would be written as HTML character references (&#N;). The first:`;
    $('warning-text').dataset.count = count;
    $('warning-chars').replaceChildren(
      ...first.map((c) => Object.assign(document.createElement('li'), { textContent: describeChar(c) })),
    );
    $('warning').hidden = false;
    say(`${count} character${count === 1 ? '' : 's'} cannot be encoded: save anyway?`);
    $('save-anyway').focus();
    $('save-anyway').onclick = () => {
      $('warning').hidden = true;
      finish(result, name);
    };
    $('save-translit').onclick = () => {
      $('warning').hidden = true;
      convertCurrent(true);
    };
    $('discard').onclick = () => {
      $('warning').hidden = true;
      say('Not saved.');
    };
  } catch (error) {
    say(running.signal.aborted ? 'Cancelled.' : `Stopped: ${error.message}`);
  } finally {
    running = null;
    $('convert').disabled = false;
    $('cancel').hidden = true;
  }
}

$('convert').addEventListener('click', () => convertCurrent());
$('cancel').addEventListener('click', () => running?.abort());

registerOffline();
document.documentElement.dataset.ready = 'true';
