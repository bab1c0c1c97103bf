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
import { detect, EncodingDetector, type DetectionResult } from 'encoding-wasm/detect';

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
const delegated: Array<'utf-8' | 'utf-16le' | 'utf-16be'> = nativeDelegation();

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
const isAscii: boolean = guess.ascii && guess.confidence > 0;
// @ts-expect-error: hint is a string
detect(new Uint8Array(0), { hint: 1 });

void [name, text, utf8, bytes, read, written, platformDecoder, platformEncoder, streams, legacy, loading, delegated, names, top, isAscii];
