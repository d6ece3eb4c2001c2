"""A ruleset parameter's values in words, in the page's language: the engine's labels
(``PARAMETER_INFO[key].values``, 中文 and English) for choices, yes/no and hand lists; an
amount table row by row; a number as it is. The editor's buttons, its 预设 hint and the
rules page all read them here, so no page shows an engine code such as ``free``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from csmj_site.language import list_sep, page_is_english
from scoring.engine import HAND_CLASSES, KONG_KINDS, OUTCOMES, PARAMETER_INFO

# The rows and columns of the amount tables: base and zimo_bonus by the hand's class and
# the round's outcome, kong_points by the kong's kind (the engine's words, all three).
_PARTS = {**HAND_CLASSES, **OUTCOMES, **{kind: k.name for kind, k in KONG_KINDS.items()}}


def _part_name(part: str, en: bool) -> str:
    """A row or column of an amount table in words (小胡, 自摸, 暗杠)."""
    word = _PARTS.get(part)
    if word is None:
        return part
    return word.en if en else word.zh


def form_value(value: Any) -> str:
    """How a form posts an engine value: ``true``/``false`` for yes/no, else its text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_choices(key: str) -> list[tuple[str, str]]:
    """The allowed values of parameter ``key`` as form choices: (posted value, label)."""
    en = page_is_english()
    return [
        (form_value(value), label.en if en else label.zh)
        for value, label in PARAMETER_INFO[key].values.items()
    ]


def value_words(key: str, value: Any) -> str:
    """The value of parameter ``key`` in words (``自由飘``, ``是``, ``节节高、一点红``)."""
    en = page_is_english()
    labels = PARAMETER_INFO[key].values

    def word(item: Any) -> str:
        label = labels.get(item)
        return str(item) if label is None else (label.en if en else label.zh)

    if isinstance(value, list):
        return list_sep().join(map(word, value)) or gettext("无")
    if isinstance(value, dict):
        return _amounts(value, en, depth=0)
    return word(value)


def _amounts(table: dict[str, Any], en: bool, depth: int) -> str:
    """``{"small": {"self_draw": 1, …}, …}`` as 小胡 自摸 1，点炮 1；大胡 …; kong_points
    as 暗杠 2，加杠 1，放杠 1."""
    sep = ("; ", ", ")[depth] if en else ("；", "，")[depth]
    parts = []
    for part, amount in table.items():
        name = _part_name(part, en)
        shown = _amounts(amount, en, depth + 1) if isinstance(amount, dict) else amount
        parts.append(f"{name} {shown}")
    return sep.join(parts)
