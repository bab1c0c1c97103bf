// https://encoding.spec.whatwg.org/#interface-textencoder
// The host's TextEncoder is exact everywhere it exists, so it does the work when present; the
// core's UTF-8 encoder serves hosts without one.
import { coreInstance, UTF_8 } from '../wasm/core.js';
import { encodeInto } from '../wasm/encode_into.js';
import { apply, bufferOf, lengthOf, offsetOf, Uint8Array } from '../wasm/intrinsics.js';
import * as MESSAGES from './messages.js';
import { runEncoder } from '../wasm/run_encoder.js';
import { defineInterface, isFixedArrayBuffer, toDOMString, toUint8Array } from './webidl.js';

// The host's encoder, and its methods as they were at load time.
const HostTextEncoder = globalThis.TextEncoder;
const host = typeof HostTextEncoder === 'function' ? new HostTextEncoder() : null;
const hostEncode = host && HostTextEncoder.prototype.encode;
const hostEncodeInto = host && HostTextEncoder.prototype.encodeInto;
let isTextEncoder;

export class TextEncoder {
  #brand = true;

  static {
    isTextEncoder = (value) => value !== null && typeof value === 'object' && #brand in value;
  }

  get encoding() {
    brand(this);
    return 'utf-8';
  }

  // https://encoding.spec.whatwg.org/#dom-textencoder-encode
  encode(input = '') {
    brand(this);
    const text = toDOMString(input);
    if (host) return apply(hostEncode, host, [text]);
    return runEncoder(coreInstance(), { id: UTF_8, name: 'utf-8', html: false, state: 0 }, text, true);
  }

  // https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto
  encodeInto(source, destination) {
    brand(this);
    if (arguments.length < 2)
      throw new TypeError(MESSAGES.missingArguments('TextEncoder.encodeInto', 2, arguments.length));
    const text = toDOMString(source);
    const bytes = toUint8Array(destination);
    // Some hosts (Chromium 156) refuse a destination over a SharedArrayBuffer, which the spec
    // allows ([AllowShared]), and not all take a resizable one ([AllowResizable]); the core's
    // encoder takes both.
    if (host && isFixedArrayBuffer(bytes)) {
      // A destination of 4 GiB or more gets only what this call can need, 3 bytes per code unit:
      // Node 20's encodeInto takes its length modulo 2 ** 32 (4 GiB exactly wrote nothing).
      const length = lengthOf(bytes);
      const view =
        length > 0xffffffff
          ? new Uint8Array(bufferOf(bytes), offsetOf(bytes), length < text.length * 3 ? length : text.length * 3)
          : bytes;
      const { read, written } = apply(hostEncodeInto, host, [text, view]);
      return { read, written };
    }
    return encodeInto(coreInstance(), text, bytes);
  }
}

function brand(value) {
  if (!isTextEncoder(value)) throw new TypeError(MESSAGES.illegalInvocation('TextEncoder'));
}

defineInterface(TextEncoder, 'TextEncoder', ['encoding', 'encode', 'encodeInto']);
