/* Wide tables on a phone: a shadow on the edge where the table runs on past the screen.
 * Each .table-wrap (the sideways scroller) goes into a .table-scroll box that carries
 * the classes more-left / more-right while there is more to see on that side; the CSS
 * draws the shadow on that edge. Without the script the tables scroll as before. */
(function () {
  "use strict";
  function update(wrap) {
    var box = wrap.parentNode;
    var rest = wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft;
    box.classList.toggle("more-left", wrap.scrollLeft > 1);
    box.classList.toggle("more-right", rest > 1);
  }
  function watch(wrap) {
    if (wrap.parentNode.classList.contains("table-scroll")) return;
    var box = document.createElement("div");
    box.className = "table-scroll";
    wrap.parentNode.insertBefore(box, wrap);
    box.appendChild(wrap);
    wrap.addEventListener("scroll", function () { update(wrap); }, { passive: true });
    update(wrap);
  }
  function all() {
    Array.prototype.forEach.call(document.querySelectorAll(".table-wrap"), function (wrap) {
      if (wrap.parentNode.classList.contains("table-scroll")) update(wrap); else watch(wrap);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
  window.addEventListener("resize", all);
})();
