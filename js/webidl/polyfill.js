// import 'encoding-wasm/polyfill': installs TextDecoder, TextEncoder, TextDecoderStream and
// TextEncoderStream on globalThis where they are missing or fall short of the standard, and leaves
// complete native ones alone (the rules are in install.js). install() is exported too, for a report,
// for another global object, or with { force: true } to put ours in place of complete natives.
import { install } from './install.js';

install();

export { install };
