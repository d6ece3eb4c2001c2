// node --test tests/js/: the round form's 钓鱼 stakes (static/js/round-form-state.js): a
// stake the table could not have agreed on is kept as typed and refused, never made 0.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const S = require("../../static/js/round-form-state.js");
const { formContext, preload, strings } = require("./round-form-context.js");

const T = strings();
preload([{ preset: "changsha-67" }]);

function selfDrawn() {
  const form = S.createForm(formContext({ preset: "changsha-67" }), T);
  form.tapWinner(1);
  form.state.birds = [5, 9];
  form.normalise();
  return form;
}

test("whole stakes of 0 or more are taken; only a stake other than 0 is sent", () => {
  const form = selfDrawn();
  assert.deepStrictEqual(form.fishBad(), []);
  assert.strictEqual(form.buildRound().fish, undefined);
  form.state.fish[1] = 10;
  assert.deepStrictEqual(form.fishBad(), []);
  assert.strictEqual(form.missing(), "");
  assert.deepStrictEqual(form.buildRound().fish, [0, 10, 0, 0]);
});

test("a stake below 0, not whole or unreadable is refused as typed, and holds the save", () => {
  for (const typed of [-5, 2.5, NaN]) {
    const form = selfDrawn();
    form.state.fish[2] = typed;
    assert.deepStrictEqual(form.fishBad(), [2], String(typed));
    assert.strictEqual(form.missing(), T.need_fixes);
    assert.strictEqual(form.complete(), false);
    // sent as typed (the engine refuses it too), never as 0 or 2
    assert.strictEqual(JSON.stringify(form.buildRound().fish), JSON.stringify([0, 0, typed, 0]));
  }
});

test("the engine's bound is the engine's: a large whole stake goes to the preview", () => {
  const form = selfDrawn();
  form.state.fish[3] = 99999999;
  assert.deepStrictEqual(form.fishBad(), []);
  assert.strictEqual(form.missing(), "");
});

test("an error about a stake goes once the stake is changed", () => {
  const form = selfDrawn();
  form.state.fish[1] = 99999999;
  form.setErrors([{ field: "fish.1", code: "out_of_range", message: "fish.1 …" }], JSON.stringify(form.buildRound()));
  form.dropFixedErrors();
  assert.strictEqual(form.state.errors.length, 1);
  form.state.fish[1] = 10;
  form.dropFixedErrors();
  assert.deepStrictEqual(form.state.errors, []);
});
