// The converter's service worker: network first (an online page is always current), the cache when
// the network fails. offline.js hands it the page's files after the first load; every later
// same-origin GET refreshes its copy.
const CACHE = 'encoding-wasm-converter';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const urls = event.data?.cache;
  if (!Array.isArray(urls)) return;
  // Each on its own: one that fails (a favicon the server lacks) leaves the rest cached.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((url) =>
            cache.add(url).then(
              () => 1,
              () => 0,
            ),
          ),
        ),
      )
      .then((done) => event.source.postMessage({ cached: done.reduce((a, b) => a + b, 0) })),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit ?? Response.error())),
  );
});
