// node --test tests/js/: the round form's state and transitions (static/js/round-form-state.js)
// over the page's real context: the engine's hand types and its bird and claim tables.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const S = require("../../static/js/round-form-state.js");
const { formContext, preload, strings } = require("./round-form-context.js");

const T = strings();
const BASE = { preset: "changsha-67" };
preload([2, 3, 4].flatMap((players) => [
  { ...BASE, players }, { ...BASE, players, tongzhuang: true }, { ...BASE, players, kong_pay: true },
]).concat([BASE]));

function formAt(players, options) {
  return S.createForm(formContext({ preset: "changsha-67", players, ...(options || {}) }), T);
}
function seats(form) { return form.state.winners.map((w) => w.seat); }

test("tiles read and written as text, in suit and rank order", () => {
  assert.deepStrictEqual(S.parseTiles("123m 55p"), ["1m", "2m", "3m", "5p", "5p"]);
  assert.strictEqual(S.formatTiles(["5p", "3m", "1m", "2s", "5p"]), "13m2s55p");
  assert.strictEqual(S.formatTiles(S.parseTiles("19m19s19p")), "19m19s19p");
});

test("a bird tap adds, a second tap on the same number repeats it, a further one replaces the oldest", () => {
  assert.deepStrictEqual(S.tapBird([], 3, 2), [3]);
  assert.deepStrictEqual(S.tapBird([3], 3, 2), [3, 3]);  // two birds both 3
  assert.deepStrictEqual(S.tapBird([3, 5], 7, 2), [5, 7]);
  assert.deepStrictEqual(S.tapBird([5, 5], 5, 4), [5, 5, 5]);
  assert.deepStrictEqual(S.tapBird([], 3, 0), []);  // no birds to pick
});

test("a bird is taken back only explicitly, by its slot", () => {
  assert.deepStrictEqual(S.removeBird([3, 3], 1), [3]);
  assert.deepStrictEqual(S.removeBird([2, 9, 4], 1), [2, 4]);
});

for (const [players, most] of [[4, 3], [3, 2], [2, 1]]) {
  test(`a discard at ${players} seats takes at most ${most} winner(s), the engine's number`, () => {
    const form = formAt(players);
    assert.strictEqual(form.claims.kinds.discard.max_winners, most);
    form.tapDiscarder(0);
    assert.strictEqual(form.state.kind, "discard");
    for (let s = 1; s < players; s++) form.tapWinner(s);
    // past the limit a tap changes nothing; with one winner allowed, it replaces
    assert.deepStrictEqual(seats(form), most === 1 ? [players - 1] : [1, 2, 3].slice(0, most));
  });
}

test("the form follows the claim table it is given, not a number of its own", () => {
  const ctx = formContext({ preset: "changsha-67" });
  ctx.claims.kinds.discard.max_winners = 2;
  const form = S.createForm(ctx, T);
  form.tapDiscarder(0);
  [1, 2, 3].forEach(form.tapWinner);
  assert.deepStrictEqual(seats(form), [1, 2]);
  form.state.winners.push(form.newWinner(3));
  form.normalise();
  assert.deepStrictEqual(seats(form), [1, 2]);
});

test("a lone winner without a discarder is a self-draw; the discarder cannot win", () => {
  const form = formAt(4);
  form.tapWinner(2);
  assert.strictEqual(form.state.kind, "self_draw");
  assert.strictEqual(form.buildRound().result.kind, "self_draw");
  form.tapWinner(2);  // off again
  form.tapWinner(3);
  assert.deepStrictEqual(seats(form), [3]);
  form.tapDiscarder(3);  // 点炮: a discard, and seat 3 no longer wins
  form.normalise();
  assert.strictEqual(form.state.kind, "discard");
  assert.deepStrictEqual(seats(form), []);
  assert.strictEqual(form.state.discarder, 3);
});

test("winners tapped before the discarder all stay: A, B, then C is A and B on C's discard", () => {
  const form = formAt(4);
  form.tapWinner(1);
  form.tapWinner(2);
  // two winners, no discarder yet: a discard waiting for its discarder, not a self-draw
  assert.strictEqual(form.state.kind, "discard");
  assert.deepStrictEqual(seats(form), [1, 2]);
  assert.strictEqual(form.missing(), T.need_discarder);
  form.tapDiscarder(3);
  form.normalise();
  assert.deepStrictEqual([form.state.kind, seats(form), form.state.discarder], ["discard", [1, 2], 3]);
  const r = form.buildRound().result;
  assert.deepStrictEqual([r.winners.map((w) => w.seat), r.discarder], [[1, 2], 3]);
});

test("three winners before the discarder (通炮 at most 3), a fourth changes nothing", () => {
  const form = formAt(4);
  [3, 1, 0, 2].forEach(form.tapWinner);
  assert.deepStrictEqual(seats(form), [0, 1, 3]);
  form.tapDiscarder(2);
  form.normalise();
  assert.deepStrictEqual([seats(form), form.state.discarder], [[0, 1, 3], 2]);
});

