"""The round form's save, as JSON: what the page posts with ``fetch``.

The round form saves without leaving the page, so that the next round's blank form
opens at once and a round entered without a network can wait in the browser's queue.
The body is ``{"number": N, "data": {round}}``; the answer is the stored round's number
with the next round's number and dealer(s), or the errors in the page's language.

Retries are safe: the page sends an ``Idempotency-Key`` made when the round was first
submitted, and ``scoring.idempotency`` replays the first answer instead of storing the
round again. When another recorder stored round N first, the answer is 409 with that
round's summary, so the page can show both versions and let the recorder choose.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from csmj_site.bulk_rows import Statement
from csmj_site.errors import PAGE_ERRORS, error_reply, page_error, reject
from csmj_site.jsonio import JsonBodyParser
from csmj_site.language import list_sep
from leagues.pages import LoginNeeded, club_access, club_moved_raise
from scoring import selectors, services
from scoring.idempotency import answer_statements, idempotent
from scoring.pages import get_session, round_summary
from scoring.services import RoundConflict


def round_brief(rnd: Any, names: list[str]) -> dict[str, Any]:
    """One stored round in a few words (who won what, the birds, the nets by name)."""
    s = round_summary(rnd, names, selectors.round_found_codes(rounds=[rnd]))
    if s["kind"] == "draw":
        what = s["kind_label"]
    else:
        winners = list_sep().join(
            f"{w['name']} {' '.join(w['hands'])}".strip() for w in s["winners"]
        )
        what = f"{s['kind_label']} · {winners}"
        if s["discarder"]:
            what += " ← " + s["discarder"]
        if s["birds"]:
            what += (
                " · "
                + _("鸟")
                + " "
                + list_sep().join(f"{b['bird']} {b['on']}".strip() for b in s["birds_landed"])
            )
    if s["kongs"]:  # 杠分, apart from the win
        what += f" · {selectors.kong_title()} " + list_sep().join(
            f"{k['payee']} {k['arith']}" for k in s["kongs"]
        )
    return {
        "number": rnd.number,
        "dealer": s["dealer"],
        "what": what,
        "net": [{"name": n, "net": v} for n, v in s["net_named"]],
    }


def saved_answer(recorded: services.Recorded) -> dict[str, Any]:
    """The answer to a saved round: its number, the next round's number and dealer(s), the
    running scoreboard and the counts, from what was recorded (nothing read back: this
    round is the session's last counted one)."""
    rnd = recorded.round
    dealer = rnd.result["next_dealer"]
    return {
        "number": rnd.number,
        "next_number": rnd.number + 1,
        "next_dealer": dealer,
        "next_dealers": list(rnd.result.get("next_dealers") or [dealer]),
        "scoreboard": {"totals": recorded.totals, "last": list(rnd.result["net"])},
        "counts": {"counted": recorded.counted, "void": recorded.void},
        "saved": _("第 %(n)s 盘已保存") % {"n": rnd.number},
    }


class RoundSave(APIView):
    """POST a round from the round form; 201 with the next round's number and dealer."""

    authentication_classes = [SessionAuthentication]  # the page's cookie and CSRF token
    schema = None  # a page's helper, not part of the API
    parser_classes = [JsonBodyParser]

    def handle_exception(self, exc: Exception) -> Response:
        """A refusal answers as the page's other JSON helpers do (``page_error``)."""
        if isinstance(exc, PAGE_ERRORS):
            body, status = page_error(exc)
            return Response(body, status)
        return super().handle_exception(exc)

    @idempotent
    def post(self, request: Request, slug: str, session_id: int) -> Response:
        if not request.user.is_authenticated:
            raise LoginNeeded
        body = request.data
        if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
            raise reject("data", "not_an_object")
        number = body.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            number = None
        answer: dict[str, Any] = {}

        def kept(recorded: services.Recorded) -> list[Statement]:
            answer.update(saved_answer(recorded))
            return answer_statements(request, body=answer, status=201)

        try:
            # The club, the recorder's role and the session come with the write, and the
            # answer is kept with the Idempotency-Key in that write too.
            services.round_record_at(
                club_slug=slug,
                session_id=session_id,
                data=body["data"],
                actor=request.user,
                number=number,
                also=kept,
            )
        except RoundConflict as exc:
            return self._conflict(request, slug, session_id, exc)
        except Http404:
            club_moved_raise(request._request, slug)  # a round waiting since a slug change
            raise
        return Response(answer, status=201)

    def _conflict(
        self, request: Request, slug: str, session_id: int, exc: RoundConflict
    ) -> Response:
        """409: the round that holds the number, the next round's dealer, and the board
        and counts with the other recorder's round in them (the form shows them while the
        recorder chooses)."""
        session = get_session(club_access(request._request, slug, "record"), session_id)
        names = [p.display_name for p in session.players_in_order()]
        existing = session.rounds.current().filter(number=exc.number).first()
        dealer, dealers = selectors.session_next_dealers(session=session)
        counted, void = selectors.session_round_counts(session=session)
        return Response(
            error_reply(
                exc,
                expected=exc.expected,
                next_dealer=dealer,
                next_dealers=dealers,
                existing=round_brief(existing, names) if existing else None,
                scoreboard=selectors.session_scoreboard(session=session),
                counts={"counted": counted, "void": void},
            ),
            status=409,
        )


round_save = RoundSave.as_view()
