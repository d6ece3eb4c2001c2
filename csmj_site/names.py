"""One normaliser for every kind of name: a player's, a guest's, a club's, a season's, a
league night's, a ruleset's.

``name_clean`` gives the name as stored: NFC, trimmed, each run of spaces inside it one
space. It refuses (``name_hidden_character``, naming the field) a character that does
not show or that changes how the text around it shows: control characters (``\\x00``,
which PostgreSQL would not even store), zero-width characters and joiners, direction
marks and overrides (which can make a name read backwards on a page), line and paragraph
separators, and the blank letters (ㅤ U+3164 and its kin) sometimes used for an empty-
looking name.

``name_key`` is what two names that look the same share (NFKC, case folded: ``ＡＢＣ``,
``abc`` and ``ABC`` are one key; a Cyrillic or Greek letter drawn like a Latin one reads
as that letter, from the small ``CONFUSABLES`` table here, so ``AB`` and ``Аb`` with a
Cyrillic А, or ``Olga`` with a Greek Ο, are one key too), and ``name_lookalike`` finds a
name of the same key among others (a club's players, seasons, rulesets), so that a
second "张三" typed with a full-width space or a different case is caught. ``name_check_unique`` refuses both, the
very same name (" 张三 " once cleaned) and a look-alike, with the catalogue's errors.

``name_order`` is where a name goes in a list people read: Chinese characters by their
pinyin (``pypinyin``), among Latin names as a phone's contacts are (阿强, alice, Bob, 李娜,
王伟, 曾小贤), numbers inside a name by their value (选手2 before 选手10). A name's first
character, the surname, takes its surname reading where it has one of its own
(``SURNAME_READINGS``: 曾 zeng, 单 shan …); other characters of several readings take
their commonest.

The services call these (``leagues.services``, ``scoring.events.services``), so the
pages' forms, the API and the imports meet one rule. This module imports no app of the
project.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from csmj_site.errors import ServiceError, ServiceErrors

# Categories of characters that do not show: Cc control, Cf format (zero-width space and
# joiners, direction marks and overrides, the BOM …), Cs surrogates, Zl / Zp separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# Letters drawn as nothing at all (Hangul fillers, the blank braille pattern).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_SPACES = re.compile(r"\s+")
# A space beside a Han character (张 三) is a typing slip, not part of the name's look.
_SPACE_BY_HAN = re.compile(r"(?<=[\u3400-\u9fff\uf900-\ufaff]) | (?=[\u3400-\u9fff\uf900-\ufaff])")

# A small confusables skeleton: the Cyrillic and Greek letters drawn like a Latin letter,
# each read as that letter before case folding (so "Аb" with a Cyrillic А is "ab", while
# a lowercase в, which looks nothing like b, keeps its own key). Upper and lower case are
# listed apart: a capital may look Latin where its small letter does not (В, Н, Т, Κ).
_LOOK_LATIN = {
    # Cyrillic capitals and small letters
    "АВЕЅІЈКМНОРСТУХԚԜӀ": "ABESIJKMHOPCTYXQWI",
    "аеѕіјорсухԛԝһӏԁ": "aesijopcyxqwhld",
    # Greek capitals and small letters
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ": "ABEZHIKMNOPTYX",
    "οραυνχ": "opauvx",
}
CONFUSABLES = str.maketrans("".join(_LOOK_LATIN), "".join(_LOOK_LATIN.values()))


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` that do not show, as ``U+XXXX`` (empty when none)."""
    return [
        f"U+{ord(c):04X}"
        for c in text
        if unicodedata.category(c) in HIDDEN_CATEGORIES and c not in "\t\n\r" or c in BLANK_LETTERS
    ]


def name_refusal(value: str, *, field: str) -> tuple[str, ServiceError | None]:
    """The name as stored, and the refusal of it (None when it is a name to keep)."""
    text = unicodedata.normalize("NFC", str(value))
    hidden = hidden_characters(text)
    # tabs and line breaks inside a name are refused too; around it they are trimmed
    inner = text.strip()
    hidden += [f"U+{ord(c):04X}" for c in inner if c in "\t\n\r"]
    if hidden:
        return text, ServiceError(field, "name_hidden_character", {"characters": hidden})
    return _SPACES.sub(" ", inner), None


def name_clean(value: str, *, field: str) -> str:
    """The name as stored (NFC, trimmed, inner spaces one), or raise its refusal."""
    name, error = name_refusal(value, field=field)
    if error is not None:
        raise ServiceErrors([error])
    return name


def name_key(name: str) -> str:
    """What names that look the same share: NFKC, Cyrillic and Greek letters drawn like
    Latin ones read as those (``CONFUSABLES``), case folded, spaces as one, and none
    beside a Han character (张 三 is 张三)."""
    skeleton = unicodedata.normalize("NFKC", name).translate(CONFUSABLES)
    folded = unicodedata.normalize("NFKC", skeleton.casefold())
    return _SPACE_BY_HAN.sub("", _SPACES.sub(" ", folded).strip())


_DIGITS = re.compile(r"(\d+)")
# Surnames read otherwise than the character's commonest reading, as a phone's contacts
# file them (曾小贤 under Z, not C).
SURNAME_READINGS = {
    "曾": "zeng", "单": "shan", "仇": "qiu", "解": "xie", "区": "ou", "朴": "piao",
    "查": "zha", "覃": "qin", "缪": "miao", "尉": "yu", "繁": "po", "秘": "bi",
}  # fmt: skip


@functools.lru_cache(maxsize=4096)
def name_order(name: str) -> tuple[tuple[tuple[int, int, str], ...], str]:
    """The key that sorts names as people look for them (above); two names of one key
    keep their order by the name itself."""
    from pypinyin import lazy_pinyin  # its dictionaries load on the first sort, not at start

    text = unicodedata.normalize("NFKC", name)
    surname = SURNAME_READINGS.get(text[:1])
    syllables = [surname, *lazy_pinyin(text[1:])] if surname else lazy_pinyin(text)
    spelled = " ".join(syllables).casefold()
    parts = tuple(
        (0, int(part), "") if part.isdecimal() else (1, 0, part)
        for part in _DIGITS.split(spelled)
        if part
    )
    return parts, name


def name_lookalike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that looks the same as ``name`` but is spelled otherwise
    (the very same name is the caller's own check), or None."""
    key = name_key(name)
    for other in others:
        if other != name and name_key(other) == key:
            return other
    return None


def name_check_unique(name: str, others: Iterable[str], *, field: str, taken: str = "") -> None:
    """Refuse ``name`` when one of ``others`` is that very name (``name_taken``; its
    ``taken`` variant picks the sentence, ``roster`` for a club's players) or looks the
    same (``name_lookalike``): the catalogue's error on ``field``, never the database's
    unique message."""
    others = list(others)
    if name in others:
        raise ServiceErrors([ServiceError(field, "name_taken", {"name": name}, variant=taken)])
    other = name_lookalike(name, others)
    if other is not None:
        raise ServiceErrors([ServiceError(field, "name_lookalike", {"name": name, "other": other})])
