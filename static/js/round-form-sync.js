/* The round form's requests: the tile analysis, the preview, saving (at once, or through
 * this browser's queue, sync-queue.js, when offline or behind waiting rounds), the draft
 * kept in localStorage, the running scoreboard (scoreboard.js), a conflict with another
 * recorder, and the next dealer after a round not yet stored (next-dealer.js, the
 * engine's table).
 *
 * mount(app) wires the page's buttons and the queue and sets app.afterRender,
 * app.analyse, app.start and app.idle.
 */
(function (global) {
  "use strict";

  function mount(app) {
    var ctx = app.ctx, T = app.T, form = app.form, state = form.state, root = app.root;
    var h = app.h, render = app.render;
    var fmt = global.csmjRoundFormParts.state.fmt;
    var buildRound = form.buildRound, normalise = form.normalise, loadInitial = form.loadInitial;
    var missing = form.missing, complete = form.complete, briefOf = form.briefOf;
    // Who deals next: the engine's table (scoring/engine/dealers.py), looked up by
    // next-dealer.js for a round the form could not preview.
    var DEALERS = ctx.dealers;
    var NUMBER = ctx.number;

    /* ------------------------------------------------------------ network */

    function csrf() { return root.querySelector("input[name=csrfmiddlewaretoken]").value; }
    // Requests still on their way (previews, analyses, saves): see idle() below.
    var inFlight = 0;

    function post(url, body) {
      inFlight += 1;
      var done = function () { inFlight -= 1; };
      return fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
        body: JSON.stringify(body),
      }).then(function (r) {
        return r.json().then(function (j) { done(); return { status: r.status, json: j }; });
      }).catch(function (e) { done(); throw e; });
    }

    // Fill in (and check) the hand types from the tiles, through the analysis service.
    function analyse(target) {
      var body, key;
      if (target.type === "opening") {
        var o = state.openings[target.idx];
        key = "o" + target.idx;
        body = { mode: "opening", seat: o.seat, dealer: state.dealer, tiles: o.tiles };
      } else {
        var w = state.winners.find(function (x) { return x.seat === target.seat; });
        key = "w" + w.seat;
        body = {
          mode: "final", seat: w.seat, dealer: state.dealer, dealers: state.dealers, kind: state.kind,
          tiles: w.tiles, melds: w.melds, win_tile: w.win_tile, hands: w.hands,
        };
      }
      state.analysis[key + "note"] = T.analysing;
      render();
      post(ctx.urls.analyse, body).then(function (res) {
        var j = res.json;
        if (res.status !== 200) {
          state.analysis[key] = null;
          state.analysis[key + "ok"] = false;
          state.analysis[key + "note"] = (j.errors || []).map(function (e) { return e.message; }).join(" ") || T.analysis_failed;
          render(); return;
        }
        state.analysis[key] = j.hands;
        state.analysis[key + "ok"] = !!j.ok;
        state.analysis[key + "note"] = j.note || "";
        if (j.fill) {
          if (target.type === "opening") {
            var op = state.openings[target.idx];
            if (op) op.hands = j.fill.slice();
          } else {
            var wn = state.winners.find(function (x) { return x.seat === target.seat; });
            if (wn) wn.hands = j.fill.slice();
          }
          normalise();
        }
        render();
      }, function () { state.analysis[key + "note"] = T.analysis_failed; render(); });
    }

    var previewBox = document.getElementById("rf-preview");
    var saveBtn = document.getElementById("rf-save");
    var saveWhy = document.getElementById("rf-save-why");
    var dataInput = document.getElementById("rf-data");
    var banner = document.getElementById("rf-banner");
    // Saving through fetch (and the queue, the draft) is the session's round form's; a
    // correction and the calculator post the form as it is.
    var CORRECTING = !!ctx.correcting || !ctx.urls.save;
    var DRAFT = "csmj-draft-" + ctx.session;
    // The next dealer(s) the form opened with (the server's, or the engine's table's after
    // the rounds waiting offline): a draft keeps its own dealer only while this is still
    // the answer, so an undo, a void or a correction elsewhere is never hidden by it.
    var base = { dealer: ctx.prefill ? ctx.prefill.dealer : null, dealers: ctx.prefill ? ctx.prefill.dealers.slice() : [] };

    /* ------------------------------------------------------------ preview */

    var lastPreview = { body: null, result: null, ok: false, offline: false };
    var previewTimer = null;

    function showPreview() {
      var body = JSON.stringify(buildRound());
      if (lastPreview.body !== body) return false;
      if (lastPreview.ok) { previewBox.innerHTML = lastPreview.html; return true; }
      if (lastPreview.offline) {
        previewBox.innerHTML = "";
        previewBox.appendChild(h("p", { class: "msg msg-warn", "data-role": "preview-offline", text: T.offline_preview }));
        return true;
      }
      return false;
    }

    function preview() {
      var round = buildRound(), body = JSON.stringify(round);
      previewBox.innerHTML = "<p class='muted'>" + T.working + "</p>";
      post(ctx.urls.preview, round).then(function (res) {
        if (JSON.stringify(buildRound()) !== body) return;  // changed meanwhile
        if (res.status === 200) {
          lastPreview = { body: body, html: res.json.html, result: res.json.result, ok: true, offline: false };
          state.errors = [];
        } else {
          lastPreview = { body: body, ok: false, offline: false };
          form.setErrors(res.json.errors || [], body);
        }
        render();
        if (res.status !== 200) {
          var first = root.querySelector(".has-error, #rf-errors li");
          if (first) first.scrollIntoView({ behavior: "smooth", block: "center" });
        }
      }, function () {
        // No network: the round can still be saved; it waits in the queue.
        lastPreview = { body: body, ok: false, offline: true };
        render();
      });
    }

    /* ------------------------------------------------------------ draft */

    // kept: a round the server refused as a whole (a finished session), to come back
    // whatever number the form opens with after 继续本场.
    var keptDraft = false;
    function draftSave() {
      if (CORRECTING || !ctx.session) return;
      try {
        localStorage.setItem(DRAFT, JSON.stringify({ number: NUMBER, base: base, round: buildRound(), key: state.key, kept: keptDraft }));
      } catch (e) { /* private mode: no draft */ }
    }
    function draftClear() { try { localStorage.removeItem(DRAFT); } catch (e) { /* */ } }
    function draftLoad() {
      try { return JSON.parse(localStorage.getItem(DRAFT) || "null"); } catch (e) { return null; }
    }

    // After each redraw: the preview shown is always the current input's; saving needs one
    // (or no network); a complete round previews by itself; the draft follows.
    function afterRender() {
      var shown = showPreview();
      if (!shown) previewBox.innerHTML = "";
      saveBtn.disabled = !shown || !complete();
      saveWhy.textContent = !saveBtn.disabled ? "" : missing() ||
        (state.errors.length && lastPreview.body === JSON.stringify(buildRound()) ? T.need_fixes : T.working);
      if (!shown && complete() && lastPreview.body !== JSON.stringify(buildRound())) {
        clearTimeout(previewTimer);
        previewTimer = setTimeout(function () { previewTimer = null; preview(); }, 150);
      }
      draftSave();
    }

    /* ------------------------------------------------------------ saving */

    function newKey() {
      if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
      return "rf-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
    }

    function setNumber(n) {
      // the tab's title says the round the form is at too (记录 · 第 9 盘)
      document.title = document.title.replace(fmt(T.round_n, { n: NUMBER }), fmt(T.round_n, { n: n }));
      NUMBER = n;
      root.querySelector("input[name=number]").value = String(n);
      var title = document.querySelector("[data-role=rf-number]");
      if (title) title.textContent = fmt(T.round_n, { n: n });
    }

    // A blank form for the next round, the dealer from the engine (or unknown offline).
    function blankForm(number, dealer, dealers) {
      form.blank(dealer, dealers);
      base = { dealer: state.dealer, dealers: state.dealers.slice() };
      lastPreview = { body: null };
      setNumber(number);
      if (dealer !== null) normalise();
      render();
      window.scrollTo(0, 0);
    }

    function showBanner(text, opts) {
      opts = opts || {};
      // The page's flash messages (已撤销第 7 盘。…) told of what happened before this
      // save: left above the new banner they would read as its news.
      document.querySelectorAll("ul.messages").forEach(function (el) { el.parentNode.removeChild(el); });
      banner.innerHTML = "";
      delete banner.dataset.queued;
      banner.className = "rf-banner" + (opts.warn ? " warn" : "");
      banner.appendChild(h("span", { "data-role": "saved-text", text: text }));
      if (opts.undo) {
        var form = h("form", { method: "post", action: ctx.urls.undo, class: "inline" }, [
          h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf() }),
          h("input", { type: "hidden", name: "back", value: "form" }),
          h("button", { type: "submit", class: "linklike", "data-role": "banner-undo", text: T.undo }),
        ]);
        banner.appendChild(h("span", { text: " · " }));
        banner.appendChild(form);
      }
      banner.hidden = false;
    }

    // The next dealer after a round not yet stored: the engine's rule, from its table.
    function nextOf(round) { return window.csmjNextDealer.nextDealer(DEALERS, round); }

    // The net of exactly this round when its preview was seen (for the scoreboard), or null.
    function previewedNet(round) {
      if (lastPreview.ok && lastPreview.body === JSON.stringify(round) && lastPreview.result) {
        return lastPreview.result.net.slice();
      }
      return null;
    }

    /* ------------------------------------------------------------ the count */

    // Beside the form's number, the session's count as its page says it (第 6 盘 ·
    // 1 盘计分 · 4 盘已作废): the server's alone. A round waiting in this browser's queue
    // is not counted until the server has stored it ("N 盘待同步" says it waits); the
    // server's answer to it brings the new counts (answered, followServer).
    var counts = ctx.counts || null;
    var countEl = document.querySelector("[data-role=rf-count]");
    function drawCounts() {
      if (!counts || !countEl) return;
      countEl.textContent = fmt(T.counted_n(counts.counted), { n: counts.counted }) + " · " +
        fmt(T.void_n(counts["void"]), { n: counts["void"] });
      countEl.hidden = !counts["void"];
    }

    /* ------------------------------------------------------------ the scoreboard */

    var board = ctx.scoreboard || null;  // the server's totals and last change

    // The server's latest board, kept in this browser a session (csmjScoreboard.keep):
    // offline, a reload gets the service worker's older copy of the page.
    function boardKeep(json) {
      if (CORRECTING || !ctx.session || !window.csmjScoreboard) return;
      window.csmjScoreboard.keep(ctx.session, json);
    }
    var boardEl = document.getElementById("rf-scoreboard");
    function drawBoard() {
      if (!board || !boardEl || !window.csmjScoreboard) return Promise.resolve();
      var waiting = window.csmjQueue ? window.csmjQueue.all(ctx.session) : Promise.resolve([]);
      return waiting.then(function (items) {
        window.csmjScoreboard.draw(boardEl, ctx.seats, window.csmjScoreboard.tally(board, items), T, fmt);
      });
    }

    function save() {
      if (!complete()) { preview(); return; }
      var round = buildRound();
      if (!state.key) state.key = newKey();
      draftSave();
      var item = { key: state.key, session: ctx.session, url: ctx.urls.save, number: NUMBER, data: round,
        brief: briefOf(round), net: previewedNet(round), at: Date.now() };
      saveBtn.disabled = true;
      var queue = window.csmjQueue;
      queue.all(ctx.session).then(function (waiting) {
        // Rounds already waiting go first: this one waits behind them.
        if (waiting.length || !navigator.onLine) return queued(item, round);
        return queue.send(item).then(function (res) { return answered(item, round, res); },
          function () { return queued(item, round); });
      });
    }

    function queued(item, round) {
      return window.csmjQueue.add(item).then(function () {
        var next = nextOf(round);
        draftClear();
        showBanner(fmt(T.queued_n, { n: item.number }), { warn: true });
        banner.dataset.queued = item.key;  // until the queue sends it (csmjQueue.listen)
        blankForm(item.number + 1, next.dealer, next.dealers);
        drawBoard();
        drawCounts();
      });
    }

    function answered(item, round, res) {
      if (res.status === 201 || res.status === 200) {
        draftClear();
        blankForm(res.json.next_number, res.json.next_dealer, res.json.next_dealers);
        if (res.json.scoreboard) board = res.json.scoreboard;
        if (res.json.counts) counts = res.json.counts;
        boardKeep(res.json);
        drawCounts();
        // The banner comes last, once the board is redrawn: what it says is all on screen.
        return drawBoard().catch(function () {}).then(function () {
          showBanner(fmt(T.saved_n, { n: res.json.number }), { undo: true });
        });
      }
      if (res.status === 409 && res.json.expected === undefined) { showRefused(item, res.json, false); return; }
      if (res.status === 409) { showConflict(item, res.json, false); return; }
      form.setErrors(res.json.errors || [{ field: "", code: "error", message: T.network_error }],
        JSON.stringify(round));
      lastPreview = { body: null };
      render();
    }

    var conflictBox = document.getElementById("rf-conflict");
    // Another recorder stored this number first: show both, the recorder chooses.
    function showConflict(item, json, fromQueue) {
      var ex = json.existing || {};
      // The board and counts with the other recorder's round in them, whatever is chosen.
      if (json.scoreboard) { board = json.scoreboard; drawBoard().catch(function () {}); }
      if (json.counts) { counts = json.counts; drawCounts(); }
      conflictBox.innerHTML = "";
      conflictBox.appendChild(h("h2", { text: fmt(T.conflict_title, { n: item.number }) }));
      conflictBox.appendChild(h("div", { class: "conflict-grid" }, [
        h("div", { class: "card", "data-role": "conflict-theirs" }, [
          h("h3", { text: T.conflict_theirs }), h("p", { text: ex.what || "" }),
          h("p", { class: "small", text: (ex.net || []).map(function (n) { return n.name + " " + n.net; }).join(" · ") }),
        ]),
        h("div", { class: "card", "data-role": "conflict-mine" }, [
          h("h3", { text: T.conflict_mine }), h("p", { text: item.brief || briefOf(item.data) }),
        ]),
      ]));
      var expected = json.expected;
      conflictBox.appendChild(h("div", { class: "row" }, [
        h("button", {
          type: "button", class: "btn", "data-role": "conflict-keep",
          text: fmt(T.conflict_keep, { n: expected }),
          onclick: function () {
            conflictBox.hidden = true;
            // Mine becomes the next round, dealt by the dealer that round really had.
            var data = Object.assign({}, item.data, { dealer: json.next_dealer });
            if (data.dealers) data.dealers = (json.next_dealers || [json.next_dealer]).slice();
            if (fromQueue) { window.csmjQueue.resolve("keep", expected, newKey(), data); return; }
            loadInitial(data);
            state.key = newKey();
            setNumber(expected);
            normalise();
            render();  // a new preview: the recorder sees it before saving again
            window.scrollTo(0, 0);
          },
        }),
        h("button", {
          type: "button", class: "btn btn-secondary", "data-role": "conflict-drop", text: T.conflict_drop,
          onclick: function () {
            conflictBox.hidden = true;
            if (fromQueue) { window.csmjQueue.resolve("discard"); return; }
            draftClear();
            location.reload();
          },
        }),
      ]));
      conflictBox.hidden = false;
      conflictBox.scrollIntoView({ block: "start" });
    }

    // The server refused the round as a whole (the session is finished: 结束本场): the
    // refusal as it is, and the round kept: 继续本场 reloads this form with it (the
    // draft, or the queue that sends it again), or it is copied as text, or dropped.
    function showRefused(item, json, fromQueue) {
      var errors = json.errors || [];
      var finished = errors.some(function (e) { return e.code === "session_finished"; });
      var text = fmt(T.round_n, { n: item.number }) + " · " + T.dealer_short + " " +
        seatNameOf(item.data.dealer) + " · " + (item.brief || briefOf(item.data));
      var copyBox = h("textarea", { class: "rf-copy", readonly: "readonly", rows: "3", "data-role": "refused-text" });
      copyBox.value = text;
      conflictBox.innerHTML = "";
      conflictBox.appendChild(h("h2", { text: finished ? T.finished_title : T.refused_title }));
      conflictBox.appendChild(h("p", { "data-role": "refused-why", text: errors.map(function (e) { return e.message; }).join(" ") || T.network_error }));
      conflictBox.appendChild(h("div", { class: "card", "data-role": "conflict-mine" }, [
        h("h3", { text: T.conflict_mine }), copyBox,
      ]));
      var buttons = [];
      if (finished && ctx.urls.reopen) {
        // Reopened, the form opens on this round again (the draft), at the next number.
        if (!fromQueue) { keptDraft = true; draftSave(); }
        buttons.push(h("form", { method: "post", action: ctx.urls.reopen, class: "inline" }, [
          h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf() }),
          h("input", { type: "hidden", name: "reopen", value: "1" }),
          h("input", { type: "hidden", name: "back", value: "form" }),
          h("button", { type: "submit", class: "btn", "data-role": "refused-reopen", text: T.reopen_keep }),
        ]));
      }
      buttons.push(h("button", {
        type: "button", class: "btn btn-secondary", "data-role": "refused-copy", text: T.copy_text,
        onclick: function (ev) {
          var btn = ev.currentTarget;
          copyBox.select();
          var done = function () { btn.textContent = T.copied; };
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).then(done, function () {
              try { document.execCommand("copy"); done(); } catch (e) { /* selected: copy by hand */ }
            });
          } else {
            try { document.execCommand("copy"); done(); } catch (e) { /* selected: copy by hand */ }
          }
        },
      }));
      buttons.push(h("button", {
        type: "button", class: "btn btn-secondary", "data-role": "conflict-drop", text: T.conflict_drop,
        onclick: function () {
          if (!window.confirm(T.drop_confirm)) return;
          conflictBox.hidden = true;
          if (fromQueue) { window.csmjQueue.resolve("discard"); return; }
          draftClear();
          location.reload();
        },
      }));
      conflictBox.appendChild(h("div", { class: "row" }, buttons));
      conflictBox.hidden = false;
      conflictBox.scrollIntoView({ block: "start" });
    }
    function seatNameOf(seat) {
      var s = (ctx.seats || [])[seat];
      return s ? s.name : "?";
    }

    /* ------------------------------------------------------------ wiring */

    // The calculator's four names (its settings form, [data-role=calc-name]) apply as they
    // are typed: the seats take them, and the preview and the share link carry them (n0–n3
    // in the address), without clearing the round.
    var nameInputs = document.querySelectorAll("[data-role=calc-name]");
    function withNames(url) {
      if (!nameInputs.length) return url;
      var u = new URL(url, window.location.href);
      nameInputs.forEach(function (input) {
        var key = "n" + input.getAttribute("data-seat"), value = input.value.trim();
        if (value) u.searchParams.set(key, value); else u.searchParams.delete(key);
      });
      return u.pathname + u.search;
    }
    nameInputs.forEach(function (input) {
      var seat = ctx.seats[Number(input.getAttribute("data-seat"))];
      var fallback = input.getAttribute("placeholder") || seat.name;
      input.addEventListener("input", function () {
        seat.name = input.value.trim() || fallback;
        ctx.urls.preview = withNames(ctx.urls.preview);
        lastPreview = { body: null, result: null, ok: false, offline: false };
        render();
      });
    });

    // The calculator keeps the hand across a change of its rules ([data-keep-hand]: the
    // 杠分 links, the settings form): the page that opens next loads it again, when its
    // table has as many seats, and the preview says what the engine makes of it under
    // the new rules. A change of the table's size clears it (the seats change).
    var KEEP = "csmj-calc-hand";
    function keepHand() {
      if (!state.kind && !state.kongs.length && !state.openings.length && !state.midgame.length) return;
      try { sessionStorage.setItem(KEEP, JSON.stringify({ seats: ctx.seats.length, round: buildRound() })); } catch (e) { /* */ }
    }
    function keptHand() {
      var kept = null;
      try { kept = JSON.parse(sessionStorage.getItem(KEEP) || "null"); sessionStorage.removeItem(KEEP); } catch (e) { return null; }
      return kept && kept.seats === ctx.seats.length ? kept.round : null;
    }
    // A kept hand under rules of fewer birds keeps the first of its birds (the pads
    // offer no more than the rules' number, so more could not be taken off).
    function fitBirds() {
      state.birds = state.birds.slice(0, form.birdCount);
      state.openings.forEach(function (o) { o.birds = o.birds.slice(0, form.smallBirds); });
      state.midgame.forEach(function (m) { m.birds = m.birds.slice(0, form.smallBirds); });
    }
    if (ctx.calculator) {
      document.querySelectorAll("a[data-keep-hand]").forEach(function (a) { a.addEventListener("click", keepHand); });
      document.querySelectorAll("form[data-keep-hand]").forEach(function (f) { f.addEventListener("submit", keepHand); });
    }

    document.getElementById("rf-preview-btn").addEventListener("click", preview);
    root.addEventListener("submit", function (ev) {
      if (CORRECTING) {
        if (!state.kind) { ev.preventDefault(); preview(); return; }
        dataInput.value = JSON.stringify(buildRound());
        root.action = withNames(root.getAttribute("action"));
        return;
      }
      ev.preventDefault();
      save();
    });

    if (window.csmjQueue) {
      window.csmjQueue.listen(function (items, blocked, event) {
        if (event && event.saved && event.saved.session === ctx.session) {
          // the banner still says this round waits on the phone: it is stored now
          if (banner.dataset.queued === event.saved.key) showBanner(fmt(T.saved_n, { n: event.json.number }));
          followServer(event.json);
        }
        else if (items) drawBoard();
        if (blocked && blocked.item.session === ctx.session && blocked.status === 409 && conflictBox.hidden) {
          if (blocked.json.expected === undefined) showRefused(blocked.item, blocked.json, true);
          else showConflict(blocked.item, blocked.json, true);
        }
        if (blocked && blocked.status === 400 && blocked.item.session === ctx.session) {
          // The server refused a waiting round: back into the form, with its errors.
          var b = blocked;
          window.csmjQueue.resolve("discard").then(function () {
            loadInitial(b.item.data); setNumber(b.item.number); state.key = b.item.key;
            form.setErrors(b.json.errors || [], JSON.stringify(b.item.data));
            normalise(); render();
          });
        }
      });
    }

    // A waiting round reached the server: its answer (the next number and dealer, the
    // totals) replaces what the form worked out offline, unless the recorder chose
    // another dealer for the round being entered.
    function followServer(json) {
      if (json.scoreboard) board = json.scoreboard;
      if (json.counts) counts = json.counts;
      boardKeep(json);
      drawCounts();
      if (json.next_number > NUMBER) setNumber(json.next_number);  // someone else's round came first
      if (json.next_number === NUMBER && json.next_dealer !== undefined && !dealerChosen()) {
        state.dealer = json.next_dealer;
        state.dealers = (json.next_dealers || [json.next_dealer]).slice();
        base = { dealer: state.dealer, dealers: state.dealers.slice() };
        normalise();
        render();
      }
      drawBoard();
    }
    // The recorder tapped another dealer than the one the form opened with.
    function dealerChosen() {
      return state.dealer !== base.dealer || JSON.stringify(state.dealers) !== JSON.stringify(base.dealers);
    }

    function start() {
      if (CORRECTING || ctx.initial) {
        var kept = ctx.calculator && !ctx.initial ? keptHand() : null;
        loadInitial(ctx.initial || kept);
        if (kept) fitBirds();
        normalise(); render(); return;
      }
      var draft = draftLoad();
      // A board this browser was given after the page's (the page is the worker's older
      // copy): its totals, counts, and the round the form goes on with.
      var kept = window.csmjScoreboard ? window.csmjScoreboard.kept(ctx.session) : null;
      if (kept && window.csmjScoreboard.later(kept, NUMBER, counts)) {
        board = kept.scoreboard;
        counts = kept.counts;
        if (kept.number > NUMBER) {
          setNumber(kept.number);
          if (typeof kept.dealer === "number") {
            state.dealer = kept.dealer;
            state.dealers = (kept.dealers || [kept.dealer]).slice();
            base = { dealer: state.dealer, dealers: state.dealers.slice() };
          }
        }
      }
      var ready = window.csmjQueue ? window.csmjQueue.all(ctx.session) : Promise.resolve([]);
      ready.then(function (waiting) {
        if (waiting.length) {
          // Rounds wait in this browser: the form goes on after the last of them, dealt
          // as the engine's rule says after it.
          var last = waiting[waiting.length - 1];
          if (last.number + 1 > NUMBER) {
            setNumber(last.number + 1);
            var next = nextOf(last.data);
            state.dealer = next.dealer;
            state.dealers = next.dealers.slice();
            base = { dealer: next.dealer, dealers: next.dealers.slice() };
          }
        }
        if (draft && (draft.number === NUMBER || draft.kept)) {
          loadInitial(draft.round);
          state.key = draft.key || null;
          // The draft's dealer only while the form opens on the answer it was made with.
          if (JSON.stringify(draft.base) !== JSON.stringify(base)) {
            state.dealer = base.dealer;
            state.dealers = base.dealers.slice();
          }
        }
        if (state.dealer !== null) normalise();
        render();
        drawBoard();
        drawCounts();
      }, function () { normalise(); render(); drawBoard(); });
    }
    // idle(): no preview waiting to start and no request on its way, so the form will not
    // redraw by itself (a browser test taps only then, as a hand would after a look).
    function idle() { return previewTimer === null && inFlight === 0; }

    app.afterRender = afterRender;
    app.analyse = analyse;
    app.start = start;
    app.idle = idle;
  }

  (global.csmjRoundFormParts = global.csmjRoundFormParts || {}).sync = { mount: mount };
})(this);
