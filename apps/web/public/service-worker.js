// Horizon Bank service worker: keeps the app shell for offline use.
// Navigations are network-first (fall back to the cached shell); hashed build assets are
// cache-first; the API (/api, /trpc) is never cached.
const CACHE = 'horizon-shell-v1';
const SHELL = ['/', '/index.html', '/logo.svg', '/theme-init.js', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

function isApi(url) {
  return url.pathname.startsWith('/api') || url.pathname.startsWith('/trpc');
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            // A page that carries the visitor's session (no-store) is not kept: the offline
            // copy is the plain shell, fetched without it.
            const noStore = /no-store/.test(response.headers.get('Cache-Control') || '');
            const copy = noStore ? fetch('/index.html') : Promise.resolve(response.clone());
            copy
              .then(
                (shell) => shell.ok && caches.open(CACHE).then((c) => c.put('/index.html', shell)),
              )
              .catch(() => undefined);
          }
          return response;
        })
        .catch(() => caches.match('/index.html').then((cached) => cached || Response.error())),
    );
    return;
  }

  if (
    url.pathname.startsWith('/assets/') ||
    SHELL.includes(url.pathname) ||
    url.pathname.endsWith('.svg')
  ) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
