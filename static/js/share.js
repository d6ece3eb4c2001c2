/* Copy and share buttons: [data-copy="text"] copies its text (the label turns to
 * data-copied for a moment); [data-share="url"] opens the phone's share sheet and stays
 * hidden where the browser has none. Delegated, so buttons added later work too. */
(function () {
  "use strict";

  function copied(button) {
    var label = button.textContent;
    button.textContent = button.getAttribute("data-copied") || "✓";
    setTimeout(function () { button.textContent = label; }, 1500);
  }

  function fallbackCopy(text, button) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); copied(button); } catch (e) { /* nothing more to try */ }
    document.body.removeChild(area);
  }

  function showShareButtons() {
    if (!navigator.share) return;
    document.querySelectorAll("[data-share][hidden]").forEach(function (b) { b.hidden = false; });
  }

  document.addEventListener("click", function (ev) {
    var copy = ev.target.closest("[data-copy]");
    if (copy) {
      var text = copy.getAttribute("data-copy");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { copied(copy); },
          function () { fallbackCopy(text, copy); });
      } else {
        fallbackCopy(text, copy);
      }
      return;
    }
    var share = ev.target.closest("[data-share]");
    if (share && navigator.share) {
      navigator.share({ title: share.getAttribute("data-share-title") || document.title,
        url: share.getAttribute("data-share") }).catch(function () { /* dismissed */ });
    }
  });

  showShareButtons();
  new MutationObserver(showShareButtons).observe(document.body, { childList: true, subtree: true });
})();
