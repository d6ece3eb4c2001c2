/* The service worker: keeps the app shell (styles, scripts) and the pages last seen, so
 * the round form and the session page open without a network. Pages come from the
 * network first (fresh totals), from the cache when offline, and so does the translation
 * catalogue (/jsi18n/); static files from the cache first. Only GET requests are touched: saving never goes through the cache.
 * Served by scoring.app_shell_views.service_worker, which fills in the shell's URLs.
 */
"use strict";

var CACHE = "csmj-shell-v1";
var SHELL = __SHELL__;
var CATALOGUE = __CATALOGUE__;  // Django's JavaScript catalogue: the round form's strings
var OFFLINE = __OFFLINE__;  // the site's offline page, for a page not kept here

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE; }).map(function (k) {
      return caches["delete"](k);
    }));
  }).then(function () { return self.clients.claim(); }));
});

// A page asks to be kept (its first load happened before the worker was in charge).
self.addEventListener("message", function (event) {
  var url = event.data && event.data.cache;
  if (!url) return;
  event.waitUntil(fetch(url, { credentials: "same-origin" }).then(function (r) {
    if (r.ok) return caches.open(CACHE).then(function (c) { return c.put(url, r); });
  })["catch"](function () {}));
});

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(req).then(function (hit) {
      return hit || fetch(req).then(function (r) {
        if (r.ok) {
          var copy = r.clone();
          caches.open(CACHE).then(function (c) { c.put(req, copy); });
        }
        return r;
      });
    }));
    return;
  }
  // The catalogue follows the chosen language: from the network, the last copy offline.
  if (req.mode === "navigate" || url.pathname === CATALOGUE) {
    event.respondWith(fetch(req).then(function (r) {
      if (r.ok) {
        var copy = r.clone();
        caches.open(CACHE).then(function (c) { c.put(req, copy); });
      }
      return r;
    })["catch"](function () {
      // Django varies pages on Cookie and Accept-Language: the copy is this browser's own.
      return caches.match(req.url, { ignoreVary: true }).then(function (hit) {
        if (hit || req.mode !== "navigate") return hit || Response.error();
        return caches.match(OFFLINE, { ignoreVary: true }).then(function (page) {
          if (!page) return Response.error();
          return page.text().then(function (html) {
            return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
          });
        });
      });
    }));
  }
});
