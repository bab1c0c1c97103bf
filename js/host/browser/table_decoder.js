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
const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);
const typedArrayLength = getOwnPropertyDescriptor(TypedArrayPrototype, 'length').get;
const { includes, indexOf } = TypedArrayPrototype;

// The code unit of each byte 0x00-0xFF of each encoding, by name (U+FFFD for an error: no index maps
// a pointer to it).
const tables = { __proto__: null };
{
  // (compiled, never instantiated: WebKitGTK 2.50 compiles where a Content Security Policy refuses
  // wasm, and refuses only to instantiate; where compiling is refused, ./decoder_wasm.js notes it)
  const module = await WebAssembly.compile(await (await fetch(singleByteUrl())).arrayBuffer());
  const section = WebAssembly.Module.customSections(module, SINGLE_BYTE_SECTION)[0];
  const blob = new Uint8Array(section);
  // (the names, each followed by a space, then 0)
  let at = apply(indexOf, blob, [0]);
  const names = apply(fromCharCode, null, new Uint8Array(section, 0, at - 1)).split(' ');
  at++;
  for (const name of names) {
    const units = new Uint16Array(256);
    for (let byte = 0; byte < 128; byte++) units[byte] = byte;
    for (let pointer = 0; pointer < 128; pointer++, at += 2)
      units[0x80 + pointer] = blob[at] + (blob[at + 1] << 8) + 0x80 + pointer;
    tables[name] = units;
  }
}

// The output is the code units in memory, decoded by the host's UTF-16 decoder of the platform's
// byte order, which is exact wherever this module is loaded (js/host/native.js decodersNeeded loads
// it only where the host's UTF-16 decoders passed the probes; no unit here is a surrogate):
// WebKitGTK 2.50, 4 MiB of ISO-8859-16 in one call in 24 ms, against 20 in the decoders' core and 28
// with a branch and two byte stores for each byte (4 KiB calls: 27, 22, 31); Node 20, 320 KB in 1.6
// ms against 3.8 with String.fromCharCode over pieces.
const HostTextDecoder = globalThis.TextDecoder;
const hostDecode = HostTextDecoder.prototype.decode;
const utf16 = new HostTextDecoder(new Uint8Array(Uint16Array.of(1).buffer)[0] ? 'utf-16le' : 'utf-16be');

class TableDecoder {
  #units;
  #fatal;

  constructor(name, options) {
    this.#units = tables[name];
    this.#fatal = !!options?.fatal;
  }

  // A single-byte decoder holds no bytes between calls, so a call with { stream: true } decodes
  // the same as one without. (js/host/decode.js hands a host decoder at most 16 MiB a call.)
  decode(bytes) {
    const units = this.#units;
    const total = apply(typedArrayLength, bytes, []);
    const out = new Uint16Array(total);
    for (let i = 0; i < total; i++) out[i] = units[bytes[i]];
    // (the TextDecoder says where: js/host/error.js)
    if (this.#fatal && apply(includes, out, [0xfffd])) throw new TypeError('The encoded data is not valid.');
    return apply(hostDecode, utf16, [out]);
  }
}

// As js/host/native.js takes a host decoder: its class and that class's decode().
export { TableDecoder as Native };
export const { decode } = TableDecoder.prototype;
