// The page that run.mjs bundles (esbuild, and Vite) and loads in Chromium: the package entry, one
// family's static entry and preload() for another, as a browser user writes them. Results go to
// globalThis.__results for run.mjs; 'encoding-wasm-test: probes' in the console marks the point
// after which eval is attempted on purpose (to show the page's CSP is in force).
import * as main from 'encoding-wasm';
import * as hooks from 'encoding-wasm/hooks';
import * as encoder from 'encoding-wasm/encoder';
import * as errors from 'encoding-wasm/errors';
import * as url from 'encoding-wasm/url';
import 'encoding-wasm/tables/japanese';
import { hostRestrictions, scenario } from '../checks.js';

const api = { ...main, hooks, url, encoder, errors };

const results = await scenario(api);
console.log('encoding-wasm-test: probes');
globalThis.__results = { ...results, host: hostRestrictions() };
