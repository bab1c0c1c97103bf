// Judging a CSP page's report (cases.js) against expected.mjs: what must work and what must throw,
// with and without 'wasm-unsafe-eval'. Returns a list of failures (empty when all is well) and a
// summary line.
const DIRECTIVE = 'wasm-unsafe-eval';

const isRefusal = (result, name) =>
  result?.error?.name === 'TypeError' &&
  result.error.message.includes(DIRECTIVE) &&
  (name === null || result.error.message.includes(name));
const show = (result) => JSON.stringify(result).slice(0, 300);

// Whether a decode result (`{ value }` or `{ error }`) is what the standard gives: `want` a string,
// or null for a fatal error (a TypeError that is not a refusal).
const decodedAs = (result, want) =>
  want === null
    ? result.error?.name === 'TypeError' && !result.error.message.includes(DIRECTIVE)
    : result.value === want;

// `allowed`: whether the page's policy has 'wasm-unsafe-eval' (or no policy applies to wasm).
export function judge(report, { expected }, allowed) {
  const failures = [];
  const fail = (m) => failures.push(m);
  const worked = {};
  // Where the host's own decoder is exact on these bytes, in both modes (for the summary, and for
  // what the package must at least decode without wasm).
  const nativeExact = Object.keys(expected).filter((name) => {
    const r = report.decoded.native[name];
    return decodedAs(r.replacement, expected[name].replacement) && decodedAs(r.fatal, expected[name].fatal);
  });
  const entry = 'main';
  worked[entry] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = report.decoded[entry][name];
    const label = `${entry} ${name}`;
    if ('value' in got.replacement) {
      worked[entry].push(name);
      // Never a wrong decode.
      if (got.replacement.value !== want.replacement) fail(`${label}: wrong output ${show(got.replacement)}`);
      if (!decodedAs(got.fatal, want.fatal)) fail(`${label} (fatal): ${show(got.fatal)}; want ${want.fatal}`);
    } else if (allowed) {
      fail(`${label}: ${show(got.replacement)} although wasm is allowed`);
    } else if (!isRefusal(got.replacement, name) || !isRefusal(got.fatal, name)) {
      fail(`${label}: not the TypeError naming '${DIRECTIVE}' and the encoding: ${show(got)}`);
    }
  }
  // Without wasm: at least every encoding the host decodes exactly among those it may take
  // (UTF-8, UTF-16 and the single-byte ones: the multi-byte ones need the tables).
  if (!allowed) {
    const multiByte = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];
    const missing = nativeExact.filter((n) => !multiByte.includes(n) && !worked[entry].includes(n));
    if (missing.length) fail(`${entry}: the host decodes ${missing.join(', ')} exactly, but ours refused`);
    // What worked is what nativeDelegation() lists, and where a single-byte decoder of the host's is
    // not exact (WebKit's ISO-8859-16), those the single-byte decoders in JS take with their tables,
    // which a compiled module holds (js/host/browser/table_decoder.js: never instantiated).
    const delegated = report.delegated[entry];
    const utf = ['utf-8', 'utf-16le', 'utf-16be'];
    const tabled = worked[entry].filter((n) => !delegated.includes(n));
    if (
      delegated.some((n) => !worked[entry].includes(n)) ||
      tabled.some((n) => multiByte.includes(n) || utf.includes(n))
    )
      fail(`${entry}: nativeDelegation() says ${delegated}, but ${worked[entry]} worked`);
  }
  const check = (what, ok, result) => ok || fail(`${what}: ${show(result)}`);
  // Encoding and loading.
  const sjis = [0x93, 0xfa, 0x96, 0x7b];
  check('TextEncoder encode', String(report.textEncoder.value) === '226,130,172,239,191,189', report.textEncoder);
  check('TextEncoder encodeInto', String(report.encodeInto.value) === '2,4,97,226,130,172', report.encodeInto);
  check('hooks utf8Encode', String(report.hookUtf8Encode.value) === '226,130,172', report.hookUtf8Encode);
  const loaded = report.preload.main;
  check('preload()', allowed ? loaded.value === 'loaded' : isRefusal(loaded, null), loaded);
  if (allowed) {
    check("encode('日本', 'shift_jis')", String(report.encode.value) === String(sjis), report.encode);
    check("encode('€', 'utf-8')", String(report.encodeUtf8.value) === '226,130,172', report.encodeUtf8);
    check('hooks legacyHookDecode', report.hookDecode.value === '\u20ac', report.hookDecode);
    if (report.violations.length) fail(`CSP violations with wasm allowed: ${report.violations}`);
  } else {
    check("encode('日本', 'shift_jis')", isRefusal(report.encode, 'shift_jis'), report.encode);
    check("encode('€', 'utf-8')", isRefusal(report.encodeUtf8, 'utf-8'), report.encodeUtf8);
    // (the host's exact decoder takes it, or the refusal)
    const hook = report.hookDecode;
    check('hooks legacyHookDecode', hook.value === '\u20ac' || isRefusal(hook, 'windows-1252'), hook);
    // The polyfill leaves every native class in place, and would replace none on another global.
    const natives = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
    check('polyfill kept the natives', String(report.polyfill.kept) === String(natives), report.polyfill);
    const r = report.polyfill.report.value;
    check('polyfill install() report', r && !r.replaced.length && !r.wrapped.length, report.polyfill.report);
  }
  const summary =
    `${allowed ? 'wasm allowed' : 'wasm refused'}: main decodes ${worked.main.length} ` +
    `of ${Object.keys(expected).length} encodings (the host's own is exact on ${nativeExact.length}); ` +
    `${report.violations.length} CSP violation report(s)` +
    (allowed
      ? ''
      : `; refused: ${Object.keys(expected)
          .filter((n) => !worked.main.includes(n))
          .join(', ')}`);
  return { failures, summary };
}
