/* 纸面记录 form: ± flips a net's sign (phone number pads have no minus key) and the
   running sum of the four nets is shown, so a sheet that does not add up to 0 is seen
   before saving. The server checks everything again. */
(function () {
  "use strict";
  var form = document.getElementById("paper-form");
  if (!form) return;
  var nets = form.querySelectorAll("input.net");
  var out = document.getElementById("paper-sum");

  function value(input) {
    var text = input.value.replace(/[－−—]/g, "-").replace(/＋/g, "+").replace(/\s/g, "");
    return /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : null;
  }

  function update() {
    var sum = 0;
    var filled = 0;
    nets.forEach(function (input) {
      var v = value(input);
      if (v !== null) { sum += v; filled += 1; }
    });
    if (!out) return;
    if (!filled) { out.textContent = ""; out.className = "paper-sum small"; return; }
    var ok = sum === 0 && filled === nets.length;
    out.textContent = ok ? out.dataset.ok : out.dataset.total + " " + (sum > 0 ? "+" : "") + sum + " · " + out.dataset.bad;
    out.className = "paper-sum small " + (ok ? "pos" : "neg");
  }

  form.querySelectorAll("button.sign").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.dataset.signFor);
      var v = value(input);
      if (v === null) input.value = input.value.charAt(0) === "-" ? input.value.slice(1) : "-" + input.value;
      else input.value = String(-v);
      update();
      input.focus();
    });
  });
  nets.forEach(function (input) { input.addEventListener("input", update); });
  update();
})();
