/* The round form's running scoreboard: each seat's total and the last round's change,
 * above the pads. The server's numbers (the page's context, then each save's answer)
 * plus the rounds waiting in this browser's queue: a waiting round counts when its
 * preview was seen before it was queued (its net is known); one entered offline, never
 * previewed, is counted by the server once it syncs, and the board says how many wait.
 *
 * csmjScoreboard.tally(base, queued) -> {totals, last, waiting, unscored} is a plain
 * function (tests/js/scoreboard.test.js); csmjScoreboard.draw puts it on the page.
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

  var api = { tally: tally, draw: draw };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.csmjScoreboard = api;
})(this);
