// Compiled by `npm run typecheck` (tsc -p test/types), never run: every line must type-check, and
// every line after @ts-expect-error must not.
import {
  encode,
  nativeDelegation,
  preload,
  registerFamily,
  setNativeDelegation,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
  type EncodingName,
} from 'encoding-wasm';
import { install, type InstallReport } from 'encoding-wasm/polyfill';
import 'encoding-wasm/tables/japanese';
import 'encoding-wasm/tables/all';
import { detect, EncodingDetector, sniff, type DetectionResult, type SniffResult } from 'encoding-wasm/detect';

const decoder = new TextDecoder('shift_jis', { fatal: true, ignoreBOM: false });
const name: EncodingName = decoder.encoding;
const text: string = decoder.decode(new Uint8Array([0x82, 0xa0]), { stream: true }) + decoder.decode();
decoder.decode(new ArrayBuffer(1));
decoder.decode(new DataView(new ArrayBuffer(1)));
decoder.decode(new Uint16Array(new SharedArrayBuffer(2)));
new TextDecoder();
// @ts-expect-error: a string is not a BufferSource
decoder.decode('abc');
// @ts-expect-error: fatal is a boolean
new TextDecoder('utf-8', { fatal: 'yes' });
// @ts-expect-error: encoding is read-only
decoder.encoding = 'utf-8';

const encoder = new TextEncoder();
const utf8: 'utf-8' = encoder.encoding;
const bytes: Uint8Array<ArrayBuffer> = encoder.encode('€');
const { read, written }: { read: number; written: number } = encoder.encodeInto('€', new Uint8Array(3));

// Ours can stand where the platform's classes are expected.
const platformDecoder: globalThis.TextDecoder = decoder;
const platformEncoder: globalThis.TextEncoder = encoder;

async function streams(source: ReadableStream<Uint8Array>): Promise<string> {
  // Undefined where the host has no TransformStream.
  if (TextDecoderStream === undefined || TextEncoderStream === undefined) return '';
  const decoding = new TextDecoderStream('gbk', { fatal: false });
  const platform: globalThis.TextDecoderStream = decoding;
  const strings: ReadableStream<string> = source.pipeThrough(decoding);
  const encoded: ReadableStream<Uint8Array<ArrayBuffer>> = strings.pipeThrough(new TextEncoderStream());
  const platformEncoding: globalThis.TextEncoderStream = new TextEncoderStream();
  // @ts-expect-error: the decoder stream's writable side takes bytes, not strings
  const wrong: WritableStream<string> = decoding.writable;
  void [platform, encoded, platformEncoding, wrong];
  return decoding.encoding;
}

// @ts-expect-error: possibly undefined
new TextEncoderStream();

const legacy: Uint8Array<ArrayBuffer> = encode('日本語', 'shift_jis', { errorMode: 'html' });
// @ts-expect-error: not an error mode
encode('x', 'gbk', { errorMode: 'replace' });
const loading: Promise<void> = preload('gbk', 'big5');
declare const module: WebAssembly.Module;
registerFamily('korean', module);
// @ts-expect-error: not a family
registerFamily('greek', module);
setNativeDelegation(false);
const delegated: EncodingName[] = nativeDelegation();
// @ts-expect-error: the single-byte encodings are handed over too, not only UTF-8 and UTF-16
const multiByte: Array<'utf-8' | 'utf-16le' | 'utf-16be'> = nativeDelegation();

const report: InstallReport = install();
const forced = install({ force: true, target: {} });
const names: string[] = [...report.installed, ...report.replaced, ...report.wrapped, ...forced.skipped];
// @ts-expect-error: force is a boolean
install({ force: 1 });

// encoding-wasm/detect
const guess: DetectionResult = detect(new Uint8Array([0x82, 0xa0]), { candidates: ['shift_jis', 'euc-jp'], hint: 'ja' });
const detector = new EncodingDetector({ allowUTF8: false });
detector.feed(new Uint8Array(4).buffer);
const top: string = detector.finish().alternatives[0]?.encoding ?? guess.encoding;
const isAscii: boolean = guess.ascii && guess.confidence > 0 && guess.errors === 0;
// @ts-expect-error: hint is a string
detect(new Uint8Array(0), { hint: 1 });
const sniffed: SniffResult = sniff(new Uint8Array(4), { contentType: 'text/html; charset=gbk', hint: 'zh' });
const step: 'bom' | 'transport' | 'meta' | 'xml' | 'statistics' = sniffed.source;
const declaredAs: string | undefined = sniffed.declaration ?? sniffed.label;
sniff(new Uint8Array(0), { ignoreDeclarations: true, contentType: null });
// @ts-expect-error: contentType is a string
sniff(new Uint8Array(0), { contentType: 1 });

void [name, text, utf8, bytes, read, written, platformDecoder, platformEncoder, streams, legacy, loading, delegated, names, top, isAscii, step, declaredAs];

// encoding-wasm/hooks and encoding-wasm/url
import {
  encode as hookEncode,
  encodeOrFail,
  getBOMEncoding,
  getOutputEncoding,
  labelToName,
  legacyHookDecode,
  normalizeEncoding,
  utf8Decode,
  utf8DecodeWithoutBOM,
  utf8DecodeWithoutBOMOrFail,
  utf8Encode,
  type SpecEncodingName,
} from 'encoding-wasm/hooks';
import { PERCENT_ENCODE_SETS, percentEncodeAfterEncoding, urlencodedSerialize } from 'encoding-wasm/url';

