/* The board (大屏) on a room's screen (at least 900 × 500 px; a phone keeps its scrolling
 * page): the page fills the screen and never scrolls. The tables stand beside the
 * standings when everything fits; otherwise one panel at a time (the round's tables, the
 * standings, the penalties, the next round) takes the whole screen, turning a page every
 * data-page-seconds (12 s), so 16 tables or 60 players are all seen, a page at a time.
 * Each panel's heading shows its page (2/3); the standings (data-board-columns) stand in
 * two columns, their table shown twice, each copy showing its own rows of the page (a
 * row is shown once: the other copy hides it). The arrow keys (and the space bar) turn the
 * page by hand. The layout is worked out again after each refresh (follow.js swaps the
 * board's HTML) and each resize, keeping the page it was on.
 *
 * The 全屏 button asks the browser for full screen (hidden where there is none).
 */
(function () {
  "use strict";

  var area = document.getElementById("follow-area");
  if (!area) return;
  var room = window.matchMedia("(min-width: 900px) and (min-height: 500px)");
  var pages = []; // {panel: index, start: first item shown, count}
  var at = 0;
  var timer = null;
  var busy = false;

  function panels() { return Array.prototype.slice.call(area.querySelectorAll("[data-board-panel]")); }
  function items(el) {  // a panel's, or one column's of a panel
    var selector = el.closest("[data-board-panel]").dataset.boardPanel;
    return Array.prototype.slice.call(el.querySelectorAll(selector));
  }
  // An item is seen when it lies within its panel and within the screen's panels box.
  function inside(panel, item) {
    var r = item.getBoundingClientRect();
    return [panel, panel.parentElement].every(function (el) {
      var box = el.getBoundingClientRect();
      return r.bottom <= box.bottom + 1 && r.right <= box.right + 1;
    });
  }
  function pager(panel, text) {
    var el = panel.querySelector("[data-board-pager]");
    if (el) el.textContent = text;
  }

  // The panel's columns: the panel itself, or its table and the table's copy.
  function columns(panel) {
    var copy = panel.querySelector("[data-board-copy]");
    return copy ? [copy.previousElementSibling, copy] : [panel];
  }

  // Shows the panel's items from ``start`` on, as many as fit, column after column;
  // returns how many.
  function fill(panel, start) {
    var next = start;
    columns(panel).forEach(function (column) {
      var all = items(column);
      var first = next;
      all.forEach(function (it, i) { it.classList.toggle("ev-off", i < first); });
      column.classList.remove("ev-off");
      for (var i = first; i < all.length; i++) {
        if (next === i && inside(panel, all[i])) next++;
      }
      all.forEach(function (it, i) { if (i >= next) it.classList.add("ev-off"); });
      if (next === first && first > start) column.classList.add("ev-off");
    });
    return next - start;
  }

  function copyTable(panel) {
    var table = panel.querySelector(".table-scroll, .table-wrap, table");
    if (!table) return;
    var copy = table.cloneNode(true);
    copy.setAttribute("data-board-copy", "");
    copy.querySelectorAll("[data-role], [id]").forEach(function (el) {
      el.removeAttribute("data-role");
      el.removeAttribute("id");
    });
    copy.removeAttribute("data-role");
    table.parentNode.insertBefore(copy, table.nextSibling);
  }

  function show(index) {
    var list = panels();
    var page = pages[index];
    list.forEach(function (p, i) { p.classList.toggle("ev-shown", i === page.panel); });
    fill(list[page.panel], page.start);
    var own = pages.filter(function (p) { return p.panel === page.panel; });
    pager(list[page.panel], own.length > 1 ? (own.indexOf(page) + 1) + "/" + own.length : "");
    area.dataset.boardPage = page.panel + ":" + page.start;
  }

  function reset() {
    area.classList.remove("ev-together", "ev-rotate");
    area.querySelectorAll("[data-board-copy]").forEach(function (el) { el.remove(); });
    panels().forEach(function (p) {
      p.querySelectorAll(".ev-off").forEach(function (el) { el.classList.remove("ev-off"); });
      p.classList.remove("ev-shown");
      items(p).forEach(function (it) { it.classList.remove("ev-off"); });
      pager(p, "");
    });
  }

  // The next turn, a page's time from now; a refresh (a save at a table: in a busy room
  // more often than a page's time) keeps the turn already due.
  function schedule(again) {
    if (again || pages.length < 2) { clearTimeout(timer); timer = null; }
    if (pages.length < 2 || timer) return;
    var seconds = Number(area.dataset.pageSeconds) || 12;
    timer = setTimeout(function () { timer = null; turn(1); }, seconds * 1000);
  }

  function turn(step) {
    if (pages.length < 2) return;
    at = (at + step + pages.length) % pages.length;
    busy = true;
    show(at);
    busy = false;
    schedule(true);
  }

  function layout() {
    var was = pages[at];
    busy = true;
    reset();
    document.body.classList.toggle("ev-room", room.matches);
    pages = [];
    if (room.matches) {
      var list = panels();
      area.classList.add("ev-together");
      var fits = !area.querySelector(".ev-board-next") && list.every(function (p) {
        return items(p).every(function (it) { return inside(p, it); });
      });
      if (!fits) {
        area.classList.remove("ev-together");
        area.classList.add("ev-rotate");
        list.forEach(function (panel) { if (panel.hasAttribute("data-board-columns")) copyTable(panel); });
        list.forEach(function (panel, index) {
          list.forEach(function (p, i) { p.classList.toggle("ev-shown", i === index); });
          var count = items(columns(panel)[0]).length;
          var start = 0;
          do {
            var shown = Math.max(1, fill(panel, start));
            pages.push({ panel: index, start: start, count: shown });
            start += shown;
          } while (start < count);
        });
        at = 0;
        if (was) {  // the same panel, the page holding the same first item
          pages.forEach(function (p, i) {
            if (p.panel === was.panel && p.start <= was.start) at = i;
          });
        }
        show(at);
      }
    }
    area.dataset.boardPages = String(pages.length);
    busy = false;
    schedule();
  }

  var again = null;
  function soon() {
    if (busy) return;
    clearTimeout(again);
    again = setTimeout(layout, 50);
  }
  // follow.js swaps the board's HTML in: lay it out again (only child lists; the
  // countdown's text changes every second and is no reason to).
  new MutationObserver(function (changes) {
    if (changes.some(function (c) { return c.target === area; })) soon();
  }).observe(area, { childList: true });
  window.addEventListener("resize", soon);
  document.addEventListener("keydown", function (e) {
    if (!pages.length || e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight" || e.key === "ArrowDown" || e.key === " " || e.key === "PageDown") {
      e.preventDefault(); turn(1);
    } else if (e.key === "ArrowLeft" || e.key === "ArrowUp" || e.key === "PageUp") {
      e.preventDefault(); turn(-1);
    }
  });
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(layout);
  layout();

  var full = document.querySelector("[data-role=board-fullscreen]");
  var root = document.documentElement;
  if (full && root.requestFullscreen) {
    var enter = full.textContent;
    full.hidden = false;
    full.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else root.requestFullscreen()["catch"](function () { /* refused: stay as is */ });
    });
    document.addEventListener("fullscreenchange", function () {
      full.textContent = document.fullscreenElement ? full.dataset.exit : enter;
      soon();
    });
  }
})();
