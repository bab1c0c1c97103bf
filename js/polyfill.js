// import 'encoding-wasm/polyfill': installs the standard's classes on globalThis where they are
// missing or fall short of the standard (js/webidl/polyfill.js, which runs install() at load).
export { install } from './webidl/polyfill.js';
