/* 一句话记一盘 (docs/one-line-entry.md): a sentence, typed or spoken through the phone
 * keyboard's own voice input, sent to the engine's parser (POST /api/v1/parse/), fills the
 * round form's state. What was understood is said back in the form's own words (its hand
 * labels, outcome and kong words, the seats' names); nothing is saved before 保存.
 * When the form is blanked for the next round, the sentence and that line go with it.
 * The parser is the engine's (scoring/engine/sentence.py): offline the box says so and
 * the taps work as ever.
 *
 * csmjRoundFormParts.sentence.mount(app), called by round-form.js after the other parts.
 */
(function (root) {
  "use strict";

  function mount(app) {
    var box = document.getElementById("rf-sentence");
    if (!box) return;
    var input = box.querySelector("[data-role=sentence-text]");
    var said = box.querySelector("[data-role=sentence-said]");
    var button = box.querySelector("[data-role=sentence-fill]");
    var ctx = app.ctx, form = app.form, state = form.state, T = app.T;
    var gettext = typeof window.gettext === "function" ? window.gettext : function (s) { return s; };
    var fmt = root.csmjRoundFormParts.state.fmt;
    var S = {
      understood: gettext("听懂了：%(round)s"),
      not_understood: gettext("没听懂：%(part)s"),
      not_played: gettext("%(part)s：这一桌的规则不算这个牌型"),
      offline: gettext("一句话记一盘要联网：现在离线，请直接点选。"),
      busy: gettext("现在听不了，稍后再试，或直接点选。"),
      working: gettext("正在听…"),
    };
    // The part of the sentence an error names, from the engine's message
    // (scoring/engine/messages.py): "text: could not place 赵六".
    var PARTS = {
      sentence_not_understood: /^text: could not place (.*)$/,
      sentence_hand_not_played: /^text: (.*) is not played under this ruleset$/,
    };
    box.hidden = false;
    // The round the last understood sentence put in the form (as JSON), while the form
    // still holds it: a next sentence that is not understood takes it out again, so that
    // 保存 never saves the earlier sentence in its place. Taps since keep the form.
    var filled = null;
    // The line as the page gives it to a new round's form (the hint), for the next round.
    var hint = { text: said.textContent, className: said.className };
    // Resets of the form since the page opened: a sentence's answer that comes back after
    // the form moved on to the next round is not that round's.
    var resets = 0;

    function csrf() {
      var el = document.querySelector("input[name=csrfmiddlewaretoken]");
      return el ? el.value : "";
    }

    function tell(text, kind) {
      said.textContent = text;
      said.className = "small rf-sentence-said" + (kind ? " msg msg-" + kind : " muted");
      said.setAttribute("data-state", kind || "");
    }

    // The form blanked for the next round (form.blank: after 保存, or with the round
    // waiting in the queue): the sentence and what was understood of it were the round
    // just recorded, and go with it; the box is as on a new round's form.
    function clear() {
      resets += 1;
      filled = null;
      input.value = "";
      said.textContent = hint.text;
      said.className = hint.className;
      said.removeAttribute("data-state");
      button.disabled = false;
    }
    form.onBlank(clear);

    function tileWords(tile) { return tile ? tile[0] + (app.suitName(tile[1]) || tile[1]) : ""; }

    // The round in the form's words: openings, mid-game wins, kongs, then the result.
    function summary(round) {
      var classes = (ctx.words && ctx.words.hand_classes) || {};
      var kongWords = (ctx.words && ctx.words.kong_kinds) || {};
      var parts = [];
      function small(entry, label) {
        var text = form.seatName(entry.seat) + " " + label + " " + entry.hands.map(form.handLabel).join(" ");
        if (entry.birds && entry.birds.length) text += " · " + T.birds + " " + entry.birds.join(T.list_sep);
        parts.push(text);
      }
      (round.openings || []).forEach(function (o) { small(o, classes.opening || ""); });
      (round.midgame || []).forEach(function (m) { small(m, classes.midgame || ""); });
      (round.kongs || []).forEach(function (k) {
        parts.push(form.seatName(k.seat) + " " + (kongWords[k.kind] || k.kind) +
          (k.kind === "ming" ? " ← " + form.seatName(k.from) : ""));
      });
      var r = round.result;
      if (r && r.kind) {
        var text = form.briefOf(round);
        var haidi = r.haidi;
        if (haidi && (haidi.tile || haidi.taker !== null || haidi.first_offered !== null)) {
          var who = haidi.taker !== null ? haidi.taker : haidi.first_offered;
          text += " · " + T.haidi + " " + tileWords(haidi.tile) + (who !== null ? " " + form.seatName(who) : "");
        }
        if (r.birds_forfeited) text += " · " + T.birds_forfeited;
        parts.push(text);
      }
      return parts.join(T.clause_sep);
    }

    // The sentence's round into the form: what the sentence says replaces the round's
    // taps; the dealer(s), 钓鱼, 飘 and escapes the recorder set stay.
    function fill(round) {
      var keep = {
        dealer: state.dealer, dealers: state.dealers.slice(), fish: state.fish.slice(),
        piao: state.piao ? state.piao.slice() : null, penalties: state.penalties.slice(),
      };
      state.haidi = { tile: "", taker: null, first_offered: null, replaced_by: null };
      state.kongDraft = { seat: null, kind: null };
      form.loadInitial(round);
      state.dealer = keep.dealer;
      state.dealers = keep.dealers;
      state.fish = keep.fish;
      if (keep.piao) state.piao = keep.piao;
      state.penalties = keep.penalties;
      if (!round.result) { state.kind = null; state.winners = []; state.discarder = null; state.birds = []; }
      state.errors = [];
      app.render();
    }

    function send(text) {
      var body = {
        text: text,
        players: ctx.seats.map(function (s) { return s.name || s.label; }),
        aliases: ctx.seats.map(function (s) { return s.aliases || []; }),
        dealer: state.dealer === null ? 0 : state.dealer,
        ruleset: ctx.rules,
      };
      tell(S.working, "");
      button.disabled = true;
      var asked = resets;
      return fetch(box.getAttribute("data-parse-url"), {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(body),
      }).then(function (r) {
        return r.json().then(function (j) { return { status: r.status, json: j }; });
      }).then(function (res) {
        if (asked !== resets) return;  // the form has moved on to the next round
        button.disabled = false;
        if (res.status === 200) {
          fill(res.json.round);
          filled = JSON.stringify(form.buildRound());
          tell(fmt(S.understood, { round: summary(res.json.round) }), "ok");
          return;
        }
        if (filled !== null && filled === JSON.stringify(form.buildRound())) fill({});
        filled = null;
        var errors = (res.json && res.json.errors) || [];
        var lost = errors.filter(function (e) { return PARTS[e.code]; });
        if (lost.length) {
          tell(lost.map(function (e) {
            var part = PARTS[e.code].exec(e.message);
            return fmt(e.code === "sentence_not_understood" ? S.not_understood : S.not_played, { part: part ? part[1] : "" });
          }).join(T.clause_sep), "error");
        } else {
          tell(res.status === 429 || res.status >= 500 ? S.busy : errors.map(function (e) { return e.message; }).join(T.clause_sep) || S.busy, "error");
        }
      }, function () {
        if (asked !== resets) return;
        button.disabled = false;
        tell(S.offline, "warn");
      });
    }

    box.addEventListener("submit", function (e) {
      e.preventDefault();
      var text = input.value.trim();
      if (!text) return;
      if (navigator.onLine === false) { tell(S.offline, "warn"); return; }
      send(text);
    });
  }

  (root.csmjRoundFormParts = root.csmjRoundFormParts || {}).sentence = { mount: mount };
})(this);
