/* The session page follows the table: every few seconds it asks whether the session
 * changed (ETag / If-None-Match: a 304 costs nothing), and when a round was recorded,
 * corrected or voided it swaps in the new totals and rounds from the page itself, and
 * every other element marked data-follow-swap (by id: the header's round count).
 */
(function () {
  "use strict";

  var area = document.getElementById("follow-area");
  if (!area) return;
  var url = area.dataset.followUrl;
  var etag = '"' + area.dataset.version + '"';
  var EVERY = 3000;

  function refresh() {
    return fetch(location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("follow-area");
        if (!fresh) return;
        area.innerHTML = fresh.innerHTML;
        area.dataset.version = fresh.dataset.version;
        fresh.ownerDocument.querySelectorAll("[data-follow-swap][id]").forEach(function (el) {
          var mine = document.getElementById(el.id);
          if (mine) mine.innerHTML = el.innerHTML;
        });
      });
  }

  function poll() {
    if (document.hidden) return setTimeout(poll, EVERY);
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "If-None-Match": etag } })
      .then(function (r) {
        if (r.status !== 200) return null;
        etag = r.headers.get("ETag") || etag;
        return refresh();
      })["catch"](function () { /* offline: try again later */ })
      .then(function () { setTimeout(poll, EVERY); });
  }
  setTimeout(poll, EVERY);
})();
