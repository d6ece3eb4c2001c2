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

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from csmj_site.errors import PAGE_ERRORS, answers_json, error_reply, page_error, reject
from csmj_site.jsonio import JsonBodyParser
from leagues.views import club_access
from scoring import selectors, services
from scoring.follow import follow_response, recent
from scoring.idempotency import idempotent
from scoring.models import seat_label
from scoring.services import RoundConflict
from scoring.views import get_session, round_summary, session_detail


def round_brief(rnd: Any, names: list[str]) -> dict[str, Any]:
    """One stored round in a few words (who won what, the birds, the nets by name)."""
    s = round_summary(rnd, names, selectors.round_found_codes(rounds=[rnd]))
    if s["kind"] == "draw":
        what = s["kind_label"]
    else:
        winners = "、".join(f"{w['name']} {' '.join(w['hands'])}".strip() for w in s["winners"])
        what = f"{s['kind_label']} · {winners}"
        if s["discarder"]:
            what += " ← " + s["discarder"]
        if s["birds"]:
            what += " · " + _("鸟") + " " + "、".join(str(b) for b in s["birds"])
    if s["kongs"]:  # 杠分, apart from the win
        what += f" · {selectors.kong_title()} " + "、".join(
            f"{k['payee']} {k['arith']}" for k in s["kongs"]
        )
    return {
        "number": rnd.number,
        "dealer": s["dealer"],
        "what": what,
        "net": [{"name": n, "net": v} for n, v in s["net_named"]],
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
        club = club_access(request._request, slug, "record")
        session = get_session(club, session_id)
        body = request.data
        if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
            raise reject("data", "not_an_object")
        number = body.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            number = None
        try:
            rnd = services.round_record(
                session=session, data=body["data"], actor=request.user, number=number
            )
        except RoundConflict as exc:
            names = [p.display_name for p in session.players_in_order()]
            existing = session.rounds.current().filter(number=exc.number).first()
            dealer, dealers = selectors.session_next_dealers(session=session)
            return Response(
                error_reply(
                    exc,
                    expected=exc.expected,
                    next_dealer=dealer,
                    next_dealers=dealers,
                    existing=round_brief(existing, names) if existing else None,
                ),
                status=409,
            )
        dealer, dealers = selectors.session_next_dealers(session=session)
        return Response(
            {
                "number": rnd.number,
                "next_number": rnd.number + 1,
                "next_dealer": dealer,
                "next_dealers": dealers,
                "scoreboard": selectors.session_scoreboard(session=session),
                "saved": _("第 %(n)s 盘已保存") % {"n": rnd.number},
            },
            status=201,
        )


round_save = RoundSave.as_view()


@answers_json
def session_follow(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """The session's follow (``scoring.follow``) for the phones following the table:
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
    return secret_page(
        render(
            request,
            "scoring/follow.html",
            {
                "session": session,
                "club_name": session.season.club.name,
                "season_name": session.season.name,
                "seats": [
                    {
                        "seat": i,
                        "label": seat_label(i),
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
    """/f/<token>/state/: the follow page's poll (``scoring.follow``), as
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


def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site's root so that it may cover every page."""
    from django.contrib.staticfiles import finders
    from django.templatetags.static import static
    from django.urls import reverse

    path = finders.find("js/sw.js")
    with open(str(path), encoding="utf-8") as f:
        code = f.read()
    catalogue = reverse("javascript-catalog")
    offline_page = reverse("offline")
    shell = [
        offline_page,
        static("css/site.css"),
        static("css/record.css"),
        static("js/round-form-strings.js"),
        static("js/next-dealer.js"),
        static("js/scoreboard.js"),
        static("js/round-form.js"),
        catalogue,
    ]
    code = code.replace("__SHELL__", repr(shell).replace("'", '"'))
    code = code.replace("__CATALOGUE__", repr(catalogue).replace("'", '"'))
    code = code.replace("__OFFLINE__", repr(offline_page).replace("'", '"'))
    response = HttpResponse(code, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def offline(request: HttpRequest) -> HttpResponse:
    """What a page not kept on the phone shows offline (the service worker keeps this one,
    in the language it was fetched in)."""
    return render(request, "offline.html")


def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: the site installs on a phone's home screen."""
    import json

    from django.templatetags.static import static

    data = {
        "name": _("长沙麻将计分"),
        "short_name": _("长沙麻将"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#14532d",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return HttpResponse(
        json.dumps(data, ensure_ascii=False), content_type="application/manifest+json"
    )
