/* Copy and share buttons: [data-copy="text"] copies its text (the label turns to
 * data-copied for a moment); [data-share="url"] opens the phone's share sheet and stays
 * hidden where the browser has none; [data-share-file="url"] fetches that file (the
 * result image) and hands it to the share sheet, and stays hidden where the browser
 * cannot share files. Delegated, so buttons added later work too. */
(function () {
  "use strict";

  // The label comes back after a moment; a second tap meanwhile keeps the first label
  // (not 已复制 for good).
  function copied(button) {
    if (!button.hasAttribute("data-label")) button.setAttribute("data-label", button.textContent);
    button.textContent = button.getAttribute("data-copied") || "✓";
    clearTimeout(button.csmjCopiedTimer);
    button.csmjCopiedTimer = setTimeout(function () {
      button.textContent = button.getAttribute("data-label");
    }, 1500);
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

  function canShareFiles() {
    if (!navigator.canShare || typeof File === "undefined") return false;
    try {
      return navigator.canShare({ files: [new File([""], "x.png", { type: "image/png" })] });
    } catch (e) { return false; }
  }

  function showShareButtons() {
    if (!navigator.share) return;
    document.querySelectorAll("[data-share][hidden]").forEach(function (b) { b.hidden = false; });
    if (!canShareFiles()) return;
    document.querySelectorAll("[data-share-file][hidden]").forEach(function (b) { b.hidden = false; });
  }

  function shareFile(button) {
    var url = button.getAttribute("data-share-file");
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.blob(); })
      .then(function (blob) {
        var file = new File([blob], url.split("/").pop() || "result.png", { type: blob.type });
        return navigator.share({ files: [file], title: button.getAttribute("data-share-title") || document.title });
      })["catch"](function (e) {
        if (!e || e.name !== "AbortError") window.location.href = url; /* the image, to save */
      });
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
    var file = ev.target.closest("[data-share-file]");
    if (file) { shareFile(file); return; }
    var share = ev.target.closest("[data-share]");
    if (share && navigator.share) {
      navigator.share({ title: share.getAttribute("data-share-title") || document.title,
        url: share.getAttribute("data-share") }).catch(function () { /* dismissed */ });
    }
  });

  showShareButtons();
  new MutationObserver(showShareButtons).observe(document.body, { childList: true, subtree: true });
})();
