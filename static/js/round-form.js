/* The round form: builds a round-format JSON object from taps, previews it through
 * the server (the engine) and posts it with the page's CSRF token.
 *
 * Everything it knows comes from the page's JSON context (#rf-context): the table's
 * seats (4, 3 or 2), the season's rules, the hand-type registry (never duplicated here),
 * the engine's tables (birds, dealers, claims), the pre-filled dealer(s), an initial
 * round (corrections / re-display after an error), localised errors. Its UI strings are
 * in round-form-strings.js. No framework, no build step: plain scripts, loaded before
 * this one, each adding its part to window.csmjRoundFormParts:
 *
 *   round-form-state.js   the form's state, its transitions and the round's JSON
 *   round-form-render.js  the sections and their tap pads
 *   round-form-picker.js  the tile picker
 *   round-form-sync.js    analysis, preview, saving, the queue, the draft, conflicts
 *
 * This file puts them together on the page and keeps window.csmjRoundForm (the round's
 * JSON, the state, idle() for the browser tests).
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
  var ngettext = typeof window.ngettext === "function" ? window.ngettext : null;
  var T = window.roundFormStrings(gettext, pgettext, ctx.words, ngettext);

  var parts = window.csmjRoundFormParts;
  var form = parts.state.createForm(ctx, T);
  // What the parts share: each mount adds its functions (render, openPicker, analyse …).
  var app = { ctx: ctx, T: T, form: form, root: root };
  parts.render.mount(app);
  parts.picker.mount(app);
  parts.sync.mount(app);
  if (parts.sentence) parts.sentence.mount(app);  // 一句话记一盘 (round-form-sentence.js)
  app.start();

  window.csmjRoundForm = { build: form.buildRound, state: form.state, idle: app.idle };
})();
