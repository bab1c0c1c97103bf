// encoding-wasm/lite hands UTF-8, UTF-16, the single-byte encodings and x-user-defined to the host's
// own TextDecoder wherever that is exact (./exact.js), in every host: its wasm core is the small
// scalar one, loaded only for the hosts and encodings whose decoder is not exact (docs/api.md "encoding-wasm/lite"
// says what that costs).
import { delegable, exact } from './exact.js';
import { NAMES } from '../labels.js';

let enabled = true;

// Whether decoding encoding `id` goes to the host's decoder.
export const delegated = (id) => enabled && delegable(id) && exact(id);

// Non-standard: turn delegation to exact host decoders on or off (decoders created afterwards
// follow; in browsers, one decoded in wasm may need `await preload(label)` first).
export function setNativeDelegation(on) {
  enabled = !!on;
}

// Non-standard: the encodings this host's own decoder decodes for us now (probing those not probed yet).
export const nativeDelegation = () => NAMES.filter((name, id) => delegated(id));
