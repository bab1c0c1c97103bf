// The command line the package ships (package.json "bin": dist/cli.js, built from bin/ by
// tools/bundle_entries.mjs, which build.sh runs when a source is newer). The test files run in
// parallel, so none rebuilds it: a stale one fails them all, saying what to run.
import { stale } from '../../tools/bundle_entries.mjs';

if (stale()) throw new Error('dist/cli.js or a bundle is older than its sources: run `node tools/bundle_entries.mjs`');

export const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;
