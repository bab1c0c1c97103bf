// Offline use after the first load: the service worker (sw.js) keeps a copy of everything the page
// loaded. The first load is not yet under the worker, so once it controls the page, the page sends
// it the list of what it loaded (the Resource Timing entries of this origin), to be cached.
export async function registerOffline() {
  if (!('serviceWorker' in navigator)) return null;
  await navigator.serviceWorker.register('sw.js');
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller)
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  const urls = [
    location.href.split('#')[0],
    ...performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).origin === location.origin && !u.includes('/__')),
  ];
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), { once: true });
    navigator.serviceWorker.controller.postMessage({ cache: urls });
  }).then((reply) => {
    document.documentElement.dataset.offline = reply.cached;
    return reply;
  });
}