test("back to one winner before any discarder: a self-draw again", () => {
  const form = formAt(4);
  form.tapWinner(1);
  form.tapWinner(2);
  form.tapWinner(1);  // off
  assert.deepStrictEqual([form.state.kind, seats(form)], ["self_draw", [2]]);
});

test("at three seats two winners wait for the discarder; at two seats a second tap replaces", () => {
  const three = formAt(3);
  [0, 1, 2].forEach(three.tapWinner);
  assert.deepStrictEqual([three.state.kind, seats(three)], ["discard", [0, 1]]);
  const two = formAt(2);
  two.tapWinner(0);
  two.tapWinner(1);
  assert.deepStrictEqual([two.state.kind, seats(two)], ["self_draw", [1]]);
});

test("自摸 chosen on purpose keeps one winner: a second tap replaces the first", () => {
  const form = formAt(4);
  form.setKind("self_draw");
  form.tapWinner(1);
  form.tapWinner(2);
  assert.deepStrictEqual([form.state.kind, seats(form)], ["self_draw", [2]]);
});

test("a wrong tap on 流局 keeps the win's entries; switching back brings them back", () => {
  const form = formAt(4);
  form.tapDiscarder(0);
  form.tapWinner(1);
  form.state.birds = [2, 9];
  form.setKind("draw");
  form.normalise();
  assert.deepStrictEqual([seats(form), form.state.discarder, form.state.birds], [[], null, []]);
  form.setKind("discard");
  form.normalise();
  assert.deepStrictEqual([seats(form), form.state.discarder, form.state.birds], [[1], 0, [2, 9]]);
});

test("天胡 is the dealer's to claim, 地胡 no dealer's (the claimant table)", () => {
  const form = formAt(4);
  const codes = (kind, seat) => form.legalFinal(kind, seat).map((t) => t.code);
  assert.ok(codes("self_draw", 0).includes("tianhu"));
  assert.ok(!codes("self_draw", 1).includes("tianhu"));
  assert.ok(codes("discard", 1).includes("dihu"));
  assert.ok(!codes("discard", 0).includes("dihu"));
  assert.ok(!codes("discard", 1).includes("haidilaoyue"));  // a self-draw's hand
});

test("under 通庄 every seat of the dealer set is refused 地胡", () => {
  const form = formAt(4, { tongzhuang: true });
  form.tapDealerSet(2);
  form.normalise();
  assert.deepStrictEqual(form.state.dealers, [0, 2]);
  assert.ok(!form.legalFinal("discard", 2).some((t) => t.code === "dihu"));
  assert.ok(form.legalFinal("discard", 1).some((t) => t.code === "dihu"));
});

test("地胡 is offered on the dealer's discard only (the engine's discarder table)", () => {
  const form = formAt(4);  // seat 0 deals
  const offered = () => form.legalFinal("discard", 1).some((t) => t.code === "dihu");
  form.tapWinner(1);
  assert.ok(offered());  // no discarder yet
  form.tapDiscarder(0);
  form.normalise();
  assert.ok(offered());
  form.state.winners[0].hands = ["dihu"];
  form.tapDiscarder(2);  // another seat discarded: 地胡 is gone, chosen or not
  form.normalise();
  assert.ok(!offered());
  assert.ok(!form.state.winners[0].hands.includes("dihu"));
});

test("海底捞月: its winner took the 海底; 海底炮: the discarder; the birds follow the tile", () => {
  const form = formAt(4);
  form.tapWinner(2);
  form.toggleWinnerHand(form.state.winners[0], "haidilaoyue", 0);
  assert.strictEqual(form.state.haidi.taker, 2);
  form.state.haidi.tile = "5m";
  form.normalise();
  assert.deepStrictEqual(form.state.birds, formContext({ preset: "changsha-67", players: 4 }).birds.haidi["5m"]);

  const pao = formAt(4);
  pao.tapDiscarder(3);
  pao.tapWinner(1);
  pao.toggleWinnerHand(pao.state.winners[0], "haidipao", 0);
  assert.strictEqual(pao.state.haidi.taker, 3);
  assert.deepStrictEqual(pao.state.winners[0].hands, ["haidipao"]);  // 平胡 goes
});

test("what is missing comes in order, and a complete discard builds the round's JSON", () => {
  const form = formAt(4);
  assert.strictEqual(form.missing(), T.need_outcome);
  form.tapDiscarder(2);
  assert.strictEqual(form.missing(), T.need_winner);
  form.tapWinner(1);
  assert.strictEqual(form.missing(), S.fmt(T.need_birds, { n: 2 }));
  form.state.birds = [4, 4];
  assert.ok(form.complete());
  assert.deepStrictEqual(form.buildRound(), {
    dealer: 0,
    result: {
      kind: "discard",
      winners: [{ seat: 1, hands: ["pinghu"] }],
      discarder: 2,
      birds: [4, 4],
      haidi: null,
    },
    penalties: [],
  });
  assert.strictEqual(form.briefOf(form.buildRound()), `${T.discard} · 南 平胡 ← 西 · ${T.birds} 4、4`);
});

