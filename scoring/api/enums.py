"""The API's enums (named in settings' ``SPECTACULAR_SETTINGS['ENUM_NAME_OVERRIDES']``), their
labels from the engine's words and registries: the API speaks English.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine import HAND_CLASSES as ENGINE_HAND_CLASSES
from scoring.engine import HAND_TYPES, MELDS, MIDGAME_CODES, OUTCOMES, ValueLabel
from scoring.engine import KONG_KINDS as ENGINE_KONG_KINDS
from scoring.engine import PENALTY_KINDS as ENGINE_PENALTY_KINDS
from scoring.engine import TRANSFER_EVENTS as ENGINE_TRANSFER_EVENTS

# ---------------------------------------------------------------- enums (named in settings)

# The API speaks English: a hand type's label is the registry's English name.
HAND_TYPE_CODES = [(ht.code, ht.name_en) for ht in HAND_TYPES.values()]
OPENING_HAND_CODES = [(ht.code, ht.name_en) for ht in HAND_TYPES.values() if ht.is_opening]
FINAL_HAND_CODES = [(ht.code, ht.name_en) for ht in HAND_TYPES.values() if ht.is_final]
MIDGAME_HAND_CODES = [
    (code, HAND_TYPES[code].name_en) for code in HAND_TYPES if code in MIDGAME_CODES
]


def _english(words: Mapping[str, ValueLabel], *codes: str) -> list[tuple[str, str]]:
    """The choices of an enum from the engine's words: each code and its English, as a
    label (capitalised)."""
    return [(code, words[code].en[:1].upper() + words[code].en[1:]) for code in codes or words]


OUTCOME_KINDS = _english(OUTCOMES)
MELD_KINDS = _english(MELDS)
PENALTY_KINDS = _english(ENGINE_PENALTY_KINDS)
# The one enum of a transfer's event, for stored rounds and the calculator alike. A new
# event joins the engine's TRANSFER_EVENTS, in the engine's order.
TRANSFER_EVENTS = _english(ENGINE_TRANSFER_EVENTS)
HAND_CLASSES = _english(ENGINE_HAND_CLASSES, "small", "big")
# The engine's kinds of kong, by their English names (the schema's enum labels).
KONG_KINDS = [(kind, words.name.en) for kind, words in ENGINE_KONG_KINDS.items()]
