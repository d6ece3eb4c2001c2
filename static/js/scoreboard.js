/* The round form's running scoreboard: each seat's total and the last round's change,
 * above the pads. The server's numbers (the page's context, then each save's answer)
 * plus the rounds waiting in this browser's queue: a waiting round counts when its
 * preview was seen before it was queued (its net is known); one entered offline, never
 * previewed, is counted by the server once it syncs, and the board says how many wait.
 *
 * csmjScoreboard.tally(base, queued) -> {totals, last, waiting, unscored} is a plain
 * function (tests/js/scoreboard.test.js); csmjScoreboard.draw puts it on the page;
 * keep / kept / later hold the server's latest board in localStorage for a reload offline.
 */
(function (root) {
  "use strict";

  // base: {totals: [n], last: [n] or null}, one entry per seat of the table (2, 3 or 4);
  // queued: the session's waiting rounds, in number order, each with its net or none.
  function tally(base, queued) {
    var totals = base.totals.slice(), last = base.last ? base.last.slice() : null, unscored = 0;
    var n = totals.length;
    function known(net) { return Array.isArray(net) && net.length === n; }
    (queued || []).forEach(function (item) {
      if (known(item.net)) {
        for (var s = 0; s < n; s++) totals[s] += item.net[s];
        last = item.net.slice();
      } else {
        unscored += 1;
        last = null;  // the latest round's change is not known here
      }
    });
    return { totals: totals, last: last, waiting: (queued || []).length, unscored: unscored };
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  // Fill el with one cell per seat; T: the form's strings (round-form-strings.js).
  function draw(el, seats, board, T, fmt) {
    el.innerHTML = "";
    var grid = document.createElement("div");
    grid.className = "rf-score-grid";
    seats.forEach(function (seat) {
      var s = seat.seat;
      var cell = document.createElement("div");
      cell.setAttribute("data-seat", String(s));
      var name = document.createElement("small");
      name.textContent = seat.name;
      var total = document.createElement("b");
      total.setAttribute("data-total", "");
      total.textContent = String(board.totals[s]);
      var change = document.createElement("span");
      change.setAttribute("data-last", "");
      var d = board.last ? board.last[s] : null;
      change.textContent = d === null ? "" : signed(d);
      change.className = d > 0 ? "up" : d < 0 ? "down" : "";
      cell.appendChild(name); cell.appendChild(total); cell.appendChild(change);
      grid.appendChild(cell);
    });
    el.appendChild(grid);
    if (board.unscored) {
      var note = document.createElement("p");
      note.setAttribute("data-role", "scoreboard-waiting");
      note.textContent = fmt(T.score_unscored, { n: board.unscored });
      el.appendChild(note);
    }
    el.hidden = false;
    // It sticks just under the site's top bar, whatever that bar's height.
    var bar = document.querySelector(".topbar");
    document.documentElement.style.setProperty("--topbar-h", (bar ? bar.offsetHeight : 0) + "px");
  }

  /* The server's latest board, kept in this browser a session: offline, a reload gets
   * the service worker's copy of the page (sw.js), whose totals are those of its last
   * full load, before the rounds saved since. Each answer that brings a board (a save,
   * a waiting round synced) is kept with what orders it: the next round's number
   * (rounds are never renumbered, an undo or a void keeps it) and the voided count (an
   * undo or a void raises it). The page's own board wins a tie: a fresh page knows of
   * corrections made elsewhere. */
  function storeKey(session) { return "csmj-board-" + session; }

  // Whether kept is later than a board at this next number with these counts.
  function later(kept, number, c) {
    if (!kept || typeof kept.number !== "number" || !kept.counts) return false;
    if (kept.number !== number) return kept.number > number;
    return (kept.counts["void"] || 0) > ((c && c["void"]) || 0);
  }

  // The board kept for this session, or null.
  function kept(session) {
    try { return JSON.parse(localStorage.getItem(storeKey(session)) || "null"); } catch (e) { return null; }
  }

  // Keep a save's (or a synced round's) answer, unless one kept is later (a late answer).
  function keep(session, json) {
    if (!json.scoreboard || !json.counts || !json.next_number) return;
    if (later(kept(session), json.next_number, json.counts)) return;
    try {
      localStorage.setItem(storeKey(session), JSON.stringify({
        number: json.next_number, scoreboard: json.scoreboard, counts: json.counts,
        dealer: json.next_dealer, dealers: json.next_dealers || [json.next_dealer],
      }));
    } catch (e) { /* private mode: the page's board */ }
  }

  var api = { tally: tally, draw: draw, keep: keep, kept: kept, later: later };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.csmjScoreboard = api;
})(this);
