// How a page run by test/hosts/engines.mjs talks to Node: load it as a classic script before the
// page's modules (<script src="/__engines/report.js"></script>, served by engines.mjs), then
//   pageReport.log(text)   prints a line in Node (in order),
//   pageReport.done(value) ends the run with value (JSON),
//   pageReport.fail(error) ends it as a failure.
// An uncaught error, an unhandled rejection, or a script or module that fails to load fails the run.
(() => {
  let last = Promise.resolve();
  const post = (kind, body) =>
    (last = last.then(() =>
      fetch(`/__engines/${kind}`, { method: 'POST', body: JSON.stringify(body) }).catch(() => {}),
    ));
  const fail = (error) => post('error', error instanceof Error ? `${error}\n${error.stack}` : String(error));
  globalThis.pageReport = { log: (text) => post('log', String(text)), done: (value) => post('done', value), fail };
  // Capturing: a <script> that fails to load fires a non-bubbling 'error' at its element.
  addEventListener(
    'error',
    (e) => fail(e instanceof ErrorEvent ? (e.error ?? e.message) : `could not load ${e.target?.src ?? e.target}`),
    true,
  );
  addEventListener('unhandledrejection', (e) => fail(e.reason));
})();
