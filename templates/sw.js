{% load static %}// Scorekeeper's service worker: a game page that was open before opens
// again without a connection, as it last was (its script then shows the hands waiting here), its
// chart as last drawn. Pages, charts and static files come from the network first, the copy only
// when there is none; a page or chart the server no longer has loses its copy (the page's chart
// with it). No save or poll passes here.
"use strict";
var CACHE = "scorekeeper-v1";
var STATIC = "{% get_static_prefix %}";
var GAME_PAGE = /^\/g\/[^/]+\/games\/[^/]+\/$/;
var CHART = /^\/g\/[^/]+\/games\/[^/]+\/chart\/$/;

self.addEventListener("install", function () {
  self.skipWaiting();
});
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});
self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  var page = request.mode === "navigate" && GAME_PAGE.test(url.pathname);
  // The chart alone (htmx), apart from its own page.
  var chart = CHART.test(url.pathname) && request.headers.get("HX-Request") === "true";
  var ours = page || chart || url.pathname.indexOf(STATIC) === 0;
  if (request.method !== "GET" || url.origin !== self.location.origin || !ours) return;
  var key = chart ? url.href + "?alone" : url.href;
  var gone = page ? [url.pathname, url.pathname + "chart/"] : [url.pathname];
  event.respondWith(
    fetch(request)
      .then(function (response) {
        var copy = response.clone();
        event.waitUntil(
          caches.open(CACHE).then(function (cache) {
            if (response.ok) return cache.put(key, copy);
            if (response.status === 404 || response.status === 410) {
              // Every copy under a gone address, whatever its query.
              return Promise.all(
                gone.map(function (at) {
                  return cache.delete(url.origin + at, { ignoreSearch: true });
                })
              );
            }
          })
        );
        return response;
      })
      .catch(function () {
        return caches.match(key).then(function (kept) {
          return kept || Response.error();
        });
      })
  );
});
