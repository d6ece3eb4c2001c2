"""The one-line entry's example (docs/one-line-entry.md), said by the engine with the
table's own names: the round form's text box shows it as its placeholder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template

from scoring.engine import round_sentence

register = template.Library()


@register.simple_tag
def one_line_example(seats: Sequence[dict[str, Any]]) -> str:
    """A self-draw of the last seat (清一色, two birds) as a sentence: "王芳自摸清一色 鸟3 7"."""
    names = [str(s.get("name") or s.get("label") or "") for s in seats]
    if len(names) < 2:
        return ""
    example = {
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": len(names) - 1, "hands": ["qingyise"]}],
            "birds": [3, 7],
        }
    }
    return round_sentence(example, names)
