"""The reader's language, asked one way everywhere: the site is Chinese first (zh-hans,
also when no language is active) and English second."""

from __future__ import annotations

from typing import Any, Protocol

from django.conf import settings
from django.utils.functional import lazy
from django.utils.text import capfirst
from django.utils.translation import get_language, get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header


def page_is_english() -> bool:
    """Is the active language English (else Chinese)?"""
    return (get_language() or "zh-hans").startswith("en")


def request_language(request: Any) -> str | None:
    """The site language a request asks for: its language cookie, else the first of its
    Accept-Language that the site speaks (zh-CN is zh-hans, en-GB is en); None when it
    asks for none the site speaks (fr, *, or nothing). The API answers in English; what
    it writes for people to read elsewhere (结账's group-chat text) follows this, in
    English when None."""
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    asked = [cookie] if cookie else []
    asked += [code for code, _q in parse_accept_lang_header(header) if code != "*"]
    for code in asked:
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return None


def list_sep() -> str:
    """Between the items of a list: "、" in Chinese, ", " in English."""
    return ", " if page_is_english() else "、"


def clause_sep() -> str:
    """Between clauses of one line (a row's several errors): "；" in Chinese, "; " in
    English."""
    return "; " if page_is_english() else "；"


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


def as_label(label: Worded) -> str:
    """The engine's word in the reader's language as a label, capitalised: the engine
    writes its English as inside a sentence (self-draw), a label starts with a capital."""
    return capfirst(in_page_language(label))


# ``as_label`` when the text is read (a module-level column title, made before a page).
as_label_lazy = lazy(as_label, str)
