/* Wide tables on a phone: a shadow on the edge where the table runs on past the screen.
 * Each .table-wrap (the sideways scroller) goes into a .table-scroll box that carries
 * the classes more-left / more-right while there is more to see on that side; the CSS
 * draws the shadow on that edge. Without the script the tables scroll as before.
 * A table that runs on past the screen is also a keyboard stop (WCAG 2.1.1; axe-core's
 * scrollable-region-focusable): its scroller gets tabindex=0, role=region and a name (the
 * table's caption, else the heading before it), so the arrow keys scroll it. */
(function () {
  "use strict";
  function heading(wrap) {
    var caption = wrap.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    for (var node = wrap; node && node !== document.body; node = node.parentElement) {
      for (var sib = node.previousElementSibling; sib; sib = sib.previousElementSibling) {
        var found = /^H[1-6]$/.test(sib.tagName) ? [sib] : sib.querySelectorAll("h1, h2, h3, h4");
        if (found.length) return found[found.length - 1].textContent.trim();
      }
    }
    return document.title;
  }
  function reachable(wrap, wide) {
    if (wide && !wrap.hasAttribute("tabindex")) {
      wrap.setAttribute("tabindex", "0");
      wrap.setAttribute("role", "region");
      if (!wrap.hasAttribute("aria-label")) wrap.setAttribute("aria-label", heading(wrap));
      wrap.dataset.keyboardScroll = "1";
    } else if (!wide && wrap.dataset.keyboardScroll) {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      delete wrap.dataset.keyboardScroll;
    }
  }
  function update(wrap) {
    var box = wrap.parentNode;
    var rest = wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft;
    box.classList.toggle("more-left", wrap.scrollLeft > 1);
    box.classList.toggle("more-right", rest > 1);
    reachable(wrap, wrap.scrollWidth - wrap.clientWidth > 1);
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
