// Drives the converter page in its iframe as a user would (file input, selects, buttons) and checks
// what it shows and saves against test/page/fixtures.mjs's expectations (computed in Node with
// @exodus/bytes). Reports through page-report.js; test/page/run.mjs runs it in each engine.
const frame = document.getElementById('converter');
// ?screenshot=PORT (test/page/screenshots.mjs): only the first three steps, with an image from
// 127.0.0.1:PORT holding this document's load event until they are done, as a browser's
// --screenshot captures the page at its load event.
const screenshot = new URLSearchParams(location.search).get('screenshot');
if (screenshot)
  document.body.append(Object.assign(new Image(1, 1), { src: `http://127.0.0.1:${screenshot}/hold`, alt: '' }));
const log = (text) => pageReport.log(text);
const check = (ok, what) => {
  if (!ok) throw new Error(`check failed: ${what}`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(fn, what, ms = 20_000) {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
const fetchBytes = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

await until(() => frame.contentDocument?.URL.endsWith('/index.html'), 'the converter in the iframe');
const win = frame.contentWindow;
const doc = frame.contentDocument;
const $ = (id) => doc.getElementById(id);
await until(() => doc.documentElement?.dataset.ready === 'true', 'the converter to load');
const violations = [];
doc.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
const expected = await (await fetch('/fixtures/expected.json')).json();

// Opens files through the file input, as the picker would, and selects the last one.
async function open(name, parts) {
  const before = $('files').children.length;
  const transfer = new win.DataTransfer();
  transfer.items.add(new win.File(parts, name));
  $('picker').files = transfer.files;
  $('picker').dispatchEvent(new win.Event('change', { bubbles: true }));
  await until(() => $('files').children.length > before, `${name} in the file list`);
  $('files').lastElementChild.querySelector('button').click();
  await until(() => $('source-name').textContent === name && $('preview-status').dataset.errors, `${name}'s preview`);
}
const previewText = () => $('preview').textContent;

// Sets a select as a user would and tells the page.
function choose(id, value) {
  const select = $(id);
  check(
    [...select.options].some((o) => o.value === value),
    `${id} offers ${value}`,
  );
  select.value = value;
  select.dispatchEvent(new win.Event('change', { bubbles: true }));
}

// Converts the selected file; resolves to the download link once it shows (or the warning).
async function convert(target) {
  choose('target', target);
  $('download').hidden = true;
  $('convert').click();
  await until(
    () => !$('download').hidden || !$('warning').hidden || /^Stopped/.test($('status').textContent),
    'the result',
    120_000,
  );
  check(!/^Stopped/.test($('status').textContent), `conversion: ${$('status').textContent}`);
}

// The encoding this browser reads `bytes` in when it opens them as a document of `type` with no
// charset parameter (its own prescan of <meta> or its XML parser's reading of the declaration).
// https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
async function browserCharset(bytes, type) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const reader = Object.assign(document.createElement('iframe'), { src: url, hidden: true });
  const loaded = new Promise((resolve) => reader.addEventListener('load', resolve, { once: true }));
  document.body.append(reader);
  await loaded;
  const charset = reader.contentDocument.characterSet;
  reader.remove();
  URL.revokeObjectURL(url);
  return charset;
}

const results = {};

// 1, 2: a Shift_JIS and a windows-1251 file: detected, previewed and converted to UTF-8.
for (const [key, name, expectedName] of [
  ['ja', 'ja.shift_jis.txt', 'ja.expected.utf-8'],
  ['ru', 'ru.windows-1251.txt', 'ru.expected.utf-8'],
]) {
  await open(name, [await fetchBytes(`/fixtures/${name}`)]);
  check(
    $('source').value === expected[key].encoding,
    `${name} detected as ${expected[key].encoding}, not ${$('source').value}`,
  );
  check(previewText() === expected[key].preview, `${name}'s preview text is @exodus/bytes' decoding`);
  check($('preview-status').dataset.errors === '0', `${name} has no malformed sequence`);
  await convert('utf-8');
  const saved = await fetchBytes($('download').href);
  check(
    sameBytes(saved, await fetchBytes(`/fixtures/${expectedName}`)),
    `${name} saved as UTF-8 is @exodus/bytes' text`,
  );
  results[key] = { detected: $('source').value, detectedText: $('detected').textContent, savedBytes: saved.length };
  log(`${name}: ${$('detected').textContent} saved ${saved.length} bytes of UTF-8, as expected`);
}

// 3: the junk file: five bytes 0xFF in 11 KB of Shift_JIS, detected as Shift_JIS all the same (the
// detector tolerates a few errors in a long input), so the preview is Shift_JIS with no choice made.
await open('junk.shift_jis.txt', [await fetchBytes('/fixtures/junk.shift_jis.txt')]);
const junkDetected = $('source').value;
check(junkDetected === 'shift_jis', `junk.shift_jis.txt detected as shift_jis, not ${junkDetected}`);
await until(() => $('preview-status').textContent.includes('as shift_jis'), 'the preview as Shift_JIS');
const marks = [...$('preview').querySelectorAll('mark')];
check(
  Number($('preview-status').dataset.errors) === expected.junk.errors,
  `${expected.junk.errors} malformed sequences counted: ${$('preview-status').textContent}`,
);
check(marks.length === expected.junk.errors, 'each malformed sequence is marked');
check(
  JSON.stringify(marks.map((m) => Number(m.dataset.offset))) === JSON.stringify(expected.junk.offsets),
  `the marks are at the junk's offsets ${expected.junk.offsets}: ${marks.map((m) => m.dataset.offset)}`,
);
check(previewText() === expected.junk.preview, "the junk file's preview is @exodus/bytes' decoding");
// The cursor on the first mark: the hex view marks its byte.
doc.getSelection().selectAllChildren(marks[0]);
await until(() => $('hex').querySelector('.sel')?.textContent === 'ff', 'the hex view at the first malformed byte');
// The keyboard: a right arrow in the preview moves to the next character, the newline after it.
$('preview').focus();
$('preview').dispatchEvent(new win.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
await until(
  () => $('hex').querySelector('.sel')?.textContent === '0a',
  'the hex view at the next byte after ArrowRight',
);
results.junk = { detectedFirst: junkDetected, errors: marks.length, offsets: expected.junk.offsets };
log(
  `junk.shift_jis.txt: detected ${junkDetected}; as shift_jis ${marks.length} malformed sequences at ${expected.junk.offsets}`,
);

if (screenshot) {
  win.scrollTo(0, 0);
  // Two frames painted with this state.
  for (let i = 0; i < 2; i++) await new Promise((r) => win.requestAnimationFrame(r));
  await pageReport.done('screenshot');
  await fetch(`http://127.0.0.1:${screenshot}/release`, { mode: 'no-cors' });
} else await theRest();

async function theRest() {
  // 3b: documents that say their encoding (declared_fixtures.mjs; the CLI's test/cli/declared.test.mjs
  // has the same): the page names the declaration that decided, previews and saves by it.
  for (const d of expected.declared) {
    await open(d.name, [await fetchBytes(`/fixtures/${d.name}`)]);
    check($('source').value === d.encoding, `${d.name} read as ${d.encoding}, not ${$('source').value}`);
    check($('detected').dataset.source === d.source, `${d.name} decided by ${d.source}: ${$('detected').textContent}`);
    if (d.declaration) {
      const sentence = `${d.encoding}, as its ${d.declaration} declares (100%).`;
      check($('detected').textContent === sentence, `${d.name}: "${sentence}", not "${$('detected').textContent}"`);
    }
    check(previewText() === d.text, `${d.name}'s preview is @exodus/bytes' decoding`);
    if (d.text.includes('\uFFFD')) {
      // The damaged file: no declaration, one bad byte the statistics must see past.
      const said = $('detected').textContent;
      check(/^Detected shift_jis, (\d+|>99)% sure \(its decoder finds 1 error\)/.test(said), `${d.name}: ${said}`);
    } else {
      // By default the declaration is rewritten to name the target (only its label changes: the
      // fixture's label, where it first occurs, becomes "utf-8"); "keep it" saves it as it was.
      // The browser itself must then read the saved file as UTF-8, and the kept one as the original.
      const type = d.name.endsWith('.xml') ? 'application/xml' : 'text/html';
      await convert('utf-8');
      const saved = await fetchBytes($('download').href);
      const rewritten = new TextEncoder().encode(d.text.replace(d.label, 'utf-8'));
      check(sameBytes(saved, rewritten), `${d.name} saved as UTF-8 says utf-8`);
      check($('status').dataset.declaration === d.label, `${d.name}: the status names ${d.label}`);
      const read = await browserCharset(saved, type);
      check(read === 'UTF-8', `${d.name} saved as UTF-8 is read by this browser as UTF-8, not ${read}`);
      choose('declaration', 'keep');
      await convert('utf-8');
      const kept = await fetchBytes($('download').href);
      check(sameBytes(kept, new TextEncoder().encode(d.text)), `${d.name} kept is @exodus/bytes' text`);
      const keptRead = (await browserCharset(kept, type)).toLowerCase();
      check(keptRead === d.encoding, `${d.name} kept is read by this browser as ${d.encoding}, not ${keptRead}`);
      choose('declaration', 'rewrite');
    }
    log(`${d.name}: ${$('detected').textContent}`);
  }
  // 4: a UTF-8 file with characters Shift_JIS lacks: the warning, then the save.
  await open('lossy.utf-8.txt', [await fetchBytes('/fixtures/lossy.utf-8.txt')]);
  check($('source').value === 'utf-8', `lossy.utf-8.txt detected as utf-8, not ${$('source').value}`);
  choose('error-mode', 'html');
  await convert('shift_jis');
  check(!$('warning').hidden && $('download').hidden, 'the warning shows before any download');
  check(
    Number($('warning-text').dataset.count) === expected.lossy.count,
    `the warning counts ${expected.lossy.count}: ${$('warning-text').textContent}`,
  );
  const listed = [...$('warning-chars').children].map((li) => li.textContent);
  check(
    expected.lossy.first.every((cp, i) => listed[i]?.includes(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`)),
    `the first ones are listed: ${listed.join('; ')}`,
  );
  $('save-anyway').click();
  await until(() => !$('download').hidden, 'the download after "Save anyway"');
  check(
    sameBytes(await fetchBytes($('download').href), await fetchBytes('/fixtures/lossy.expected.shift_jis')),
    'the lossy Shift_JIS is @exodus/bytes’ encoding with &#N;',
  );
  // The warning's other choice: iconv's //TRANSLIT.
  await convert('shift_jis');
  check(!$('warning').hidden, 'the warning shows again');
  $('save-translit').click();
  await until(() => !$('download').hidden, 'the download after "Save with spellings"');
  check(
    sameBytes(await fetchBytes($('download').href), await fetchBytes('/fixtures/lossy.translit.shift_jis')),
    'the transliterated Shift_JIS: "€" EUR, "é" e, "?" for the rest',
  );
  results.lossy = { warning: $('warning-text').textContent, listed };
  log(`lossy.utf-8.txt: ${$('warning-text').textContent} ${listed.join('; ')}`);

  // 5: about 200 MB: progress moves, the memory stays bounded, the output is right.
  const sjis = await fetchBytes('/fixtures/ja.shift_jis.txt');
  const ja8 = await fetchBytes('/fixtures/ja.expected.utf-8');
  await open('big.shift_jis.txt', new Array(expected.big.repeat).fill(sjis));
  check($('source').value === 'shift_jis', `the big file detected as shift_jis, not ${$('source').value}`);
  // Cancel: stops it, and nothing is offered for download.
  choose('target', 'utf-8');
  $('convert').click();
  await until(() => $('progress').value > 0.05, 'the conversion to start');
  $('cancel').click();
  await until(() => $('status').textContent === 'Cancelled.', 'the cancel', 20_000);
  check($('download').hidden && $('progress').value < 1, 'a cancelled conversion leaves nothing to download');
  log(`big: cancelled at ${Math.round($('progress').value * 100)}%`);
  const memory = () => performance.memory?.usedJSHeapSize ?? win.performance.memory?.usedJSHeapSize;
  const heapBefore = memory();
  let heapPeak = heapBefore;
  // Every value the progress bar takes (its value attribute), seen by a MutationObserver: a timer
  // poll may not run while the page works (Firefox runs the page's message tasks first).
  const progress = [];
  let lastLogged = 0;
  const observer = new win.MutationObserver(() => {
    const value = $('progress').value;
    if (progress.at(-1) !== value) progress.push(value);
    if (heapPeak !== undefined) heapPeak = Math.max(heapPeak, memory());
    if (value - lastLogged >= 0.25) log(`big: progress ${Math.round((lastLogged = value) * 100)}%`);
  });
  observer.observe($('progress'), { attributes: true, attributeFilter: ['value'] });
  await log('big: start');
  const start = performance.now();
  await convert('utf-8');
  const seconds = (performance.now() - start) / 1000;
  observer.disconnect();
  await log('big: end');
  const big = { seconds, mbPerSecond: expected.big.inputBytes / 1e6 / seconds, inputBytes: expected.big.inputBytes };
  big.progressValues = progress.length;
  big.progressSample = progress
    .filter((_, i) => i % Math.ceil(progress.length / 8) === 0)
    .map((v) => Math.round(v * 100));
  big.largestPart = Number($('status').dataset.largestPart);
  if (heapBefore !== undefined) big.heapGrowthMB = (heapPeak - heapBefore) / 1e6;
  check(
    progress.filter((v) => v > 0 && v < 1).length >= 3,
    `the progress bar moved: ${progress} (${seconds} s, ${$('status').textContent}, now ${$('progress').value})`,
  );
  check(big.largestPart <= 3 << 20, `no output part larger than a slice's UTF-8 (${big.largestPart})`);
  // The output: the expected UTF-8 of the corpus file, BIG_REPEAT times, read back in slices.
  const output = await (await fetch($('download').href)).blob();
  check(output.size === ja8.length * expected.big.repeat, `the big output's size ${output.size}`);
  for (let k = 0; k < expected.big.repeat; k += 50) {
    const piece = new Uint8Array(await output.slice(k * ja8.length, (k + 50) * ja8.length).arrayBuffer());
    for (let j = 0; j < piece.length; j += ja8.length)
      check(sameBytes(piece.subarray(j, j + ja8.length), ja8), `copy ${k + j / ja8.length} of the big output`);
  }
  results.big = big;
  log(
    `big: ${(big.inputBytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(2)} s (${big.mbPerSecond.toFixed(0)} MB/s), ${progress.length} progress values ${big.progressSample}%, largest output part ${big.largestPart}${big.heapGrowthMB !== undefined ? `, JS heap peak +${big.heapGrowthMB.toFixed(1)} MB` : ''}`,
  );

  // Several files at once, dropped on the page.
  const count = $('files').children.length;
  const dropped = new win.DataTransfer();
  for (const name of ['ja.shift_jis.txt', 'ru.windows-1251.txt'])
    dropped.items.add(new win.File([await fetchBytes(`/fixtures/${name}`)], `dropped-${name}`));
  doc.body.dispatchEvent(new win.DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
  await until(() => $('files').children.length === count + 2, 'two dropped files in the list');
  check(
    /dropped-ru\.windows-1251\.txt .* windows-1251$/.test($('files').lastElementChild.textContent),
    `the dropped files are detected: ${$('files').lastElementChild.textContent}`,
  );
  log(
    `dropped two files: ${[...$('files').children]
      .slice(-2)
      .map((li) => li.textContent)
      .join('; ')}`,
  );

  // 6: the CSP: nothing of the page was blocked, and an inline script is.
  const inline = doc.createElement('script');
  inline.textContent = 'window.inlineRan = true;';
  doc.head.append(inline);
  await until(() => violations.length > 0, 'the inline script to be blocked');
  check(!win.inlineRan && violations.length === 1, `only the injected inline script was blocked: ${violations}`);

  // 7: offline: the service worker has cached every file the page loaded.
  const cached = await until(() => doc.documentElement.dataset.offline, 'the service worker to cache the page', 20_000);
  const loaded = win.performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(location.origin) && !u.includes('/__'));
  const missing = [];
  for (const url of [...loaded, win.location.href]) if (!(await win.caches.match(url))) missing.push(url);
  check(missing.length === 0, `cached for offline use: missing ${missing}`);
  results.offline = { cached: Number(cached) };
  log(`offline: ${cached} files in the service worker's cache, including all ${loaded.length} the page loaded`);

  pageReport.done(results);
}
