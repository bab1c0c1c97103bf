// Runs harness.js and reports its failure itself: an error thrown at a module's top level after an
// await fires no uncaught 'error' event in WebKitGTK 2.50 (page-report.js never heard of it and the
// run waited for its timeout), while the promise of a dynamic import() rejects with it everywhere.
import('./harness.js').catch((error) => pageReport.fail(error));