test("a 放杠 at two seats is the other seat's discard without a tap; at four it asks whose", () => {
  const two = formAt(2, { kong_pay: true });
  two.tapKongSeat(1);
  two.tapKongKind("ming");
  assert.deepStrictEqual(two.state.kongs, [{ seat: 1, kind: "ming", from: 0 }]);

  const four = formAt(4, { kong_pay: true });
  four.tapKongSeat(1);
  four.tapKongKind("ming");
  assert.deepStrictEqual(four.state.kongs, []);
  four.tapKongFrom(3);
  assert.deepStrictEqual(four.state.kongs, [{ seat: 1, kind: "ming", from: 3 }]);
  assert.deepStrictEqual(four.state.kongDraft, { seat: null, kind: null });
});

test("an error goes once the field it is about changes, and stays while it does not", () => {
  const form = formAt(4);
  form.tapDiscarder(2);
  form.tapWinner(1);
  const round = JSON.stringify(form.buildRound());
  form.setErrors([
    { field: "result.birds", code: "x", message: "birds" },
    { field: "result.discarder", code: "y", message: "discarder" },
  ], round);
  form.dropFixedErrors();
  assert.strictEqual(form.state.errors.length, 2);
  form.state.birds = [3];
  form.dropFixedErrors();
  assert.deepStrictEqual(form.state.errors.map((e) => e.field), ["result.discarder"]);
  assert.deepStrictEqual(form.errorsFor("result").map((e) => e.code), ["y"]);
  assert.deepStrictEqual(form.errorsFor("result", true), []);
});

test("a blank form for the next round keeps the state object and clears the round", () => {
  const form = formAt(4);
  const state = form.state;
  form.tapWinner(1);
  form.tapEscape(3);
  form.blank(2, null);
  assert.strictEqual(form.state, state);
  assert.deepStrictEqual([state.dealer, state.dealers, state.kind, state.winners, state.penalties], [2, [2], null, [], []]);
});

test("an opening or mid-game win added without a seat asks whose it is before anything else of it", () => {
  const form = formAt(4);
  form.tapDiscarder(2);
  form.tapWinner(1);
  form.state.birds = [4, 4];
  form.state.openings.push({ seat: null, hands: ["sixi"], birds: [1, 2], tiles: "" });
  assert.ok(T.need_small_seat);
  assert.strictEqual(form.missing(), T.need_small_seat);
  form.state.openings[0].seat = 3;
  assert.ok(form.complete());
  assert.deepStrictEqual(form.buildRound().openings, [{ seat: 3, hands: ["sixi"], birds: [1, 2] }]);
  form.state.midgame.push({ seat: null, hands: ["zhongtu_sixi"], birds: [5, 6] });
  assert.strictEqual(form.missing(), T.need_small_seat);
});

test("a further opening can be added while a seat is left for it, counting the openings still without one", () => {
  const form = formAt(3);
  assert.ok(form.canAddOpening());
  form.state.openings.push({ seat: 0, hands: [], birds: [], tiles: "" });
  form.state.openings.push({ seat: null, hands: [], birds: [], tiles: "" });
  assert.ok(form.canAddOpening());  // seat 1 or 2 is still free for a third
  form.state.openings.push({ seat: null, hands: [], birds: [], tiles: "" });
  assert.strictEqual(form.canAddOpening(), false);
  form.state.openings[1].seat = 2;
  assert.strictEqual(form.canAddOpening(), false);  // seat 1 is the last unseated one's
});

test("more birds than the ruleset's say how many too many, never a negative number still missing", () => {
  const form = formAt(4);
  form.tapDiscarder(2);
  form.tapWinner(1);
  form.state.birds = [1, 2, 4, 6];  // a sentence said four; changsha-67 takes two
  assert.ok(T.too_many_birds);
  assert.strictEqual(form.missing(), S.fmt(T.too_many_birds, { n: 2 }));
  assert.strictEqual(form.complete(), false);
  form.state.birds = [1, 2];
  assert.ok(form.complete());
});

test("the session's count is worded by its number: one round, or rounds", () => {
  require("../../static/js/round-form-strings.js");
  const english = { "%(n)s 盘计分": ["%(n)s round counted", "%(n)s rounds counted"] };
  const ngettext = (one, many, n) => (english[one] || [one, many])[n === 1 ? 0 : 1];
  const W = globalThis.window.roundFormStrings((s) => s, (c, s) => s, {}, ngettext);
  assert.strictEqual(S.fmt(W.counted_n(1), { n: 1 }), "1 round counted");
  assert.strictEqual(S.fmt(W.counted_n(8), { n: 8 }), "8 rounds counted");
  assert.strictEqual(S.fmt(T.void_n(4), { n: 4 }), "4 盘已作废");  // no catalogue: the source
});
