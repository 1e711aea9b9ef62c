{% load static %}// Scorekeeper's service worker: a game page that was open before opens again without a
// connection, showing what it last showed (its script then shows the hands waiting on
// this phone), and its chart as last drawn. Pages, charts and static files come from the
// network first; the copy is only for when there is none. A page or chart the server no
// longer has (a deleted game, a link replaced) loses its copy, the page's chart with it.
// Saves and polls never pass through here.
"use strict";
var CACHE = "scorekeeper-v1";
var GAME_PAGE = /^\/g\/[^/]+\/games\/[^/]+\/$/;
var CHART = /^\/g\/[^/]+\/games\/[^/]+\/chart\/$/;
var STATIC = "{% get_static_prefix %}";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && GAME_PAGE.test(url.pathname);
  // The chart the game page asks for alone (htmx), kept apart from the chart's own page.
  var chart = CHART.test(url.pathname) && request.headers.get("HX-Request") === "true";
  if (!page && !chart && url.pathname.indexOf(STATIC) !== 0) return;
  var key = chart ? url.href + "?alone" : url.href;
  // Every copy under a gone address, whatever its query (?hands=all, ?alone).
  var gone = page ? [url.pathname, url.pathname + "chart/"] : [url.pathname];
  event.respondWith(fetch(request).then(function (response) {
    var copy = response.clone();
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      if (response.ok) return cache.put(key, copy);
      if (response.status === 404 || response.status === 410) return Promise.all(gone.map(function (at) { return cache.delete(url.origin + at, { ignoreSearch: true }); }));
    }));
    return response;
  }).catch(function () {
    return caches.match(key).then(function (kept) { return kept || Response.error(); });
  }));
});
