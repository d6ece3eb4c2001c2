/* Rounds waiting to be saved: a queue in IndexedDB that survives a reload, a crash or
 * a dead battery, and sends itself when the network returns.
 *
 * Each item is one round as the round form would post it, with the Idempotency-Key
 * made when it was first submitted: a retry can never store it twice (the server
 * replays its first answer). Items of one session are sent in number order; a 409
 * (someone else recorded that number) or a 400 stops the queue until the recorder
 * chooses. The status line "N 盘待同步" is any element with [data-role=sync-status].
 *
 * Also registers the service worker that keeps the pages usable offline.
 */
(function () {
  "use strict";

  var DB = "csmj", STORE = "queue";
  var listeners = [];
  var syncing = false;
  var blocked = null; // {item, status, json} that needs the recorder
  var waiting = {};  // session id -> its rounds waiting on this phone (kept by changed)

  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE, { keyPath: "key" }); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function tx(mode, fn) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(STORE, mode);
        var out = fn(t.objectStore(STORE));
        t.oncomplete = function () { resolve(out && out.result !== undefined ? out.result : out); };
        t.onerror = function () { reject(t.error); };
      });
    });
  }

  function all(session) {
    return tx("readonly", function (s) { return s.getAll(); }).then(function (items) {
      return (items || []).filter(function (i) { return session == null || i.session === session; })
        .sort(function (a, b) { return a.session - b.session || a.number - b.number; });
    });
  }
  function add(item) { return tx("readwrite", function (s) { return s.put(item); }).then(changed); }
  function remove(key) { return tx("readwrite", function (s) { return s["delete"](key); }).then(changed); }

  function changed() {
    return all(null).then(function (items) {
      waiting = {};
      items.forEach(function (i) { waiting[i.session] = (waiting[i.session] || 0) + 1; });
      var status = document.querySelectorAll("[data-role=sync-status]");
      status.forEach(function (el) {
        var mine = items.filter(function (i) {
          return !el.dataset.session || String(i.session) === el.dataset.session;
        });
        el.hidden = !mine.length;
        el.dataset.count = String(mine.length);
        var text = (el.dataset.label || "%(n)s").replace("%(n)s", mine.length);
        if (blocked) text += " · " + (el.dataset.blocked || "");
        el.querySelector("[data-role=sync-text]").textContent = text;
      });
      listeners.forEach(function (fn) { fn(items, blocked); });
      noteRefresh();
      return items;
    });
  }

  function csrf() {
    var inp = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (inp) return inp.value;
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  /* Post one round; resolves {status, json}, rejects when the network is down. */
  function send(item) {
    return fetch(item.url, {
      method: "POST", credentials: "same-origin",
      headers: {
        "Content-Type": "application/json", Accept: "application/json",
        "X-CSRFToken": csrf(), "Idempotency-Key": item.key,
      },
      body: JSON.stringify({ number: item.number, data: item.data }),
    }).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, json: j }; },
        function () { return { status: r.status, json: {} }; });
    });
  }

  function sync() {
    if (syncing || blocked || !navigator.onLine) return Promise.resolve();
    syncing = true;
    function next() {
      return all(null).then(function (items) {
        if (!items.length) return null;
        var item = items[0];
        return send(item).then(function (res) {
          if (res.status === 201 || res.status === 200) {
            // The answer brings the session's board: kept for a reload offline, on
            // whichever page sent it (scoreboard.js).
            if (window.csmjScoreboard) window.csmjScoreboard.keep(item.session, res.json);
            return remove(item.key).then(function () {
              listeners.forEach(function (fn) { fn(null, null, { saved: item, json: res.json }); });
              return next();
            });
          }
          if (res.status === 403 || res.status >= 500) return null; // try again later
          blocked = { item: item, status: res.status, json: res.json };
          return changed();
        }, function () { return null; });
      });
    }
    return next().then(function () { syncing = false; return changed(); },
      function () { syncing = false; });
  }

  /* The recorder chose: drop the blocked item, or send it again as another number. */
  function resolve(choice, number, key, data) {
    var b = blocked;
    blocked = null;
    if (!b) return Promise.resolve();
    var done = choice === "discard" ? remove(b.item.key)
      : remove(b.item.key).then(function () {
        return add(Object.assign({}, b.item, { number: number, key: key, data: data || b.item.data }));
      });
    return done.then(sync);
  }

  /* Forms that need the server and the session's stored rounds ([data-needs-network]:
   * 撤销上一盘, 结束本场): offline, or while rounds of their session (data-session) wait
   * on this phone, a tap says why (the form's data-offline or data-waiting text) and
   * posts nothing, neither the browser's error page nor an undo of the wrong round. */
  function whyNot(form) {
    return !navigator.onLine ? form.dataset.offline
      : waiting[Number(form.dataset.session)] ? form.dataset.waiting : "";
  }
  // The line a tap left says what still holds: it goes once the network is back and
  // the session's rounds are sent (and changes when only one of them is).
  function noteRefresh() {
    var note = document.querySelector("[data-role=needs-network]");
    var form = note && document.querySelector("form[data-needs-network]");
    if (!note) return;
    var why = form ? whyNot(form) : "";
    if (why) note.textContent = why;
    else note.remove();
  }
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("form[data-needs-network] [type=submit]");
    if (!btn) return;
    var form = btn.form;
    var why = whyNot(form);
    if (!why) return;
    ev.preventDefault();
    ev.stopPropagation();  // before the button's own confirm()
    // one line under the row of buttons (inside it, it would stretch the row)
    var note = document.querySelector("[data-role=needs-network]");
    if (!note) {
      note = document.createElement("p");
      note.className = "form-errors small";
      note.setAttribute("role", "alert");
      note.setAttribute("data-role", "needs-network");
      (form.closest(".actions") || form).insertAdjacentElement("afterend", note);
    }
    note.textContent = why;
  }, true);

  window.addEventListener("online", function () { noteRefresh(); sync(); });
  window.addEventListener("offline", noteRefresh);
  setInterval(sync, 10000);

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      // Keep this page for offline use (the first visit is not yet seen by the worker),
      // and the pages it links to for the table ([data-keep-offline]: the round form's
      // 返回本场), which a phone may never have opened before the network goes.
      if (!reg.active) return;
      reg.active.postMessage({ cache: location.pathname + location.search });
      document.querySelectorAll("a[data-keep-offline]").forEach(function (a) {
        reg.active.postMessage({ cache: a.getAttribute("href") });
      });
    })["catch"](function () { /* no offline pages: the queue still works */ });
  }

  window.csmjQueue = {
    add: add, all: all, remove: remove, sync: sync, send: send, resolve: resolve, changed: changed,
    blocked: function () { return blocked; },
    listen: function (fn) { listeners.push(fn); },
  };
  document.addEventListener("DOMContentLoaded", function () { changed().then(sync); });
  if (document.readyState !== "loading") changed().then(sync);
})();
