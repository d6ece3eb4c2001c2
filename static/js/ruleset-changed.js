/* The ruleset editor's "已改" marks, kept up to date while the organiser taps.
 *
 * Progressive enhancement: the server renders each option (<div class="opt"
 * data-key=KEY>) with class "changed" and a visible .badge-changed when its value differs
 * from the chosen preset, and the 预设 hint (.preset-words) in words. This script redoes
 * the same comparison on every tap or keystroke, and when another preset is tapped it
 * also shows that preset's value in the hint. It reads the presets' values by field name
 * from #preset-values and their words from #preset-words (both JSON).
 *
 * A blank answer (按预设, an empty number box, no hand ticked) keeps the preset's value,
 * so it is never marked, as on the server (RulesetEditForm._changed). No build step.
 */
(function () {
  "use strict";

  var form = document.querySelector("form.ruleset-editor");
  var valuesTag = document.getElementById("preset-values");
  if (!form || !valuesTag) return;
  var presets, words = {};
  try {
    presets = JSON.parse(valuesTag.textContent);
    var wordsTag = document.getElementById("preset-words");
    if (wordsTag) words = JSON.parse(wordsTag.textContent);
  } catch (e) {
    return;
  }

  function chosenPreset() {
    var radio = form.querySelector("input[name=preset]:checked");
    return radio ? radio.value : null;
  }

  // The option's answer: null when blank, a list for ticked boxes, else the text.
  function answer(name) {
    var inputs = form.querySelectorAll("[name='" + name + "']");
    var list = [], single = null, boxes = false;
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      if (input.type === "checkbox") {
        boxes = true;
        if (input.checked) list.push(input.value);
      } else if (input.type === "radio") {
        if (input.checked) single = input.value;
      } else {
        single = input.value.trim();
      }
    }
    if (boxes) return list.length ? list : null;
    return single === "" ? null : single;
  }

  function differs(value, base) {
    if (value === null || base === undefined) return false;
    if (Array.isArray(value)) return value.join(",") !== (base || []).join(",");
    if (typeof base === "boolean") return (value === "true") !== base;
    if (typeof base === "number") return Number(value) !== base;
    return value !== String(base);
  }

  function refresh() {
    var code = chosenPreset();
    var base = presets[code] || {};
    var names = words[code] || {};
    var opts = form.querySelectorAll(".opt[data-key]");
    for (var i = 0; i < opts.length; i++) {
      var opt = opts[i];
      var name = "opt_" + opt.getAttribute("data-key");
      if (!(name in base)) continue;
      var changed = differs(answer(name), base[name]);
      opt.classList.toggle("changed", changed);
      var badge = opt.querySelector(".badge-changed");
      if (badge) badge.hidden = !changed;
      var hint = opt.querySelector(".preset-words");
      if (hint && name in names) hint.textContent = names[name];
      idle(opt, base);
    }
  }

  // An option that has no effect under the answers as they stand (缺一门 at a table of
  // four) is dimmed with its note shown: the server names the option it depends on and
  // the values it counts at (data-depends-on, data-depends-values), as on the server
  // (RulesetEditForm._idle).
  function idle(opt, base) {
    var on = opt.getAttribute("data-depends-on");
    if (!on) return;
    var value = answer("opt_" + on);
    if (value === null) value = String(base["opt_" + on]);
    var values = (opt.getAttribute("data-depends-values") || "").split(" ");
    var isIdle = values.indexOf(value) < 0;
    opt.classList.toggle("idle", isIdle);
    var note = opt.querySelector(".idle-note");
    if (note) note.hidden = !isIdle;
  }

  form.addEventListener("change", refresh);
  form.addEventListener("input", refresh);
  refresh();
})();
