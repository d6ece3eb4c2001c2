"""The game's words, once, in Chinese and English: how a round ends, the classes of hand,
the seats' winds. Data only: the engine's messages read the Chinese, the pages pick the
reader's language (``csmj_site.language.in_page_language``) and give the round form's
script the same words as JSON. Hand names are the hand-type registry's (``HAND_TYPES``),
a kong's kinds ``KONG_KINDS`` and a bird on nobody ``BIRD_ON_NOBODY`` (``rules``)."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple


class ValueLabel(NamedTuple):
    """A word in both languages: how the pages name a value (a button, the rules page)."""

    zh: str
    en: str


# How a round ends (``result.kind``).
OUTCOMES: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {
        "self_draw": ValueLabel("自摸", "Self-draw"),
        "discard": ValueLabel("点炮", "Deal-in"),
        "draw": ValueLabel("流局", "Draw"),
    }
)

# A discard won by more than one seat (rules.md §5).
TONGPAO = ValueLabel("通炮", "Multiple winners on")

# The classes of hand (``HandClass``'s values): the round's final win is small or big.
HAND_CLASSES: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {
        "opening": ValueLabel("起手胡", "Opening wins"),
        "midgame": ValueLabel("中途胡", "Mid-game wins"),
        "small": ValueLabel("小胡", "Small hand"),
        "big": ValueLabel("大胡", "Big hands"),
    }
)

# The seats' winds in turn order: seat 0 is 东 (a league night's table lists).
WINDS: tuple[ValueLabel, ...] = (
    ValueLabel("东", "E"),
    ValueLabel("南", "S"),
    ValueLabel("西", "W"),
    ValueLabel("北", "N"),
)
