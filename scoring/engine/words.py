"""The game's words, once, in Chinese and English: how a round ends, the classes of hand,
the melds, the seats by number and by wind, a bird on nobody. Data only: the engine's messages read the Chinese, the pages pick the
reader's language (``csmj_site.language.in_page_language``) and give the round form's
script the same words as JSON. Hand names are the hand-type registry's (``HAND_TYPES``),
and a kong's kinds ``KONG_KINDS`` (``options``)."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple


class ValueLabel(NamedTuple):
    """A word in both languages: how the pages name a value (a button, the rules page).
    The English of this module's words is in lower case, as inside a sentence, and a
    label capitalises it (``csmj_site.language.as_label``); two kinds are capitalised
    already: the winds (names) and the concealed kong, "Concealed kong", which also
    heads a line among the kong kinds of ``options.KONG_KINDS`` (capitalised there)."""

    zh: str
    en: str


# How a round ends (``result.kind``).
OUTCOMES: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {
        "self_draw": ValueLabel("自摸", "self-draw"),
        "discard": ValueLabel("点炮", "deal-in"),
        "draw": ValueLabel("流局", "draw"),
    }
)

# A discard won by more than one seat (rules.md §5).
TONGPAO = ValueLabel("通炮", "multiple winners on")

# The classes of hand (``HandClass``'s values): the round's final win is small or big.
HAND_CLASSES: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {
        "opening": ValueLabel("起手胡", "opening win"),
        "midgame": ValueLabel("中途胡", "mid-game win"),
        "small": ValueLabel("小胡", "small hand"),
        "big": ValueLabel("大胡", "big hand"),
    }
)

# The kinds of meld a hand shows (``MeldKind``'s values, the tile picker's buttons); a
# concealed kong is also a kong's kind that pays (``KONG_KINDS["an"]``).
MELDS: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {
        "chi": ValueLabel("吃", "chi"),
        "peng": ValueLabel("碰", "peng"),
        "gang": ValueLabel("明杠", "kong"),
        "angang": ValueLabel("暗杠", "Concealed kong"),
        "buzhang": ValueLabel("补张", "replacement kong"),
    }
)

# The seats by number in turn order (seat 0 is 1号位): how the pages and the engine's
# messages name a seat.
SEATS: tuple[ValueLabel, ...] = tuple(ValueLabel(f"{n}号位", f"seat {n}") for n in range(1, 5))

# The seats' winds in turn order: seat 0 is 东 (a league night's table lists).
WINDS: tuple[ValueLabel, ...] = (
    ValueLabel("东", "East"),
    ValueLabel("南", "South"),
    ValueLabel("西", "West"),
    ValueLabel("北", "North"),
)

# A bird that lands on nobody (rules.md §10.2): the round form's pads and the rules page
# read it.
BIRD_ON_NOBODY = ValueLabel("空", "nobody")

# What a payment is for (a transfer's ``event``): the wins of each class, a kong's payment
# (rules.md §10) and a penalty. Not in ``WORD_GROUPS``: the API names them (its enum's
# labels); the pages do not.
TRANSFER_EVENTS: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {
        "opening": HAND_CLASSES["opening"],
        "midgame": HAND_CLASSES["midgame"],
        "result": ValueLabel("胡牌", "final win"),
        "kong": ValueLabel("杠分", "kong payment"),
        "penalty": ValueLabel("罚分", "penalty"),
    }
)

# The kinds of penalty (rules.md §7): leaving the table early. Not in ``WORD_GROUPS``.
PENALTY_KINDS: MappingProxyType[str, ValueLabel] = MappingProxyType(
    {"escape": ValueLabel("逃跑", "escape")}
)

# Every group above by name, each keyed by its code (a seat by its index as text): what a
# page looks a word up in (the ``word`` template tag), and the list of every word.
WORD_GROUPS: MappingProxyType[str, MappingProxyType[str, ValueLabel]] = MappingProxyType(
    {
        "outcome": MappingProxyType({**OUTCOMES, "tongpao": TONGPAO}),
        "hand_class": HAND_CLASSES,
        "meld": MELDS,
        "seat": MappingProxyType({str(i): w for i, w in enumerate(SEATS)}),
        "wind": MappingProxyType({str(i): w for i, w in enumerate(WINDS)}),
        "bird": MappingProxyType({"nobody": BIRD_ON_NOBODY}),
    }
)
