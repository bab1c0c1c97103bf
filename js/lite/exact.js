// Whether the host's own decoder of an encoding is exact, for encoding-wasm/lite: the probes of the
// main entry (js/host_probes.js, docs/design.md section 7), with what the standard's single-byte
// decoders give for the 256 bytes taken from the host's own output once its hash is the one the
// index gives (js/generated/lite_data.js, LITE_BYTEWISE: 32-bit FNV-1a), so that no wasm is needed
// to probe (js/lite/browser_host.js probes at load and fetches the lite core only if one fails).
import { LITE_BYTEWISE } from '../generated/lite_data.js';
import { exactSingleByte, exactUtf, probedUtf } from '../host_probes.js';
import { NAMES } from '../labels.js';

const HostTextDecoder = globalThis.TextDecoder;
// The host's decoder and its decode() as they were at load time, or null.
export const host =
  typeof HostTextDecoder === 'function' ? { Native: HostTextDecoder, decode: HostTextDecoder.prototype.decode } : null;
const results = { __proto__: null };

// Whether the lite entry may hand encoding `id` to the host's decoder if that is exact: UTF-8,
// UTF-16, the single-byte encodings and x-user-defined.
export const delegable = (id) => probedUtf(NAMES[id]) || LITE_BYTEWISE[id] !== 0;

// Whether the host's decoder of encoding `id` (delegable) is exact; probed on first use.
export const exact = (id) =>
  (results[id] ??=
    host !== null &&
    (probedUtf(NAMES[id]) ? exactUtf(host, NAMES[id]) : exactSingleByte(host, NAMES[id], LITE_BYTEWISE[id])));
