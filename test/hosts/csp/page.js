// The page that test/hosts/csp/run.mjs bundles (esbuild) and loads under a Content Security Policy
// with and without 'wasm-unsafe-eval' in Chromium, Firefox and WebKit, and as a Chromium extension
// page: the main entry, the polyfill and the hooks imported as a user would,
// then every encoding of the standard decoded by each TextDecoder (and by the host's own) on the
// bytes of expected.json, whose outputs run.mjs computed from the standard's reference algorithms
// (test/reference/). The page only reports what happened; run.mjs judges it. Reports go through
// test/hosts/page-report.js (a web page) or to globalThis.__results (the extension page).
import { natives, violations } from './natives.js';
import * as main from 'encoding-wasm';
import * as hooks from 'encoding-wasm/hooks';
import { install } from 'encoding-wasm/polyfill';
import { cases } from './cases.js';

const report = await cases({ main, hooks, install, natives, violations });
if (globalThis.pageReport) globalThis.pageReport.done(report);
globalThis.__results = report;