const specName: SpecEncodingName | null = labelToName('latin1');
const lowerName: EncodingName | 'replacement' | null = normalizeEncoding('sjis');
const bom: 'utf-8' | 'utf-16be' | 'utf-16le' | null = getBOMEncoding(new ArrayBuffer(3));
const decoded: string = legacyHookDecode(new Uint8Array(2), 'shift_jis') + legacyHookDecode(new DataView(new ArrayBuffer(1)));
const utf8Text: string = utf8Decode(new Uint8Array(1)) + utf8DecodeWithoutBOM(new SharedArrayBuffer(1));
const maybeText: string | null = utf8DecodeWithoutBOMOrFail(new Uint8Array(1));
const utf8Bytes: Uint8Array<ArrayBuffer> = utf8Encode('a');
const outputName: 'UTF-8' | 'Shift_JIS' | (string & {}) = getOutputEncoding('utf-16le');
const bytesOrCodePoint: Uint8Array | number = encodeOrFail('a', 'latin1');
hookEncode('a', 'gbk', { errorMode: 'html' });
// @ts-expect-error: getOutputEncoding never gives UTF-16LE
const neverUtf16: 'UTF-16LE' = getOutputEncoding('utf-16le');
// @ts-expect-error: BOM sniff takes bytes, not a string
getBOMEncoding('abc');
const percent: string =
  percentEncodeAfterEncoding('shift_jis', 'a b', 'query') +
  percentEncodeAfterEncoding('utf-8', 'a b', ' "#<>', true) +
  PERCENT_ENCODE_SETS['special-query'];
// @ts-expect-error: spaceAsPlus is a boolean
percentEncodeAfterEncoding('utf-8', 'a', 'query', 'yes');
const form: string = urlencodedSerialize([['a', 'b']], 'windows-1252') + urlencodedSerialize(new Map([['a', 'b']]));
// @ts-expect-error: tuples hold strings
urlencodedSerialize([[1, 2]]);
void [specName, lowerName, bom, decoded, utf8Text, maybeText, utf8Bytes, outputName, bytesOrCodePoint, neverUtf16, percent, form];
const specNames: SpecEncodingName[] = ['UTF-8', 'ISO-8859-8-I', 'KOI8-U', 'windows-1252', 'Big5', 'Shift_JIS', 'gb18030', 'GBK'];
// @ts-expect-error: the standard writes Shift_JIS so
const lowerSpecName: SpecEncodingName = 'shift_jis';
void [specNames, lowerSpecName];

// encoding-wasm/encoder
import { Encoder, EncoderStream } from 'encoding-wasm/encoder';
const jis = new Encoder('iso-2022-jp', { errorMode: 'html' });
const jisBytes: Uint8Array<ArrayBuffer> = jis.encode('\u30a2', { stream: true });
const jisEnd: Uint8Array = jis.encode();
const jisMode: 'fatal' | 'html' = jis.errorMode;
if (EncoderStream) {
  const es = new EncoderStream('gbk');
  const w: WritableStream<string> = es.writable;
  void w;
}
// @ts-expect-error: errorMode is "fatal" or "html"
new Encoder('gbk', { errorMode: 'replace' });
void [jisBytes, jisEnd, jisMode];

// encoding-wasm/errors
import {
  decodeReportingErrors,
  encodeReportingErrors,
  ErrorReportingDecoder,
  ErrorReportingEncoder,
  type DecodeError,
  type EncodeError,
} from 'encoding-wasm/errors';
const reporting = new ErrorReportingDecoder('shift_jis', { ignoreBOM: true });
const reported: { text: string; errors: DecodeError[] } = reporting.decode(new Uint8Array([0x81]), { stream: true });
const firstOffset: number = decodeReportingErrors(new ArrayBuffer(2), 'utf-8').errors[0]?.offset ?? -1;
const reportingEncoder = new ErrorReportingEncoder('windows-1252');
const encodeErrors: EncodeError[] = reportingEncoder.encode('\u4e00', { stream: true }).errors;
const reportedBytes: Uint8Array<ArrayBuffer> = encodeReportingErrors('\u4e00', 'gbk').bytes;
// @ts-expect-error: the encoder takes strings
encodeReportingErrors(new Uint8Array(1));
// @ts-expect-error: there is no error mode to choose
new ErrorReportingEncoder('gbk', { errorMode: 'fatal' });
void [reported, firstOffset, encodeErrors, reportedBytes];


// encoding-wasm/iconv-lite
import iconv, * as iconvLite from 'encoding-wasm/iconv-lite';
const iconvText: string = iconv.decode(new Uint8Array([0xcf]), 'win1251', { stripBOM: false });
const iconvBytes: Uint8Array = iconvLite.encode('П', 'cp1251', { addBOM: true });
const iconvExists: boolean = iconvLite.encodingExists('sjis');
const iconvDecoder = iconvLite.getDecoder('sjis', { stripBOM: () => {} });
const iconvPart: string = iconvDecoder.write(new ArrayBuffer(1)) + (iconvDecoder.end() ?? '');
const iconvRest: Uint8Array | undefined = iconvLite.getEncoder('gbk').end();
// @ts-expect-error: iconv-lite's encode() takes a string
iconvLite.encode(5, 'utf8');
void [iconvText, iconvBytes, iconvExists, iconvPart, iconvRest, iconvLite.decodeStream('utf8'), iconv.fromEncoding];
