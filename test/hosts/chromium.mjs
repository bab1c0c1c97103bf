// How every Chromium in the tests is started: Debian's /usr/bin/chromium (or $CHROMIUM), headless,
// with no sandbox (CI runs as root) and nothing that would reach the network on its own. Used by
// vitest.config.js (the browser project) and test/hosts/bundle/pages.mjs (bundle, CSP and
// docs/runtimes.md pages).
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
