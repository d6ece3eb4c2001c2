"""Raising forms of the engine's tile readers, for tests: each returns the value or
raises RoundInvalid with every problem. The engine itself only uses the ``read_*``
forms, which return the errors."""

from scoring.engine.errors import RoundInvalid
from scoring.engine.tiles import (
    Counts,
    FinalHand,
    Tile,
    read_final_hand,
    read_opening_hand,
    read_tiles,
)


def parse_tiles(text: object, *, field: str = "tiles") -> list[Tile]:
    """Tile notation (``123m55s``, ``五万``), or RoundInvalid."""
    tiles, errors = read_tiles(text, field=field)
    if errors:
        raise RoundInvalid(errors)
    return tiles


def parse_final_hand(
    tiles: object, *, melds: object = None, win_tile: object = None, field: str = ""
) -> FinalHand:
    hand, errors = read_final_hand(tiles, melds=melds, win_tile=win_tile, field=field)
    if hand is None:
        raise RoundInvalid(errors)
    return hand


def parse_opening_hand(tiles: object, *, dealer: bool, field: str = "") -> Counts:
    counts, errors = read_opening_hand(tiles, dealer=dealer, field=field)
    if counts is None:
        raise RoundInvalid(errors)
    return counts
