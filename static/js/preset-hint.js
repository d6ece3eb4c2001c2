/* The wizard's and the calculator's table options: a blank answer names the chosen
 * preset's value (按预设：双鸟 in a choice, an empty number box's placeholder). The
 * server renders them for the preset shown; when another preset is chosen, this script
 * shows that preset's. It reads the labels from #preset-labels (JSON: preset code ->
 * option field name -> label). No build step.
 */
(function () {
  "use strict";

  var tag = document.getElementById("preset-labels");
  if (!tag) return;
  var labels;
  try {
    labels = JSON.parse(tag.textContent);
  } catch (e) {
    return;
  }

  function chosenPreset() {
    var radio = document.querySelector("input[name=preset]:checked");
    if (radio) return radio.value;
    var select = document.querySelector("select[name=preset]");
    return select ? select.value : null;
  }

  function refresh() {
    var names = labels[chosenPreset()];
    if (!names) return;
    Object.keys(names).forEach(function (name) {
      document.querySelectorAll("[name='" + name + "']").forEach(function (input) {
        if (input.tagName === "SELECT") {
          var blank = input.querySelector("option[value='']");
          if (blank) blank.textContent = names[name];
        } else if (input.type === "number") {
          input.placeholder = names[name];
        }
      });
    });
  }

  document.addEventListener("change", function (ev) {
    if (ev.target && ev.target.name === "preset") refresh();
  });
})();
