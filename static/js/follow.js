/* A page follows what it shows (the session page its table, the board its night): every
 * few seconds it asks its follow URL whether that changed (ETag / If-None-Match: a 304
 * costs nothing). When it did, the answer carries the page's fresh parts (scoring/follow/poll.py:
 * #follow-area and every element marked data-follow-swap, by id: the header's round
 * count), swapped in at once; an answer in JSON (a follow URL without parts) makes the
 * page fetch itself for them.
 */
(function () {
  "use strict";

  var area = document.getElementById("follow-area");
  if (!area) return;
  var url = area.dataset.followUrl;
  var etag = '"' + area.dataset.version + '"';
  // data-follow-every: FOLLOW_POLL_SECONDS in ms, 3000 (scoring/templatetags/recording.py)
  var EVERY = Number(area.dataset.followEvery) || 3000;
  // 2.7 to 3 s: a room of phones that opened the page together does not poll in step,
  // and a change still shows within the 3 s
  function every() { return EVERY * (0.9 + 0.1 * Math.random()); }

  function swapIn(html) {
    if (!html) return;
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("follow-area");
    if (!fresh) return;
    area.innerHTML = fresh.innerHTML;
    area.dataset.version = fresh.dataset.version;
    fresh.ownerDocument.querySelectorAll("[data-follow-swap][id]").forEach(function (el) {
      var mine = document.getElementById(el.id);
      if (mine) mine.innerHTML = el.innerHTML;
    });
  }

  function refresh() {
    return fetch(location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(swapIn);
  }

  function poll() {
    if (document.hidden) return setTimeout(poll, every());
    fetch(url, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "If-None-Match": etag, "Accept": "text/html" }
    })
      .then(function (r) {
        if (r.status !== 200) return null;
        etag = r.headers.get("ETag") || etag;
        if ((r.headers.get("Content-Type") || "").indexOf("text/html") === 0) {
          return r.text().then(swapIn);
        }
        return refresh();
      })["catch"](function () { /* offline: try again later */ })
      .then(function () { setTimeout(poll, every()); });
  }
  setTimeout(poll, every());
})();
