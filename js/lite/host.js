// encoding-wasm/lite hands UTF-8, UTF-16, the single-byte encodings and x-user-defined to the host's
// own TextDecoder wherever that passes the exactness probes (js/host_probes.js, docs/design.md
// section 7), in every host: its wasm core is the small scalar one, kept for the hosts and
// encodings whose decoder is not exact (README "Sizes" says what that costs).
import { ENCODING_FAMILY } from '../generated/encodings.js';
import { exactBytewise, exactUtf, probedUtf } from '../host_probes.js';
import { decodeInWasm, moduleFor } from './wasm.js';
import { NAMES } from './labels.js';

const HostTextDecoder = globalThis.TextDecoder;
// The host's decoder and its decode() as they were at load time, or null.
const host =
  typeof HostTextDecoder === 'function' ? { Native: HostTextDecoder, decode: HostTextDecoder.prototype.decode } : null;
// Whether the host's decoder of an encoding (by id) is exact, for those probed so far.
const exact = { __proto__: null };
let enabled = true;

// Whether decoding encoding `id` goes to the host's decoder.
export function delegated(id) {
  if (!enabled || host === null || ENCODING_FAMILY[id] >= 0 || NAMES[id] === 'replacement') return false;
  const name = NAMES[id];
  const ours = (bytes) => decodeInWasm(moduleFor(id), { id, options: 0, s0: 0, s1: 0 }, bytes, true);
  exact[id] ??= probedUtf(name) ? exactUtf(host, name) : exactBytewise(host, name, ours);
  return exact[id];
}

export { host };

// Non-standard: turn delegation to exact host decoders on or off (decoders created afterwards
// follow).
export function setNativeDelegation(on) {
  enabled = !!on;
}

// Non-standard: the encodings this host's own decoder decodes for us now (probing those not probed yet).
export const nativeDelegation = () => NAMES.filter((name, id) => delegated(id));
