/* Copy and share buttons: [data-copy] copies its text (or the value of the element
 * named by data-copy-from); [data-share] opens the system share sheet where the
 * browser has one (and is hidden where it has not). */
(function () {
  "use strict";
  function textOf(btn) {
    var from = btn.dataset.copyFrom && document.getElementById(btn.dataset.copyFrom);
    return from ? (from.value || from.textContent).trim() : btn.dataset.copy;
  }
  document.querySelectorAll("[data-share]").forEach(function (btn) {
    if (!navigator.share) btn.hidden = true;
  });
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest("[data-copy], [data-copy-from], [data-share]");
    if (!btn) return;
    var text = textOf(btn) || btn.dataset.share;
    if (btn.hasAttribute("data-share")) {
      navigator.share({ url: text }).catch(function () { /* closed */ });
      return;
    }
    var done = function () {
      var label = btn.textContent;
      btn.textContent = btn.dataset.copied || "✓";
      setTimeout(function () { btn.textContent = label; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { legacy(text); done(); });
    } else { legacy(text); done(); }
  });
  function legacy(text) {
    var t = document.createElement("textarea");
    t.value = text; t.setAttribute("readonly", ""); t.style.position = "fixed"; t.style.opacity = "0";
    document.body.appendChild(t); t.select();
    try { document.execCommand("copy"); } catch (e) { /* the text stays selectable */ }
    document.body.removeChild(t);
  }
})();
