// The standard's single-byte decoders in JS (https://encoding.spec.whatwg.org/#single-byte-decoder,
// https://encoding.spec.whatwg.org/#x-user-defined-decoder), with their tables from
// dist/tables/single-byte.wasm (a blob in a custom section, no code: its layout is in
// tools/generator/generate_tables.mjs singleByteBlob). ./decoder_wasm.js loads this module, instead
// of the wasm layer and the decoders' core, where the only decoders of the host's that the
// TextDecoder cannot hand work to are single-byte ones (WebKit's ISO-8859-16: js/host/native.js
// decodersNeeded). It stands in for the host's TextDecoder class as js/webidl/text_decoder.js uses one
// (new Host(name, { fatal }), then decode(bytes, { stream }) with a Uint8Array over a fixed-length
// ArrayBuffer), so fatal errors, their positions and streams take the host path (js/host/error.js);
// it is exact by construction, from the index files.
// It imports nothing the TextDecoder's own chunk holds (not even ./compile.js, which imports the
// refusal messages), which a bundler would otherwise split in two; the built-ins it needs are taken
// here, at load, as js/wasm/intrinsics.js takes them.
import { SINGLE_BYTE_SECTION, singleByteUrl } from '../../generated/single_byte_wasm.js';

const { fetch, TypeError, Uint16Array, Uint8Array, WebAssembly } = globalThis;
const { apply, getOwnPropertyDescriptor, getPrototypeOf } = Reflect;
const { fromCharCode } = String;
const typedArrayLength = getOwnPropertyDescriptor(getPrototypeOf(Uint8Array.prototype), 'length').get;

// The code units of bytes 0x80-0xFF of each encoding, by name (U+FFFD for an error: no index maps a
// pointer to it).
const upper = { __proto__: null };
{
  // (compiled, never instantiated: WebKitGTK 2.50 compiles where a Content Security Policy refuses
  // wasm, and refuses only to instantiate; where compiling is refused, ./decoder_wasm.js notes it)
  const module = await WebAssembly.compile(await (await fetch(singleByteUrl())).arrayBuffer());
  const blob = new Uint8Array(WebAssembly.Module.customSections(module, SINGLE_BYTE_SECTION)[0]);
  let at = 0;
  const names = [];
  for (let name = ''; blob[at] !== 0; at++)
    if (blob[at] === 0x20) (names.push(name), (name = ''));
    else name += fromCharCode(blob[at]);
  at++;
  for (const name of names) {
    const units = new Uint16Array(128);
    for (let pointer = 0; pointer < 128; pointer++, at += 2)
      units[pointer] = blob[at] + (blob[at + 1] << 8) + 0x80 + pointer;
    upper[name] = units;
  }
}

// The output goes through the host's UTF-16LE decoder, which is exact wherever this module is loaded
// (js/host/native.js decodersNeeded loads it only where the host's UTF-16 decoders passed the probes;
// no unit here is a surrogate): Node 20, 320 KB of ISO-8859-2 in 1.7 ms, against 3.8 with
// String.fromCharCode over pieces.
const HostTextDecoder = globalThis.TextDecoder;
const hostDecode = HostTextDecoder.prototype.decode;
const utf16 = new HostTextDecoder('utf-16le');

class TableDecoder {
  #units;
  #fatal;

  constructor(name, options) {
    this.#units = upper[name];
    this.#fatal = !!options?.fatal;
  }

  // A single-byte decoder holds no bytes between calls, so a call with { stream: true } decodes
  // the same as one without. (js/host/decode.js hands a host decoder at most 16 MiB a call.)
  decode(bytes) {
    const units = this.#units;
    const total = apply(typedArrayLength, bytes, []);
    const out = new Uint8Array(2 * total);
    for (let i = 0; i < total; i++) {
      const byte = bytes[i];
      const unit = byte < 0x80 ? byte : units[byte - 0x80];
      // (the TextDecoder says where: js/host/error.js)
      if (unit === 0xfffd && this.#fatal) throw new TypeError('The encoded data is not valid.');
      out[2 * i] = unit;
      out[2 * i + 1] = unit >> 8;
    }
    return apply(hostDecode, utf16, [out]);
  }
}

// As js/host/native.js takes a host decoder: its class and that class's decode().
export { TableDecoder as Native };
export const { decode } = TableDecoder.prototype;
