/* The round form: builds a round-format JSON object from taps, previews it through
 * the server (the engine) and posts it with the page's CSRF token.
 *
 * Everything it knows comes from the page's JSON context (#rf-context): the table's
 * seats (4, 3 or 2), the season's rules, the hand-type registry (never duplicated here), the
 * pre-filled dealer(s), an initial round (corrections / re-display after an error),
 * localised errors. Its UI strings are in round-form-strings.js. No framework, no
 * build step.
 */
(function () {
  "use strict";

  var ctxEl = document.getElementById("rf-context");
  var root = document.getElementById("round-form");
  if (!ctxEl || !root) return;
  var ctx = JSON.parse(ctxEl.textContent);
  // The UI strings: round-form-strings.js, translated by Django's JavaScript catalogue
  // (/jsi18n/); without the catalogue the Chinese source text.
  var gettext = typeof window.gettext === "function" ? window.gettext : function (s) { return s; };
  var pgettext = typeof window.pgettext === "function" ? window.pgettext : function (c, s) { return s; };
  var T = window.roundFormStrings(gettext, pgettext);
  var RULES = ctx.rules;
  // 扎鸟: the engine's answers for every situation (scoring/engine/birds.py form_tables);
  // the page looks them up and holds no bird formula.
  var BIRDS = ctx.birds;
  // Who deals next: the engine's table (scoring/engine/dealers.py), looked up by
  // next-dealer.js for a round the form could not preview.
  var DEALERS = ctx.dealers;
  var BIRD_COUNT = BIRDS.count;
  var SMALL_BIRDS = BIRDS.small_count;  // birds of opening and mid-game wins
  var NO_SEAT = 4;  // the tables' index of an unknown dealer or of no discarder
  var TONGZHUANG = !!RULES.tongzhuang;
  var PIAO_FREE = RULES.piao === "free";
  var PIAO_MAX = typeof RULES.piao_max === "number" ? RULES.piao_max : 5;
  var HT = {};
  ctx.hand_types.forEach(function (h) { HT[h.code] = h; });
  var SUITS = ["m", "s", "p"];
  var SUIT_ZH = { m: "万", s: "条", p: "筒" };
  // The table (rules.md §10): n seats; a discard has 1 … n − 1 winners (at most three).
  var N = ctx.seats.length;
  var MAX_WINNERS = Math.min(3, N - 1);
  // The round's words (暗杠 …, 空): the engine's catalogue, given to the page.
  var WORDS = ctx.words || { kong_kinds: {}, bird_on_nobody: "", kong_pay: "" };
  var KONG_PAY = !!RULES.kong_pay;
  // The suits in play, as the engine's tables list their tiles (缺一门: no 条).
  var PICK_SUITS = SUITS.filter(function (su) { return BIRDS.haidi && BIRDS.haidi["1" + su]; });
  if (!PICK_SUITS.length) PICK_SUITS = SUITS;
  function zeros() { var z = []; for (var i = 0; i < N; i++) z.push(0); return z; }
  function seatList() { return ctx.seats.map(function (x) { return x.seat; }); }

  /* ------------------------------------------------------------ helpers */

  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "onclick") el.addEventListener("click", v);
        else if (k === "text") el.textContent = v;
        else if (k === "class") el.className = v;
        else el.setAttribute(k, v === true ? "" : v);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    });
    return el;
  }

  function fmt(s, params) {
    return s.replace(/%\((\w+)\)s/g, function (_, k) { return params[k]; });
  }

  function seatName(i) { return ctx.seats[i].name; }
  // Where a bird lands (the engine's answer), as the pads name it: a seat, or 空.
  function landName(seat) { return seat === null || seat === undefined ? WORDS.bird_on_nobody : seatName(seat); }
  // A seat as an index of the engine's bird tables: NO_SEAT for none (unknown).
  function seatIndex(seat) { return seat === null || seat === undefined ? NO_SEAT : seat; }
  // The seat an opening or mid-game win's birds count from: the engine's answer.
  function smallBirdOrigin(seat) { return BIRDS.small_origin[seatIndex(state.dealer)][seat]; }

  function parseTiles(s) {
    var out = [], digits = [];
    (s || "").replace(/\s+/g, "").split("").forEach(function (ch) {
      if (/[1-9]/.test(ch)) digits.push(ch);
      else if (SUITS.indexOf(ch) >= 0) {
        digits.forEach(function (d) { out.push(d + ch); });
        digits = [];
      }
    });
    return out;
  }

  function tileKey(t) { return SUITS.indexOf(t[1]) * 10 + Number(t[0]); }

  function formatTiles(tiles) {
    var sorted = tiles.slice().sort(function (a, b) { return tileKey(a) - tileKey(b); });
    var out = "", cur = "", suit = "";
    sorted.forEach(function (t) {
      if (t[1] !== suit && suit) { out += cur + suit; cur = ""; }
      suit = t[1];
      cur += t[0];
    });
    if (suit) out += cur + suit;
    return out;
  }

  function tileEl(t, extra) {
    return h("span", { class: "tile " + t[1] + (extra ? " " + extra : ""), title: t }, [
      h("span", { class: "r", text: t[0] }),
      h("span", { class: "s", text: SUIT_ZH[t[1]] }),
    ]);
  }

  function handLabel(code) {
    var t = HT[code];
    if (!t) return code;
    return ctx.lang === "en" ? t.name_zh + " " + t.name_en : t.name_zh;
  }

  function isDealerSeat(seat) { return state.dealers.indexOf(seat) >= 0; }

  /* Hand types a seat may claim, straight from the registry's win kinds and claimant. */
  function legalFinal(kind, seat) {
    return ctx.hand_types.filter(function (t) {
      if (t["class"] === "opening" || t["class"] === "midgame") return false;
      if (t.win_kinds.indexOf(kind) < 0) return false;
      if (t.claimant === "dealer" && seat !== state.dealer) return false;
      if (t.claimant === "idle" && isDealerSeat(seat)) return false;
      return true;
    });
  }
  function midgameTypes() {
    return ctx.hand_types.filter(function (t) { return t["class"] === "midgame"; });
  }
  function openingTypes() {
    return ctx.hand_types.filter(function (t) { return t["class"] === "opening"; });
  }

  /* ------------------------------------------------------------ state */

  var state = {
    dealer: ctx.prefill.dealer,
    dealers: ctx.prefill.dealers.slice(),
    fish: zeros(),
    openings: [],
    midgame: [],
    piao: (ctx.prefill.piao || zeros()).slice(),
    kind: null,
    winners: [],
    discarder: null,
    birds: [],
    birdsForfeited: false,
    haidi: { tile: "", taker: null, first_offered: null, replaced_by: null },
    penalties: [],
    kongs: [],  // 杠分: {seat, kind, from} (from for 放杠 only)
    kongDraft: { seat: null, kind: null },  // the kong being tapped in
    errors: ctx.errors || [],
    analysis: {},
    savedWin: null,  // winners, discarder and birds kept while 流局 is chosen
    key: null,  // the Idempotency-Key, made when the round is first submitted
  };
  var NUMBER = ctx.number;
  // The data the shown errors were about: an error goes once its field changes.
  var errorsFor_ = JSON.stringify(null);

  // 平胡 unless another hand type is chosen.
  function newWinner(seat) {
    return { seat: seat, hands: HT.pinghu ? ["pinghu"] : [], tiles: "", melds: [], win_tile: "" };
  }

  function loadInitial(d) {
    if (!d) return;
    if (typeof d.dealer === "number") state.dealer = d.dealer;
    state.dealers = Array.isArray(d.dealers) && d.dealers.length ? d.dealers.slice() : [state.dealer];
    if (Array.isArray(d.fish) && d.fish.length === N) state.fish = d.fish.map(Number);
    state.openings = (d.openings || []).map(function (o) {
      return { seat: o.seat, hands: (o.hands || []).slice(), birds: (o.birds || []).slice(), tiles: o.tiles || "" };
    });
    state.midgame = (d.midgame || []).map(function (m) {
      return { seat: m.seat, hands: (m.hands || []).slice(), birds: (m.birds || []).slice() };
    });
    if (Array.isArray(d.piao) && d.piao.length === N) state.piao = d.piao.map(Number);
    state.kongs = (d.kongs || []).map(function (k) {
      return k.kind === "ming" ? { seat: k.seat, kind: k.kind, from: k.from } : { seat: k.seat, kind: k.kind };
    });
    var r = d.result || {};
    state.kind = r.kind || null;
    state.winners = (r.winners || []).map(function (w) {
      return {
        seat: w.seat, hands: (w.hands || []).slice(), tiles: w.tiles || "",
        melds: (w.melds || []).map(function (m) { return { kind: m.kind, tiles: m.tiles }; }),
        win_tile: w.win_tile || "",
      };
    });
    state.discarder = typeof r.discarder === "number" ? r.discarder : null;
    state.birds = (r.birds || []).slice();
    state.birdsForfeited = !!r.birds_forfeited;
    if (r.haidi) {
      state.haidi = {
        tile: r.haidi.tile || "",
        taker: typeof r.haidi.taker === "number" ? r.haidi.taker : null,
        first_offered: typeof r.haidi.first_offered === "number" ? r.haidi.first_offered : null,
        replaced_by: typeof r.haidi.replaced_by === "number" ? r.haidi.replaced_by : null,
      };
    }
    state.penalties = (d.penalties || []).filter(function (p) { return p.kind === "escape"; })
      .map(function (p) { return p.seat; });
  }

  function haidiWin() {
    return state.winners.some(function (w) {
      return w.hands.some(function (c) { return HT[c] && HT[c].needs_haidi; });
    });
  }
  function needsHaidi() { return state.kind === "draw" || haidiWin(); }

  /* Keep the state consistent after each change (winners legal for the outcome, ...). */
  function normalise() {
    if (state.dealer === null) state.dealers = [];  // offline, after an unpreviewed round
    else if (state.dealers.indexOf(state.dealer) < 0) state.dealers.push(state.dealer);
    if (!TONGZHUANG && state.dealer !== null) state.dealers = [state.dealer];
    state.dealers.sort();
    if (state.kind === "draw") { state.winners = []; state.discarder = null; state.birds = []; }
    if (state.kind === "self_draw") { state.discarder = null; state.winners = state.winners.slice(0, 1); }
    if (state.kind === "discard" && state.winners.length > MAX_WINNERS) state.winners = state.winners.slice(0, MAX_WINNERS);
    state.winners = state.winners.filter(function (w) { return w.seat !== state.discarder; });
    state.winners.forEach(function (w) {
      var legal = legalFinal(state.kind, w.seat).map(function (t) { return t.code; });
      w.hands = w.hands.filter(function (c) { return legal.indexOf(c) >= 0; });
    });
    // 海底 wins: the taker follows from the hand (rules §2.2), the birds from the tile.
    state.winners.forEach(function (w) {
      if (w.hands.indexOf("haidilaoyue") >= 0) state.haidi.taker = w.seat;
      if (w.hands.indexOf("haidipao") >= 0 && state.discarder !== null) state.haidi.taker = state.discarder;
    });
    if (haidiWin() && state.haidi.tile) state.birds = (BIRDS.haidi[state.haidi.tile] || []).slice();
    if (state.birdsForfeited) state.birds = [];
  }

  /* ------------------------------------------------------------ the JSON */

  function buildRound() {
    var d = { dealer: state.dealer };
    if (TONGZHUANG) d.dealers = state.dealers.slice();
    if (state.fish.some(function (f) { return f > 0; })) d.fish = state.fish.slice();
    if (state.openings.length) {
      d.openings = state.openings.map(function (o) {
        var e = { seat: o.seat, hands: o.hands.slice(), birds: o.birds.slice() };
        if (o.tiles) e.tiles = o.tiles;
        return e;
      });
    }
    if (state.midgame.length) {
      d.midgame = state.midgame.map(function (m) {
        return { seat: m.seat, hands: m.hands.slice(), birds: m.birds.slice() };
      });
    }
    if (PIAO_FREE) d.piao = state.piao.slice();
    var r = { kind: state.kind };
    r.winners = state.winners.map(function (w) {
      var e = { seat: w.seat, hands: w.hands.slice() };
      if (w.tiles) {
        e.tiles = w.tiles;
        e.melds = w.melds.map(function (m) { return { kind: m.kind, tiles: m.tiles }; });
        if (w.win_tile) e.win_tile = w.win_tile;
      }
      return e;
    });
    if (state.kind === "discard") r.discarder = state.discarder;
    if (state.kind === "self_draw" || state.kind === "discard") {
      if (state.birdsForfeited) r.birds_forfeited = true;
      else r.birds = state.birds.slice();
    }
    if (needsHaidi()) {
      var hd = {
        tile: state.haidi.tile || null,
        taker: state.haidi.taker,
        first_offered: state.haidi.first_offered,
        replaced_by: state.haidi.replaced_by,
      };
      if (state.kind !== "draw" && hd.first_offered === null) hd.first_offered = hd.taker;
      r.haidi = hd;
    } else {
      r.haidi = null;
    }
    d.result = r;
    d.penalties = state.penalties.map(function (s) { return { seat: s, kind: "escape" }; });
    if (state.kongs.length) {
      d.kongs = state.kongs.map(function (k) {
        return k.kind === "ming" ? { seat: k.seat, kind: k.kind, from: k.from } : { seat: k.seat, kind: k.kind };
      });
    }
    return d;
  }

  /* ------------------------------------------------------------ errors */

  // The most specific section whose field prefix matches the error's dotted path.
  function errorsFor(prefix, exact) {
    return state.errors.filter(function (e) {
      if (exact) return e.field === prefix;
      return e.field === prefix || e.field.indexOf(prefix + ".") === 0;
    });
  }
  var claimed = {};
  function claim(prefix, exact) {
    var list = errorsFor(prefix, exact);
    list.forEach(function (e) { claimed[e.field + "|" + e.code + "|" + e.message] = true; });
    return list;
  }
  // Next to its field, an error need not repeat the field's path ("result.birds: ...").
  function shortMessage(e) {
    var m = e.message || "";
    if (e.field && m.indexOf(e.field) === 0) {
      var rest = m.slice(e.field.length).replace(/^\s*[:：]?\s*/, "");
      if (rest) return rest;
    }
    return m;
  }
  function errorList(list, full) {
    return h("ul", { class: "field-errors", role: "alert" }, list.map(function (e) {
      return h("li", { "data-field": e.field, "data-code": e.code || null, text: full ? e.message : shortMessage(e) });
    }));
  }

  /* ------------------------------------------------------------ widgets */

  function seatButtons(opts) {
    // opts: pressed(seat) -> bool, onTap(seat), disabled(seat) -> bool, cls
    return h("div", { class: "seats seats-" + N }, ctx.seats.map(function (s) {
      var pressed = opts.pressed(s.seat);
      return h("button", {
        type: "button", class: "tap " + (opts.cls || ""), "aria-pressed": pressed ? "true" : "false",
        disabled: opts.disabled ? opts.disabled(s.seat) : false,
        "data-seat": s.seat, "data-role": opts.role || null,
        onclick: function () { opts.onTap(s.seat); render(); },
      }, [
        s.name,
        h("small", {}, [
          isDealerSeat(s.seat) ? h("span", { class: "dealer-mark", text: T.dealer_short + " " }) : null,
          s.label,
        ]),
      ]);
    }));
  }

  // origin: the seat birds are counted from (the engine's answer, looked up).
  function birdPicker(birds, max, onChange, role, origin) {
    var known = origin !== null && origin !== undefined;
    var slots = [];
    for (var i = 0; i < max; i++) {
      slots.push(h("span", { class: "bird-slot" + (i < birds.length ? " filled" : ""), text: i < birds.length ? String(birds[i]) : "?" }));
    }
    if (birds.length && birds.length < max) {
      // The same number twice: a lit bird's second tap removes it, so this adds it again.
      var last = birds[birds.length - 1];
      slots.push(h("button", {
        type: "button", class: "btn btn-secondary btn-small", "data-role": role + "-repeat",
        onclick: function () { onChange(birds.concat([last])); render(); },
        text: fmt(T.bird_again, { n: last }),
      }));
    }
    if (birds.length) {
      slots.push(h("button", {
        type: "button", class: "linklike", "data-role": role + "-clear",
        onclick: function () { onChange([]); render(); }, text: T.clear,
      }));
      if (known) {
        var landed = birds.map(function (v) { return landName(BIRDS.seat[origin][v]); });
        slots.push(h("span", { class: "muted small", "data-role": role + "-landed", text: "→ " + landed.join("、") }));
      }
    }
    var pad = h("div", { class: "birds" }, [1, 2, 3, 4, 5, 6, 7, 8, 9].map(function (v) {
      // Under each number, the seat it lands on (or 空), once the origin is known.
      var lands = known ? BIRDS.seat[origin][v] : undefined;
      var nobody = known && (lands === null || lands === undefined);
      return h("button", {
        type: "button", class: "tap tap-gold" + (nobody ? " bird-nobody" : ""), "data-bird": v, "data-role": role,
        "data-lands": known ? (nobody ? "" : String(lands)) : null,
        "aria-pressed": birds.indexOf(v) >= 0 ? "true" : "false",
        disabled: max === 0,
        onclick: function () {
          var b = birds.slice();
          var at = b.lastIndexOf(v);
          if (at >= 0) {
            b.splice(at, 1);  // a second tap on a lit bird removes it
          } else {
            if (b.length >= max) b = b.slice(1);  // a further tap replaces the oldest
            b.push(v);
          }
          onChange(b);
          render();
        },
      }, [String(v), known ? h("small", { text: landName(lands) }) : null]);
    }));
    return h("div", {}, [h("div", { class: "bird-slots" }, slots), pad]);
  }

  function handChips(types, selected, onToggle, opts) {
    opts = opts || {};
    var suggested = opts.suggested || null;
    return h("div", { class: "chips" }, types.map(function (t) {
      var n = selected.filter(function (c) { return c === t.code; }).length;
      var label = [h("span", { text: t.name_zh })];
      if (ctx.lang === "en") label.push(h("small", { text: t.name_en }));
      if (t.weight > 1) label.push(h("small", { text: "×" + t.weight }));
      if (n > 1) label.push(h("span", { class: "count", text: "×" + n }));
      var cls = "chip" + (t["class"] === "big" ? " chip-big" : "");
      if (suggested && suggested.indexOf(t.code) >= 0 && !n) cls += " suggested";
      return h("button", {
        type: "button", class: cls, "data-hand": t.code, "aria-pressed": n ? "true" : "false",
        onclick: function () { onToggle(t.code, n); render(); },
      }, label);
    }));
  }

  function tilesSummary(tiles, melds, winTile) {
    var line = h("div", { class: "tiles-line" });
    (melds || []).forEach(function (m) {
      line.appendChild(h("span", { class: "meld", title: T["meld_" + m.kind] || m.kind },
        parseTiles(m.tiles).map(function (t) { return tileEl(t); })));
    });
    var marked = false;
    parseTiles(tiles).forEach(function (t) {
      var win = !marked && t === winTile;
      if (win) marked = true;
      line.appendChild(tileEl(t, win ? "win" : ""));
    });
    return line;
  }

  /* ------------------------------------------------------------ sections */

  function section(title, fieldPrefixes, body, opts) {
    opts = opts || {};
    // Errors a sub-block (a winner, an opening, the discarder) already shows stay there.
    var errs = [];
    fieldPrefixes.forEach(function (p) {
      errorsFor(p, opts.exact).forEach(function (e) {
        if (!claimed[e.field + "|" + e.code + "|" + e.message]) errs.push(e);
      });
    });
    errs.forEach(function (e) { claimed[e.field + "|" + e.code + "|" + e.message] = true; });
    var titleEl = h("h2", {}, [title].concat(opts.titleExtra ? [opts.titleExtra] : []));
    return h("section", {
      class: "rf-section" + (errs.length ? " has-error" : ""), id: opts.id || null,
      "data-fields": fieldPrefixes.join(" "),
    }, [titleEl].concat(body).concat([errorList(errs)]));
  }

  function dealerSection() {
    var body = [seatButtons({
      role: "dealer",
      pressed: function (s) { return s === state.dealer; },
      onTap: function (s) {
        state.dealer = s;
        if (!TONGZHUANG) state.dealers = [s];
      },
      cls: "tap-red",
    })];
    if (TONGZHUANG) {
      body.push(h("div", { class: "rf-label", text: T.dealer_set }));
      body.push(seatButtons({
        role: "dealers",
        pressed: function (s) { return isDealerSeat(s); },
        disabled: function (s) { return s === state.dealer; },
        onTap: function (s) {
          var i = state.dealers.indexOf(s);
          if (i >= 0) state.dealers.splice(i, 1); else state.dealers.push(s);
        },
      }));
    }
    if (state.dealer === null) body.push(h("p", { class: "msg msg-warn", "data-role": "dealer-unknown", text: T.dealer_unknown }));
    else if (ctx.prefill.note) body.push(h("p", { class: "muted small", text: ctx.prefill.note }));
    return section(T.dealer, ["dealer", "dealers"], body, { id: "rf-dealer", exact: false });
  }

  function openingsSection() {
    var body = state.openings.map(function (o, idx) {
      var errs = claim("openings." + idx);
      var used = state.openings.map(function (x) { return x.seat; });
      var sub = h("div", { class: "rf-sub" + (errs.length ? " has-error" : ""), "data-fields": "openings." + idx }, [
        h("h3", {}, [
          fmt(T.opening_n, { n: idx + 1 }),
          h("button", {
            type: "button", class: "btn btn-danger btn-small", "data-role": "opening-remove",
            onclick: function () { state.openings.splice(idx, 1); render(); }, text: T.remove,
          }),
        ]),
        seatButtons({
          role: "opening-seat",
          pressed: function (s) { return s === o.seat; },
          disabled: function (s) { return s !== o.seat && used.indexOf(s) >= 0; },
          onTap: function (s) { o.seat = s; },
        }),
        h("div", { class: "rf-label", text: T.opening_hands }),
        handChips(openingTypes(), o.hands, function (code, n) {
          // 四喜 may repeat (one per quad): a tap adds another, a long list wraps back to none.
          if (code === "sixi" && n > 0 && n < 3) o.hands.push(code);
          else if (n > 0) o.hands = o.hands.filter(function (c) { return c !== code; });
          else o.hands.push(code);
        }, { suggested: state.analysis["o" + idx] || null }),
        SMALL_BIRDS ? h("div", { class: "rf-label", text: fmt(SMALL_BIRDS > 2 ? T.opening_birds_more : T.opening_birds, { n: SMALL_BIRDS }) }) : null,
        SMALL_BIRDS ? birdPicker(o.birds, SMALL_BIRDS, function (b) { o.birds = b; }, "opening-bird",
          smallBirdOrigin(o.seat)) : null,
        h("div", { class: "rf-label", text: T.tiles_optional }),
        o.tiles ? tilesSummary(o.tiles, [], "") : null,
        h("button", {
          type: "button", class: "btn btn-secondary btn-small", "data-role": "opening-tiles",
          onclick: function () { openPicker({ type: "opening", idx: idx }); }, text: T.pick_tiles,
        }),
        h("div", { class: "analysis-note" + (state.analysis["o" + idx + "ok"] ? " ok" : ""), text: state.analysis["o" + idx + "note"] || "" }),
        errorList(errs),
      ]);
      return sub;
    });
    var free = seatList().filter(function (s) {
      return !state.openings.some(function (o) { return o.seat === s; });
    });
    body.push(h("button", {
      type: "button", class: "btn btn-secondary btn-small", "data-role": "opening-add",
      disabled: !free.length,
      onclick: function () {
        state.openings.push({ seat: free[0], hands: [], birds: [], tiles: "" });
        render();
      },
      text: "+ " + T.add_opening,
    }));
    midgameBlocks().forEach(function (b) { body.push(b); });
    return section(T.openings, ["openings", "midgame"], body, { id: "rf-openings" });
  }

  /* 中途四喜 / 中途六六顺: each entry is one win; a seat may have several. */
  function midgameBlocks() {
    var types = midgameTypes();
    if (!types.length) return [];
    var out = state.midgame.map(function (m, idx) {
      var errs = claim("midgame." + idx);
      return h("div", { class: "rf-sub" + (errs.length ? " has-error" : ""), "data-fields": "midgame." + idx, "data-midgame": idx }, [
        h("h3", {}, [
          fmt(T.midgame_n, { n: idx + 1 }),
          h("button", {
            type: "button", class: "btn btn-danger btn-small", "data-role": "midgame-remove",
            onclick: function () { state.midgame.splice(idx, 1); render(); }, text: T.remove,
          }),
        ]),
        seatButtons({
          role: "midgame-seat",
          pressed: function (s) { return s === m.seat; },
          onTap: function (s) { m.seat = s; },
        }),
        h("div", { class: "rf-label", text: T.midgame_hands }),
        handChips(types, m.hands, function (code) { m.hands = [code]; }, {}),
        SMALL_BIRDS ? h("div", { class: "rf-label", text: fmt(T.midgame_birds, { n: SMALL_BIRDS }) }) : null,
        SMALL_BIRDS ? birdPicker(m.birds, SMALL_BIRDS, function (b) { m.birds = b; }, "midgame-bird",
          smallBirdOrigin(m.seat)) : null,
        errorList(errs),
      ]);
    });
    out.push(h("button", {
      type: "button", class: "btn btn-secondary btn-small", "data-role": "midgame-add",
      onclick: function () {
        state.midgame.push({ seat: 0, hands: [types[0].code], birds: [] });
        render();
      },
      text: "+ " + T.add_midgame,
    }));
    return out;
  }

  /* 自由飘: a − / + stepper per seat, starting from the previous round's stakes. */
  function piaoSection() {
    if (!PIAO_FREE) return null;
    var rows = ctx.seats.map(function (s) {
      var v = state.piao[s.seat];
      function step(d) {
        return function () {
          state.piao[s.seat] = Math.max(0, Math.min(PIAO_MAX, state.piao[s.seat] + d));
          render();
        };
      }
      // the same stepper look as the rules forms' number boxes (site.css .stepper)
      return h("div", { class: "piao-seat", "data-seat": s.seat }, [
        h("span", { class: "piao-name", text: s.name }),
        h("div", { class: "stepper" }, [
          h("button", { type: "button", class: "tap stepper-btn", "data-role": "piao-less", "aria-label": T.piao_less,
            disabled: v <= 0, onclick: step(-1), text: "−" }),
          h("span", { class: "stepper-value", "data-role": "piao-value", text: String(v) }),
          h("button", { type: "button", class: "tap stepper-btn", "data-role": "piao-more", "aria-label": T.piao_more,
            disabled: v >= PIAO_MAX, onclick: step(1), text: "+" }),
        ]),
      ]);
    });
    return section(T.piao_title, ["piao"], [
      h("div", { class: "rf-label", text: fmt(T.piao_hint, { n: PIAO_MAX }) }),
      h("div", { class: "piao" }, rows),
    ], { id: "rf-piao" });
  }

  // A wrong tap on 流局 keeps the win's entries: switching back brings them back.
  function setKind(kind) {
    if (kind === "draw" && state.kind !== "draw") {
      state.savedWin = { winners: state.winners, discarder: state.discarder, birds: state.birds };
    } else if (kind !== "draw" && state.kind === "draw" && state.savedWin) {
      state.winners = state.savedWin.winners;
      state.discarder = state.savedWin.discarder;
      state.birds = state.savedWin.birds;
      state.savedWin = null;
    }
    state.kind = kind;
  }

  function outcomeSection() {
    var kinds = [["self_draw", T.self_draw], ["discard", T.discard], ["draw", T.draw]];
    var seg = h("div", { class: "seg" }, kinds.map(function (k) {
      return h("button", {
        type: "button", class: "tap", "data-kind": k[0], "aria-pressed": state.kind === k[0] ? "true" : "false",
        onclick: function () { setKind(k[0]); normalise(); render(); },
        text: k[1],
      });
    }));
    return section(T.outcome, ["result.kind"], [seg], { id: "rf-outcome", exact: true });
  }

  function winnersSection() {
    if (state.kind === "draw") return null;
    var body = [];
    var many = state.kind === "discard";
    var hint = !many ? T.winner_hint : MAX_WINNERS > 1 ? fmt(T.winners_hint_discard, { n: MAX_WINNERS }) : T.winner_hint_discard_one;
    body.push(h("div", { class: "rf-label", text: hint }));
    body.push(seatButtons({
      role: "winner",
      pressed: function (s) { return state.winners.some(function (w) { return w.seat === s; }); },
      disabled: function (s) { return s === state.discarder; },
      onTap: function (s) {
        if (!state.kind) state.kind = "self_draw";  // a winner and no discarder: 自摸
        var i = state.winners.findIndex(function (w) { return w.seat === s; });
        if (i >= 0) state.winners.splice(i, 1);
        else if (!many || MAX_WINNERS === 1) state.winners = [newWinner(s)];
        else if (state.winners.length < MAX_WINNERS) state.winners.push(newWinner(s));
        state.winners.sort(function (a, b) { return a.seat - b.seat; });
      },
    }));
    var discarderBlock = null;
    if (many || !state.kind || state.kind === "self_draw") {
      var dErrs = claim("result.discarder");
      discarderBlock = h("div", { class: "rf-sub" + (dErrs.length ? " has-error" : ""), "data-fields": "result.discarder", id: "rf-discarder" }, [
        h("h3", { text: T.discarder }),
        seatButtons({
          role: "discarder", cls: "tap-red",
          pressed: function (s) { return s === state.discarder; },
          disabled: function (s) { return state.winners.some(function (w) { return w.seat === s; }); },
          onTap: function (s) {
            // Tapping the discarder means 点炮.
            if (state.kind !== "discard") { state.kind = "discard"; normalise(); }
            state.discarder = state.discarder === s ? null : s;
          },
        }),
        errorList(dErrs),
      ]);
    }
    var winnerBlocks = state.winners.map(function (w, idx) {
      var errs = claim("result.winners." + idx);
      var types = legalFinal(state.kind, w.seat);
      var key = "w" + w.seat;
      return h("div", { class: "rf-sub" + (errs.length ? " has-error" : ""), "data-fields": "result.winners." + idx, "data-winner": w.seat }, [
        h("h3", { text: fmt(T.hands_of, { name: seatName(w.seat) }) }),
        handChips(types, w.hands, function (code, n) {
          if (n) w.hands = w.hands.filter(function (c) { return c !== code; });
          else if (code === "pinghu") w.hands = ["pinghu"];  // 平胡 is never listed with a big hand
          else {
            w.hands = w.hands.filter(function (c) { return c !== "pinghu"; });
            w.hands.push(code);
          }
          normalise();
        }, { suggested: state.analysis[key] || null }),
        w.tiles ? tilesSummary(w.tiles, w.melds, w.win_tile) : null,
        h("div", { class: "row", style: "margin-top:.5rem" }, [
          h("button", {
            type: "button", class: "btn btn-secondary btn-small", "data-role": "winner-tiles",
            onclick: function () { openPicker({ type: "winner", seat: w.seat }); },
            text: w.tiles ? T.edit_tiles : T.pick_tiles,
          }),
          w.tiles ? h("button", {
            type: "button", class: "linklike", onclick: function () {
              w.tiles = ""; w.melds = []; w.win_tile = ""; delete state.analysis[key]; render();
            }, text: T.clear_tiles,
          }) : null,
        ]),
        h("div", { class: "analysis-note" + (state.analysis[key + "ok"] ? " ok" : ""), text: state.analysis[key + "note"] || "" }),
        errorList(errs),
      ]);
    });
    return section(T.winners, ["result.winners"], body.concat([discarderBlock]).concat(winnerBlocks), { id: "rf-winners" });
  }

  // The seat the final birds count from: the engine's answer for this dealer, these
  // winners (a bit per seat) and this discarder.
  function finalBirdOrigin() {
    var mask = state.winners.reduce(function (m, w) { return m | (1 << w.seat); }, 0);
    var row = BIRDS.final_origin[seatIndex(state.dealer)][mask];
    return row[seatIndex(state.discarder)];
  }

  function birdsSection() {
    if (state.kind === "draw") return null;
    var body = [];
    var hdWin = haidiWin();
    if (hdWin) {
      body.push(h("div", { class: "rf-label", text: T.haidi_tile_birds }));
      body.push(haidiTileRow());
    }
    if (!state.birdsForfeited && BIRD_COUNT > 0 && !(hdWin && state.haidi.tile)) {
      body.push(h("div", { class: "rf-label", text: fmt(T.birds_hint, { n: BIRD_COUNT }) }));
      body.push(birdPicker(state.birds, BIRD_COUNT, function (b) { state.birds = b; }, "bird", finalBirdOrigin()));
    } else if (hdWin && state.haidi.tile && !state.birdsForfeited) {
      body.push(h("p", { class: "small", text: fmt(T.haidi_birds_are, { birds: state.birds.join("、") }) }));
    }
    body.push(h("label", { class: "row small", style: "margin-top:.5rem" }, [
      h("input", {
        type: "checkbox", "data-role": "birds-forfeited", checked: state.birdsForfeited,
        onclick: function (ev) { state.birdsForfeited = ev.target.checked; normalise(); render(); },
      }),
      T.birds_forfeited,
    ]));
    return section(T.birds, ["result.birds", "result.birds_forfeited"], body, { id: "rf-birds" });
  }

  function haidiTileRow() {
    return h("div", { class: "row" }, [
      state.haidi.tile ? tileEl(state.haidi.tile) : h("span", { class: "muted small", text: T.none }),
      h("button", {
        type: "button", class: "btn btn-secondary btn-small", "data-role": "haidi-tile",
        onclick: function () { openPicker({ type: "haidi" }); }, text: T.pick_haidi,
      }),
      state.haidi.tile ? h("button", {
        type: "button", class: "linklike", onclick: function () { state.haidi.tile = ""; state.birds = []; render(); }, text: T.clear,
      }) : null,
    ]);
  }

  function optionalSeat(role, label, value, onSet, noneLabel) {
    return h("div", {}, [
      h("div", { class: "rf-label", text: label }),
      seatButtons({ role: role, pressed: function (s) { return s === value; }, onTap: function (s) { onSet(value === s ? null : s); } }),
      noneLabel ? h("p", { class: "muted small", text: value === null ? noneLabel : "" }) : null,
    ]);
  }

  function haidiSection() {
    if (state.kind !== "draw") return null;
    var body = [
      optionalSeat("haidi-first", T.haidi_first_offered, state.haidi.first_offered, function (s) { state.haidi.first_offered = s; }),
      optionalSeat("haidi-taker", T.haidi_taker, state.haidi.taker, function (s) { state.haidi.taker = s; }, T.haidi_nobody_took),
      optionalSeat("haidi-replaced", T.haidi_replaced_by, state.haidi.replaced_by, function (s) { state.haidi.replaced_by = s; }),
      h("div", { class: "rf-label", text: T.haidi_tile_optional }),
      haidiTileRow(),
    ];
    return section(T.haidi, ["result.haidi"], body, { id: "rf-haidi" });
  }

  /* 杠分 (rules.md §10.4): each kong that stood, in a few taps: the seat, the kind, and
   * for 放杠 whose discard it was (at two seats, the other seat). A tap on a listed
   * kong removes it. Shown when the ruleset pays kongs (or the round lists some). */
  function kongsSection() {
    if (!KONG_PAY && !state.kongs.length) return null;
    var draft = state.kongDraft;
    function add(kong) {
      state.kongs.push(kong);
      state.kongDraft = { seat: null, kind: null };
    }
    var body = [];
    if (state.kongs.length) {
      body.push(h("div", { class: "kongs" }, state.kongs.map(function (k, i) {
        var text = seatName(k.seat) + " " + (WORDS.kong_kinds[k.kind] || k.kind) +
          (k.kind === "ming" && typeof k.from === "number" ? " ← " + seatName(k.from) : "");
        return h("button", {
          type: "button", class: "chip", "data-role": "kong-remove", "data-kong": i,
          "aria-label": T.remove + " " + text, title: T.tap_to_remove,
          onclick: function () { state.kongs.splice(i, 1); render(); },
        }, [text, h("span", { "aria-hidden": "true", text: "✕" })]);
      })));
    }
    body.push(h("div", { class: "rf-label", text: T.kong_hint }));
    body.push(seatButtons({
      role: "kong-seat",
      pressed: function (s) { return s === draft.seat; },
      onTap: function (s) { state.kongDraft = { seat: draft.seat === s ? null : s, kind: null }; },
    }));
    if (draft.seat !== null) {
      body.push(h("div", { class: "seg kong-kinds" }, Object.keys(WORDS.kong_kinds).map(function (kind) {
        return h("button", {
          type: "button", class: "tap", "data-role": "kong-kind", "data-kind": kind,
          "aria-pressed": draft.kind === kind ? "true" : "false",
          onclick: function () {
            if (kind !== "ming") add({ seat: draft.seat, kind: kind });
            else if (N === 2) add({ seat: draft.seat, kind: kind, from: 1 - draft.seat });
            else state.kongDraft = { seat: draft.seat, kind: kind };
            render();
          },
          text: WORDS.kong_kinds[kind],
        });
      })));
      if (draft.kind === "ming") {
        body.push(h("div", { class: "rf-label", text: T.kong_from }));
        body.push(seatButtons({
          role: "kong-from", cls: "tap-red",
          pressed: function () { return false; },
          disabled: function (s) { return s === draft.seat; },
          onTap: function (s) { add({ seat: draft.seat, kind: "ming", from: s }); },
        }));
      }
    }
    return section(WORDS.kong_pay, ["kongs"], body, { id: "rf-kongs" });
  }

  function extrasSection() {
    var open = state.penalties.length > 0 || state.fish.some(function (f) { return f > 0; }) ||
      errorsFor("penalties").length > 0 || errorsFor("fish").length > 0;
    var escapeLabel = RULES.escape_penalty ? fmt(T.escape_costs, { n: RULES.escape_penalty }) : T.escape_free;
    var fishInputs = h("div", { class: "seats seats-" + N }, ctx.seats.map(function (s) {
      return h("label", { class: "small" }, [
        s.name,
        h("input", {
          type: "number", min: "0", step: "1", inputmode: "numeric", value: String(state.fish[s.seat]),
          "data-role": "fish", "data-seat": s.seat,
          onchange: null,
        }),
      ]);
    }));
    fishInputs.querySelectorAll("input").forEach(function (inp) {
      inp.addEventListener("change", function () {
        state.fish[Number(inp.getAttribute("data-seat"))] = Math.max(0, parseInt(inp.value, 10) || 0);
      });
    });
    var details = h("details", { class: "more", open: open }, [
      h("summary", { text: T.extras }),
      h("div", { class: "rf-label", text: T.escapes + " · " + escapeLabel }),
      seatButtons({
        role: "escape", cls: "tap-red",
        pressed: function (s) { return state.penalties.indexOf(s) >= 0; },
        onTap: function (s) {
          var i = state.penalties.indexOf(s);
          if (i >= 0) state.penalties.splice(i, 1); else state.penalties.push(s);
          state.penalties.sort();
        },
      }),
      h("div", { class: "rf-label", text: T.fish }),
      fishInputs,
    ]);
    return section(T.extras_title, ["penalties", "fish"], [details], { id: "rf-extras" });
  }

  /* ------------------------------------------------------------ tile picker */

  var picker = { target: null, concealed: [], melds: [], winTile: "", mode: "hand" };
  var sheet = document.getElementById("tile-picker");
  var backdrop = document.getElementById("tile-picker-backdrop");

  function openPicker(target) {
    picker.target = target;
    picker.mode = "hand";
    if (target.type === "winner") {
      var w = state.winners.find(function (x) { return x.seat === target.seat; });
      picker.concealed = parseTiles(w.tiles);
      picker.melds = w.melds.map(function (m) { return { kind: m.kind, tiles: m.tiles }; });
      picker.winTile = w.win_tile;
    } else if (target.type === "opening") {
      picker.concealed = parseTiles(state.openings[target.idx].tiles);
      picker.melds = []; picker.winTile = "";
    } else {
      picker.concealed = state.haidi.tile ? [state.haidi.tile] : [];
      picker.melds = []; picker.winTile = "";
    }
    sheet.hidden = false; backdrop.hidden = false;
    renderPicker();
  }
  function closePicker() { sheet.hidden = true; backdrop.hidden = true; picker.target = null; }
  backdrop.addEventListener("click", closePicker);

  function allPickerTiles() {
    var all = picker.concealed.slice();
    picker.melds.forEach(function (m) { all = all.concat(parseTiles(m.tiles)); });
    return all;
  }
  function countOf(t) { return allPickerTiles().filter(function (x) { return x === t; }).length; }
  // A kong counts as three tiles toward the 14 of a hand.
  function handSize() { return picker.concealed.length + picker.melds.length * 3; }
  function targetSize() {
    var t = picker.target;
    if (t.type === "haidi") return 1;
    if (t.type === "opening") return state.openings[t.idx].seat === state.dealer ? 14 : 13;
    return 14;
  }

  function pickerTap(t) {
    var mode = picker.mode, r = Number(t[0]);
    if (picker.target.type === "haidi") { picker.concealed = [t]; pickerDone(); return; }  // one tile: done
    if (mode === "hand") {
      if (countOf(t) < 4 && handSize() < targetSize()) picker.concealed.push(t);
    } else if (mode === "win") {
      if (picker.concealed.indexOf(t) < 0 && countOf(t) < 4 && handSize() < targetSize()) picker.concealed.push(t);
      if (picker.concealed.indexOf(t) >= 0) picker.winTile = t;
      picker.mode = "hand";
    } else if (mode === "chi") {
      if (r <= 7) {
        var seq = [t, (r + 1) + t[1], (r + 2) + t[1]];
        if (seq.every(function (x) { return countOf(x) < 4; })) picker.melds.push({ kind: "chi", tiles: formatTiles(seq) });
      }
    } else {
      var n = mode === "peng" ? 3 : 4;
      if (countOf(t) === 0 || (n === 3 && countOf(t) <= 1)) {
        var tiles = []; for (var i = 0; i < n; i++) tiles.push(t);
        picker.melds.push({ kind: mode, tiles: formatTiles(tiles) });
      }
    }
    renderPicker();
  }

  function renderPicker() {
    var t = picker.target;
    sheet.innerHTML = "";
    var title = t.type === "haidi" ? T.pick_haidi : t.type === "opening" ? T.dealt_tiles : fmt(T.tiles_of, { name: seatName(t.seat) });
    sheet.appendChild(h("h2", { text: title }));
    // current hand
    var line = h("div", { class: "tiles-line", "data-role": "picker-hand" });
    picker.melds.forEach(function (m, i) {
      line.appendChild(h("button", {
        type: "button", class: "meld", title: T.tap_to_remove, style: "border:0;cursor:pointer",
        onclick: function () { picker.melds.splice(i, 1); renderPicker(); },
      }, parseTiles(m.tiles).map(function (x) { return tileEl(x); })));
    });
    var sorted = picker.concealed.slice().sort(function (a, b) { return tileKey(a) - tileKey(b); });
    var winMarked = false;
    sorted.forEach(function (x) {
      var win = !winMarked && x === picker.winTile;
      if (win) winMarked = true;
      line.appendChild(h("button", {
        type: "button", style: "border:0;background:none;padding:0;cursor:pointer", title: T.tap_to_remove,
        onclick: function () {
          var i = picker.concealed.indexOf(x);
          picker.concealed.splice(i, 1);
          if (x === picker.winTile && picker.concealed.indexOf(x) < 0) picker.winTile = "";
          renderPicker();
        },
      }, [tileEl(x, win ? "win" : "")]));
    });
    sheet.appendChild(line);
    var status = fmt(T.tile_count, { n: handSize(), total: targetSize() });
    if (t.type === "winner" && !picker.winTile) status += " · " + T.no_win_tile;
    sheet.appendChild(h("div", { class: "tp-status", "data-role": "picker-status", text: status }));
    if (t.type === "winner") {
      var modes = [["hand", T.mode_hand], ["win", T.mode_win], ["chi", T.meld_chi], ["peng", T.meld_peng],
        ["gang", T.meld_gang], ["angang", T.meld_angang], ["buzhang", T.meld_buzhang]];
      sheet.appendChild(h("div", { class: "tp-modes" }, modes.map(function (m) {
        return h("button", {
          type: "button", class: "chip", "data-mode": m[0], "aria-pressed": picker.mode === m[0] ? "true" : "false",
          onclick: function () { picker.mode = m[0]; renderPicker(); }, text: m[1],
        });
      })));
    }
    var grid = h("div", { class: "tp-grid" });
    PICK_SUITS.forEach(function (s) {
      for (var r = 1; r <= 9; r++) {
        (function (tile) {
          var c = countOf(tile);
          grid.appendChild(h("button", {
            type: "button", "data-tile": tile, disabled: t.type !== "haidi" && c >= 4,
            onclick: function () { pickerTap(tile); },
          }, [h("span", { class: "tile " + s }, [
            h("span", { class: "r", text: String(r) }),
            h("span", { class: "s", text: SUIT_ZH[s] }),
            h("span", { class: "n", text: c ? "×" + c : "" }),
          ])]));
        })(r + s);
      }
    });
    sheet.appendChild(grid);
    sheet.appendChild(h("div", { class: "row" }, [
      h("button", {
        type: "button", class: "btn btn-secondary", onclick: function () {
          picker.concealed = []; picker.melds = []; picker.winTile = ""; renderPicker();
        }, text: T.clear,
      }),
      h("button", { type: "button", class: "btn btn-secondary", onclick: closePicker, text: T.cancel }),
      h("button", { type: "button", class: "btn", "data-role": "picker-done", onclick: pickerDone, text: T.done }),
    ]));
  }

  function pickerDone() {
    var t = picker.target;
    if (t.type === "haidi") {
      state.haidi.tile = picker.concealed[0] || "";
      closePicker(); normalise(); render(); return;
    }
    var tiles = formatTiles(picker.concealed);
    if (t.type === "opening") {
      state.openings[t.idx].tiles = tiles;
      closePicker(); render();
      if (tiles) analyse({ type: "opening", idx: t.idx });
      return;
    }
    var w = state.winners.find(function (x) { return x.seat === t.seat; });
    w.tiles = tiles;
    w.melds = picker.melds.slice();
    w.win_tile = picker.winTile || (picker.concealed.length ? picker.concealed[picker.concealed.length - 1] : "");
    closePicker(); render();
    if (tiles) analyse({ type: "winner", seat: t.seat });
  }

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
  var generalErrors = document.getElementById("rf-errors");
  var banner = document.getElementById("rf-banner");
  // Saving through fetch (and the queue, the draft) is the session's round form's; a
  // correction and the calculator post the form as it is.
  var CORRECTING = !!ctx.correcting || !ctx.urls.save;
  var DRAFT = "csmj-draft-" + ctx.session;
  // The next dealer(s) the form opened with (the server's, or the engine's table's after
  // the rounds waiting offline): a draft keeps its own dealer only while this is still
  // the answer, so an undo, a void or a correction elsewhere is never hidden by it.
  var base = { dealer: ctx.prefill ? ctx.prefill.dealer : null, dealers: ctx.prefill ? ctx.prefill.dealers.slice() : [] };

  /* ------------------------------------------------------------ completeness */

  // What the engine still needs before the preview can run ("" when nothing): the
  // reason shown next to a greyed-out 保存.
  function missing() {
    if (state.dealer === null) return T.need_dealer;
    // openings and mid-game wins: a hand and their birds (none when opening_birds is off)
    var smallDone = state.openings.concat(state.midgame).every(function (o) {
      return o.hands.length && o.birds.length === SMALL_BIRDS;
    });
    if (!smallDone) return T.need_small;
    if (!state.kind) return T.need_outcome;
    if (state.kind === "draw") {
      return state.haidi.first_offered !== null || state.haidi.taker !== null ? "" : T.need_haidi_seat;
    }
    if (!state.winners.length) return T.need_winner;
    var bare = state.winners.filter(function (w) { return !w.hands.length; })[0];
    if (bare) return fmt(T.need_hands, { name: seatName(bare.seat) });
    if (state.kind === "discard" && state.discarder === null) return T.need_discarder;
    if (haidiWin()) return state.haidi.tile || state.birdsForfeited ? "" : T.need_haidi_tile;
    if (state.birdsForfeited || BIRD_COUNT === 0 || state.birds.length === BIRD_COUNT) return "";
    return fmt(T.need_birds, { n: BIRD_COUNT - state.birds.length });
  }
  // Everything the engine needs is there: the preview runs by itself.
  function complete() { return missing() === ""; }

  /* ------------------------------------------------------------ errors go once fixed */

  function valueAt(obj, path) {
    return path.split(".").reduce(function (o, k) { return o == null ? undefined : o[k]; }, obj);
  }
  function dropFixedErrors() {
    if (!state.errors.length) return;
    var before = JSON.parse(errorsFor_), now = buildRound();
    if (!before) { errorsFor_ = JSON.stringify(now); return; }
    state.errors = state.errors.filter(function (e) {
      if (!e.field) return JSON.stringify(before) === JSON.stringify(now);
      return JSON.stringify(valueAt(before, e.field)) === JSON.stringify(valueAt(now, e.field));
    });
  }

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
        state.errors = res.json.errors || [];
        errorsFor_ = body;
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

  function draftSave() {
    if (CORRECTING || !ctx.session) return;
    try {
      localStorage.setItem(DRAFT, JSON.stringify({ number: NUMBER, base: base, round: buildRound(), key: state.key }));
    } catch (e) { /* private mode: no draft */ }
  }
  function draftClear() { try { localStorage.removeItem(DRAFT); } catch (e) { /* */ } }
  function draftLoad() {
    try { return JSON.parse(localStorage.getItem(DRAFT) || "null"); } catch (e) { return null; }
  }

  /* ------------------------------------------------------------ render */

  var formBody = document.getElementById("rf-body");

  function render() {
    dropFixedErrors();
    claimed = {};
    formBody.innerHTML = "";
    [dealerSection(), piaoSection(), openingsSection(), outcomeSection(), winnersSection(), birdsSection(),
      haidiSection(), kongsSection(), extrasSection()].forEach(function (s) { if (s) formBody.appendChild(s); });
    // Errors no section claimed (e.g. "season", "") go to the top.
    var rest = state.errors.filter(function (e) { return !claimed[e.field + "|" + e.code + "|" + e.message]; });
    generalErrors.innerHTML = "";
    if (rest.length) {
      generalErrors.appendChild(h("div", { class: "form-errors", role: "alert" }, [errorList(rest, true)]));
    }
    // The preview shown is always the current input's; saving needs one (or no network).
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
    NUMBER = n;
    root.querySelector("input[name=number]").value = String(n);
    var title = document.querySelector("[data-role=rf-number]");
    if (title) title.textContent = fmt(T.round_n, { n: n });
  }

  // A blank form for the next round, the dealer from the engine (or unknown offline).
  function blankForm(number, dealer, dealers) {
    state.dealer = dealer;
    state.dealers = dealer === null ? [] : (dealers || [dealer]).slice();
    base = { dealer: state.dealer, dealers: state.dealers.slice() };
    state.fish = zeros();
    state.kongs = []; state.kongDraft = { seat: null, kind: null };
    state.openings = []; state.midgame = []; state.kind = null; state.winners = []; state.discarder = null;
    state.birds = []; state.birdsForfeited = false; state.penalties = []; state.errors = [];
    state.haidi = { tile: "", taker: null, first_offered: null, replaced_by: null };
    state.analysis = {}; state.savedWin = null; state.key = null;
    lastPreview = { body: null };
    setNumber(number);
    if (dealer !== null) normalise();
    render();
    window.scrollTo(0, 0);
  }

  function showBanner(text, opts) {
    opts = opts || {};
    banner.innerHTML = "";
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

  /* ------------------------------------------------------------ the scoreboard */

  var board = ctx.scoreboard || null;  // the server's totals and last change
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
      blankForm(item.number + 1, next.dealer, next.dealers);
      drawBoard();
    });
  }

  function answered(item, round, res) {
    if (res.status === 201 || res.status === 200) {
      draftClear();
      showBanner(fmt(T.saved_n, { n: res.json.number }), { undo: true });
      blankForm(res.json.next_number, res.json.next_dealer, res.json.next_dealers);
      if (res.json.scoreboard) board = res.json.scoreboard;
      drawBoard();
      return;
    }
    if (res.status === 409) { showConflict(item, res.json, false); return; }
    state.errors = res.json.errors || [{ field: "", code: "error", message: T.network_error }];
    errorsFor_ = JSON.stringify(round);
    lastPreview = { body: null };
    render();
  }

  /* ------------------------------------------------------------ conflicts */

  function briefOf(round) {
    var r = round.result || {};
    var text = T[r.kind] || "";
    if (r.kind !== "draw") {
      text += " · " + (r.winners || []).map(function (w) {
        return seatName(w.seat) + " " + w.hands.map(handLabel).join(" ");
      }).join("、");
      if (r.kind === "discard" && r.discarder !== null) text += " ← " + seatName(r.discarder);
      if (r.birds && r.birds.length) text += " · " + T.birds + " " + r.birds.join("、");
    }
    return text;
  }

  var conflictBox = document.getElementById("rf-conflict");
  // Another recorder stored this number first: show both, the recorder chooses.
  function showConflict(item, json, fromQueue) {
    var ex = json.existing || {};
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
      if (event && event.saved && event.saved.session === ctx.session) followServer(event.json);
      else if (items) drawBoard();
      if (blocked && blocked.item.session === ctx.session && blocked.status === 409 && conflictBox.hidden) {
        showConflict(blocked.item, blocked.json, true);
      }
      if (blocked && blocked.status === 400 && blocked.item.session === ctx.session) {
        // The server refused a waiting round: back into the form, with its errors.
        var b = blocked;
        window.csmjQueue.resolve("discard").then(function () {
          loadInitial(b.item.data); setNumber(b.item.number); state.key = b.item.key;
          state.errors = b.json.errors || []; errorsFor_ = JSON.stringify(b.item.data);
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
    if (CORRECTING || ctx.initial) { loadInitial(ctx.initial); normalise(); render(); return; }
    var draft = draftLoad();
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
      if (draft && draft.number === NUMBER) {
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
    }, function () { normalise(); render(); drawBoard(); });
  }
  start();
  // idle(): no preview waiting to start and no request on its way, so the form will not
  // redraw by itself (a browser test taps only then, as a hand would after a look).
  function idle() { return previewTimer === null && inFlight === 0; }

  window.csmjRoundForm = { build: buildRound, state: state, idle: idle };
})();
