/* 手动排座 (league nights): the seat editor's selects, one per seat, become buttons. Tap a
 * name (a seat's, or one of the players sitting out), then a seat: the two swap, or the
 * player sitting out takes the seat and its player sits out. The form then posts the
 * selects as they stand (without JavaScript the selects themselves work). Every word on
 * the page comes from the server: the seats' winds and the players' names. */
(function () {
  "use strict";

  function setUp(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var selects = Array.prototype.slice.call(form.querySelectorAll("[data-seat-select]"));
    var pool = form.querySelector("[data-role=seat-pool]");
    var names = {};
    Array.prototype.forEach.call(selects[0] ? selects[0].options : [], function (o) {
      if (o.value) names[o.value] = o.textContent;
    });
    var picked = null; // {select: el} or {pid: "12"}

    function button(text, pressed, onTap, role) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "ev-name ev-seat-pick" + (pressed ? " ev-in" : "");
      b.setAttribute("aria-pressed", pressed ? "true" : "false");
      b.setAttribute("data-role", role);
      b.textContent = text;
      b.addEventListener("click", onTap);
      return b;
    }

    function tapSeat(select) {
      if (picked === null) { picked = { select: select }; }
      else if (picked.select === select) { picked = null; }
      else if (picked.select) {
        var v = picked.select.value;
        picked.select.value = select.value;
        select.value = v;
        picked = null;
      } else {
        select.value = picked.pid;
        picked = null;
      }
      render();
    }

    function tapPool(pid) {
      if (picked && picked.select) { picked.select.value = pid; picked = null; }
      else if (picked && picked.pid === pid) { picked = null; }
      else { picked = { pid: pid }; }
      render();
    }

    function render() {
      var seated = {};
      selects.forEach(function (select) {
        if (select.value) seated[select.value] = true;
        select.hidden = true;
        var old = select.parentNode.querySelector("[data-role=seat-button]");
        if (old) old.remove();
        var text = select.value ? names[select.value] : "—";
        select.parentNode.appendChild(button(text, picked && picked.select === select,
          function () { tapSeat(select); }, "seat-button"));
      });
      pool.innerHTML = "";
      var out = Object.keys(names).filter(function (pid) { return !seated[pid]; });
      pool.hidden = out.length === 0;
      if (out.length) {
        var label = document.createElement("span");
        label.className = "small muted";
        label.textContent = pool.dataset.label;
        pool.appendChild(label);
      }
      out.forEach(function (pid) {
        pool.appendChild(button(names[pid], picked && picked.pid === pid,
          function () { tapPool(pid); }, "pool-button"));
      });
    }
    render();
  }

  function all() {
    document.querySelectorAll("[data-role=seat-form]").forEach(setUp);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
