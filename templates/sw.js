{% load static %}// Scorekeeper's service worker: a game page that was open before opens again without a
// connection, showing what it last showed (its script then shows the hands waiting on
// this phone). Pages and static files come from the network first; the copy is only for
// when there is none. Saves and polls never pass through here.
"use strict";
var CACHE = "scorekeeper-v1";
var GAME_PAGE = /^\/g\/[^/]+\/games\/[^/]+\/$/;
var STATIC = "{% get_static_prefix %}";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && GAME_PAGE.test(url.pathname);
  if (!page && url.pathname.indexOf(STATIC) !== 0) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.href, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(url.href).then(function (kept) { return kept || Response.error(); });
    })
  );
});
