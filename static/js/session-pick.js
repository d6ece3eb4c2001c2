/* 开一场's tap-to-pick: the roster as buttons (the most recent players first, the rest
 * found with the search box), each tap seating the player in the next empty seat field
 * of the form below, a second tap taking them off; a new guest's name typed once goes to
 * the next empty seat and ticks 名单里没有的名字作为客人加入. The form posts the seat
 * fields as always: the server checks the names (the roster, twice, the table's size).
 * Each 首庄 choice names who sits in its seat (1号位 张伟: the seat's word as the server
 * wrote it, the name as the seat field holds it), and 还有 N 位：搜名字找 goes once every
 * seat is taken. Without this script the seat fields are typed, with the roster as
 * suggestions. */
(function () {
  "use strict";
  var box = document.querySelector("[data-role=pick-players]");
  var form = document.querySelector("form[data-role=session-start]");
  if (!box || !form) return;
  var seats = Array.prototype.slice.call(form.querySelectorAll("input[name^=seat_]"));
  var picks = Array.prototype.slice.call(box.querySelectorAll("[data-role=pick]"));
  var search = box.querySelector("[data-role=pick-search]");
  var more = box.querySelector("[data-role=pick-more]");
  var none = box.querySelector("[data-role=pick-none]");
  var full = box.querySelector("[data-role=pick-full]");
  var guestName = box.querySelector("[data-role=pick-guest-name]");
  var guestAdd = box.querySelector("[data-role=pick-guest-add]");
  var guests = form.querySelector("input[name=add_guests]");

  // The 首庄 radios (value: the seat's index): after the seat's word, the name seated there.
  var dealers = Array.prototype.slice.call(form.querySelectorAll("input[name=first_dealer]"));
  var dealerNames = dealers.map(function (radio) {
    var label = radio.closest("label");
    if (!label) return null;
    var name = document.createElement("span");
    name.setAttribute("data-role", "dealer-name");
    label.appendChild(name);
    return name;
  });
  function showDealers() {
    dealers.forEach(function (radio, i) {
      var input = form.querySelector("input[name=seat_" + radio.value + "]");
      var name = input ? input.value.trim() : "";
      if (dealerNames[i]) dealerNames[i].textContent = name ? " " + name : "";
    });
  }

  function labelOf(input) {
    var label = form.querySelector("label[for='" + input.id + "']");
    return label ? label.textContent.replace(/（.*|\(.*/, "").trim() : "";
  }

  // Which seat holds each name (the seat fields are the truth: typing there counts too).
  function show() {
    if (nextEmpty()) full.hidden = true;
    var held = {};
    seats.forEach(function (input) {
      var v = input.value.trim();
      if (v) held[v] = input;
    });
    var query = search ? search.value.trim().toLowerCase() : "";
    var found = 0;
    picks.forEach(function (b) {
      var seat = held[b.getAttribute("data-name")];
      b.setAttribute("aria-pressed", seat ? "true" : "false");
      // the tag's line is kept under the name (record.css): seating moves no chip
      b.querySelector("[data-role=pick-seat]").textContent = seat ? labelOf(seat) : "";
      var match = query ? b.getAttribute("data-search").indexOf(query) !== -1 : !b.hasAttribute("data-more");
      b.hidden = !(match || seat);
      if (match) found += 1;
    });
    if (more) more.hidden = !!query || !nextEmpty();  // every seat taken: no one left to find
    if (none) none.hidden = !query || found > 0;
    showDealers();
  }

  function nextEmpty() {
    for (var i = 0; i < seats.length; i++) if (!seats[i].value.trim()) return seats[i];
    return null;
  }

  function seat(name) {
    var input = nextEmpty();
    full.hidden = !!input;  // every seat taken: say so (a tap on a seated name frees one)
    if (!input) return false;
    input.value = name;
    return true;
  }

  picks.forEach(function (b) {
    b.addEventListener("click", function () {
      var name = b.getAttribute("data-name");
      var taken = seats.filter(function (input) { return input.value.trim() === name; });
      if (taken.length) taken.forEach(function (input) { input.value = ""; });
      else seat(name);
      if (search && search.value) { search.value = ""; }
      show();
    });
  });
  seats.forEach(function (input) { input.addEventListener("input", show); });
  if (search) search.addEventListener("input", show);

  function addGuest() {
    var name = guestName.value.trim();
    if (!name) { guestName.focus(); return; }
    if (seat(name)) {
      guestName.value = "";
      if (guests) guests.checked = true;
      show();
    }
  }
  guestAdd.addEventListener("click", addGuest);
  guestName.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") { ev.preventDefault(); addGuest(); }
  });

  box.hidden = false;
  show();
})();
