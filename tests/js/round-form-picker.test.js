// node --test tests/js/: the round form's tile picker (static/js/round-form-picker.js), its
// counts from the engine's claim table (14 a winning hand, a meld counting 3; 14 / 13 a
// dealt hand; one 海底 tile; four copies of a tile).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const S = require("../../static/js/round-form-state.js");
const P = require("../../static/js/round-form-picker.js");
const { formContext, strings } = require("./round-form-context.js");

function form() { return S.createForm(formContext({ preset: "changsha-67" }), strings()); }
function tapAll(f, p, text) { S.parseTiles(text).forEach((t) => P.tap(f, p, t)); }

test("a dealt hand holds 14 tiles for the dealer, 13 for an idle seat; the 海底 one", () => {
  const f = form();
  f.state.openings = [{ seat: 0, hands: [], birds: [], tiles: "" }, { seat: 2, hands: [], birds: [], tiles: "" }];
  const tiles = f.claims.tiles;
  assert.strictEqual(P.targetSize(f, P.pickerFor(f, { type: "opening", idx: 0 })), tiles.opening_dealer);
  assert.strictEqual(P.targetSize(f, P.pickerFor(f, { type: "opening", idx: 1 })), tiles.opening_idle);
  assert.deepStrictEqual([tiles.opening_dealer, tiles.opening_idle], [14, 13]);
  assert.strictEqual(P.targetSize(f, P.pickerFor(f, { type: "haidi" })), 1);
});

test("an idle seat's dealt hand stops at 13 tiles, and no tile comes a fifth time", () => {
  const f = form();
  f.state.openings = [{ seat: 1, hands: [], birds: [], tiles: "" }];
  const p = P.pickerFor(f, { type: "opening", idx: 0 });
  tapAll(f, p, "11111m");
  assert.strictEqual(P.countOf(p, "1m"), 4);
  tapAll(f, p, "23456789m2345p");  // 4 + 8 + 1: the 3p … 5p find no room
  assert.strictEqual(P.handSize(f, p), 13);
  assert.deepStrictEqual(P.apply(f, p), { type: "opening", idx: 0 });
  assert.strictEqual(f.state.openings[0].tiles, "111123456789m2p");
});

test("a winner's melds count three tiles each, a kong too, toward the 14", () => {
  const f = form();
  f.tapWinner(1);
  const p = P.pickerFor(f, { type: "winner", seat: 1 });
  p.mode = "gang";
  P.tap(f, p, "9p");
  p.mode = "chi";
  P.tap(f, p, "1s");
  p.mode = "peng";
  P.tap(f, p, "5s");
  assert.strictEqual(P.handSize(f, p), 9);
  p.mode = "hand";
  tapAll(f, p, "234m55m99m");  // five fit, the sixth and seventh do not
  assert.strictEqual(P.handSize(f, p), 14);
  assert.deepStrictEqual(p.concealed, ["2m", "3m", "4m", "5m", "5m"]);
  p.mode = "win";
  P.tap(f, p, "4m");
  assert.deepStrictEqual([p.winTile, p.mode], ["4m", "hand"]);
  assert.deepStrictEqual(P.apply(f, p), { type: "winner", seat: 1 });
  const w = f.state.winners[0];
  assert.deepStrictEqual([w.tiles, w.win_tile, w.melds.map((m) => m.tiles)], ["23455m", "4m", ["9999p", "123s", "555s"]]);
});

test("a tile of the hand tapped again leaves it, and the winning mark with its last copy", () => {
  const f = form();
  f.tapWinner(1);
  const p = P.pickerFor(f, { type: "winner", seat: 1 });
  tapAll(f, p, "55m");
  p.mode = "win";
  P.tap(f, p, "5m");
  P.removeTile(p, "5m");
  assert.strictEqual(p.winTile, "5m");
  P.removeTile(p, "5m");
  assert.strictEqual(p.winTile, "");
});

test("the 海底 tile is one tap: it finishes the picking and sets the 海底 birds", () => {
  const f = form();
  f.tapWinner(2);
  f.toggleWinnerHand(f.state.winners[0], "haidilaoyue", 0);
  const p = P.pickerFor(f, { type: "haidi" });
  assert.strictEqual(P.tap(f, p, "7p"), true);
  assert.strictEqual(P.apply(f, p), null);
  assert.strictEqual(f.state.haidi.tile, "7p");
  assert.deepStrictEqual(f.state.birds, formContext({ preset: "changsha-67" }).birds.haidi["7p"]);
});
