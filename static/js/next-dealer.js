/* Who deals the round after a given round, looked up in the engine's table
 * (scoring/engine/dealers.py form_table, in the round form's context as "dealers"):
 * the page holds no rule of its own. The round form uses it for a round it could not
 * preview (offline): the next form opens with that dealer already chosen.
 *
 * nextDealer(table, round) -> {dealer, dealers}; dealer null when the round does not
 * say (no winner, no 海底 seat). Plain function, also loadable by `node --test`.
 */
(function (root) {
  "use strict";

  var NO_SEAT = 4;  // the table's index of no seat
  function index(seat) { return typeof seat === "number" && seat >= 0 && seat < 4 ? seat : NO_SEAT; }
  var UNKNOWN = { dealer: null, dealers: [] };

  function nextDealer(table, round) {
    var r = (round && round.result) || {};
    if (r.kind === "draw") {
      var hd = r.haidi || {};
      var d = table.draw[index(hd.taker)][index(hd.replaced_by)][index(hd.first_offered)];
      return d === null || d === undefined ? UNKNOWN : { dealer: d, dealers: [d] };
    }
    if (r.kind !== "self_draw" && r.kind !== "discard") return UNKNOWN;
    var mask = (r.winners || []).reduce(function (m, w) { return m | (1 << w.seat); }, 0);
    var e = table.win[mask] && table.win[mask][index(r.kind === "discard" ? r.discarder : null)];
    return e ? { dealer: e.dealer, dealers: e.dealers.slice() } : UNKNOWN;
  }

  var api = { nextDealer: nextDealer };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.csmjNextDealer = api;
})(this);
