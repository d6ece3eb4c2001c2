"""The reader's language, asked one way everywhere: the site is Chinese first (zh-hans,
also when no language is active) and English second."""

from __future__ import annotations

from typing import Protocol

from django.utils.translation import get_language


def page_is_english() -> bool:
    """Is the active language English (else Chinese)?"""
    return (get_language() or "zh-hans").startswith("en")


def list_sep() -> str:
    """Between the items of a list: "、" in Chinese, ", " in English."""
    return ", " if page_is_english() else "、"


def colon() -> str:
    """After a label: "：" in Chinese, ": " in English."""
    return ": " if page_is_english() else "："


class Worded(Protocol):
    """A word in both languages (the engine's ``ValueLabel``)."""

    @property
    def zh(self) -> str: ...
    @property
    def en(self) -> str: ...


def in_page_language(label: Worded) -> str:
    """The engine's word (``ValueLabel``) in the reader's language."""
    return label.en if page_is_english() else label.zh
