/* A round's countdown (league nights): every element with data-timer-ends (an ISO time)
 * shows the minutes and seconds left, and its data-timer-done text when time is up.
 * Elements are looked up on every tick, so a board that swaps in fresh HTML keeps its
 * countdown. Used by the event page, the board and the round form of an event's table. */
(function () {
  "use strict";

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  function tick() {
    document.querySelectorAll("[data-timer-ends]").forEach(function (el) {
      var left = Math.round((Date.parse(el.dataset.timerEnds) - Date.now()) / 1000);
      var out = el.querySelector("[data-timer-left]") || el;
      var text = left <= 0 ? el.dataset.timerDone || "0:00" : Math.floor(left / 60) + ":" + pad(left % 60);
      el.classList.toggle("ev-over", left <= 0);
      if (out.textContent !== text) out.textContent = text;
    });
  }
  tick();
  setInterval(tick, 1000);
  // A board swaps in fresh HTML (follow.js): count down in it at once. Writing the same
  // text again changes nothing, so this observer settles after one tick.
  new MutationObserver(tick).observe(document.body, { childList: true, subtree: true });
})();
