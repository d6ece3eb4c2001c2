"""晒战绩: a session's result as an image for the group chat (``share_image``'s card: the
club, the date, every player's total and biggest win), and its page.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from csmj_site.language import list_sep
from leagues.audit_text import hand_label
from leagues.models import Club
from leagues.pages import club_view
from scoring import selectors
from scoring.forms import TableFeeForm
from scoring.models import Session
from scoring.pages import get_session
from scoring.share_image import Card, Row, card_png, png_response


def session_card(session: Session, fee: dict[str, Any] | None = None) -> Any:
    """The session's result card (``share_image.Card``): the club, the date, every
    player's total (best first) and biggest win, in the page's language."""
    from django.utils import timezone

    names = [p.display_name for p in session.players_in_order()]
    totals = selectors.session_nets(session=session)
    if selectors.session_paper_nets(session=session) is not None:
        best, counted = {}, 0
    else:
        best = selectors.session_best_wins(session=session)
        counted = session.rounds.counting().count()
    rows = []
    for seat in sorted(range(len(names)), key=lambda s: (-totals.get(s, 0), s)):
        win = best.get(seat)
        words = _("本场没有胡牌") if counted else ""
        if win is not None:
            hands = list_sep().join(hand_label(c) for c in win["codes"])
            words = _("最大一盘：第 %(n)s 盘 %(hands)s %(net)s") % {
                "n": win["number"],
                "hands": hands,
                "net": f"{win['net']:+d}",
            }
        rows.append(Row(name=names[seat], total=totals.get(seat, 0), best=words))
    parts = [timezone.localtime(session.started_at).strftime("%Y-%m-%d"), session.season.name]
    if session.table_label:
        parts.append(session.table_label)
    if counted:
        parts.append(ngettext("%(n)s 盘计分", "%(n)s 盘计分", counted) % {"n": counted})
    more = ""
    if fee:  # 结账's table fee, as the settle-up step chose it
        settled = selectors.session_settlement(session=session, **fee)["fee"]
        if settled["total"]:
            more = _("台费 %(fee)s子：%(shares)s") % {
                "fee": settled["total"],
                "shares": list_sep().join(f"{r['name']} {r['chips']}" for r in settled["shares"]),
            }
    return Card(
        title=session.season.club.name,
        subtitle=" · ".join(parts),
        heading=_("本场战绩"),
        rows=rows,
        footer=_("长沙麻将计分"),
        more=more,
    )


def session_image_response(session: Session, fee: dict[str, Any] | None = None) -> HttpResponse:
    """The result card as a PNG download; 503 with the reason when no font draws
    Chinese on this server."""
    day = session.started_at.strftime("%Y%m%d")
    return png_response(
        lambda: card_png(session_card(session, fee)), f"csmj-{day}-{session.pk}.png"
    )


@club_view("read")
def session_image(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """晒战绩: the session's result as a PNG for the group chat."""
    fee = TableFeeForm(request.GET if "fee" in request.GET else None).options()
    return session_image_response(get_session(club, session_id), fee or None)
