{% load static %}// Scorekeeper's service worker: a game page that was open before opens
// again without a connection, as it last was (its script then shows the hands waiting here), its
// chart as last drawn. Pages, charts and static files come from the network first, the copy only
// when there is none. No save or poll passes here.
const CACHE = "scorekeeper-v1";
const STATIC = "{% get_static_prefix %}";
const GAME_PAGE = /^\/g\/[^/]+\/games\/[^/]+\/$/;
const CHART = /^\/g\/[^/]+\/games\/[^/]+\/chart\/$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const { request } = event;
  const { origin, pathname, href } = new URL(request.url);
  const page = request.mode === "navigate" && GAME_PAGE.test(pathname);
  // The chart alone (htmx), apart from its own page.
  const chart = CHART.test(pathname) && request.headers.get("HX-Request") === "true";
  const ours = page || chart || pathname.startsWith(STATIC);
  if (request.method !== "GET" || origin !== self.location.origin || !ours) return;
  const key = chart ? `${href}?alone` : href;
  const gone = page ? [pathname, `${pathname}chart/`] : [pathname];
  const fresh = fetch(request).then((response) => {
    event.waitUntil(keep(key, response.clone(), gone));
    return response;
  });
  event.respondWith(fresh.catch(async () => (await caches.match(key)) ?? Response.error()));
});

// A copy of each answer; a page or chart the server no longer has (or sends elsewhere: a page
// redirected is status 0 here) loses its copies, whatever their query (a page's chart with it).
async function keep(key, response, gone) {
  const cache = await caches.open(CACHE);
  if (response.ok) return cache.put(key, response);
  if ([0, 404, 410].includes(response.status))
    return Promise.all(gone.map((at) => cache.delete(at, { ignoreSearch: true })));
}
