/* The round form's page: its sections (dealer, 飘, openings, outcome, winners, birds,
 * 海底, 杠分, extras), their tap pads and the engine's errors next to the fields they
 * are about. Every tap changes the form's state (round-form-state.js) and redraws.
 *
 * mount(app) sets app.render (and app.h, app.tileEl for the tile picker); app holds the
 * form, the context, the strings T, and the sync's hooks (app.openPicker, app.afterRender).
 */
(function (root) {
  "use strict";

  var SUIT_ZH = { m: "万", s: "条", p: "筒" };

  function mount(app) {
    var ctx = app.ctx, T = app.T, form = app.form, state = form.state;
    var S = root.csmjRoundFormParts.state, fmt = S.fmt, parseTiles = S.parseTiles, tapBird = S.tapBird, removeBird = S.removeBird;
    var N = form.seats, TONGZHUANG = form.tongzhuang, RULES = form.rules, WORDS = form.words;
    var BIRD_COUNT = form.birdCount, SMALL_BIRDS = form.smallBirds, MAX_WINNERS = form.maxWinners;
    var PIAO_FREE = form.piaoFree, PIAO_MAX = form.piaoMax, KONG_PAY = form.kongPay;
    var seatName = form.seatName, landName = form.landName, isDealerSeat = form.isDealerSeat;
    var errorsFor = form.errorsFor, normalise = form.normalise;

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

    function tileEl(t, extra) {
      return h("span", { class: "tile " + t[1] + (extra ? " " + extra : ""), title: t }, [
        h("span", { class: "r", text: t[0] }),
        h("span", { class: "s", text: SUIT_ZH[t[1]] }),
      ]);
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
          // a long name ends in … within its quarter of a phone (the whole name: its title)
          h("span", { class: "tap-name", title: s.name, text: s.name }),
          h("small", {}, [
            isDealerSeat(s.seat) ? h("span", { class: "dealer-mark", text: T.dealer_short + " " }) : null,
            // the seat's number under a player's name (the calculator's unnamed seats are it)
            s.label !== s.name ? s.label : null,
          ]),
        ]);
      }));
    }

    // origin: the seat birds are counted from (the engine's answer, looked up).
    function birdPicker(birds, max, onChange, role, origin) {
      var known = origin !== null && origin !== undefined;
      var slots = [];
      birds.forEach(function (v, i) {
        // A bird is taken back by tapping its slot (the pads only add: a second tap on a
        // number is a repeat).
        slots.push(h("button", {
          type: "button", class: "bird-slot filled", "data-role": role + "-remove", "data-index": i,
          "aria-label": fmt(T.bird_remove, { n: v }), title: fmt(T.bird_remove, { n: v }),
          onclick: function () { onChange(removeBird(birds, i)); render(); },
        }, [String(v), h("small", { "aria-hidden": "true", text: "×" })]));
      });
      for (var i = birds.length; i < max; i++) {
        slots.push(h("span", { class: "bird-slot", text: "?" }));
      }
      if (birds.length) {
        slots.push(h("button", {
          type: "button", class: "linklike", "data-role": role + "-clear",
          onclick: function () { onChange([]); render(); }, text: T.clear,
        }));
        if (known) {
          var landed = birds.map(function (v) { return landName(form.birdLands(origin, v)); });
          slots.push(h("span", { class: "muted small", "data-role": role + "-landed", text: "→ " + landed.join(T.list_sep) }));
        }
      }
      var pad = h("div", { class: "birds" }, [1, 2, 3, 4, 5, 6, 7, 8, 9].map(function (v) {
        // Under each number, the seat it lands on (or 空), once the origin is known.
        var lands = known ? form.birdLands(origin, v) : undefined;
        var nobody = known && (lands === null || lands === undefined);
        var times = birds.filter(function (b) { return b === v; }).length;
        return h("button", {
          type: "button", class: "tap tap-gold" + (nobody ? " bird-nobody" : ""), "data-bird": v, "data-role": role,
          "data-lands": known ? (nobody ? "" : String(lands)) : null,
          "aria-pressed": birds.indexOf(v) >= 0 ? "true" : "false",
          disabled: max === 0,
          onclick: function () { onChange(tapBird(birds, v, max)); render(); },
          "data-times": times > 1 ? String(times) : null,
        }, [String(v), known ? h("small", { text: landName(lands) }) : null,
          times > 1 ? h("span", { class: "bird-times", text: "×" + times }) : null]);
      }));
      return h("div", {}, [h("div", { class: "bird-slots" }, slots), pad]);
    }

    function handChips(types, selected, onToggle, opts) {
      opts = opts || {};
      var suggested = opts.suggested || null;
      return h("div", { class: "chips" }, types.map(function (t) {
        var n = selected.filter(function (c) { return c === t.code; }).length;
        var label = [h("span", { text: ctx.lang === "en" ? t.name_en : t.name_zh })];
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
      var marked = errs.length > 0 || !!opts.hasError;  // or errors its body shows itself
      var titleEl = h("h2", {}, [title].concat(opts.titleExtra ? [opts.titleExtra] : []));
      return h("section", {
        class: "rf-section" + (marked ? " has-error" : ""), id: opts.id || null,
        "data-fields": fieldPrefixes.join(" "),
      }, [titleEl].concat(body).concat([errorList(errs)]));
    }

    function dealerSection() {
      var body = [seatButtons({
        role: "dealer",
        pressed: function (s) { return s === state.dealer; },
        onTap: form.tapDealer,
        cls: "tap-red",
      })];
      if (TONGZHUANG) {
        body.push(h("div", { class: "rf-label", text: T.dealer_set }));
        body.push(seatButtons({
          role: "dealers",
          pressed: function (s) { return isDealerSeat(s); },
          disabled: function (s) { return s === state.dealer; },
          onTap: form.tapDealerSet,
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
          handChips(form.openingTypes(), o.hands, function (code, n) { form.toggleOpeningHand(o, code, n); }, { suggested: state.analysis["o" + idx] || null }),
          SMALL_BIRDS ? h("div", { class: "rf-label", text: fmt(SMALL_BIRDS > 2 ? T.opening_birds_more : T.opening_birds, { n: SMALL_BIRDS }) }) : null,
          SMALL_BIRDS ? birdPicker(o.birds, SMALL_BIRDS, function (b) { o.birds = b; }, "opening-bird",
            form.smallBirdOrigin(o.seat)) : null,
          h("div", { class: "rf-label", text: T.tiles_optional }),
          o.tiles ? tilesSummary(o.tiles, [], "") : null,
          h("button", {
            type: "button", class: "btn btn-secondary btn-small", "data-role": "opening-tiles",
            disabled: o.seat === null,  // a dealer's opening hand has 14 tiles, the others 13
            onclick: function () { app.openPicker({ type: "opening", idx: idx }); }, text: T.pick_tiles,
          }),
          h("div", { class: "analysis-note" + (state.analysis["o" + idx + "ok"] ? " ok" : ""), text: state.analysis["o" + idx + "note"] || "" }),
          errorList(errs),
        ]);
        return sub;
      });
      body.push(h("button", {
        type: "button", class: "btn btn-secondary btn-small", "data-role": "opening-add",
        disabled: !form.canAddOpening(),
        onclick: function () {
          // no seat until one is tapped: a seat guessed for the recorder is a win credited
          // to the wrong player when the tap is missed
          state.openings.push({ seat: null, hands: [], birds: [], tiles: "" });
          render();
        },
        text: "+ " + T.add_opening,
      }));
      midgameBlocks().forEach(function (b) { body.push(b); });
      return section(T.openings, ["openings", "midgame"], body, { id: "rf-openings" });
    }

    /* 中途四喜 / 中途六六顺: each entry is one win; a seat may have several. */
    function midgameBlocks() {
      var types = form.midgameTypes();
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
            form.smallBirdOrigin(m.seat)) : null,
          errorList(errs),
        ]);
      });
      out.push(h("button", {
        type: "button", class: "btn btn-secondary btn-small", "data-role": "midgame-add",
        onclick: function () {
          state.midgame.push({ seat: null, hands: [types[0].code], birds: [] });
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
            form.stepPiao(s.seat, d);
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

      function outcomeSection() {
      var kinds = [["self_draw", T.self_draw], ["discard", T.discard], ["draw", T.draw]];
      var seg = h("div", { class: "seg" }, kinds.map(function (k) {
        return h("button", {
          type: "button", class: "tap", "data-kind": k[0], "aria-pressed": state.kind === k[0] ? "true" : "false",
          onclick: function () { form.setKind(k[0]); normalise(); render(); },
          text: k[1],
        });
      }));
      return section(T.outcome, ["result.kind"], [seg], { id: "rf-outcome", exact: true });
    }

    function winnersSection() {
      if (state.kind === "draw") return null;
      var body = [];
      var many = form.kindRule(state.kind).discarder;  // a discard: maybe several winners
      var hint = !many ? T.winner_hint : MAX_WINNERS > 1 ? fmt(T.winners_hint_discard, { n: MAX_WINNERS }) : T.winner_hint_discard_one;
      body.push(h("div", { class: "rf-label", text: hint }));
      body.push(seatButtons({
        role: "winner",
        pressed: function (s) { return state.winners.some(function (w) { return w.seat === s; }); },
        disabled: function (s) { return s === state.discarder; },
        onTap: form.tapWinner,
      }));
      var discarderBlock = null;
      if (many || !state.kind || state.kind === "self_draw") {
        var dErrs = claim("result.discarder");
        discarderBlock = h("div", { class: "rf-sub" + (dErrs.length ? " has-error" : ""), "data-fields": "result.discarder", id: "rf-discarder" }, [
          h("h3", { text: many ? T.discarder : T.discarder_switch }),
          seatButtons({
            role: "discarder", cls: "tap-red",
            pressed: function (s) { return s === state.discarder; },
            disabled: function (s) { return state.winners.some(function (w) { return w.seat === s; }); },
            onTap: form.tapDiscarder,  // tapping the discarder means 点炮
          }),
          errorList(dErrs),
        ]);
      }
      var winnerBlocks = state.winners.map(function (w, idx) {
        var errs = claim("result.winners." + idx);
        var types = form.legalFinal(state.kind, w.seat);
        var key = "w" + w.seat;
        return h("div", { class: "rf-sub" + (errs.length ? " has-error" : ""), "data-fields": "result.winners." + idx, "data-winner": w.seat }, [
          h("h3", { text: fmt(T.hands_of, { name: seatName(w.seat) }) }),
          handChips(types, w.hands, function (code, n) { form.toggleWinnerHand(w, code, n); }, { suggested: state.analysis[key] || null }),
          w.tiles ? tilesSummary(w.tiles, w.melds, w.win_tile) : null,
          h("div", { class: "row", style: "margin-top:.5rem" }, [
            h("button", {
              type: "button", class: "btn btn-secondary btn-small", "data-role": "winner-tiles",
              onclick: function () { app.openPicker({ type: "winner", seat: w.seat }); },
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

    function birdsSection() {
      if (state.kind === "draw") return null;
      var body = [];
      var hdWin = form.haidiWin();
      if (hdWin) {
        body.push(h("div", { class: "rf-label", text: T.haidi_tile_birds }));
        body.push(haidiTileRow());
      }
      if (!state.birdsForfeited && BIRD_COUNT > 0 && !(hdWin && state.haidi.tile)) {
        body.push(h("div", { class: "rf-label", text: fmt(T.birds_hint, { n: BIRD_COUNT }) }));
        body.push(birdPicker(state.birds, BIRD_COUNT, function (b) { state.birds = b; }, "bird", form.finalBirdOrigin()));
      } else if (hdWin && state.haidi.tile && !state.birdsForfeited) {
        body.push(h("p", { class: "small", text: fmt(T.haidi_birds_are, { birds: state.birds.join(T.list_sep) }) }));
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
          onclick: function () { app.openPicker({ type: "haidi" }); }, text: T.pick_haidi,
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
        onTap: form.tapKongSeat,
      }));
      if (draft.seat !== null) {
        body.push(h("div", { class: "seg kong-kinds" }, Object.keys(WORDS.kong_kinds).map(function (kind) {
          return h("button", {
            type: "button", class: "tap", "data-role": "kong-kind", "data-kind": kind,
            "aria-pressed": draft.kind === kind ? "true" : "false",
            onclick: function () { form.tapKongKind(kind); render(); },
            text: WORDS.kong_kinds[kind],
          });
        })));
        if (draft.kind === "ming") {
          body.push(h("div", { class: "rf-label", text: T.kong_from }));
          body.push(seatButtons({
            role: "kong-from", cls: "tap-red",
            pressed: function () { return false; },
            disabled: function (s) { return s === draft.seat; },
            onTap: form.tapKongFrom,
          }));
        }
      }
      return section(WORDS.kong_pay, ["kongs"], body, { id: "rf-kongs" });
    }

    // Whether the recorder opened 逃跑罚分、钓鱼: every tap redraws the form, and a
    // section that closed by itself under a tap on 自摸 or a winner had to be opened
    // again. Closed for the next round (a blank form), open while it holds something.
    var extrasOpen = false;
    // blanked: the next redraw is a new round's, which takes nothing from the boxes on
    // the page (a stake still in a focused box was the saved round's).
    var blanked = false;
    // What a 钓鱼 box held that is no number (abc, 2,5), by seat: shown again as typed,
    // beside its error, never emptied (an empty box looks like no stake).
    var fishText = {};
    form.onBlank(function () { extrasOpen = false; blanked = true; fishText = {}; });

    function extrasSection() {
      var fishBad = form.fishBad();
      var open = extrasOpen || state.penalties.length > 0 || state.fish.some(function (f) { return f !== 0; }) ||
        fishBad.length > 0 || errorsFor("penalties").length > 0 || errorsFor("fish").length > 0;
      var escapeLabel = RULES.escape_penalty ? fmt(T.escape_costs, { n: RULES.escape_penalty }) : T.escape_free;
      // Each seat's errors beside its own box, saying whose box it is (the engine names
      // the field, fish.2, which no one at the table calls it). A value the box itself
      // refuses (below 0, not whole) is said here at once; the engine's word on it, after
      // a preview, would repeat it.
      var fishErrors = [];
      var fishInputs = h("div", { class: "seats seats-" + N }, ctx.seats.map(function (s) {
        var v = state.fish[s.seat];
        var engine = claim("fish." + s.seat);
        var bad = fishBad.indexOf(s.seat) >= 0;
        if (bad) fishErrors.push({ field: "fish." + s.seat, code: "not_whole", text: T.fish_whole, seat: s.seat });
        else engine.forEach(function (e) {
          fishErrors.push({ field: e.field, code: e.code, text: shortMessage(e), seat: s.seat });
        });
        // A text box with the digit keyboard: a number box keeps no caret across the
        // redraw, so a digit typed into a box tapped after another went before its "0"
        // (1 became 10). No stake shows empty, its 0 a placeholder: a digit is the stake.
        return h("label", { class: "small" }, [
          s.name,
          h("input", {
            type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "0",
            value: fishShown(s.seat, v),
            "data-role": "fish", "data-seat": s.seat,
            "aria-invalid": bad || engine.length ? "true" : null,
          }),
        ]);
      }));
      fishInputs.querySelectorAll("input").forEach(function (inp) {
        inp.addEventListener("change", function () {
          readFish(inp);
          // Redrawn once the tap that ended the typing has moved the focus (render keeps
          // it on the box it moved to): the errors and the preview follow the new value.
          setTimeout(render, 0);
        });
      });
      var fishList = h("ul", { class: "field-errors", role: "alert" }, fishErrors.map(function (e) {
        return h("li", {
          "data-field": e.field, "data-code": e.code, "data-seat": e.seat,
          text: fmt(T.fish_error, { name: seatName(e.seat), error: e.text }),
        });
      }));
      var details = h("details", { class: "more", open: open }, [
        h("summary", { text: T.extras }),
        h("div", { class: "rf-label", text: T.escapes + " · " + escapeLabel }),
        seatButtons({
          role: "escape", cls: "tap-red",
          pressed: function (s) { return state.penalties.indexOf(s) >= 0; },
          onTap: form.tapEscape,
        }),
        h("div", { class: "rf-label", text: T.fish }),
        fishInputs,
        fishList,
      ]);
      details.addEventListener("toggle", function () { extrasOpen = details.open; });
      return section(T.extras_title, ["penalties", "fish"], [details], {
        id: "rf-extras", hasError: fishErrors.length > 0,
      });
    }

    // A stake box's text: empty for none, the number, or what was typed that is none.
    function fishShown(seat, v) {
      if (typeof v !== "number" || isNaN(v)) return fishText[seat] || "";
      return v !== 0 ? String(v) : "";
    }

    function readFish(inp) {
      var seat = Number(inp.getAttribute("data-seat"));
      fishText[seat] = inp.value;
      form.fishTyped(seat, inp.value, inp.validity.badInput);
    }

    var formBody = document.getElementById("rf-body");
    var generalErrors = document.getElementById("rf-errors");

    // The box of the form being typed in, or null (none after a blank form: a new round).
    function typingIn() {
      var el = blanked ? null : document.activeElement;
      blanked = false;
      return el && formBody.contains(el) && el.getAttribute("data-role") &&
        (el.type === "number" || el.type === "text") ? el : null;
    }

    // A text box's selection [start, end], or null (a box with no caret: a number box).
    function selectionOf(el) {
      try {
        return typeof el.selectionStart === "number" ? [el.selectionStart, el.selectionEnd] : null;
      } catch (e) { return null; }
    }

    function render() {
      // A box being typed in keeps the focus across the redraw (the keyboard stays up),
      // and a stake typed but not yet left (a preview's answer redraws meanwhile) its text.
      var typing = typingIn();
      var caret = typing ? selectionOf(typing) : null;
      if (typing && typing.getAttribute("data-role") === "fish") readFish(typing);
      form.dropFixedErrors();
      claimed = {};
      formBody.innerHTML = "";
      [dealerSection(), piaoSection(), openingsSection(), outcomeSection(), winnersSection(), birdsSection(),
        haidiSection(), kongsSection(), extrasSection()].forEach(function (s) { if (s) formBody.appendChild(s); });
      var again = typing && formBody.querySelector("input[data-role=" + typing.getAttribute("data-role") + "]" +
        (typing.hasAttribute("data-seat") ? '[data-seat="' + typing.getAttribute("data-seat") + '"]' : ""));
      if (again) {
        if (again.getAttribute("data-role") === "fish") again.value = typing.value;  // as typed
        again.focus({ preventScroll: true });
        // and its caret where it was, so the next digit goes where the thumb put it
        if (caret && again.value.length >= caret[1]) {
          try { again.setSelectionRange(caret[0], caret[1]); } catch (e) { /* a box with no caret */ }
        }
      }
      // Errors no section claimed (e.g. "season", "") go to the top.
      var rest = state.errors.filter(function (e) { return !claimed[e.field + "|" + e.code + "|" + e.message]; });
      generalErrors.innerHTML = "";
      if (rest.length) {
        generalErrors.appendChild(h("div", { class: "form-errors", role: "alert" }, [errorList(rest, true)]));
      }
      app.afterRender();
    }

    app.render = render;
    app.h = h;
    app.tileEl = tileEl;
    app.suitName = function (s) { return SUIT_ZH[s]; };
  }

  (root.csmjRoundFormParts = root.csmjRoundFormParts || {}).render = { mount: mount };
})(this);
