"""Each word of the game is defined once, and every page reads it from there.

The catalogues: the engine's words (``WORD_GROUPS``: outcomes, 通炮, hand classes, melds,
seats, winds; the kongs' ``KONG_KINDS``, ``BIRD_ON_NOBODY``, the hand-type registry's
names and the option values of ``PARAMETER_INFO``) and the membership roles
(``leagues.models.Role``). A template or a script that spells one of them as a label, or
a Python module that maps codes to them, defines the word a second time: it drifts, and
its English is forgotten. Prose that uses a word in a sentence is fine. The word list is
built from the catalogues, so it cannot drift from them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.utils import translation

from leagues.models import Role
from scoring.engine import (
    BIRD_ON_NOBODY,
    HAND_TYPES,
    KONG_KINDS,
    PARAMETER_INFO,
    WORD_GROUPS,
)

ROOT = Path(__file__).resolve().parents[2]

# Option values that are everyday words too (yes, no; 作废 is also voiding a round).
EVERYDAY = frozenset({"是", "否", "作废"})

# The modules that hold a catalogue: they are where the words are defined.
CATALOGUE_MODULES = frozenset(
    {
        "scoring/engine/words.py",
        "scoring/engine/hands.py",
        "scoring/engine/rules.py",
        "leagues/models.py",
    }
)


def catalogue_words() -> frozenset[str]:
    """Every word of the catalogues, in Chinese (the source language of every page)."""
    words = {w.zh for group in WORD_GROUPS.values() for w in group.values()}
    words |= {BIRD_ON_NOBODY.zh}
    words |= {k.name.zh for k in KONG_KINDS.values()}
    words |= {h.name_zh for h in HAND_TYPES.values()}
    words |= {v.zh for p in PARAMETER_INFO.values() for v in p.values.values()}
    with translation.override("zh-hans"):
        words |= {str(label) for label in Role.labels}
    return frozenset(words - EVERYDAY)


WORDS = catalogue_words()

TRANSLATE = re.compile(
    r"{%\s*(?:translate|trans)\s+(?:\"([^\"]*)\"|'([^']*)')(?:\s+context\s+\S+)?\s*(?:as\s+\w+\s*)?%}"
)
TEXT_NODE = re.compile(r">\s*([^<>{}\s]+)\s*<")
JS_LITERAL = re.compile(r"\"([^\"\\\n]*)\"|'([^'\\\n]*)'")


def template_spellings(text: str) -> list[str]:
    found = [a or b for a, b in TRANSLATE.findall(text)]
    found += TEXT_NODE.findall(text)
    return [w for w in found if w in WORDS]


def script_spellings(text: str) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"(?m)^\s*//.*$", "", text)
    return [w for a, b in JS_LITERAL.findall(text) if (w := a or b) in WORDS]


def word_of(node: ast.AST) -> str | None:
    """A catalogue word the node spells: "自摸", _("自摸"), pgettext("ctx", "自摸") or a
    pair ("自摸", "self-draw")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if node.value in WORDS else None
    if isinstance(node, ast.Call) and node.args:
        return word_of(node.args[-1])
    if isinstance(node, ast.Tuple) and node.elts:
        return word_of(node.elts[0])
    return None


def pairs(node: ast.AST) -> list[ast.AST]:
    """The values of a list of (code, value) pairs, a mapping by another name."""
    if not isinstance(node, ast.List | ast.Tuple) or not node.elts:
        return []
    if not all(
        isinstance(e, ast.Tuple)
        and len(e.elts) == 2
        and isinstance(e.elts[0], ast.Constant)
        and isinstance(e.elts[0].value, str)
        for e in node.elts
    ):
        return []
    return [e.elts[1] for e in node.elts if isinstance(e, ast.Tuple)]


def mapping_spellings(tree: ast.AST) -> list[tuple[int, str]]:
    """The catalogue words a dict literal (or a list of pairs) maps a code to (or from)."""
    found = []
    for node in ast.walk(tree):
        items: list[ast.AST | None] = []
        if isinstance(node, ast.Dict):
            items = [*node.keys, *node.values]
        items += pairs(node)
        for item in items:
            word = word_of(item) if item is not None else None
            if word is not None:
                found.append((getattr(node, "lineno", 0), word))
    return found


def spellings() -> list[str]:
    problems = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for word in template_spellings(path.read_text()):
            problems.append(f"{path.relative_to(ROOT)}: {word}")
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        for word in script_spellings(path.read_text()):
            problems.append(f"{path.relative_to(ROOT)}: {word}")
    for package in ("csmj_site", "leagues", "scoring"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = str(path.relative_to(ROOT))
            if "migrations" in path.parts or name in CATALOGUE_MODULES:
                continue
            for line, word in mapping_spellings(ast.parse(path.read_text())):
                problems.append(f"{name}:{line}: {word}")
    return problems


def test_the_word_list_comes_from_the_catalogues():
    assert {
        "自摸",
        "点炮",
        "流局",
        "通炮",
        "小胡",
        "大胡",
        "东",
        "北",
        "1号位",
        "暗杠",
        "明杠",
        "空",
    } <= WORDS
    assert {"平胡", "碰碰胡", "所有者", "记录员", "自由飘"} <= WORDS


def test_the_checks_see_a_spelled_word():
    assert template_spellings('<b>{% translate "流局" %}</b>') == ["流局"]
    assert template_spellings('{% trans "点炮" context "x" %}') == ["点炮"]
    assert template_spellings("<th>自摸</th>") == ["自摸"]
    assert template_spellings('{% translate "自摸时每家另加" %}<p>谁自摸了</p>') == []
    assert script_spellings('x = {self_draw: gettext("自摸")};') == ["自摸"]
    assert script_spellings('x = gettext("还没点胡牌的人，或自摸、点炮、流局");') == []
    tree = ast.parse('K = {"self_draw": _("自摸"), "discard": ("点炮", "discard")}')
    assert [w for _line, w in mapping_spellings(tree)] == ["自摸", "点炮"]
    tree = ast.parse('COLUMNS = [("net", _("总分")), ("deal_ins", gettext_lazy("点炮"))]')
    assert [w for _line, w in mapping_spellings(tree)] == ["点炮"]


def test_no_template_script_or_module_defines_a_word_again():
    assert spellings() == []
