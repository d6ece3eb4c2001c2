"""Following a session from another phone: the club's session follow (for readers of the
club) and the secret follow link ``/f/<token>/`` with its state, both answering through
``scoring.follow.poll`` (304 until something changes, then the fresh totals and rounds).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from csmj_site.errors import answers_json
from csmj_site.language import as_label
from leagues.pages import club_access
from scoring import selectors
from scoring.engine import WINDS
from scoring.follow.poll import follow_response, recent
from scoring.models import seat_label
from scoring.pages import get_session
from scoring.views import session_detail


@answers_json
def session_follow(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """The session's follow (``scoring.follow.poll``) for the phones following the table:
    304 until a round is recorded, corrected or voided or the session is finished, then
    the page's fresh totals and rounds in the same answer. Readable without logging in
    when the club is public (the secret link: ``follow_state``)."""
    return follow_response(
        request,
        resolve=lambda: get_session(club_access(request, slug, "read"), session_id),
        version=lambda _target: recent(
            f"session-follow:{session_id}",
            lambda: selectors.session_follow_version(session_id=session_id),
        ),
        state=lambda target: selectors.session_follow_state(session=target()),
        page=lambda: session_detail(request, slug, session_id),
    )


# ---------------------------------------------------------------- the secret follow link


def followed_session(token: str) -> Any:
    """The session behind a secret follow link; 404 for an unknown or revoked one."""
    session = selectors.session_by_follow_token(token=token)
    if session is None:
        raise Http404
    return session


def secret_page(response: HttpResponse) -> HttpResponse:
    """A secret link's answer: not cached by proxies, not indexed, and the link not
    passed on to other sites in a Referer."""
    response["Cache-Control"] = "private, no-cache"
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    return response


def follow_page(request: HttpRequest, token: str) -> HttpResponse:
    """/f/<token>/: the session's names and totals for anyone holding the link, no login
    and no other page of the club; it refreshes itself as rounds are recorded."""
    session = followed_session(token)
    players = session.players_in_order()
    state = selectors.session_follow_state(session=session)
    result = getattr(session, "result", None)
    paper = selectors.session_paper_nets(session=session)
    totals = dict(enumerate(paper)) if paper else dict(enumerate(state["totals"]))
    counted = 0 if paper else session.rounds.counting().count()
    night = selectors.session_night_table(session=session)
    winds = night is not None
    return secret_page(
        render(
            request,
            "scoring/follow.html",
            {
                "session": session,
                "night": night,
                "club_name": session.season.club.name,
                "season_name": session.season.name,
                "seats": [
                    {
                        "seat": i,
                        # a night's table names its seats by wind, as its card does
                        "label": as_label(WINDS[i]) if winds else seat_label(i),
                        "name": p.display_name,
                        "total": totals.get(i, 0),
                    }
                    for i, p in enumerate(players)
                ],
                "counted": counted,
                "finished": result is not None,
                "paper": bool(paper),
                "follow_version": state["version"],
                "settle": selectors.session_settlement(session=session),
                "token": token,
            },
        )
    )


@answers_json
def follow_state(request: HttpRequest, token: str) -> HttpResponse:
    """/f/<token>/state/: the follow page's poll (``scoring.follow.poll``), as
    ``session_follow`` answers; the link is checked on every poll (a link turned off stops
    answering at once)."""
    session = followed_session(token)
    return secret_page(
        follow_response(
            request,
            resolve=lambda: session,
            version=lambda _target: recent(
                f"session-follow:{session.pk}",
                lambda: selectors.session_follow_version(session_id=session.pk),
            ),
            state=lambda _target: selectors.session_follow_state(session=session),
            page=lambda: follow_page(request, token),
            keep_access=False,
        )
    )
