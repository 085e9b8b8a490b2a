// Keeps this version of the site in the browser's cache, so that the page opens again offline and
// a second visit does not fetch Pyodide again. The build (tools/webpage/static_site.py) writes the two lines below: the
// site's version (a hash of its files; a new one replaces the old cache) and its files.
const VERSION = "unbuilt";
const FILES = [];
const CACHE = `oracle-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("oracle-") && name !== CACHE;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Pyodide (pinned, 13.5 MB) comes from the cache; the page's own small files from the network when
// it answers, so a new version of the site shows at once, else from the cache.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const cached = () => caches.match(event.request, { ignoreSearch: true });
  if (new URL(event.request.url).pathname.includes("/pyodide/")) {
    event.respondWith(cached().then((hit) => hit || fetch(event.request)));
    return;
  }
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(() => cached().then((hit) => hit || Response.error())),
  );
});
