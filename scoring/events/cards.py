"""Closing the night: the result cards of an event as images for the group chat, one for
the event (its standings) and one per player (rank, net, penalties, rounds, wins, biggest
win), with the club's name and the date. Drawn by ``scoring.share_image``; the words are
in the request's language. The site's pages and the API serve them alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from leagues.models import reader_is_visitor
from scoring.events import selectors
from scoring.events.models import Event
from scoring.share_image import (
    Card,
    PlayerCard,
    Row,
    best_round_words,
    card_png,
    player_card_png,
    png_response,
)

if TYPE_CHECKING:
    from django.http import HttpResponse


def _subtitle(event: Event, rounds: int, players: int) -> str:
    return " · ".join(
        [
            event.date.strftime("%Y-%m-%d"),
            event.name,
            ngettext("%(n)s 轮", "%(n)s 轮", rounds) % {"n": rounds},
            ngettext("%(n)s 人", "%(n)s 人", players) % {"n": players},
        ]
    )


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


# The night's card draws the first CARD_ROWS entrants by rank and one line for the rest
# (还有 k 人), so its size is bounded whatever the number of entrants.
CARD_ROWS = 24
# A card is drawn once per version of the night (and language) and kept this long: a
# group chat's taps cost one drawing. A renamed player or club shows within it.
CARD_SECONDS = 600


def _drawn_once(kind: str, event: Event, draw: Callable[[], bytes]) -> Callable[[], bytes]:
    """``draw`` as drawn once per version of the night and language (``kind`` names the
    image), kept ``CARD_SECONDS`` in the cache."""

    def cached() -> bytes:
        version = selectors.event_version(event_id=event.pk)
        stamp = event.created_at.timestamp()
        visitor = reader_is_visitor()  # hidden names: a visitor's card is drawn apart
        key = f"event-card:{kind}:{event.pk}:{stamp}:{version}:{get_language()}:{visitor:d}"
        png = cache.get(key)
        if png is None:
            png = draw()
            cache.set(key, png, CARD_SECONDS)
        return bytes(png)

    return cached


def event_card(*, event: Event) -> Card:
    """The night's standings as a card: the first ``CARD_ROWS`` entrants by rank (as the
    event page ranks them), with their total (net after penalties), rounds, wins,
    penalties and biggest win; a line says how many more there are."""
    rows = selectors.event_standings(event=event)
    best = selectors.event_best_wins(event=event)
    lines = []
    for r in rows[:CARD_ROWS]:
        parts = [ngettext("%(n)s 盘", "%(n)s 盘", r.rounds) % {"n": r.rounds}]
        parts.append(_("胡 %(n)s") % {"n": r.wins})
        if r.penalties:
            parts.append(_("罚分 %(penalty)s") % {"penalty": _signed(r.penalties)})
        win = best.get(r.player.pk)
        if win is not None:
            parts.append(best_round_words(win["codes"], win["net"]))
        lines.append(
            Row(name=r.player.display_name, total=r.total, best=" · ".join(parts), rank=r.rank)
        )
    return Card(
        title=event.season.club.name,
        subtitle=_subtitle(event, event.seating_rounds.count(), len(rows)),
        heading=_("本夜排名"),
        rows=lines,
        footer=_("长沙麻将计分"),
        more=_("还有 %(n)s 人，见本夜排名页") % {"n": len(rows) - CARD_ROWS}
        if len(rows) > CARD_ROWS
        else "",
    )


def player_card(*, event: Event, player_id: int) -> PlayerCard | None:
    """One entrant's night as a card; None when the player is not an entrant."""
    standings = selectors.event_standings(event=event)
    row = next((r for r in standings if r.player.pk == player_id), None)
    if row is None:
        return None
    win = selectors.event_best_wins(event=event).get(player_id)
    best = ""
    if win is not None:
        best = _("最大一盘：第 %(round)s 轮第 %(table)s 桌 %(best)s") % {
            "round": win["round"],
            "table": win["table"],
            "best": best_round_words(win["codes"], win["net"]),
        }
    elif row.rounds:
        best = _("本夜没有胡牌")
    return PlayerCard(
        title=event.season.club.name,
        subtitle=f"{event.date:%Y-%m-%d} · {event.name}",
        name=row.player.display_name,
        rank=_("第 %(rank)s 名 · 共 %(n)s 人") % {"rank": row.rank, "n": len(standings)},
        total=row.total,
        facts=[
            (_("得分"), _signed(row.net)),
            (_("罚分"), _signed(row.penalties)),
            (_("盘数"), str(row.rounds)),
            (_("胡牌"), str(row.wins)),
        ],
        best=best,
        footer=_("长沙麻将计分"),
    )


def event_card_response(*, event: Event) -> HttpResponse:
    """The event's card as a PNG (503 saying why when no font draws Chinese)."""
    return png_response(
        _drawn_once("event", event, lambda: card_png(event_card(event=event))),
        f"csmj-{event.date:%Y%m%d}-night-{event.pk}.png",
    )


def player_card_response(*, event: Event, player_id: int) -> HttpResponse:
    """A player's card as a PNG; 404 when the player is not an entrant."""
    from django.http import Http404

    card = player_card(event=event, player_id=player_id)
    if card is None:
        raise Http404
    return png_response(
        _drawn_once(f"player-{player_id}", event, lambda: player_card_png(card)),
        f"csmj-{event.date:%Y%m%d}-night-{event.pk}-{player_id}.png",
    )
