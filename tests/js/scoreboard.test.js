// node --test tests/js/: the round form's running scoreboard (static/js/scoreboard.js).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { tally } = require("../../static/js/scoreboard.js");

const BASE = { totals: [10, -4, 0, -6], last: [3, -1, -1, -1] };

test("with nothing waiting the board shows the server's totals and last change", () => {
  assert.deepStrictEqual(tally(BASE, []), { totals: [10, -4, 0, -6], last: [3, -1, -1, -1], waiting: 0, unscored: 0 });
});

test("a waiting round whose net is known is added, and is the last change", () => {
  const board = tally(BASE, [{ number: 5, net: [-2, 6, -2, -2] }]);
  assert.deepStrictEqual(board.totals, [8, 2, -2, -8]);
  assert.deepStrictEqual(board.last, [-2, 6, -2, -2]);
  assert.strictEqual(board.unscored, 0);
});

test("a waiting round never previewed is counted as unscored and hides the last change", () => {
  const board = tally(BASE, [{ number: 5, net: [-2, 6, -2, -2] }, { number: 6 }]);
  assert.deepStrictEqual(board.totals, [8, 2, -2, -8]);
  assert.strictEqual(board.last, null);
  assert.deepStrictEqual([board.waiting, board.unscored], [2, 1]);
});

test("the server's numbers are not changed by a tally", () => {
  tally(BASE, [{ number: 5, net: [1, 1, 1, -3] }]);
  assert.deepStrictEqual(BASE.totals, [10, -4, 0, -6]);
});

test("at a table of three a waiting round of three nets is added", () => {
  const board = tally({ totals: [5, -2, -3], last: null }, [{ number: 2, net: [-4, 8, -4] }, { number: 3, net: [1, 1, 1, -3] }]);
  assert.deepStrictEqual(board.totals, [1, 6, -7]);
  assert.deepStrictEqual(board.last, null);  // the four-seat net is not this table's
  assert.deepStrictEqual([board.waiting, board.unscored], [2, 1]);
});
