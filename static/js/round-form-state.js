/* The round form's state: what has been tapped in, its transitions, and the round-format
 * JSON it makes. No page here: plain functions over the page's JSON context (#rf-context),
 * loadable by `node --test` (tests/js/round-form-state.test.js).
 *
 * Every rule it follows is the engine's, looked up in the context's tables: the hand
 * types (who may claim each, on which kind of win), "claims" (scoring/engine/form_rules.py:
 * how many winners each kind of round has at n seats, whether it names a discarder, who
 * took the 海底, the tile counts), "birds" (birds.py) and "dealers" (dealers.py).
 *
 * csmjRoundFormParts.state.createForm(ctx, T) -> the form: its state and transitions.
 */
(function (root) {
  "use strict";

  var SUITS = ["m", "s", "p"];
  var NO_SEAT = 4;  // the tables' index of an unknown dealer or of no discarder

  function fmt(s, params) {
    return s.replace(/%\((\w+)\)s/g, function (_, k) { return params[k]; });
  }

  /* ------------------------------------------------------------ tiles as text */

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

  // A bird tap adds that number: a second tap on the same number is a repeat (two birds
  // both 5); once every bird is in, a further tap replaces the oldest. Removal is
  // explicit: a filled slot's tap (removeBird) or 清空.
  function tapBird(birds, v, max) {
    var b = birds.slice();
    if (b.length >= max) b = b.slice(1);
    if (max > 0) b.push(v);
    return b;
  }
  function removeBird(birds, i) {
    var b = birds.slice();
    b.splice(i, 1);
    return b;
  }

  function createForm(ctx, T) {
    var RULES = ctx.rules;
    // 扎鸟: the engine's answers for every situation (scoring/engine/birds.py form_tables);
    // the form looks them up and holds no bird formula.
    var BIRDS = ctx.birds;
    // Who may win, discard, claim a hand, take the 海底; how many tiles a hand holds
    // (scoring/engine/form_rules.py).
    var CLAIMS = ctx.claims;
    var BIRD_COUNT = BIRDS.count;
    var SMALL_BIRDS = BIRDS.small_count;  // birds of opening and mid-game wins
    var TONGZHUANG = !!RULES.tongzhuang;
    var PIAO_FREE = RULES.piao === "free";
    var PIAO_MAX = typeof RULES.piao_max === "number" ? RULES.piao_max : 5;
    var HT = {};
    ctx.hand_types.forEach(function (h) { HT[h.code] = h; });
    // The table (rules.md §10): n seats; the engine's most winners of one discard.
    var N = ctx.seats.length;
    var MAX_WINNERS = CLAIMS.kinds.discard.max_winners;
    // The round's words (暗杠 …, 空): the engine's catalogue, given to the page.
    var WORDS = ctx.words || { kong_kinds: {}, bird_on_nobody: "", kong_pay: "" };
    var KONG_PAY = !!RULES.kong_pay;
    // The suits in play, as the engine's tables list their tiles (缺一门: no 条).
    var PICK_SUITS = SUITS.filter(function (su) { return BIRDS.haidi && BIRDS.haidi["1" + su]; });
    if (!PICK_SUITS.length) PICK_SUITS = SUITS;
    function zeros() { var z = []; for (var i = 0; i < N; i++) z.push(0); return z; }
    function seatList() { return ctx.seats.map(function (x) { return x.seat; }); }

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
      // the kind was the winner taps' guess (no outcome or discarder tapped): one winner a
      // 自摸, more a 点炮 whose discarder is still to come (tapWinner)
      kindGuessed: false,
      key: null,  // the Idempotency-Key, made when the round is first submitted
    };
    // The data the shown errors were about (JSON): an error goes once its field changes.
    var errorsAbout = JSON.stringify(null);

    /* ---------------------------------------------------------- seats and names */

    function seatName(i) { return ctx.seats[i].name; }
    // Where a bird lands (the engine's answer), as the pads name it: a seat, or 空.
    function landName(seat) { return seat === null || seat === undefined ? WORDS.bird_on_nobody : seatName(seat); }
    // A seat as an index of the engine's tables: NO_SEAT for none (unknown).
    function seatIndex(seat) { return seat === null || seat === undefined ? NO_SEAT : seat; }
    // The seat an opening or mid-game win's birds count from: the engine's answer.
    function smallBirdOrigin(seat) { return BIRDS.small_origin[seatIndex(state.dealer)][seat]; }
    // The seat the final birds count from: the engine's answer for this dealer, these
    // winners (a bit per seat) and this discarder.
    function finalBirdOrigin() {
      var mask = state.winners.reduce(function (m, w) { return m | (1 << w.seat); }, 0);
      var row = BIRDS.final_origin[seatIndex(state.dealer)][mask];
      return row[seatIndex(state.discarder)];
    }
    // Where bird v lands counted from origin (undefined while the origin is unknown).
    function birdLands(origin, v) { return BIRDS.seat[origin][v]; }

    function handLabel(code) {
      var t = HT[code];
      if (!t) return code;
      return ctx.lang === "en" ? t.name_en : t.name_zh;
    }

    function isDealerSeat(seat) { return state.dealers.indexOf(seat) >= 0; }

    /* ---------------------------------------------------------- the engine's claim rules */

    // What a kind of round allows (the engine's table); none chosen yet: one winner.
    function kindRule(kind) {
      return CLAIMS.kinds[kind] || { min_winners: 1, max_winners: 1, discarder: false };
    }

    // Whether a seat may claim a hand type: its claimant, as the engine's table reads it.
    function mayClaim(t, seat) {
      var who = CLAIMS.claimant[t.claimant];
      if (who === "dealer" && seat !== state.dealer) return false;
      if (who === "not_dealers" && isDealerSeat(seat)) return false;
      // 地胡: won on the dealer's discard only, so not once another seat discarded
      var fed = (CLAIMS.discarder || {})[t.code];
      if (fed === "dealer" && state.kind === "discard" && state.discarder !== null &&
          state.discarder !== undefined && state.discarder !== state.dealer) return false;
      return true;
    }

    /* Hand types a seat may claim, straight from the registry's win kinds and claimant. */
    function legalFinal(kind, seat) {
      return ctx.hand_types.filter(function (t) {
        if (t["class"] === "opening" || t["class"] === "midgame") return false;
        if (t.win_kinds.indexOf(kind) < 0) return false;
        return mayClaim(t, seat);
      });
    }
    function midgameTypes() {
      return ctx.hand_types.filter(function (t) { return t["class"] === "midgame"; });
    }
    function openingTypes() {
      return ctx.hand_types.filter(function (t) { return t["class"] === "opening"; });
    }

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
      state.kindGuessed = false;
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

    // A blank form for the next round, the dealer from the engine (or unknown offline);
    // normalise() follows once the dealer is known.
    // Who hears of the form blanked for the next round (the sentence box: its sentence
    // was the round just recorded).
    var blankListeners = [];
    function onBlank(fn) { blankListeners.push(fn); }

    function blank(dealer, dealers) {
      state.dealer = dealer;
      state.dealers = dealer === null ? [] : (dealers || [dealer]).slice();
      state.fish = zeros();
      state.kongs = []; state.kongDraft = { seat: null, kind: null };
      state.openings = []; state.midgame = []; state.kind = null; state.winners = []; state.discarder = null;
      state.birds = []; state.birdsForfeited = false; state.penalties = []; state.errors = [];
      state.haidi = { tile: "", taker: null, first_offered: null, replaced_by: null };
      state.analysis = {}; state.savedWin = null; state.key = null; state.kindGuessed = false;
      blankListeners.forEach(function (fn) { fn(); });
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
      var rule = CLAIMS.kinds[state.kind];
      if (rule) {
        if (!rule.discarder) state.discarder = null;
        if (rule.max_winners === 0) state.birds = [];  // no win, no birds
        if (state.winners.length > rule.max_winners) state.winners = state.winners.slice(0, rule.max_winners);
      }
      state.winners = state.winners.filter(function (w) { return w.seat !== state.discarder; });
      state.winners.forEach(function (w) {
        var legal = legalFinal(state.kind, w.seat).map(function (t) { return t.code; });
        w.hands = w.hands.filter(function (c) { return legal.indexOf(c) >= 0; });
      });
      // 海底 wins: the taker follows from the hand (rules §2.2), the birds from the tile.
      state.winners.forEach(function (w) {
        Object.keys(CLAIMS.haidi_taker).forEach(function (code) {
          if (w.hands.indexOf(code) < 0) return;
          var who = CLAIMS.haidi_taker[code];
          if (who === "winner") state.haidi.taker = w.seat;
          else if (who === "discarder" && state.discarder !== null) state.haidi.taker = state.discarder;
        });
      });
      if (haidiWin() && state.haidi.tile) state.birds = (BIRDS.haidi[state.haidi.tile] || []).slice();
      if (state.birdsForfeited) state.birds = [];
    }

    /* ---------------------------------------------------------- taps */

    function tapDealer(s) {
      state.dealer = s;
      if (!TONGZHUANG) state.dealers = [s];
    }
    function tapDealerSet(s) {
      var i = state.dealers.indexOf(s);
      if (i >= 0) state.dealers.splice(i, 1); else state.dealers.push(s);
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
      state.kindGuessed = false;
    }

    // A winner's seat: on or off; as many winners as the kind of round allows. With no
    // outcome or discarder tapped yet the kind is guessed from the winners: one is a 自摸,
    // more (a user taps the winners first, then the discarder) a 点炮 still to name its
    // discarder, with as many winners as the engine's discard allows.
    function tapWinner(s) {
      if (!state.kind) { state.kind = "self_draw"; state.kindGuessed = true; }
      var i = state.winners.findIndex(function (w) { return w.seat === s; });
      var guessed = state.kindGuessed && state.discarder === null;
      if (i >= 0) {
        state.winners.splice(i, 1);
        // back to one winner, no discarder named: a 自摸 again
        if (guessed && state.kind === "discard" && state.winners.length <= 1) state.kind = "self_draw";
      } else {
        if (guessed && state.kind === "self_draw" && state.winners.length >= 1 &&
            kindRule("discard").max_winners > 1) {
          state.kind = "discard";  // a second winner: a 点炮, its discarder to come
          normalise();
        }
        var most = kindRule(state.kind).max_winners;
        if (most <= 1) state.winners = [newWinner(s)];
        else if (state.winners.length < most) state.winners.push(newWinner(s));
      }
      state.winners.sort(function (a, b) { return a.seat - b.seat; });
    }

    // Tapping the discarder means 点炮: the winners tapped before it stay (通炮).
    function tapDiscarder(s) {
      if (state.kind !== "discard") { state.kind = "discard"; normalise(); }
      state.kindGuessed = false;
      state.discarder = state.discarder === s ? null : s;
    }

    // A winner's hand chip (n: how often it is chosen now).
    function toggleWinnerHand(w, code, n) {
      if (n) w.hands = w.hands.filter(function (c) { return c !== code; });
      else if (code === "pinghu") w.hands = ["pinghu"];  // 平胡 is never listed with a big hand
      else {
        w.hands = w.hands.filter(function (c) { return c !== "pinghu"; });
        w.hands.push(code);
      }
      normalise();
    }

    // An opening chip: 四喜 may repeat (one per quad): a tap adds another, a long list
    // wraps back to none.
    function toggleOpeningHand(o, code, n) {
      if (code === "sixi" && n > 0 && n < 3) o.hands.push(code);
      else if (n > 0) o.hands = o.hands.filter(function (c) { return c !== code; });
      else o.hands.push(code);
    }

    // The seats no opening has yet; an opening not yet given a seat holds one of them.
    function freeOpeningSeats() {
      return seatList().filter(function (s) {
        return !state.openings.some(function (o) { return o.seat === s; });
      });
    }
    function canAddOpening() {
      var unseated = state.openings.filter(function (o) { return o.seat === null; }).length;
      return freeOpeningSeats().length > unseated;
    }

    function stepPiao(seat, d) {
      state.piao[seat] = Math.max(0, Math.min(PIAO_MAX, state.piao[seat] + d));
    }

    /* 杠分: the seat, the kind, and for 放杠 whose discard it was (at two seats, the
     * other seat: no tap). */
    function addKong(kong) {
      state.kongs.push(kong);
      state.kongDraft = { seat: null, kind: null };
    }
    function tapKongSeat(s) {
      state.kongDraft = { seat: state.kongDraft.seat === s ? null : s, kind: null };
    }
    function tapKongKind(kind) {
      var seat = state.kongDraft.seat;
      if (kind !== "ming") addKong({ seat: seat, kind: kind });
      else if (N === 2) addKong({ seat: seat, kind: kind, from: 1 - seat });
      else state.kongDraft = { seat: seat, kind: kind };
    }
    function tapKongFrom(s) { addKong({ seat: state.kongDraft.seat, kind: "ming", from: s }); }

    // The seats whose 钓鱼 stake is not a whole number of 0 or more (as typed: -5, 2.5,
    // or what the box could not read), refused here before any preview. The upper bound
    // is the engine's to say (its error names fish.N).
    function fishBad() {
      return seatList().filter(function (s) {
        var f = state.fish[s];
        return !(typeof f === "number" && isFinite(f) && f >= 0 && Math.floor(f) === f);
      });
    }

    // A 钓鱼 box's text as seat s's stake: -5 or 2.5 stays what it is (fishBad refuses
    // it), never quietly made 0 or 2 (a stake the table did not agree on); empty is 0,
    // what the box could not read (unreadable) NaN.
    function fishTyped(s, text, unreadable) {
      var raw = String(text).trim();
      state.fish[s] = raw === "" ? (unreadable ? NaN : 0) : Number(raw);
    }

    function tapEscape(s) {
      var i = state.penalties.indexOf(s);
      if (i >= 0) state.penalties.splice(i, 1); else state.penalties.push(s);
      state.penalties.sort();
    }

    /* ---------------------------------------------------------- the JSON */

    function buildRound() {
      var d = { dealer: state.dealer };
      if (TONGZHUANG) d.dealers = state.dealers.slice();
      // a stake the form refuses (fishBad) goes too: what is sent is what was typed
      if (state.fish.some(function (f) { return f !== 0; })) d.fish = state.fish.slice();
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

    // One line for a round (the queue's list, a conflict): the outcome, the winners and
    // their hands, the discarder, the birds.
    function briefOf(round) {
      var r = round.result || {};
      var text = T[r.kind] || "";
      if (r.kind !== "draw") {
        text += " · " + (r.winners || []).map(function (w) {
          return seatName(w.seat) + " " + w.hands.map(handLabel).join(" ");
        }).join(T.list_sep);
        if (r.kind === "discard" && r.discarder !== null) text += " ← " + seatName(r.discarder);
        if (r.birds && r.birds.length) text += " · " + T.birds + " " + r.birds.join(T.list_sep);
      }
      return text;
    }

    /* ---------------------------------------------------------- completeness */

    // What the engine still needs before the preview can run ("" when nothing): the
    // reason shown next to a greyed-out 保存.
    function missing() {
      // a 钓鱼 stake below 0 or not whole, marked red beside its box
      if (fishBad().length) return T.need_fixes;
      if (state.dealer === null) return T.need_dealer;
      // openings and mid-game wins: whose (never guessed), a hand and their birds (none
      // when opening_birds is off)
      var small = state.openings.concat(state.midgame);
      if (small.some(function (o) { return o.seat === null; })) return T.need_small_seat;
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
      if (kindRule(state.kind).discarder && state.discarder === null) return T.need_discarder;
      if (haidiWin()) return state.haidi.tile || state.birdsForfeited ? "" : T.need_haidi_tile;
      if (state.birdsForfeited || BIRD_COUNT === 0 || state.birds.length === BIRD_COUNT) return "";
      // more than the ruleset's birds (a sentence may say more): which to drop is the
      // recorder's to say
      if (state.birds.length > BIRD_COUNT) return fmt(T.too_many_birds, { n: state.birds.length - BIRD_COUNT });
      return fmt(T.need_birds, { n: BIRD_COUNT - state.birds.length });
    }
    // Everything the engine needs is there: the preview runs by itself.
    function complete() { return missing() === ""; }

    /* ---------------------------------------------------------- errors */

    // The errors under a field's dotted path (exact: that field only).
    function errorsFor(prefix, exact) {
      return state.errors.filter(function (e) {
        if (exact) return e.field === prefix;
        return e.field === prefix || e.field.indexOf(prefix + ".") === 0;
      });
    }
    // The engine's errors, about this round (its JSON text).
    function setErrors(errors, aboutJson) {
      state.errors = errors;
      errorsAbout = aboutJson;
    }
    function valueAt(obj, path) {
      return path.split(".").reduce(function (o, k) { return o == null ? undefined : o[k]; }, obj);
    }
    // An error goes once the field it is about has changed.
    function dropFixedErrors() {
      if (!state.errors.length) return;
      var before = JSON.parse(errorsAbout), now = buildRound();
      if (!before) { errorsAbout = JSON.stringify(now); return; }
      state.errors = state.errors.filter(function (e) {
        if (!e.field) return JSON.stringify(before) === JSON.stringify(now);
        return JSON.stringify(valueAt(before, e.field)) === JSON.stringify(valueAt(now, e.field));
      });
    }

    return {
      state: state, rules: RULES, claims: CLAIMS, seats: N, maxWinners: MAX_WINNERS,
      birdCount: BIRD_COUNT, smallBirds: SMALL_BIRDS, tongzhuang: TONGZHUANG, piaoFree: PIAO_FREE,
      piaoMax: PIAO_MAX, words: WORDS, kongPay: KONG_PAY, pickSuits: PICK_SUITS,
      zeros: zeros, seatList: seatList, seatName: seatName, landName: landName,
      smallBirdOrigin: smallBirdOrigin, finalBirdOrigin: finalBirdOrigin, birdLands: birdLands,
      handLabel: handLabel, isDealerSeat: isDealerSeat, kindRule: kindRule, legalFinal: legalFinal,
      midgameTypes: midgameTypes, openingTypes: openingTypes, newWinner: newWinner,
      loadInitial: loadInitial, blank: blank, onBlank: onBlank, haidiWin: haidiWin, needsHaidi: needsHaidi,
      normalise: normalise, tapDealer: tapDealer, tapDealerSet: tapDealerSet, setKind: setKind,
      tapWinner: tapWinner, tapDiscarder: tapDiscarder, toggleWinnerHand: toggleWinnerHand,
      toggleOpeningHand: toggleOpeningHand, canAddOpening: canAddOpening, stepPiao: stepPiao,
      tapKongSeat: tapKongSeat, tapKongKind: tapKongKind, tapKongFrom: tapKongFrom, tapEscape: tapEscape,
      fishBad: fishBad, fishTyped: fishTyped,
      buildRound: buildRound, briefOf: briefOf, missing: missing, complete: complete,
      errorsFor: errorsFor, setErrors: setErrors, dropFixedErrors: dropFixedErrors,
    };
  }

  var api = {
    createForm: createForm, fmt: fmt, parseTiles: parseTiles, formatTiles: formatTiles,
    tileKey: tileKey, tapBird: tapBird, removeBird: removeBird, SUITS: SUITS,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else (root.csmjRoundFormParts = root.csmjRoundFormParts || {}).state = api;
})(this);
