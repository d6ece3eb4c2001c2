// The round form's context for `node --test`, made by the site's own Python
// (scoring/recording/form_context.py form_rules_context: the engine's hand types and bird,
// dealer and claim tables), so that a change of the engine's tables reaches these tests.
"use strict";
const path = require("node:path");
const { execFileSync } = require("node:child_process");

const ROOT = path.resolve(__dirname, "../..");
const made = new Map();

// The contexts of these ruleset configs, made in one Python process (Django starts once).
function preload(configs) {
  const keys = configs.map((c) => JSON.stringify(c)).filter((k) => !made.has(k));
  if (!keys.length) return;
  const code = [
    "import json, os, sys, django",
    "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'csmj_site.settings')",
    "django.setup()",
    "from scoring.recording.form_context import form_rules_context, form_seats",
    "out = []",
    "for config in json.loads(sys.argv[1]):",
    "    ctx = form_rules_context(config)",
    "    n = ctx['rules'].get('players', 4)",
    "    ctx['seats'] = form_seats(['东', '南', '西', '北'][:n])",
    "    out.append(ctx)",
    "print(json.dumps(out))",
  ].join("\n");
  const arg = "[" + keys.join(",") + "]";
  const out = execFileSync(path.join(ROOT, ".venv/bin/python"), ["-c", code, arg], { cwd: ROOT });
  JSON.parse(out.toString()).forEach((ctx, i) => made.set(keys[i], JSON.stringify(ctx)));
}

// The page's context (#rf-context) for a ruleset config, at its table of n seats (a
// fresh copy each time: a test may change it).
function formContext(config) {
  preload([config]);
  const ctx = JSON.parse(made.get(JSON.stringify(config)));
  ctx.lang = "zh-hans";
  ctx.prefill = { dealer: 0, dealers: [0], note: "" };
  ctx.errors = [];
  ctx.number = 1;
  ctx.urls = {};
  return ctx;
}

// The UI strings (round-form-strings.js) in their source language, with the engine's
// words as the page gives them.
function strings() {
  globalThis.window = globalThis.window || {};
  require("../../static/js/round-form-strings.js");
  const words = formContext({ preset: "changsha-67" }).words;
  return globalThis.window.roundFormStrings((s) => s, (c, s) => s, words);
}

module.exports = { formContext, preload, strings };
