/* Number steppers: a − and a + button on each side of a number box, like an app's
 * "create room" screen (the ruleset editor and the club wizard's rules step).
 *
 * Progressive enhancement: the page renders <div class="stepper" data-stepper> around a
 * plain <input type=number min max>; this script adds the buttons. Without it the box
 * still takes a typed number. Typing stays possible with it.
 *
 * A tap moves the value by 1 within the input's min/max. A blank box (按预设, keep the
 * preset's value) steps from the chosen preset's value when the page holds the presets'
 * values by field name as JSON in #preset-values (and radios named "preset"), else from
 * min. The buttons' accessible names come from the wrapper's data-less / data-more (the
 * page's language). No build step.
 */
(function () {
  "use strict";

  var presets = null;
  var table = document.getElementById("preset-values");
  if (table) {
    try { presets = JSON.parse(table.textContent); } catch (e) { presets = null; }
  }

  function bound(input, name, fallback) {
    var v = input.getAttribute(name);
    return v === null || v === "" || isNaN(Number(v)) ? fallback : Number(v);
  }

  function presetValue(input) {
    if (!presets) return null;
    var form = input.form || document;
    var chosen = form.querySelector("input[name=preset]:checked");
    var values = chosen && presets[chosen.value];
    var v = values ? values[input.name] : null;
    return typeof v === "number" ? v : null;
  }

  function enhance(box) {
    var input = box.querySelector("input[type=number]");
    if (!input || box.querySelector(".stepper-btn")) return;
    var min = bound(input, "min", -Infinity);
    var max = bound(input, "max", Infinity);

    function start() {
      var v = presetValue(input);
      if (v !== null) return v;
      return isFinite(min) ? min : 0;
    }
    function current() {
      if (input.value.trim() === "") return start();
      var v = Number(input.value);
      return isNaN(v) ? start() : v;
    }
    function update() {
      var v = current();
      less.disabled = v <= min;
      more.disabled = v >= max;
    }
    function step(delta) {
      var v = Math.max(min, Math.min(max, Math.round(current()) + delta));
      input.value = String(v);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
      update();
    }
    function button(role, text, label, delta) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "tap stepper-btn";
      b.setAttribute("data-role", role);
      if (label) b.setAttribute("aria-label", label);
      b.textContent = text;
      b.addEventListener("click", function () { step(delta); });
      return b;
    }

    var less = button("step-less", "−", box.getAttribute("data-less"), -1);
    var more = button("step-more", "+", box.getAttribute("data-more"), 1);
    box.insertBefore(less, input);
    box.appendChild(more);
    input.addEventListener("input", update);
    (input.form || document).addEventListener("change", function (e) {
      if (e.target && e.target.name === "preset") update();
    });
    update();
  }

  var boxes = document.querySelectorAll("[data-stepper]");
  for (var i = 0; i < boxes.length; i++) enhance(boxes[i]);
})();
