"""The reader's language, asked one way everywhere: the site is Chinese first (zh-hans,
also when no language is active) and English second."""

from __future__ import annotations

from django.utils.translation import get_language


def page_is_english() -> bool:
    """Is the active language English (else Chinese)?"""
    return (get_language() or "zh-hans").startswith("en")
