/* The round form's tile picker: a sheet of the tiles in play where a winner's hand (with
 * its melds and winning tile), an opening seat's dealt hand or the 海底 tile is tapped in.
 *
 * The picking itself is plain functions over a picker {target, concealed, melds, winTile,
 * mode} and the form (round-form-state.js), loadable by `node --test`; the tile counts
 * are the engine's (the context's claims.tiles: 14 a winning hand, a meld counting 3;
 * 14 / 13 a dealt hand; four copies of a tile). mount(app) puts the sheet on the page.
 */
(function (root) {
  "use strict";

  var S = typeof module !== "undefined" && module.exports
    ? require("./round-form-state.js") : root.csmjRoundFormParts.state;
  var parseTiles = S.parseTiles, formatTiles = S.formatTiles;

  // A picker opened on a target ({type: "winner", seat} / {type: "opening", idx} /
  // {type: "haidi"}), holding what the form already has there.
  function pickerFor(form, target) {
    var state = form.state;
    var p = { target: target, concealed: [], melds: [], winTile: "", mode: "hand" };
    if (target.type === "winner") {
      var w = state.winners.find(function (x) { return x.seat === target.seat; });
      p.concealed = parseTiles(w.tiles);
      p.melds = w.melds.map(function (m) { return { kind: m.kind, tiles: m.tiles }; });
      p.winTile = w.win_tile;
    } else if (target.type === "opening") {
      p.concealed = parseTiles(state.openings[target.idx].tiles);
    } else {
      p.concealed = state.haidi.tile ? [state.haidi.tile] : [];
    }
    return p;
  }

  function allTiles(p) {
    var all = p.concealed.slice();
    p.melds.forEach(function (m) { all = all.concat(parseTiles(m.tiles)); });
    return all;
  }
  function countOf(p, t) { return allTiles(p).filter(function (x) { return x === t; }).length; }
  // A meld (a kong too) counts as the engine's tiles.meld toward a hand.
  function handSize(form, p) { return p.concealed.length + p.melds.length * form.claims.tiles.meld; }
  // The tiles the target holds: the 海底 one; a dealt hand the dealer's or an idle seat's.
  function targetSize(form, p) {
    var t = p.target, tiles = form.claims.tiles;
    if (t.type === "haidi") return tiles.haidi;
    if (t.type === "opening") {
      return form.state.openings[t.idx].seat === form.state.dealer ? tiles.opening_dealer : tiles.opening_idle;
    }
    return tiles.final;
  }
  // No more of a tile than the wall holds.
  function used(form, p, t) { return countOf(p, t) >= form.claims.tiles.copies; }

  // A tap on tile t in the picker's mode; true when it finishes the picking (the 海底).
  function tap(form, p, t) {
    var mode = p.mode, r = Number(t[0]);
    if (p.target.type === "haidi") { p.concealed = [t]; return true; }  // one tile: done
    var room = handSize(form, p) < targetSize(form, p);
    if (mode === "hand") {
      if (!used(form, p, t) && room) p.concealed.push(t);
    } else if (mode === "win") {
      if (p.concealed.indexOf(t) < 0 && !used(form, p, t) && room) p.concealed.push(t);
      if (p.concealed.indexOf(t) >= 0) p.winTile = t;
      p.mode = "hand";
    } else if (mode === "chi") {
      if (r <= 7) {
        var seq = [t, (r + 1) + t[1], (r + 2) + t[1]];
        if (seq.every(function (x) { return !used(form, p, x); })) p.melds.push({ kind: "chi", tiles: formatTiles(seq) });
      }
    } else {
      var n = mode === "peng" ? 3 : 4;
      if (countOf(p, t) === 0 || (n === 3 && countOf(p, t) <= 1)) {
        var tiles = []; for (var i = 0; i < n; i++) tiles.push(t);
        p.melds.push({ kind: mode, tiles: formatTiles(tiles) });
      }
    }
    return false;
  }

  // A tap on a tile of the hand: it goes (and the winning mark with its last copy).
  function removeTile(p, x) {
    var i = p.concealed.indexOf(x);
    p.concealed.splice(i, 1);
    if (x === p.winTile && p.concealed.indexOf(x) < 0) p.winTile = "";
  }

  // The picked tiles into the form; the target to analyse (tiles were picked), or null.
  function apply(form, p) {
    var state = form.state, t = p.target;
    if (t.type === "haidi") {
      state.haidi.tile = p.concealed[0] || "";
      form.normalise();
      return null;
    }
    var tiles = formatTiles(p.concealed);
    if (t.type === "opening") {
      state.openings[t.idx].tiles = tiles;
      return tiles ? { type: "opening", idx: t.idx } : null;
    }
    var w = state.winners.find(function (x) { return x.seat === t.seat; });
    w.tiles = tiles;
    w.melds = p.melds.slice();
    w.win_tile = p.winTile || (p.concealed.length ? p.concealed[p.concealed.length - 1] : "");
    return tiles ? { type: "winner", seat: t.seat } : null;
  }

  /* ------------------------------------------------------------ the sheet */

  // app: {form, T, h, tileEl, render, analyse}; sets app.openPicker.
  function mount(app) {
    var form = app.form, T = app.T, h = app.h, tileEl = app.tileEl;
    var sheet = document.getElementById("tile-picker");
    var backdrop = document.getElementById("tile-picker-backdrop");
    var picker = null;

    function open(target) {
      picker = pickerFor(form, target);
      sheet.hidden = false; backdrop.hidden = false;
      draw();
    }
    function close() { sheet.hidden = true; backdrop.hidden = true; picker = null; }
    backdrop.addEventListener("click", close);

    function done() {
      var analyseTarget = apply(form, picker);
      close(); app.render();
      if (analyseTarget) app.analyse(analyseTarget);
    }

    function draw() {
      var t = picker.target;
      sheet.innerHTML = "";
      var title = t.type === "haidi" ? T.pick_haidi : t.type === "opening" ? T.dealt_tiles
        : S.fmt(T.tiles_of, { name: form.seatName(t.seat) });
      sheet.appendChild(h("h2", { text: title }));
      // current hand
      var line = h("div", { class: "tiles-line", "data-role": "picker-hand" });
      picker.melds.forEach(function (m, i) {
        line.appendChild(h("button", {
          type: "button", class: "meld", title: T.tap_to_remove, style: "border:0;cursor:pointer",
          onclick: function () { picker.melds.splice(i, 1); draw(); },
        }, parseTiles(m.tiles).map(function (x) { return tileEl(x); })));
      });
      var sorted = picker.concealed.slice().sort(function (a, b) { return S.tileKey(a) - S.tileKey(b); });
      var winMarked = false;
      sorted.forEach(function (x) {
        var win = !winMarked && x === picker.winTile;
        if (win) winMarked = true;
        line.appendChild(h("button", {
          type: "button", style: "border:0;background:none;padding:0;cursor:pointer", title: T.tap_to_remove,
          onclick: function () { removeTile(picker, x); draw(); },
        }, [tileEl(x, win ? "win" : "")]));
      });
      sheet.appendChild(line);
      var status = S.fmt(T.tile_count, { n: handSize(form, picker), total: targetSize(form, picker) });
      if (t.type === "winner" && !picker.winTile) status += " · " + T.no_win_tile;
      sheet.appendChild(h("div", { class: "tp-status", "data-role": "picker-status", text: status }));
      if (t.type === "winner") {
        var modes = [["hand", T.mode_hand], ["win", T.mode_win], ["chi", T.meld_chi], ["peng", T.meld_peng],
          ["gang", T.meld_gang], ["angang", T.meld_angang], ["buzhang", T.meld_buzhang]];
        sheet.appendChild(h("div", { class: "tp-modes" }, modes.map(function (m) {
          return h("button", {
            type: "button", class: "chip", "data-mode": m[0], "aria-pressed": picker.mode === m[0] ? "true" : "false",
            onclick: function () { picker.mode = m[0]; draw(); }, text: m[1],
          });
        })));
      }
      var grid = h("div", { class: "tp-grid" });
      form.pickSuits.forEach(function (s) {
        for (var r = 1; r <= 9; r++) {
          (function (tile) {
            var c = countOf(picker, tile);
            grid.appendChild(h("button", {
              type: "button", "data-tile": tile, disabled: t.type !== "haidi" && used(form, picker, tile),
              onclick: function () { if (tap(form, picker, tile)) done(); else draw(); },
            }, [h("span", { class: "tile " + s }, [
              h("span", { class: "r", text: String(r) }),
              h("span", { class: "s", text: app.suitName(s) }),
              h("span", { class: "n", text: c ? "×" + c : "" }),
            ])]));
          })(r + s);
        }
      });
      sheet.appendChild(grid);
      sheet.appendChild(h("div", { class: "row" }, [
        h("button", {
          type: "button", class: "btn btn-secondary", onclick: function () {
            picker.concealed = []; picker.melds = []; picker.winTile = ""; draw();
          }, text: T.clear,
        }),
        h("button", { type: "button", class: "btn btn-secondary", onclick: close, text: T.cancel }),
        h("button", { type: "button", class: "btn", "data-role": "picker-done", onclick: done, text: T.done }),
      ]));
    }

    app.openPicker = open;
  }

  var api = {
    pickerFor: pickerFor, countOf: countOf, handSize: handSize, targetSize: targetSize,
    tap: tap, removeTile: removeTile, apply: apply, mount: mount,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else (root.csmjRoundFormParts = root.csmjRoundFormParts || {}).picker = api;
})(this);
