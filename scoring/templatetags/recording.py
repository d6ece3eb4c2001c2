"""Template filters of the recording pages."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.conf import settings
from django.utils.translation import pgettext
from django.utils.translation import pgettext_lazy as _lazy

from csmj_site import language
from leagues.models import Role
from leagues.table_keys import keeper_slug
from scoring.engine import WORD_GROUPS, ValueLabel
from scoring.standings.rounding import fixed as _fixed

register = template.Library()


@register.filter
def worded(label: ValueLabel) -> str:
    """One of the engine's words (a ``ValueLabel``) in the reader's language, as a label."""
    return language.as_label(label)


@register.simple_tag
def word(group: str, key: object) -> str:
    """A word of the game's catalogues in the reader's language, as a label:
    ``{% word "outcome" r.kind %}`` (自摸 / Self-draw), ``{% word "role" "member" %}``
    (the membership roles'); empty for an unknown key."""
    if group == "role":
        return str(Role(key).label) if key in Role.values else ""
    label = WORD_GROUPS[group].get(str(key))
    return "" if label is None else language.as_label(label)


@register.filter
def table_keeper(user: object) -> bool:
    """Whether ``user`` is a quick table's keeper (a phone holding the table's key, no
    person's account): pages name the table, never the keeper's username
    (docs/quick-tables.md)."""
    return bool(keeper_slug(user))


@register.filter
def fixed(value: float | int | Decimal | str | None, places: int = 2) -> str:
    """A figure with ``places`` decimals, halves away from zero (the CSV's rounding too)."""
    if value is None or value == "":
        return ""
    return _fixed(Decimal(value) if isinstance(value, str) else value, int(places))


# Reasons the pages store as they are (Chinese, the site's first language) and show in the
# reader's language: undo's, and the void form's quick picks.
VOID_REASONS = {
    "撤销": _lazy("void reason", "撤销"),
    "撤销 Undo": _lazy("void reason", "撤销"),  # the same reason in both languages at once
    "记错了": _lazy("void reason", "记错了"),
    "重复": _lazy("void reason", "重复"),
    "未说明": _lazy("void reason", "未说明"),
}
NO_REASON = "未说明"  # a void whose recorder gave no reason
VOID_PICKS = ("记错了", "重复")


@register.filter
def void_reason(reason: str) -> str:
    """A stored void reason in the reader's language (a typed reason stays as typed)."""
    known = VOID_REASONS.get((reason or "").strip())
    return str(known) if known else reason


def void_pick_label(reason: str) -> str:
    return pgettext("void reason", reason)


@register.simple_tag
def colon() -> str:
    """A label's colon: "：" in Chinese, ": " in English."""
    return language.colon()


@register.filter
def listing(items: object) -> str:
    """Items joined by "、" in Chinese, ", " in English."""
    return language.list_sep().join(str(i) for i in items or [])  # type: ignore[attr-defined]


@register.filter
def clauses(items: object) -> str:
    """Clauses joined by "；" in Chinese, "; " in English."""
    return language.clause_sep().join(str(i) for i in items or [])  # type: ignore[attr-defined]


@register.simple_tag
def listing_sep() -> str:
    return language.list_sep()


@register.simple_tag
def follow_every_ms() -> int:
    """How often a following page polls its follow URL, in milliseconds (``follow.js``):
    ``FOLLOW_POLL_SECONDS``, 3 unless set (the browser tests poll faster)."""
    return round(1000 * getattr(settings, "FOLLOW_POLL_SECONDS", 3))
