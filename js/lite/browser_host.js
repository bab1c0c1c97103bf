// encoding-wasm/lite's host in browsers and bundlers ("#lite-host" in package.json): the lite core is
// fetched at load (top-level await) only where one of the host's decoders that the lite entry hands
// work to is not exact (./exact.js); elsewhere it is fetched only by preload(), for an encoding
// decoded in wasm with delegation turned off (setNativeDelegation). The families load as in
// js/host/browser.js.
import { compile } from '../host/browser_load.js';
import { exact, delegable } from './exact.js';
import { NAMES } from '../labels.js';
import { unlessRefused } from '../wasm_refusal.js';

export { loadCombined, loadFamily, loadFamilySync } from '../host/browser_load.js';

export const loadCore = () => compile(new URL('../../dist/encoding.wasm', import.meta.url));
// (null where a Content Security Policy refuses wasm: js/wasm_refusal.js)
export const coreModule = NAMES.every((name, id) => !delegable(id) || exact(id))
  ? null
  : await loadCore().catch(unlessRefused);
