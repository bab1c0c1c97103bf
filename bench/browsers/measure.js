// What the benchmark pages share: timing, medians, and yielding to the browser.

let sink = 0;
// Seconds per call of fn(), called again until at least minMs have passed. What fn returns is
// summed into a sink, so no engine can drop the work.
export function sample(fn, minMs) {
  const start = performance.now();
  let reps = 0;
  let elapsed;
  do {
    sink += fn();
    reps++;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return elapsed / reps / 1000;
}
export const sunk = () => sink;

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

// Lets the browser run its own tasks (and keeps slow-script watchdogs quiet) between measurements.
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The page's configuration, as bench/browsers/run.mjs puts it in the query.
export const config = JSON.parse(new URLSearchParams(location.search).get('config'));

// 'HeadlessChrome/156.0.0.0', 'Firefox/153.0' or 'Version/60.5' (WebKit), for progress lines.
export const engineName = () => navigator.userAgent.match(/(HeadlessChrome|Firefox|Version)\/\S+/)?.[0];
