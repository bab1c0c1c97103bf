// The page that run.mjs bundles (esbuild, and Vite) and loads in Chromium: the package entry, one
// family's static entry and preload() for another, as a browser user writes them. Results go to
// globalThis.__results for run.mjs; 'encoding-wasm-test: probes' in the console marks the point
// after which eval is attempted on purpose (to show the page's CSP is in force).
import * as api from 'encoding-wasm';
import 'encoding-wasm/tables/japanese';
import { checks, hostRestrictions, missingFamily } from '../checks.js';

const before = { gbk: missingFamily(api, 'gbk'), eucKr: missingFamily(api, 'euc-kr') };
await api.preload('gbk');
const delegated = api.nativeDelegation();
const withDelegation = checks(api);
api.setNativeDelegation(false);
const wasmOnly = checks(api);
const after = { eucKr: missingFamily(api, 'euc-kr') };
console.log('encoding-wasm-test: probes');
globalThis.__results = { before, delegated, checks: withDelegation, wasmOnly, after, host: hostRestrictions() };
