// node --test tests/js/: the round form's next-dealer lookup (static/js/next-dealer.js)
// in the engine's own table (scoring/engine/dealers.py form_table, read through Python).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const { nextDealer } = require("../../static/js/next-dealer.js");

const ROOT = path.resolve(__dirname, "../..");

function engineTable(tongzhuang) {
  const code = [
    "import json",
    "from scoring.engine.dealers import form_table",
    "from scoring.engine.rules import parse_ruleset",
    `rules, _ = parse_ruleset({"preset": "changsha-67", "tongzhuang": ${tongzhuang ? "True" : "False"}})`,
    "print(json.dumps(form_table(rules)))",
  ].join("\n");
  const out = execFileSync(path.join(ROOT, ".venv/bin/python"), ["-c", code], { cwd: ROOT });
  return JSON.parse(out.toString());
}
const PLAIN = engineTable(false);
const TONGZHUANG = engineTable(true);

function win(kind, seats, discarder) {
  const result = { kind, winners: seats.map((seat) => ({ seat, hands: ["pinghu"] })) };
  if (discarder !== undefined) result.discarder = discarder;
  return { dealer: 0, result };
}

test("a self-drawing winner deals next", () => {
  assert.deepStrictEqual(nextDealer(PLAIN, win("self_draw", [2])), { dealer: 2, dealers: [2] });
});

test("the winner on a discard deals next, not the discarder", () => {
  assert.deepStrictEqual(nextDealer(PLAIN, win("discard", [1], 3)), { dealer: 1, dealers: [1] });
});

test("after a multiple win the discarder deals, with the winners under tongzhuang", () => {
  assert.deepStrictEqual(nextDealer(PLAIN, win("discard", [0, 2], 1)), { dealer: 1, dealers: [1] });
  assert.deepStrictEqual(nextDealer(TONGZHUANG, win("discard", [0, 2], 1)), { dealer: 1, dealers: [0, 1, 2] });
});

test("after a draw the haidi taker deals, else who used it up, else who was offered it", () => {
  const draw = (haidi) => ({ dealer: 0, result: { kind: "draw", winners: [], haidi } });
  assert.strictEqual(nextDealer(PLAIN, draw({ taker: 3, first_offered: 1, replaced_by: null })).dealer, 3);
  assert.strictEqual(nextDealer(PLAIN, draw({ taker: null, first_offered: 1, replaced_by: 2 })).dealer, 2);
  assert.strictEqual(nextDealer(PLAIN, draw({ taker: null, first_offered: 1, replaced_by: null })).dealer, 1);
});

test("a round that names no next seat gives no dealer", () => {
  assert.deepStrictEqual(nextDealer(PLAIN, win("self_draw", [])), { dealer: null, dealers: [] });
  assert.deepStrictEqual(nextDealer(PLAIN, { result: { kind: "draw", haidi: null } }), { dealer: null, dealers: [] });
  assert.deepStrictEqual(nextDealer(PLAIN, { result: { kind: null } }), { dealer: null, dealers: [] });
});
